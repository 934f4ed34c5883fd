/**
 * Lighthouse's Total Blocking Time rule applied to the tasks a page really runs, and which tasks
 * they are: a Chrome trace of each load at 1x CPU (what Lighthouse's simulation starts from), every
 * main-thread task that ends after the first contentful paint clipped to start at it, multiplied
 * by 4 (Lighthouse's mobile CPU slowdown) and counted beyond 50 ms. No network throttling and no
 * re-timing of the tasks, so the figure is not Lighthouse's TBT; it moves with the same tasks and
 * costs seconds per load instead of a Lighthouse run's forty, so an A/B can afford enough runs to
 * see through this host's noise. Each long task is named by its largest kind of work (style,
 * layout, a timer, a module evaluation, React's scheduler, …), the script it ran, and whether
 * starting fetches (`ResourceFetcher::requestResource`: preload links, imports) was most of it.
 *
 *   npm run build && npm run seed && npm run bench:tasks
 *
 * Builds nothing itself. Starts its own `wrangler dev` (NODE_ENV=production, ENVIRONMENT=production,
 * own process group) on BENCH_TASKS_PORT (default 8876, inspector +1) unless BENCH_URL points at a
 * running site. BENCH_URL_B (optional) is a second running site — another commit of this one —
 * measured interleaved with the first in the same browser, the reference that makes an A/B
 * comparable on a noisy machine. Pages: bench/page-set.ts (BENCH_TASKS_PAGES, comma-separated
 * names, default all), both visitors; BENCH_TASKS_RUNS runs per page, visitor and site (default 5),
 * each in a fresh context (412×823 at 1.75x, touch), BENCH_TASKS_SETTLE_MS (default 4000) after
 * `load`. Writes bench/results/task-blocking.json (BENCH_OUT). Exits non-zero only when something
 * crashes.
 */
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { type Browser, chromium } from "@playwright/test";
import { benchSites, git, median, readKnobs, round1, stopWranglerDev, waitForHealth } from "./bench-support.ts";
import { discoverPages, type PageSpec, phoneContext, pickPages, type Visitor } from "./page-set.ts";

const knobs = readKnobs({ BENCH_TASKS_PORT: 8876, BENCH_TASKS_RUNS: 5, BENCH_TASKS_SETTLE_MS: 4000 });
const PORT = knobs.BENCH_TASKS_PORT;
const RUNS = Math.max(1, knobs.BENCH_TASKS_RUNS);
const SETTLE_MS = Math.max(0, knobs.BENCH_TASKS_SETTLE_MS);
const OUT = process.env.BENCH_OUT ?? "bench/results/task-blocking.json";
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Lighthouse's mobile CPU slowdown and its blocking threshold. */
const SLOWDOWN = 4;
const THRESHOLD_MS = 50;

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    beginData?: { url?: string };
    data?: { url?: string; functionName?: string; lineNumber?: number; columnNumber?: number };
  };
}
/** The kinds of work a task is named by: the largest of these inside it. */
const KINDS = new Set([
  "ParseHTML",
  "UpdateLayoutTree",
  "Layout",
  "Paint",
  "PrePaint",
  "v8.evaluateModule",
  "EvaluateScript",
  "TimerFire",
  "FireIdleCallback",
  "FireAnimationFrame",
  "RunMicrotasks",
  "FunctionCall",
  "EventDispatch",
  "CommitLoad",
  "MajorGC",
  "MinorGC",
  "v8.compileModule",
]);
/** Events that name a script (a timer's or idle callback's own event does not: the FunctionCall inside it does). */
const SCRIPT_EVENTS = new Set(["FunctionCall", "v8.evaluateModule", "EvaluateScript"]);

interface LongTask {
  /** Its largest kind, its first script (file without hash : function : line : column), and "fetch starts" when they were most of it. */
  label: string;
  ms: number;
  blockingMs: number;
}
interface Sample {
  blockingMs: number;
  longTasks: LongTask[];
}

function scriptOf(inside: TraceEvent[]): string {
  const call = inside.find((event) => SCRIPT_EVENTS.has(event.name) && (event.args?.data?.url || event.args?.data?.functionName));
  const data = call?.args?.data;
  if (!data) return "";
  const file =
    (data.url ?? "")
      .split("/")
      .pop()
      ?.replace(/-[\w-]{8}\.js$/, "") || "(inline)";
  return ` @ ${file}:${data.functionName ?? ""}:${data.lineNumber ?? ""}:${data.columnNumber ?? ""}`;
}

