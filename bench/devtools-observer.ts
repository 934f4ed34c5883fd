/**
 * What a DevTools protocol client adds to a page's start-up, side by side in one run: the same
 * pages in Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) driven over the raw
 * protocol, once as a visitor's browser runs them (tracing only) and once as Lighthouse and every
 * lab tool run them (the `Runtime` domain enabled; Playwright enables it too, so this bench speaks
 * the protocol itself). With `Runtime` on, V8 records every new error's stack with source
 * positions; an error created while a big function runs makes V8 re-parse that function
 * (`V8.CollectSourcePositions`). React DOM's module creates its sentinel errors while its
 * ~200 KB CommonJS function runs, which client/boot-stack-traces.ts prevents (docs/performance.md,
 * "The module evaluation task, looked into").
 *
 *   npm run build && npm run seed && npm run bench:observer
 *
 * Builds nothing itself. Starts its own `wrangler dev` (NODE_ENV=production, ENVIRONMENT=production,
 * own process group) on BENCH_OBSERVER_PORT (default 8856, inspector +1; Chromium's debugging port
 * +2) unless BENCH_URL points at a running site (another build, for a before/after). Pages: home,
 * /carfinder, /werkstatt. Each page × client runs BENCH_OBSERVER_RUNS times (default 7),
 * interleaved, each in a fresh Chromium with CPU throttling BENCH_OBSERVER_CPU (default 4, as
 * Lighthouse's mobile profile). Per run: the longest module evaluation (`v8.evaluateModule`) and
 * the summed `V8.CollectSourcePositions`. Writes bench/results/devtools-observer.json (BENCH_OUT).
 * Exits non-zero only when something crashes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fail, git, median, readKnobs, round1, startWranglerDev, stopWranglerDev, waitForHealth } from "./bench-support.ts";

const knobs = readKnobs({ BENCH_OBSERVER_PORT: 8856, BENCH_OBSERVER_RUNS: 7, BENCH_OBSERVER_CPU: 4 });
const PORT = knobs.BENCH_OBSERVER_PORT;
const CHROME_PORT = PORT + 2;
const RUNS = Math.max(1, knobs.BENCH_OBSERVER_RUNS);
const CPU = Math.max(1, knobs.BENCH_OBSERVER_CPU);
const OUT = process.env.BENCH_OUT ?? "bench/results/devtools-observer.json";
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Long enough for every page here to load, hydrate and go idle at 4x. */
const SETTLE_MS = 6000;

type Client = "visitor" | "devtools";
interface TraceEvent {
  name?: string;
  ph?: string;
  dur?: number;
}
interface Sample {
  evaluateModuleMs: number;
  collectSourcePositionsMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One page load in a fresh Chromium: only the protocol calls this client makes. */
async function measure(url: string, client: Client): Promise<Sample> {
  const profile = mkdtempSync(join(tmpdir(), "observer-"));
  const chrome: ChildProcess = spawn(
    CHROMIUM_PATH,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      `--remote-debugging-port=${CHROME_PORT}`,
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: "ignore", detached: true },
  );
  try {
    let target: { type: string; webSocketDebuggerUrl: string } | undefined;
    for (let attempt = 0; attempt < 100 && !target; attempt += 1) {
      try {
        const targets = (await (await fetch(`http://127.0.0.1:${CHROME_PORT}/json`)).json()) as Array<{
          type: string;
          webSocketDebuggerUrl: string;
        }>;
        target = targets.find((each) => each.type === "page");
      } catch {
        // not listening yet
      }
      if (!target) await sleep(100);
    }
    if (!target) fail("Chromium's debugging port did not answer");
    const socket = new WebSocket(target.webSocketDebuggerUrl);
    await new Promise((resolve, reject) => {
      socket.addEventListener("open", resolve, { once: true });
      socket.addEventListener("error", reject, { once: true });
    });
    let lastId = 0;
    const pending = new Map<number, (value: unknown) => void>();
    const events: TraceEvent[] = [];
    let traced: (() => void) | undefined;
    socket.addEventListener("message", (message) => {
      const data = JSON.parse(String(message.data)) as { id?: number; method?: string; params?: { value?: TraceEvent[] } };
      if (data.id !== undefined) pending.get(data.id)?.(data);
      else if (data.method === "Tracing.dataCollected") events.push(...(data.params?.value ?? []));
      else if (data.method === "Tracing.tracingComplete") traced?.();
    });
    const send = (method: string, params: object = {}) =>
      new Promise((resolve) => {
        lastId += 1;
        pending.set(lastId, resolve);
        socket.send(JSON.stringify({ id: lastId, method, params }));
      });
    if (client === "devtools") await send("Runtime.enable");
    await send("Emulation.setCPUThrottlingRate", { rate: CPU });
    await send("Tracing.start", {
      traceConfig: { includedCategories: ["toplevel", "v8", "disabled-by-default-v8.compile", "devtools.timeline"] },
      transferMode: "ReportEvents",
    });
    await send("Page.navigate", { url });
    await sleep(SETTLE_MS);
    const complete = new Promise<void>((resolve) => {
      traced = resolve;
    });
    await send("Tracing.end");
    await complete;
    socket.close();
    const durations = (name: string) =>
      events.flatMap((event) => (event.name === name && event.ph === "X" && typeof event.dur === "number" ? [event.dur / 1000] : []));
    const evaluations = durations("v8.evaluateModule");
    if (evaluations.length === 0) fail(`no module evaluated on ${url}`);
    return {
      evaluateModuleMs: round1(Math.max(...evaluations)),
      collectSourcePositionsMs: round1(durations("V8.CollectSourcePositions").reduce((sum, each) => sum + each, 0)),
    };
  } finally {
    try {
      if (chrome.pid) process.kill(-chrome.pid, "SIGKILL");
    } catch {
      // already gone
    }
    await sleep(200);
    rmSync(profile, { recursive: true, force: true });
  }
}

