/**
 * Instant navigation to a vehicle page (docs/performance.md "Instant navigation", ADR 0043), in
 * Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium; driven by Playwright, except the
 * prerender case) on a throttled profile: slow 4G by CDP (Network.emulateNetworkConditions: 150 ms
 * RTT, 1.6 Mbit/s down, 750 kbit/s up), 4x CPU slowdown (Emulation.setCPUThrottlingRate), a
 * phone-sized viewport (412×915 at 2.625x; no touch emulation: Chrome's hover heuristic for
 * "moderate" speculations needs a mouse).
 *
 *   npm run build && npm run seed && npm run bench:nav
 *
 * Builds nothing itself. Starts its own `wrangler dev` (NODE_ENV=production, ENVIRONMENT=production,
 * own process group) on BENCH_NAV_PORT (default 8848, inspector +1) unless BENCH_URL points at a
 * running site. Each case runs BENCH_NAV_RUNS times (default 5) in a fresh browser context (the
 * prerender case: a fresh browser); the table shows median and max:
 *
 * 1. `prerender`: home (an islands page) → hover the first vehicle card of a stock block → wait until
 *    Chrome reports the prerender ready (CDP Preload.prerenderStatusUpdated) → click → in the vehicle
 *    page: its LCP entry's startTime minus the navigation entry's activationStart (budget ≤ 200 ms).
 *    Whether the page really was prerendered (activationStart > 0) is recorded per run. This case
 *    runs WITHOUT Playwright: Chrome answers every prerender of a page Playwright drives with
 *    `PrerenderingDisabledByDevTools` (its page session lacks tab-target support; so does any plain
 *    `Target.attachToTarget` on a page). Instead a fresh Chromium per run (chrome-launcher, own
 *    debugging port and profile) is driven over raw CDP (Node's WebSocket) through the sessions the
 *    tab target auto-attaches, with real input (Input.dispatchMouseEvent: move onto the link, wait
 *    for "Ready", press and release).
 * 2. `client`: /carfinder (the hydrated app, after its first idle period) → the first result →
 *    time from the click until the vehicle page's h1 is rendered (measured in the page: a click
 *    listener and a requestAnimationFrame poll), and how many /api requests the click itself made;
 *    `client-intent` hovers the result for 400 ms first (the intent prefetch,
 *    client/intent-prefetch.ts), `client-cold` clicks without any pointer or focus event before it.
 * 3. `document`: a cold document load of the same vehicle page in the same run (reference for a
 *    noisy machine): LCP from the navigation's start.
 *
 * Throttling of case 1 (measured 2026-11-28): slow 4G + 4x CPU on the home page's target do not stop
 * Chrome from prerendering, so the case keeps them. CDP's emulation belongs to a target, and the
 * prerender is a target of its own: it gets the 4x CPU slowdown as it attaches, but loads over the
 * loopback without network emulation (`results.prerender.throttling`), which is why hover → ready is
 * information only. Chrome reports "Ready" at the prerender's commit, while its document may still be
 * streaming in; the click waits until the prerender has loaded and hydrated (`readyToCompleteMs`;
 * BENCH_NAV_CLICK_AT=ready clicks at "Ready"). The budget figure (activation → LCP) involves no
 * network by design. Each run also records the first contentful paint after activation, the LCP
 * element, how many scripts were fetched only after activation and how far the document's parse and
 * load event came after it: where the time after the click goes.
 *
 * Settings: BENCH_NAV_RUNS, BENCH_NAV_PORT, BENCH_URL, BENCH_URL_B (a second build's prerender case,
 * interleaved: `prerender-b`), BENCH_NAV_CASES (a subset), BENCH_OUT (bench/results/navigation.json),
 * CHROMIUM_PATH, BENCH_NAV_CLICK_AT, BENCH_NAV_DPR, BENCH_NAV_TRACE. Exits 1 when the prerender case
 * misses its budget or never prerendered.
 */
import { existsSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import {
  benchSites,
  fail,
  git,
  median,
  packageVersion,
  readKnobs,
  round1,
  round2,
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
// BENCH_NAV_DPR: another density (1 shows how much of activation → LCP is raster: docs/performance.md).
const DEVICE_SCALE_FACTOR = Number(process.env.BENCH_NAV_DPR ?? 2.625);
const ALL_CASES = ["prerender", "client-intent", "client-cold", "document"] as const;
// BENCH_NAV_CASES: a comma-separated subset (an A/B of the prerender alone takes a third of the time).
const CASES: readonly string[] = process.env.BENCH_NAV_CASES?.split(",").map((name) => name.trim()) ?? ALL_CASES;
for (const name of CASES) if (!(ALL_CASES as readonly string[]).includes(name)) fail(`BENCH_NAV_CASES: unknown case "${name}"`);

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

/**
 * Read in the page (Playwright's page.evaluate or CDP Runtime.evaluate): the last largest-contentful-paint
 * entry's startTime (from the navigation's start) and the navigation entry's activationStart (0 unless
 * the page was prerendered). LCP is final once nothing larger paints: it waits a moment after the load.
 */
const LCP_EXPRESSION = `new Promise((resolve) => {
  const navigation = performance.getEntriesByType("navigation")[0];
  const activationStart = navigation?.activationStart ?? 0;
  let last = { startTime: 0, url: "" };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) last = entry;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  setTimeout(() => {
    // Scripts whose fetch began only after activation, as "file@ms after it" (none for a page that was not prerendered).
    const lateScripts = activationStart > 0
      ? performance.getEntriesByType("resource").filter((r) => r.initiatorType === "script" && r.startTime > activationStart)
          .map((r) => new URL(r.name).pathname.split("/").pop() + "@" + Math.round(r.startTime - activationStart))
      : [];
    resolve({
    lcp: last.startTime,
    lcpUrl: last.url || last.element?.tagName || "",
    fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
    scriptsAfterActivation: lateScripts.length,
    lateScripts,
    activationStart,
    // How much of the prerendered document was still to come at activation (negative: done before).
    parsedAfterActivation: activationStart > 0 ? navigation.domInteractive - activationStart : null,
    loadedAfterActivation: activationStart > 0 ? navigation.loadEventEnd - activationStart : null,
    width: innerWidth,
    dpr: devicePixelRatio,
    });
  }, 1500);
})`;

// ---------------------------------------------------------------- the prerender case: raw CDP

/**
 * Chromium for the prerender case, launched by chrome-launcher (random debugging port, temp
 * profile) and driven over CDP without Playwright. Chrome refuses to prerender for a page that a
 * DevTools session attached straight to the page target drives (`PrerenderingDisabledByDevTools`:
 * Playwright's way, and a plain `Target.attachToTarget` on the page too); a session reached through
 * the page's *tab* target (auto-attach from the tab, as Chrome's own DevTools does) keeps it allowed.
 */
const PRERENDER_CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-dev-shm-usage",
  // The prerender's own target gets no metrics override: the window itself has the phone's size
  // and density, so the page it replaces and the prerender render alike (each run records it).
  `--window-size=${VIEWPORT.width},${VIEWPORT.height}`,
  `--force-device-scale-factor=${DEVICE_SCALE_FACTOR}`,
];
/**
 * What the prerender case's throttling is (results JSON). Measured: Chrome still prerenders with slow
 * 4G and 4x CPU on the home page's target. The prerender is a page target of its own that the home
 * page's emulation does not reach: it gets the CPU slowdown when it attaches (not paused, so the
 * command applies while it loads); its network is not emulated.
 */
const PRERENDER_THROTTLING =
  "slow 4G + 4x CPU on the home page's target (Chrome prerenders with both on); the prerender's own target gets the 4x CPU " +
  "slowdown when it attaches (not paused, so it applies while it loads) but no network emulation: it loads over the loopback; " +
  "the click waits until the prerender has loaded and hydrated; the budget figure, activation → LCP, involves no network";

interface CdpMessage {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
  sessionId?: string;
}
interface TargetInfo {
  targetId: string;
  type: string;
  subtype?: string;
  url: string;
}
type CdpListener = (message: CdpMessage) => void;
const CDP_TIMEOUT_MS = 30_000;

/** One browser-level CDP connection with flat sessions (each message names its sessionId). */
interface Cdp {
  send<T = Record<string, unknown>>(method: string, params?: object, sessionId?: string): Promise<T>;
  on(listener: CdpListener): () => void;
  /** The first event `accept` matches (it returns the value to resolve with, or undefined), or a failure after `timeoutMs`. */
  wait<T>(what: string, timeoutMs: number, accept: (message: CdpMessage) => T | undefined): Promise<T>;
  close(): void;
}

async function connectCdp(url: string): Promise<Cdp> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error(`bench: cannot connect to ${url}`)), { once: true });
  });
  let nextId = 0;
  const pending = new Map<number, { resolve: (result: Record<string, unknown>) => void; reject: (error: Error) => void; method: string }>();
  const listeners = new Set<CdpListener>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as CdpMessage;
    if (message.id === undefined) {
      for (const listener of listeners) listener(message);
      return;
    }
    const call = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) call?.reject(new Error(`CDP ${call.method}: ${message.error.message}`));
    else call?.resolve(message.result ?? {});
  });
  socket.addEventListener("close", () => {
    for (const call of pending.values()) call.reject(new Error(`CDP ${call.method}: connection closed`));
    pending.clear();
  });
  const on = (listener: CdpListener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    send: <T>(method: string, params: object = {}, sessionId?: string) =>
      new Promise<T>((resolve, reject) => {
        nextId += 1;
        const id = nextId;
        // A command Chrome never answers (a paused or vanished target) fails the run instead of hanging the bench.
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`CDP ${method}: no answer within ${CDP_TIMEOUT_MS} ms`));
        }, CDP_TIMEOUT_MS);
        pending.set(id, {
          resolve: (result) => {
            clearTimeout(timer);
            resolve(result as T);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
          method,
        });
        socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
      }),
    on,
    wait: <T>(what: string, timeoutMs: number, accept: (message: CdpMessage) => T | undefined) =>
      new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => {
          off();
          reject(new Error(`bench: no ${what} within ${timeoutMs} ms`));
        }, timeoutMs);
        const off = on((message) => {
          const value = accept(message);
          if (value === undefined) return;
          clearTimeout(timer);
          off();
          resolve(value);
        });
      }),
    close: () => socket.close(),
  };
}

