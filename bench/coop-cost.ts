/**
 * What `Cross-Origin-Opener-Policy: same-origin` costs a visitor's first page (ADR 0048), in
 * Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium), side by side in one run: the same
 * pages through two small HTTP proxies in this process, one passing every header (the site as
 * served) and one dropping COOP (the reference).
 *
 *   npm run build && npm run seed && npm run bench:coop
 *
 * Builds nothing itself. Starts its own `wrangler dev` (NODE_ENV=production, ENVIRONMENT=production,
 * own process group) on BENCH_COOP_PORT (default 8852, inspector +1; the proxies on +2 and +3)
 * unless BENCH_URL points at a running site. Pages: home and the first vehicle of /carfinder, the
 * pages visitors arrive on from a search engine. Each is opened from two starts: a fresh tab
 * (about:blank, where Lighthouse starts) and a page of another site (a one-line page served on
 * 127.0.0.2, like a search result). Every combination runs BENCH_COOP_RUNS times (default 7),
 * interleaved, each in a fresh browser context, without CPU or network throttling; Lighthouse's
 * mobile profile multiplies main-thread time by 4.
 *
 * Per run: the renderer's commit task (Chrome's `DocumentLoader::CommitNavigation` trace event:
 * the window, its script context and the first bytes of the document, a task the page's own code
 * cannot split) and the first contentful paint from the navigation's start. Writes
 * bench/results/coop-cost.json (BENCH_OUT). Exits non-zero only when something crashes.
 */
import { writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { cpus, loadavg } from "node:os";
import { type Browser, chromium } from "@playwright/test";
import { fail, git, median, proxyTo, readKnobs, round1, startWranglerDev, stopWranglerDev, waitForHealth } from "./bench-support.ts";

const knobs = readKnobs({ BENCH_COOP_PORT: 8852, BENCH_COOP_RUNS: 7 });
const PORT = knobs.BENCH_COOP_PORT;
const RUNS = Math.max(1, knobs.BENCH_COOP_RUNS);
const OUT = process.env.BENCH_OUT ?? "bench/results/coop-cost.json";
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const COOP = "cross-origin-opener-policy";
/** Another site on the loopback: an IP host is its own site, so 127.0.0.2 is cross-site to 127.0.0.1. */
const OTHER_SITE_HOST = "127.0.0.2";

type Variant = "as served" | "without COOP";
type Start = "fresh tab" | "other site";

/** Passes requests to the site; `drop` names the response headers it leaves out. */
function startProxy(upstream: URL, port: number, drop: readonly string[]): Promise<Server> {
  const server = createServer(
    proxyTo(
      upstream,
      (headers) => headers,
      (headers) => {
        const passed = { ...headers };
        for (const name of drop) delete passed[name];
        return passed;
      },
    ),
  );
  return listen(server, port, "127.0.0.1");
}

function listen(server: Server, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** The page a visitor leaves: a search result on another site. */
function startOtherSite(port: number): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end("<!doctype html><html lang=de><title>Suchergebnis</title><p>Ergebnis</p>");
  });
  return listen(server, port, OTHER_SITE_HOST);
}

interface Sample {
  commitMs: number;
  fcpMs: number;
  coopHeader: string | null;
}

async function measure(browser: Browser, url: string, start: Start, otherSite: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
  try {
    const page = await context.newPage();
    if (start === "other site") await page.goto(otherSite);
    const cdp = await browser.newBrowserCDPSession();
    const events: Array<{ name?: unknown; dur?: unknown }> = [];
    cdp.on("Tracing.dataCollected", (message) => events.push(...message.value));
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.start", { categories: "devtools.timeline,loading,toplevel", transferMode: "ReportEvents" });
    let coopHeader: string | null = null;
    page.on("response", (response) => {
      if (response.url() === url) coopHeader = response.headers()[COOP] ?? null;
    });
    await page.goto(url, { waitUntil: "load" });
    const fcpMs = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entry = list.getEntriesByName("first-contentful-paint")[0];
            if (entry) resolve(entry.startTime);
          }).observe({ type: "paint", buffered: true });
        }),
    );
    await cdp.send("Tracing.end");
    await complete;
    await cdp.detach();
    // The page's own commit: the longest CommitNavigation of the run (the start page's is over before tracing).
    const commits = events.flatMap((event) =>
      event.name === "DocumentLoader::CommitNavigation" && typeof event.dur === "number" ? [event.dur / 1000] : [],
    );
    if (commits.length === 0) fail(`no commit traced for ${url}`);
    const commitMs = Math.max(...commits);
    return { commitMs: round1(commitMs), fcpMs: round1(fcpMs), coopHeader };
  } finally {
    await context.close();
  }
}