const upstreamUrl = (process.env.BENCH_URL ?? `http://127.0.0.1:${PORT}`).replace(/\/$/, "");
const server = process.env.BENCH_URL
  ? null
  : startWranglerDev({ port: PORT, inspectorPort: PORT + 1, vars: { ENVIRONMENT: "production", SITE_ORIGIN: upstreamUrl } });
try {
  await waitForHealth(upstreamUrl, server);
  const pages = [
    { name: "home", path: "/" },
    { name: "carfinder", path: "/carfinder" },
    { name: "content", path: "/werkstatt" },
  ];
  // Warm the isolate and the worker's HTML cache.
  for (const page of pages) await fetch(`${upstreamUrl}${page.path}`);
  const clients: Client[] = ["visitor", "devtools"];
  const samples = new Map<string, Sample[]>();
  const loadBefore = loadavg().map(round1);
  for (let run = 0; run < RUNS; run += 1)
    for (const page of pages)
      for (const client of clients) {
        const key = `${page.name}|${client}`;
        samples.set(key, [...(samples.get(key) ?? []), await measure(`${upstreamUrl}${page.path}`, client)]);
      }
  const rows = pages.flatMap((page) =>
    clients.map((client) => {
      const list = samples.get(`${page.name}|${client}`) ?? [];
      return {
        page: page.name,
        path: page.path,
        client,
        evaluateModuleMsMedian: round1(median(list.map((sample) => sample.evaluateModuleMs))),
        collectSourcePositionsMsMedian: round1(median(list.map((sample) => sample.collectSourcePositionsMs))),
        evaluateModuleMsRuns: list.map((sample) => sample.evaluateModuleMs),
        collectSourcePositionsMsRuns: list.map((sample) => sample.collectSourcePositionsMs),
      };
    }),
  );
  const result = {
    measuredAt: new Date().toISOString(),
    commit: git("rev-parse", "--short", "HEAD"),
    site: process.env.BENCH_URL ? upstreamUrl : "wrangler dev of this checkout's dist/",
    command: "npm run build && npm run seed && npm run bench:observer",
    settings: {
      chromium: CHROMIUM_PATH,
      runs: RUNS,
      cpuThrottling: CPU,
      clients: {
        visitor: "tracing only (Tracing, Emulation, Page.navigate)",
        devtools: "the same plus Runtime.enable, as Lighthouse",
      },
      cores: cpus().length,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg().map(round1),
    },
    rows,
  };
  writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`page       client    evaluate module ms  CollectSourcePositions ms   (CPU ${CPU}x, medians of ${RUNS})`);
  for (const row of rows)
    console.log(
      `${row.page.padEnd(10)} ${row.client.padEnd(9)} ${String(row.evaluateModuleMsMedian).padStart(18)} ${String(row.collectSourcePositionsMsMedian).padStart(26)}`,
    );
  console.log(`wrote ${OUT}`);
} finally {
  stopWranglerDev(server);
}
