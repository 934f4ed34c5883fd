/**
 * Instant navigation to a vehicle page (docs/performance.md "Instant navigation", ADR 0043), in
 * Debian's Chromium (Playwright, CHROMIUM_PATH, default /usr/bin/chromium) on a throttled profile:
 * slow 4G by CDP (Network.emulateNetworkConditions: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up),
 * 4x CPU slowdown (Emulation.setCPUThrottlingRate), a phone-sized viewport (412×915 at 2.625x; no
 * touch emulation: Chrome's hover heuristic for "moderate" speculations needs a mouse).
 *
 *   npm run build && npm run seed && npm run bench:nav
 *
 * Builds nothing itself. Starts its own `wrangler dev` (NODE_ENV=production, ENVIRONMENT=production,
 * own process group) on BENCH_NAV_PORT (default 8848, inspector +1) unless BENCH_URL points at a
 * running site. Each case runs BENCH_NAV_RUNS times (default 5) in a fresh browser context; the
 * table shows median and max:
 *
 * 1. `prerender`: home (an islands page) → hover the first vehicle card of a stock block → wait until
 *    Chrome reports the prerender ready (CDP Preload.prerenderStatusUpdated) → click → in the vehicle
 *    page: its LCP entry's startTime minus the navigation entry's activationStart (budget ≤ 200 ms).
 *    Whether the page really was prerendered (activationStart > 0) is recorded per run.
 * 2. `client`: /carfinder (the hydrated app, after its first idle period) → the first result →
 *    time from the click until the vehicle page's h1 is rendered (measured in the page: a click
 *    listener and a requestAnimationFrame poll), and how many /api requests the click itself made;
 *    `client-intent` hovers the result for 400 ms first (the intent prefetch,
 *    client/intent-prefetch.ts), `client-cold` clicks without any pointer or focus event before it.
 * 3. `document`: a cold document load of the same vehicle page in the same run (reference for a
 *    noisy machine): LCP from the navigation's start.
 *
 * CDP's network and CPU emulation belong to the page's target: a prerender runs in a target of its
 * own and loads unthrottled, which is why case 1 reports hover → ready only as information; its
 * budget figure (activation → LCP) involves no network by design.
 *
 * Settings: BENCH_NAV_RUNS, BENCH_NAV_PORT, BENCH_URL, BENCH_OUT (bench/results/navigation.json),
 * CHROMIUM_PATH. Exits 1 when the prerender case misses its budget or never prerendered.
 */
import { existsSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "@playwright/test";
import {
  fail,
  git,
  median,
  packageVersion,
  readKnobs,
  round1,
  round2,
  startWranglerDev,
  stopWranglerDev,
  waitForHealth,
} from "./bench-support.ts";

const { BENCH_NAV_RUNS: RUNS, BENCH_NAV_PORT: PORT } = readKnobs({ BENCH_NAV_RUNS: 5, BENCH_NAV_PORT: 8848 });
const OUT = process.env.BENCH_OUT ?? "bench/results/navigation.json";
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PRERENDER_BUDGET_MS = 200;
/** A vehicle page link (domain/site-paths.ts: /carfinder/{id}-1-{slug}, brand-scoped or not). */
const VEHICLE_LINK = 'a[href*="/carfinder/"]';
const VEHICLE_PATH = /^\/(?:[a-z-]+\/)?carfinder\/[1-9][0-9]*-1-[a-z0-9-]+$/;

const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 412, height: 915 };
const DEVICE_SCALE_FACTOR = 2.625;

interface Run {
  ms: number | null;
  /** Case-specific facts of the run (prerendered or not, /api requests after the click, …). */
  [fact: string]: unknown;
}

// ---------------------------------------------------------------- browser helpers

async function throttledPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: DEVICE_SCALE_FACTOR });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", NETWORK);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return { context, page, cdp };
}

/** The href of the first vehicle page link on the page. */
async function firstVehicleLink(page: Page): Promise<string> {
  const hrefs = await page.locator(VEHICLE_LINK).evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const href = hrefs.find((candidate) => VEHICLE_PATH.test(new URL(candidate, "http://x").pathname));
  if (!href) fail(`no vehicle link on ${page.url()}`);
  return href;
}