/** Runtime.evaluate's value (awaiting a promise), or a failure naming the exception. */
async function evaluate<T>(cdp: Cdp, sessionId: string, expression: string): Promise<T> {
  const { result, exceptionDetails } = await cdp.send<{ result: { value?: T }; exceptionDetails?: { text: string } }>(
    "Runtime.evaluate",
    { expression, returnByValue: true, awaitPromise: true },
    sessionId,
  );
  if (exceptionDetails) fail(`evaluate: ${exceptionDetails.text}`);
  return result.value as T;
}

async function throttle(cdp: Cdp, sessionId: string): Promise<void> {
  await cdp.send("Network.enable", {}, sessionId);
  await cdp.send("Network.emulateNetworkConditions", NETWORK, sessionId);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN }, sessionId);
}

async function prerenderRun(base: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: PRERENDER_CHROME_FLAGS, logLevel: "silent" });
  let cdp: Cdp | null = null;
  try {
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as { webSocketDebuggerUrl: string };
    const browser = await connectCdp(version.webSocketDebuggerUrl);
    cdp = browser;
    // Browser level: attach to every tab target; the new tab's page is reached through it.
    const tabs = new Map<string, string>(); // targetId → sessionId
    browser.on((message) => {
      const { targetInfo, sessionId } = (message.params ?? {}) as { targetInfo?: TargetInfo; sessionId?: string };
      if (message.method === "Target.attachedToTarget" && !message.sessionId && targetInfo?.type === "tab" && sessionId)
        tabs.set(targetInfo.targetId, sessionId);
    });
    await browser.send("Target.setAutoAttach", {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: true,
      filter: [{ type: "tab" }],
    });
    const existingTabs = new Set(tabs.keys());
    const { targetId } = await browser.send<{ targetId: string }>("Target.createTarget", { url: "about:blank" });
    const tabSession = await waitUntil("the new tab's session", () => [...tabs].find(([id]) => !existingTabs.has(id))?.[1]);
    // Tab level: the page, and later the prerender (a page target of subtype "prerender"), attach here.
    const pages = new Map<string, string>(); // targetId → sessionId
    browser.on((message) => {
      const { targetInfo, sessionId } = (message.params ?? {}) as { targetInfo?: TargetInfo; sessionId?: string };
      if (message.method === "Target.attachedToTarget" && message.sessionId === tabSession && targetInfo?.type === "page" && sessionId) {
        // A later page of the tab is the prerender: its main thread gets the same 4x slowdown as
        // soon as it attaches (it is not paused, so the command applies while it loads).
        if (pages.size > 0) void browser.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN }, sessionId).catch(() => {});
        pages.set(targetInfo.targetId, sessionId);
      }
    });
    await browser.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: false, flatten: true }, tabSession);
    const page = await waitUntil("the page's session", () => pages.get(targetId));
    const statuses = new Map<string, string>();
    const reasons = new Map<string, string>();
    browser.on((message) => {
      if (message.method !== "Preload.prerenderStatusUpdated" || message.sessionId !== page) return;
      const event = message.params as { key: { url: string }; status: string; prerenderStatus?: string; disallowedMojoInterface?: string };
      statuses.set(event.key.url, event.status);
      // Why Chrome refused or dropped a prerender (CDP's PrerenderFinalStatus), for the record.
      if (event.status === "Failure")
        reasons.set(event.key.url, [event.prerenderStatus, event.disallowedMojoInterface].filter(Boolean).join(" "));
    });
    await browser.send("Page.enable", {}, page);
    await browser.send("Runtime.enable", {}, page);
    await browser.send("Preload.enable", {}, page);
    await browser.send("Emulation.setDeviceMetricsOverride", { ...VIEWPORT, deviceScaleFactor: DEVICE_SCALE_FACTOR, mobile: false }, page);
    await throttle(browser, page);
    const loaded = browser.wait("load of the home page", 60_000, (message) =>
      message.method === "Page.loadEventFired" && message.sessionId === page ? true : undefined,
    );
    await browser.send("Page.navigate", { url: `${base}/` }, page);
    await loaded;
    // The first vehicle link, scrolled into view; its centre in CSS pixels of the viewport after two frames.
    const link = await evaluate<{ href: string; url: string; x: number; y: number } | null>(
      browser,
      page,
      `(async () => {
        const pattern = new RegExp(${JSON.stringify(VEHICLE_PATH.source)});
        const link = [...document.querySelectorAll(${JSON.stringify(VEHICLE_LINK)})].find((a) => pattern.test(new URL(a.href).pathname));
        if (!link) return null;
        link.scrollIntoView({ block: "center" });
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const box = link.getBoundingClientRect();
        return { href: link.getAttribute("href"), url: link.href, x: box.left + box.width / 2, y: box.top + box.height / 2 };
      })()`,
    );
    if (!link) fail(`no vehicle link on ${base}/`);
    const hoverAt = Date.now();
    await browser.send("Input.dispatchMouseEvent", { type: "mouseMoved", x: link.x, y: link.y }, page);
    // Chrome starts a "moderate" prerender after ~200 ms of hover; wait until it is ready (or 20 s).
    while (statuses.get(link.url) !== "Ready" && statuses.get(link.url) !== "Failure" && Date.now() - hoverAt < 20_000) {
      await sleep(20);
    }
    const hoverToReadyMs = Date.now() - hoverAt;
    // "Ready" is the prerender's commit: its document may still be streaming in. The budget is for a
    // prerendered page, so the click waits until the prerender has loaded and hydrated (at most 15 s);
    // BENCH_NAV_CLICK_AT=ready clicks at "Ready" instead (what the time after the click is then:
    // parsedAfterActivationMs, loadedAfterActivationMs).
    let readyToCompleteMs: number | null = null;
    if (process.env.BENCH_NAV_CLICK_AT !== "ready" && statuses.get(link.url) === "Ready") {
      const readyAt = Date.now();
      const prerender = [...pages.values()].find((sessionId) => sessionId !== page);
      while (prerender && Date.now() - readyAt < 15_000) {
        const complete = await evaluate<boolean>(
          browser,
          prerender,
          `document.readyState === "complete" && document.documentElement.dataset.hydrated === "true"`,
        ).catch(() => false);
        if (complete) break;
        await sleep(20);
      }
      readyToCompleteMs = Date.now() - readyAt;
    }
    const status = statuses.get(link.url) ?? "none";
    const traceEvents: unknown[] = [];
    // BENCH_NAV_TRACE=prefix: a Chrome trace (every process) from just before the click, one file per run.
    let stopCollecting = () => {};
    if (process.env.BENCH_NAV_TRACE) {
      stopCollecting = browser.on((message) => {
        if (message.method === "Tracing.dataCollected") traceEvents.push(...(message.params as { value: unknown[] }).value);
      });
      await browser.send("Tracing.start", {
        categories: "devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,toplevel,blink,blink.user_timing,loading",
        transferMode: "ReportEvents",
      });
    }
    const click = { x: link.x, y: link.y, button: "left", clickCount: 1 };
    await browser.send("Input.dispatchMouseEvent", { type: "mousePressed", buttons: 1, ...click }, page);
    await browser.send("Input.dispatchMouseEvent", { type: "mouseReleased", buttons: 0, ...click }, page);
    // The vehicle page is the activated prerender (its target replaces the page's) or, without one,
    // the page's own target after a document navigation: whichever shows the URL first.
    const shown = await waitUntilAsync("the vehicle page", 30_000, async () => {
      for (const sessionId of [...pages.values()].reverse()) {
        const here = await evaluate<boolean>(
          browser,
          sessionId,
          `location.href === ${JSON.stringify(link.url)} && document.prerendering !== true && document.readyState !== "loading"`,
        ).catch(() => false);
        if (here) return sessionId;
      }
      return undefined;
    });
    const {
      lcp,
      lcpUrl,
      fcp,
      scriptsAfterActivation,
      lateScripts,
      activationStart,
      parsedAfterActivation,
      loadedAfterActivation,
      width,
      dpr,
    } = await evaluate<{
      lcp: number;
      lcpUrl: string;
      fcp: number;
      scriptsAfterActivation: number;
      lateScripts: string[];
      parsedAfterActivation: number | null;
      loadedAfterActivation: number | null;
      activationStart: number;
      width: number;
      dpr: number;
    }>(browser, shown, LCP_EXPRESSION);
    if (process.env.BENCH_NAV_TRACE) {
      const complete = browser.wait("trace", 60_000, (message) => (message.method === "Tracing.tracingComplete" ? true : undefined));
      await browser.send("Tracing.end");
      await complete;
      stopCollecting();
      writeFileSync(`${process.env.BENCH_NAV_TRACE}-${Date.now()}.json`, JSON.stringify(traceEvents));
    }
    const reason = reasons.get(link.url);
    return {
      ms: activationStart > 0 ? round1(Math.max(lcp - activationStart, 0)) : null,
      prerendered: activationStart > 0,
      status,
      ...(reason ? { reason } : {}),
      hoverToReadyMs,
      readyToCompleteMs,
      lateScripts,
      // Where the time after activation goes: the first contentful paint, the LCP element, scripts
      // fetched only after activation.
      fcpAfterActivationMs: activationStart > 0 ? round1(Math.max(fcp - activationStart, 0)) : null,
      lcpElement: URL.canParse(lcpUrl) ? new URL(lcpUrl).pathname : lcpUrl,
      scriptsAfterActivation,
      parsedAfterActivationMs: parsedAfterActivation === null ? null : round1(parsedAfterActivation),
      loadedAfterActivationMs: loadedAfterActivation === null ? null : round1(loadedAfterActivation),
      activationStartMs: round1(activationStart),
      viewport: `${width}@${dpr}x`,
      href: link.href,
    };
  } finally {
    cdp?.close();
    chrome.kill();
  }
}

