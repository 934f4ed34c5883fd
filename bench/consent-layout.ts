/**
 * Layout cost of the consent banner: for an undecided visitor (no consent
 * cookie, the banner shows) and, for comparison, a decided one (all rejected, no banner) on /,
 * /carfinder, a vehicle page and /werkstatt, in Chromium emulating a Pixel 7 with
 * 4x CPU throttling (CDP Emulation.setCPUThrottlingRate) and a slow-4G-like network
 * (Network.emulateNetworkConditions: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up), it records
 *
 * - CLS: Chrome's definition (largest session window of layout-shift entries without recent
 *   input; windows end after a 1 s gap or at 5 s), plus which elements moved;
 * - LCP: time and element of the last largest-contentful-paint entry, and FCP;
 * - whether the LCP element is (inside) the consent banner.
 *
 *   npm run build && npm run seed && node bench/consent-layout.ts
 *
 * Starts its own `wrangler dev` (production React build) on BENCH_PORT (default 8813) unless
 * BENCH_URL points at a running site. Runs each page BENCH_RUNS times (default 5) with a fresh
 * browser context; writes bench/results/consent-layout.json.
 */
import { writeFileSync } from "node:fs";
import { chromium, devices, type Browser } from "@playwright/test";
import { chromiumLaunchOptions } from "../e2e/support/chromium-executable.ts";
import { median, readKnobs, startWranglerDev, stopWranglerDev, waitForHealth } from "./bench-support.ts";
import { CONSENT_COOKIE, rejectedAllConsent } from "./page-set.ts";

const PAGES = ["/", "/carfinder", "/carfinder/100001-1-mercedes-benz-a-180-progressive", "/werkstatt"];
const { BENCH_RUNS: RUNS, BENCH_PORT: PORT } = readKnobs({ BENCH_RUNS: 5, BENCH_PORT: 8813 });
const CPU_THROTTLING = 4;
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const OUT = process.env.BENCH_OUT ?? "bench/results/consent-layout.json";

interface Sample {
  cls: number;
  shifts: Array<{ value: number; startTime: number; sources: string[] }>;
  fcpMs: number | null;
  lcpMs: number | null;
  lcpElement: string | null;
  lcpIsBanner: boolean;
  bannerVisible: boolean;
}

/** Runs in the page before any of its scripts: buffers layout shifts and LCP candidates. */
function observeLayout() {
  const describe = (node: Node | null | undefined): string => {
    if (!node || !(node instanceof Element)) return node ? node.nodeName : "?";
    const id = node.id ? `#${node.id}` : "";
    const classes = typeof node.className === "string" && node.className ? `.${node.className.trim().split(/\s+/).join(".")}` : "";
    const text = (node.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    return `${node.tagName.toLowerCase()}${id}${classes}${text ? ` "${text}"` : ""}`;
  };
  const state = {
    shifts: [] as Array<{ value: number; startTime: number; hadRecentInput: boolean; sources: string[] }>,
    lcp: null as null | { time: number; element: string; inBanner: boolean },
  };
  (window as unknown as { __layout: typeof state }).__layout = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Array<
      PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }
    >) {
      state.shifts.push({
        value: entry.value,
        startTime: entry.startTime,
        hadRecentInput: entry.hadRecentInput,
        sources: (entry.sources ?? []).map((source) => describe(source.node)),
      });
    }
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1) as
      | (PerformanceEntry & { element?: Element | null; renderTime: number; loadTime: number })
      | undefined;
    if (!last) return;
    state.lcp = { time: last.startTime, element: describe(last.element), inBanner: !!last.element?.closest(".consent-banner") };
  }).observe({ type: "largest-contentful-paint", buffered: true });
}

/** Chrome's CLS: the largest session window (gap ≤ 1 s, window ≤ 5 s) of shifts without recent input. */
function sessionWindowCls(shifts: Array<{ value: number; startTime: number; hadRecentInput: boolean }>): number {
  let worst = 0;
  let current = 0;
  let windowStart = -Infinity;
  let previous = -Infinity;
  for (const shift of shifts.filter((entry) => !entry.hadRecentInput)) {
    if (shift.startTime - previous > 1000 || shift.startTime - windowStart > 5000) {
      current = 0;
      windowStart = shift.startTime;
    }
    current += shift.value;
    previous = shift.startTime;
    worst = Math.max(worst, current);
  }
  return worst;
}

