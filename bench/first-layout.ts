/**
 * The first layout's cost per page type: style recalculation and layout before the first
 * contentful paint, the layout objects laid out, and the font look-ups, read from a Chrome trace
 * (`devtools.timeline`, `fonts`) of a page load at 1x CPU. This is the main-thread work that sits
 * between the HTML and the first paint (render delay for a visitor, the largest long frame in
 * `npm run bench:frames`).
 *
 *   npm run build && npm run seed && npm run bench:layout
 *
 * Builds nothing itself. Starts its own `wrangler dev` (NODE_ENV=production, ENVIRONMENT=production,
 * own process group) on BENCH_LAYOUT_PORT (default 8872, inspector +1) unless BENCH_URL points at a
 * running site. BENCH_URL_B (optional) is a second running site — another commit of this one — measured
 * interleaved with the first in the same browser, the reference that makes an A/B comparable on a
 * noisy machine. Pages: bench/page-set.ts, decided visitor (no banner). Each run loads a page once and
 * then again in the same tab, and measures the second load: the first warms the renderer (code, HTTP
 * cache) the way any second page view is warm. BENCH_LAYOUT_RUNS runs per page and site (default 5),
 * a 412×823 phone viewport at 1.75x. Writes bench/results/first-layout.json (BENCH_OUT). Exits non-zero
 * only when something crashes.
 */
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { type Browser, chromium } from "@playwright/test";
import { benchSites, git, median, readKnobs, round1, stopWranglerDev, waitForHealth } from "./bench-support.ts";
import { discoverPages, type PageSpec, phoneContext } from "./page-set.ts";

const knobs = readKnobs({ BENCH_LAYOUT_PORT: 8872, BENCH_LAYOUT_RUNS: 5 });
const PORT = knobs.BENCH_LAYOUT_PORT;
const RUNS = Math.max(1, knobs.BENCH_LAYOUT_RUNS);
const OUT = process.env.BENCH_OUT ?? "bench/results/first-layout.json";
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  args?: { beginData?: { dirtyObjects?: number } };
}
interface Sample {
  styleAndLayoutBeforeFcpMs: number;
  styleAndLayoutMs: number;
  layoutObjects: number;
  fontLookups: number;
}

/** One warm load of `page` from `baseUrl`, traced. */
async function measure(browser: Browser, baseUrl: string, page: PageSpec): Promise<Sample> {
  const context = await phoneContext(browser, baseUrl, page, "decided");
  try {
    const tab = await context.newPage();
    await tab.goto(`${baseUrl}${page.path}`, { waitUntil: "load" });
    await tab.waitForTimeout(1000);
    const cdp = await context.newCDPSession(tab);
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", (message) => events.push(...(message.value as unknown as TraceEvent[])));
    await cdp.send("Tracing.start", { categories: "devtools.timeline,fonts", transferMode: "ReportEvents" });
    // A query string of its own, so the second load is a navigation to a new document, not a reload.
    await tab.goto(`${baseUrl}${page.path}${page.path.includes("?") ? "&" : "?"}bench-layout=${Date.now()}`, { waitUntil: "load" });
    await tab.waitForTimeout(1000);
    const traced = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.end");
    await traced;
    const fcp = events.find((event) => event.name === "firstContentfulPaint");
    const spans = events.filter((event) => event.ph === "X");
    const styleAndLayout = spans.filter((event) => event.name === "UpdateLayoutTree" || event.name === "Layout");
    const sum = (list: TraceEvent[]) => list.reduce((total, event) => total + (event.dur ?? 0) / 1000, 0);
    return {
      styleAndLayoutBeforeFcpMs: round1(sum(styleAndLayout.filter((event) => !fcp || event.ts <= fcp.ts))),
      styleAndLayoutMs: round1(sum(styleAndLayout)),
      layoutObjects: spans
        .filter((event) => event.name === "Layout")
        .reduce((total, event) => total + (event.args?.beginData?.dirtyObjects ?? 0), 0),
      // The trace nests two events of this name per look-up.
      fontLookups: Math.round(spans.filter((event) => event.name === "FontCache::GetFontPlatformData").length / 2),
    };
  } finally {
    await context.close();
  }
}

const { siteA, sites, server } = benchSites(PORT);
let browser: Browser | null = null;
try {
  await waitForHealth(siteA, server);
  const pages = await discoverPages(siteA);
  for (const site of sites) for (const page of pages) await fetch(`${site}${page.path}`); // warm the isolate and the HTML cache
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox", "--disable-gpu"] });
  const loadBefore = loadavg().map(round1);
  const samples = new Map<string, Sample[]>();
  for (let run = 0; run < RUNS; run += 1)
    for (const page of pages)
      for (const site of sites) {
        const key = `${site}|${page.name}`;
        samples.set(key, [...(samples.get(key) ?? []), await measure(browser, site, page)]);
      }
  const rows = sites.flatMap((site) =>
    pages.map((page) => {
      const list = samples.get(`${site}|${page.name}`) ?? [];
      const pick = (field: keyof Sample) => round1(median(list.map((sample) => sample[field])));
      return {
        site,
        page: page.name,
        path: page.path,
        styleAndLayoutBeforeFcpMsMedian: pick("styleAndLayoutBeforeFcpMs"),
        styleAndLayoutMsMedian: pick("styleAndLayoutMs"),
        layoutObjectsMedian: pick("layoutObjects"),
        fontLookupsMedian: pick("fontLookups"),
        styleAndLayoutBeforeFcpMsRuns: list.map((sample) => sample.styleAndLayoutBeforeFcpMs),
      };
    }),
  );
  const result = {
    measuredAt: new Date().toISOString(),
    commit: git("rev-parse", "--short", "HEAD"),
    command: "npm run build && npm run seed && npm run bench:layout",
    settings: {
      chromium: CHROMIUM_PATH,
      runs: RUNS,
      cpu: "1x (no throttling)",
      viewport: "412×823 at 1.75x, mobile, touch; decided visitor",
      sites,
      cores: cpus().length,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg().map(round1),
    },
    rows,
  };
  writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `site                        page        style+layout before FCP ms  all ms  layout objects  font look-ups   (medians of ${RUNS})`,
  );
  for (const row of rows)
    console.log(
      `${row.site.padEnd(27)} ${row.page.padEnd(10)} ${String(row.styleAndLayoutBeforeFcpMsMedian).padStart(27)} ${String(row.styleAndLayoutMsMedian).padStart(7)} ${String(row.layoutObjectsMedian).padStart(15)} ${String(row.fontLookupsMedian).padStart(14)}`,
    );
  console.log(`wrote ${OUT}`);
} finally {
  await browser?.close();
  stopWranglerDev(server);
}