/** The page's largest contentful paint, in ms after `from` (0: the navigation's start; "activation": activationStart). */
function lcpAfter(page: Page, from: "start" | "activation"): Promise<{ lcp: number; activationStart: number }> {
  return page.evaluate(
    (origin) =>
      new Promise<{ lcp: number; activationStart: number }>((resolve) => {
        const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming & { activationStart?: number };
        const activationStart = navigation?.activationStart ?? 0;
        let last = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) last = entry.startTime;
        }).observe({ type: "largest-contentful-paint", buffered: true });
        // LCP is final once nothing larger paints: wait a moment after the last entry.
        setTimeout(() => resolve({ lcp: Math.max(last - (origin === "activation" ? activationStart : 0), 0), activationStart }), 1500);
      }),
    from,
  );
}

// ---------------------------------------------------------------- cases

async function prerenderRun(browser: Browser, base: string): Promise<Run> {
  const { context, page, cdp } = await throttledPage(browser);
  try {
    await cdp.send("Preload.enable");
    const ready = new Map<string, string>();
    const reasons = new Map<string, string>();
    cdp.on(
      "Preload.prerenderStatusUpdated",
      (event: { key: { url: string }; status: string; prerenderStatus?: string; disallowedMojoInterface?: string }) => {
        ready.set(event.key.url, event.status);
        // Why Chrome refused or dropped a prerender (CDP's PrerenderFinalStatus), for the record.
        if (event.status === "Failure")
          reasons.set(event.key.url, [event.prerenderStatus, event.disallowedMojoInterface].filter(Boolean).join(" "));
      },
    );
    await page.goto(`${base}/`, { waitUntil: "load" });
    // Chrome refuses prerendering to a page DevTools drives this way (Playwright's session, network
    // emulation): the run records "PrerenderingDisabledByDevTools" (docs/performance.md).
    const href = await firstVehicleLink(page);
    const target = new URL(href, base).href;
    const hoverAt = Date.now();
    await page.locator(`a[href="${href}"]`).first().hover();
    // Chrome starts a "moderate" prerender after ~200 ms of hover; wait until it is ready (or 20 s).
    while (ready.get(target) !== "Ready" && ready.get(target) !== "Failure" && Date.now() - hoverAt < 20_000) {
      await page.waitForTimeout(50);
    }
    const hoverToReadyMs = Date.now() - hoverAt;
    const status = ready.get(target) ?? "none";
    await page.locator(`a[href="${href}"]`).first().click();
    await page.waitForURL(target);
    const { lcp, activationStart } = await lcpAfter(page, "activation");
    const reason = reasons.get(target);
    return {
      ms: activationStart > 0 ? round1(lcp) : null,
      prerendered: activationStart > 0,
      status,
      ...(reason ? { reason } : {}),
      hoverToReadyMs,
      href,
    };
  } finally {
    await context.close();
  }
}

async function clientRun(browser: Browser, base: string, intent: boolean): Promise<Run> {
  const { context, page } = await throttledPage(browser);
  try {
    await page.goto(`${base}/carfinder`, { waitUntil: "load" });
    // After the first idle period the after-idle chunk (preloads, intent prefetch) is there.
    await page.waitForFunction(() => performance.getEntriesByName("agn:first-idle").length > 0, undefined, { timeout: 30_000 });
    await page.waitForTimeout(500);
    const href = await firstVehicleLink(page);
    const path = new URL(href, base).pathname;
    const link = page.locator(`a[href="${href}"]`).first();
    if (intent) {
      await link.hover();
      await page.waitForTimeout(400);
      await page.waitForLoadState("networkidle");
    }
    await page.evaluate((target) => {
      const state = window as unknown as { __navClick?: number; __navShown?: number };
      addEventListener("click", () => void (state.__navClick = performance.now()), { capture: true, once: true });
      const poll = () => {
        const h1 = document.querySelector("main h1, h1");
        if (state.__navClick !== undefined && location.pathname === target && h1?.textContent) state.__navShown = performance.now();
        else requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    }, path);
    const apiAfterClick: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/")) apiAfterClick.push(new URL(request.url()).pathname);
    });
    // Without intent: a bare click event, so no pointer or focus event warms anything before it.
    if (intent) await link.click();
    else await link.dispatchEvent("click", { button: 0 });
    await page.waitForFunction(() => (window as unknown as { __navShown?: number }).__navShown !== undefined, undefined, {
      timeout: 30_000,
    });
    const ms = await page.evaluate(() => {
      const state = window as unknown as { __navClick: number; __navShown: number };
      return state.__navShown - state.__navClick;
    });
    return { ms: round1(ms), apiRequestsAfterClick: apiAfterClick.length, api: apiAfterClick, href };
  } finally {
    await context.close();
  }
}