type Visitor = "undecided" | "decided";

async function measure(browser: Browser, baseUrl: string, path: string, visitor: Visitor): Promise<Sample> {
  const context = await browser.newContext({ ...devices["Pixel 7"] });
  if (visitor === "decided") await context.addCookies([{ name: CONSENT_COOKIE, value: rejectedAllConsent(), url: baseUrl }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_THROTTLING });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  await page.addInitScript(observeLayout);
  await page.goto(`${baseUrl}${path}`, { waitUntil: "load" });
  await page.waitForSelector("html[data-hydrated=true]", { timeout: 30_000 });
  await page.waitForTimeout(2500); // late shifts after hydration (the old banner appeared here)
  const layout = await page.evaluate(
    () =>
      (
        window as unknown as {
          __layout: {
            shifts: Array<{ value: number; startTime: number; hadRecentInput: boolean; sources: string[] }>;
            lcp: { time: number; element: string; inBanner: boolean } | null;
          };
        }
      ).__layout,
  );
  const bannerVisible = await page
    .locator(".consent-banner")
    .first()
    .isVisible()
    .catch(() => false);
  const fcp = await page.evaluate(() => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null);
  await context.close();
  return {
    cls: Number(sessionWindowCls(layout.shifts).toFixed(4)),
    shifts: layout.shifts.map(({ value, startTime, sources }) => ({
      value: Number(value.toFixed(4)),
      startTime: Math.round(startTime),
      sources,
    })),
    fcpMs: fcp === null ? null : Math.round(fcp),
    lcpMs: layout.lcp ? Math.round(layout.lcp.time) : null,
    lcpElement: layout.lcp?.element ?? null,
    lcpIsBanner: layout.lcp?.inBanner ?? false,
    bannerVisible,
  };
}

const server = process.env.BENCH_URL
  ? null
  : startWranglerDev({ port: PORT, inspectorPort: PORT + 1000, vars: { ENVIRONMENT: "development" } });
const baseUrl = process.env.BENCH_URL ?? `http://127.0.0.1:${PORT}`;
try {
  if (server) await waitForHealth(baseUrl, server);
  // The browser and flags the e2e journeys use (e2e/support/chromium-executable.ts).
  const browser = await chromium.launch(await chromiumLaunchOptions());
  const rows = [];
  for (const path of PAGES) {
    for (const visitor of ["undecided", "decided"] as const) {
      await measure(browser, baseUrl, path, visitor); // warm the worker and its caches once
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run += 1) samples.push(await measure(browser, baseUrl, path, visitor));
      const row = {
        page: path,
        visitor,
        clsMax: Math.max(...samples.map((sample) => sample.cls)),
        fcpMedianMs: median(samples.map((sample) => sample.fcpMs ?? Number.NaN)),
        lcpMedianMs: median(samples.map((sample) => sample.lcpMs ?? Number.NaN)),
        lcpElements: [...new Set(samples.map((sample) => sample.lcpElement))],
        lcpIsBannerRuns: samples.filter((sample) => sample.lcpIsBanner).length,
        bannerVisibleRuns: samples.filter((sample) => sample.bannerVisible).length,
        samples,
      };
      console.log(
        `${path.padEnd(54)} ${visitor.padEnd(9)} CLS max ${row.clsMax.toFixed(3)}  FCP ${row.fcpMedianMs} ms  LCP ${row.lcpMedianMs} ms  banner is LCP ${row.lcpIsBannerRuns}/${RUNS}  LCP element ${row.lcpElements.join(" | ")}`,
      );
      rows.push(row);
    }
  }
  await browser.close();
  const result = {
    measuredAt: new Date().toISOString(),
    settings: {
      device: "Pixel 7",
      cpuThrottling: CPU_THROTTLING,
      network: { rttMs: NETWORK.latency, downMbit: 1.6, upKbit: 750 },
      runsPerPage: RUNS,
      visitors: "undecided: no consent cookie (banner shown); decided: agn_consent=v1.none (no banner)",
      server: process.env.BENCH_URL ? baseUrl : "wrangler dev, NODE_ENV=production",
    },
    rows,
  };
  writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`wrote ${OUT}`);
} finally {
  stopWranglerDev(server);
}