async function waitUntil<T>(what: string, value: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  return waitUntilAsync(what, timeoutMs, async () => value());
}
async function waitUntilAsync<T>(what: string, timeoutMs: number, value: () => Promise<T | undefined>): Promise<T> {
  const started = Date.now();
  for (;;) {
    const found = await value();
    if (found !== undefined) return found;
    if (Date.now() - started > timeoutMs) fail(`no ${what} within ${timeoutMs} ms`);
    await sleep(25);
  }
}

// ---------------------------------------------------------------- cases

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
      // The intent listeners come with the after-idle chunk, which may still be on its way after
      // the idle mark on a throttled line: rest on the link until its warm-up (the vehicle's
      // /api read) has been answered, as a visitor's pointer would keep resting (at most 20 s).
      const warmedUp = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/api/vehicles/"), {
        timeout: 20_000,
      });
      const started = Date.now();
      let answered = false;
      void warmedUp.then(
        () => void (answered = true),
        () => undefined,
      );
      while (!answered && Date.now() - started < 20_000) {
        await page.mouse.move(0, 0);
        await link.hover();
        await page.waitForTimeout(1_000);
      }
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
    const { lcp } = await page.evaluate<{ lcp: number }>(LCP_EXPRESSION);
    return { ms: round1(lcp) };
  } finally {
    await context.close();
  }
}