async function documentRun(browser: Browser, base: string, path: string): Promise<Run> {
  const { context, page } = await throttledPage(browser);
  try {
    await page.goto(`${base}${path}`, { waitUntil: "load" });
    const { lcp } = await lcpAfter(page, "start");
    return { ms: round1(lcp) };
  } finally {
    await context.close();
  }
}

function summary(runs: Run[]) {
  const values = runs.map((run) => run.ms).filter((ms): ms is number => ms !== null);
  return {
    medianMs: values.length ? round1(median(values)) : null,
    maxMs: values.length ? Math.max(...values) : null,
    measured: values.length,
    runs,
  };
}

// ---------------------------------------------------------------- main

if (!process.env.BENCH_URL) {
  if (!existsSync("dist/build-info.json") || !existsSync("dist/client")) fail("dist/ is missing: run `npm run build` first");
  if (!existsSync(".wrangler/state/v3/d1")) fail("no seeded state in .wrangler/state/v3: run `npm run seed` first");
}
if (!existsSync(CHROMIUM_PATH)) fail(`no Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`);

const base = (process.env.BENCH_URL ?? `http://127.0.0.1:${PORT}`).replace(/\/$/, "");
const server = process.env.BENCH_URL
  ? null
  : startWranglerDev({ port: PORT, inspectorPort: PORT + 1, vars: { ENVIRONMENT: "production", SITE_ORIGIN: base } });
process.once("SIGINT", () => {
  stopWranglerDev(server);
  process.exit(130);
});

let exitCode = 0;
let browser: Browser | null = null;
try {
  await waitForHealth(base, server);
  const started = Date.now();
  const loadBefore = loadavg().map(round2);
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
  const cases: Record<string, Run[]> = { prerender: [], "client-intent": [], "client-cold": [], document: [] };
  for (let run = 0; run < RUNS; run += 1) {
    // Interleaved, so a slow minute of the machine hits every case alike.
    cases.prerender?.push(await prerenderRun(browser, base));
    cases["client-intent"]?.push(await clientRun(browser, base, true));
    cases["client-cold"]?.push(await clientRun(browser, base, false));
    const path = new URL(String(cases.prerender?.at(-1)?.href ?? ""), base).pathname;
    cases.document?.push(await documentRun(browser, base, path));
  }
  const results = Object.fromEntries(Object.entries(cases).map(([name, runs]) => [name, summary(runs)]));
  const prerender = results.prerender;
  const withinBudget = prerender !== undefined && prerender.measured > 0 && (prerender.maxMs ?? Infinity) <= PRERENDER_BUDGET_MS;
  if (!withinBudget) exitCode = 1;
  writeFileSync(
    OUT,
    `${JSON.stringify(
      {
        meta: {
          command: "npm run bench:nav",
          date: new Date().toISOString(),
          commit: git("rev-parse", "--short", "HEAD"),
          chromium: browser.version(),
          playwright: packageVersion("@playwright/test"),
          profile: { network: NETWORK, cpuSlowdown: CPU_SLOWDOWN, viewport: VIEWPORT, deviceScaleFactor: DEVICE_SCALE_FACTOR },
          server: process.env.BENCH_URL ? base : "wrangler dev, NODE_ENV=production, ENVIRONMENT=production, seeded local KV/D1, HTTP/1.1",
          runs: RUNS,
          cores: cpus().length,
          loadAverageBefore: loadBefore,
          loadAverageAfter: loadavg().map(round2),
          durationSeconds: Math.round((Date.now() - started) / 1000),
        },
        budget: { prerenderActivationToLcpMs: PRERENDER_BUDGET_MS },
        withinBudget,
        results,
      },
      null,
      2,
    )}\n`,
  );
  console.log("case            median ms   max ms   measured");
  for (const [name, result] of Object.entries(results)) {
    console.log(
      `${name.padEnd(16)}${String(result.medianMs).padStart(9)}${String(result.maxMs).padStart(9)}${String(result.measured).padStart(11)}`,
    );
  }
  console.log(`prerender activation → LCP ≤ ${PRERENDER_BUDGET_MS} ms: ${withinBudget ? "yes" : "NO"}; written to ${OUT}`);
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await browser?.close();
  stopWranglerDev(server);
}
process.exit(exitCode);