async function measure(browser: Browser, baseUrl: string, page: PageSpec, visitor: Visitor): Promise<Sample> {
  const context = await phoneContext(browser, baseUrl, page, visitor);
  try {
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", (message) => void events.push(...(message.value as unknown as TraceEvent[])));
    await cdp.send("Tracing.start", { categories: "devtools.timeline,toplevel,loading,blink.resource", transferMode: "ReportEvents" });
    await tab.goto(`${baseUrl}${page.path}`, { waitUntil: "load" });
    await tab.waitForTimeout(SETTLE_MS);
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.end");
    await complete;
    // The page's renderer: with COOP a fresh tab may swap renderers, so the one that painted it.
    const parses = events.filter((event) => event.name === "ParseHTML" && (event.args?.beginData?.url ?? "").endsWith(page.path));
    const fcp = events.find((event) => event.name === "firstContentfulPaint" && parses.some((parse) => parse.pid === event.pid));
    const parse = parses.find((each) => each.pid === fcp?.pid);
    if (!fcp || !parse) throw new Error(`no first contentful paint of ${page.path} in the trace`);
    const main = events.filter((event) => event.pid === parse.pid && event.tid === parse.tid && event.ph === "X");
    const tasks = main.filter(
      (event) => (event.name === "RunTask" || event.name === "ThreadControllerImpl::RunTask") && event.ts + (event.dur ?? 0) > fcp.ts,
    );
    const longTasks: LongTask[] = [];
    for (const task of tasks) {
      const end = task.ts + (task.dur ?? 0);
      const ms = (end - Math.max(task.ts, fcp.ts)) / 1000;
      if (ms * SLOWDOWN <= THRESHOLD_MS) continue;
      const inside = main.filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end);
      const byKind = new Map<string, number>();
      let fetchStartsMs = 0;
      for (const event of inside) {
        if (KINDS.has(event.name)) byKind.set(event.name, (byKind.get(event.name) ?? 0) + (event.dur ?? 0) / 1000);
        if (event.name === "ResourceFetcher::requestResource") fetchStartsMs += (event.dur ?? 0) / 1000;
      }
      const kind = [...byKind].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "(browser work)";
      const label = `${kind}${fetchStartsMs > ((task.dur ?? 0) / 1000) * 0.3 ? " (mostly fetch starts)" : ""}${scriptOf(inside)}`;
      longTasks.push({ label, ms: round1(ms), blockingMs: round1(ms * SLOWDOWN - THRESHOLD_MS) });
    }
    return { blockingMs: round1(longTasks.reduce((sum, task) => sum + task.blockingMs, 0)), longTasks };
  } finally {
    await context.close();
  }
}

const { siteA, sites, server } = benchSites(PORT);
let browser: Browser | null = null;
try {
  await waitForHealth(siteA, server);
  const pages = pickPages(await discoverPages(siteA), "BENCH_TASKS_PAGES");
  for (const site of sites) for (const page of pages) await fetch(`${site}${page.path}`); // warm the isolates and HTML caches
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox", "--disable-gpu"] });
  const visitors: Visitor[] = ["undecided", "decided"];
  const samples = new Map<string, Sample[]>();
  const loadBefore = loadavg().map(round1);
  for (let run = 0; run < RUNS; run += 1)
    for (const page of pages)
      for (const visitor of visitors)
        for (const site of sites) {
          const key = `${site}|${page.name}|${visitor}`;
          samples.set(key, [...(samples.get(key) ?? []), await measure(browser, site, page, visitor)]);
        }
  const summarise = (site: string) => {
    const byLabel = new Map<string, number>();
    const rows = pages.flatMap((page) =>
      visitors.map((visitor) => {
        const list = samples.get(`${site}|${page.name}|${visitor}`) ?? [];
        for (const sample of list)
          for (const task of sample.longTasks) byLabel.set(task.label, (byLabel.get(task.label) ?? 0) + task.blockingMs);
        const runs = list.map((sample) => sample.blockingMs);
        return {
          page: page.name,
          visitor,
          blockingMsMedian: round1(median(runs)),
          blockingMsMean: round1(runs.reduce((sum, value) => sum + value, 0) / Math.max(1, runs.length)),
          blockingMsRuns: runs,
          longTasksPerRun: round1(list.reduce((sum, sample) => sum + sample.longTasks.length, 0) / Math.max(1, list.length)),
        };
      }),
    );
    /** Blocking time per load by task label, over every page and visitor. */
    const loads = RUNS * pages.length * visitors.length;
    const byTask = [...byLabel]
      .map(([task, ms]) => ({ task, msPerLoad: round1(ms / loads) }))
      .sort((a, b) => b.msPerLoad - a.msPerLoad)
      .slice(0, 15);
    return { site, commit: site === siteA ? git("rev-parse", "--short", "HEAD") : "(BENCH_URL_B)", rows, byTask };
  };
  const results = sites.map(summarise);
  writeFileSync(
    OUT,
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        command: "npm run build && npm run seed && npm run bench:tasks",
        settings: {
          chromium: CHROMIUM_PATH,
          runs: RUNS,
          rule: `tasks after FCP (clipped to it) at 1x, x${SLOWDOWN}, beyond ${THRESHOLD_MS} ms, summed until the load settles`,
          network: "not throttled",
          viewport: "412×823 at 1.75x, mobile, touch",
          settleMs: SETTLE_MS,
          cores: cpus().length,
          loadAverageBefore: loadBefore,
          loadAverageAfter: loadavg().map(round1),
        },
        sites: results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(
    `page       visitor    ${sites.map((_, index) => (index === 0 ? "A" : "B")).join(" / ")}: blocking ms median (mean), long tasks per load   (1x trace, x${SLOWDOWN}, ${RUNS} runs)`,
  );
  for (const [index, row] of results[0]!.rows.entries()) {
    const cells = results.map((result) => {
      const each = result.rows[index]!;
      return `${String(each.blockingMsMedian).padStart(6)} (${String(each.blockingMsMean).padStart(6)}) ${String(each.longTasksPerRun).padStart(4)}`;
    });
    console.log(`${row.page.padEnd(10)} ${row.visitor.padEnd(9)}  ${cells.join("  |  ")}`);
  }
  for (const result of results) {
    console.log(`\n${result.site === siteA ? "A" : "B"} (${result.site}): blocking ms per load by task`);
    for (const { task, msPerLoad } of result.byTask) console.log(`${String(msPerLoad).padStart(7)}  ${task}`);
  }
  console.log(`wrote ${OUT}`);
} finally {
  await browser?.close();
  stopWranglerDev(server);
}