/** The vehicle page the prerender case would open (home's first vehicle link), when that case is not run. */
async function vehiclePathOf(browser: Browser, base: string): Promise<string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${base}/`, { waitUntil: "domcontentloaded" });
    return await firstVehicleLink(page);
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

// BENCH_URL_B: a second server (another build) whose prerender case runs interleaved with this one's.
const { siteA: base, siteB: baseB, server } = benchSites(PORT);
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
  const cases: Record<string, Run[]> = Object.fromEntries(CASES.map((name) => [name, []]));
  if (baseB) cases["prerender-b"] = [];
  // Without the prerender case, the document case loads the vehicle page the prerender would open.
  const vehiclePath = CASES.includes("document") && !CASES.includes("prerender") ? await vehiclePathOf(browser, base) : null;
  for (let run = 0; run < RUNS; run += 1) {
    // Interleaved, so a slow minute of the machine hits every case (and both servers) alike.
    const prerendered = CASES.includes("prerender") ? await prerenderRun(base) : null;
    if (prerendered) cases.prerender?.push(prerendered);
    if (baseB) cases["prerender-b"]?.push(await prerenderRun(baseB));
    if (CASES.includes("client-intent")) cases["client-intent"]?.push(await clientRun(browser, base, true));
    if (CASES.includes("client-cold")) cases["client-cold"]?.push(await clientRun(browser, base, false));
    if (CASES.includes("document")) {
      const href = prerendered?.href ?? vehiclePath;
      cases.document?.push(await documentRun(browser, base, new URL(String(href), base).pathname));
    }
  }
  const results: Record<string, ReturnType<typeof summary> & { throttling?: string }> = Object.fromEntries(
    Object.entries(cases).map(([name, runs]) => [name, summary(runs)]),
  );
  if (results.prerender) results.prerender.throttling = PRERENDER_THROTTLING;
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
          prerenderDriver: `raw CDP over WebSocket (tab-target sessions), chrome-launcher ${packageVersion("chrome-launcher")}, a fresh Chromium per run`,
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