const upstreamUrl = (process.env.BENCH_URL ?? `http://127.0.0.1:${PORT}`).replace(/\/$/, "");
const servedPort = PORT + 2;
const droppedPort = PORT + 3;
const server = process.env.BENCH_URL
  ? null
  : startWranglerDev({
      port: PORT,
      inspectorPort: PORT + 1,
      vars: { ENVIRONMENT: "production", SITE_ORIGIN: `http://127.0.0.1:${servedPort}` },
    });
const servers: Server[] = [];
let browser: Browser | null = null;
try {
  await waitForHealth(upstreamUrl, server);
  const carfinder = await (await fetch(`${upstreamUrl}/carfinder`)).text();
  const vehicle = /class="vehicle-card__title"><a\b[^>]*?\shref="(\/carfinder\/\d+-[^"]+)"/.exec(carfinder)?.[1];
  if (!vehicle) fail("/carfinder lists no vehicle card (is the stock seeded?)");
  const pages = [
    { name: "home", path: "/" },
    { name: "vehicle", path: vehicle },
  ];
  servers.push(await startProxy(new URL(upstreamUrl), servedPort, []));
  servers.push(await startProxy(new URL(upstreamUrl), droppedPort, [COOP]));
  servers.push(await startOtherSite(servedPort));
  const otherSite = `http://${OTHER_SITE_HOST}:${servedPort}/`;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox", "--disable-gpu"] });
  const variants: Array<[Variant, number]> = [
    ["as served", servedPort],
    ["without COOP", droppedPort],
  ];
  const starts: Start[] = ["fresh tab", "other site"];
  const samples = new Map<string, Sample[]>();
  const key = (page: string, start: Start, variant: Variant) => `${page}|${start}|${variant}`;
  const loadBefore = loadavg().map(round1);
  // Warm the worker's HTML cache and the isolate through both proxies.
  for (const page of pages) for (const [, port] of variants) await fetch(`http://127.0.0.1:${port}${page.path}`);
  for (let run = 0; run < RUNS; run += 1)
    for (const page of pages)
      for (const start of starts)
        for (const [variant, port] of variants) {
          const sample = await measure(browser, `http://127.0.0.1:${port}${page.path}`, start, otherSite);
          const list = samples.get(key(page.name, start, variant)) ?? [];
          list.push(sample);
          samples.set(key(page.name, start, variant), list);
        }
  const rows = pages.flatMap((page) =>
    starts.flatMap((start) =>
      variants.map(([variant]) => {
        const list = samples.get(key(page.name, start, variant)) ?? [];
        return {
          page: page.name,
          path: page.path,
          start,
          variant,
          coopHeaders: [...new Set(list.map((sample) => sample.coopHeader))],
          commitMsMedian: round1(median(list.map((sample) => sample.commitMs))),
          fcpMsMedian: round1(median(list.map((sample) => sample.fcpMs))),
          commitMsRuns: list.map((sample) => sample.commitMs),
          fcpMsRuns: list.map((sample) => sample.fcpMs),
        };
      }),
    ),
  );
  for (const row of rows) {
    const expected = row.variant === "as served" ? "same-origin" : null;
    if (row.coopHeaders.length !== 1 || row.coopHeaders[0] !== expected)
      fail(`${row.page} ${row.variant}: COOP header ${JSON.stringify(row.coopHeaders)}, expected ${JSON.stringify(expected)}`);
  }
  const result = {
    measuredAt: new Date().toISOString(),
    commit: git("rev-parse", "--short", "HEAD"),
    command: "npm run build && npm run seed && npm run bench:coop",
    settings: {
      chromium: CHROMIUM_PATH,
      runs: RUNS,
      throttling: "none (observed time; Lighthouse's mobile profile multiplies main-thread time by 4)",
      viewport: "412×823 at 1.75x, mobile",
      reference: "the same page through a proxy that drops Cross-Origin-Opener-Policy",
      cores: cpus().length,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg().map(round1),
    },
    rows,
  };
  writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
  console.log("page     start       variant        commit ms  FCP ms");
  for (const row of rows)
    console.log(
      `${row.page.padEnd(8)} ${row.start.padEnd(11)} ${row.variant.padEnd(14)} ${String(row.commitMsMedian).padStart(9)} ${String(row.fcpMsMedian).padStart(7)}`,
    );
  console.log(`wrote ${OUT} (medians of ${RUNS} runs)`);
} finally {
  await browser?.close();
  for (const each of servers) each.close();
  stopWranglerDev(server);
}
