/**
 * Blocking time as Chromium itself observes it, with the scripts behind it: the Long Animation
 * Frames API (`long-animation-frame` entries: each frame over 50 ms, its blocking duration — the
 * long tasks' time beyond 50 ms, plus rendering — and the scripts that ran in it with their
 * source position) for the six page types of bench/lighthouse.ts and both visitors, under CPU
 * throttling and no other instrumentation (no tracing, no profiler, no simulation). Lighthouse's
 * TBT is a simulation of the same thing (the observed tasks scaled and re-timed); this bench says
 * which task it is and whose code runs in it, the map for work on blocking time.
 *
 *   npm run build && npm run seed && npm run bench:frames
 *
 * Builds nothing itself. Starts its own `wrangler dev` (NODE_ENV=production, ENVIRONMENT=production,
 * own process group) on BENCH_FRAMES_PORT (default 8868, inspector +1) unless BENCH_URL points at a
 * running site. Each page × visitor runs BENCH_FRAMES_RUNS times (default 3), interleaved, each in a
 * fresh browser context of one Chromium (CHROMIUM_PATH, default /usr/bin/chromium): a 412×823
 * phone viewport at 1.75x with touch, no network throttling (the main thread is what is measured),
 * CPU slowdown BENCH_FRAMES_CPU (default 4 as Lighthouse's mobile profile; `calibrated` takes the
 * multiplier of Lighthouse's CPU throttling calculator for this host, bench/page-set.ts). A run
 * ends BENCH_FRAMES_SETTLE_MS (default 5000) after the page has hydrated.
 *
 * Per row (median over runs): FCP, the sum of blocking durations of frames that start after FCP
 * (the observed counterpart of TBT, which ends at TTI), the longest frame, and the scripts that
 * ran longest in frames after FCP (invoker, function, file:char, ms). Writes
 * bench/results/long-frames.json (BENCH_OUT). Exits non-zero only when something crashes.
 */
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { type Browser, chromium } from "@playwright/test";
import { git, median, readKnobs, round1, startWranglerDev, stopWranglerDev, waitForHealth } from "./bench-support.ts";
import { cpuSlowdownSetting, discoverPages, type PageSpec, phoneContext, resolveCpuSlowdown, type Visitor } from "./page-set.ts";

const knobs = readKnobs({ BENCH_FRAMES_PORT: 8868, BENCH_FRAMES_RUNS: 3, BENCH_FRAMES_SETTLE_MS: 5000 });
const PORT = knobs.BENCH_FRAMES_PORT;
const RUNS = Math.max(1, knobs.BENCH_FRAMES_RUNS);
const SETTLE_MS = Math.max(0, knobs.BENCH_FRAMES_SETTLE_MS);
const OUT = process.env.BENCH_OUT ?? "bench/results/long-frames.json";
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = ["--no-sandbox", "--disable-gpu"];
const CPU_SETTING = cpuSlowdownSetting("BENCH_FRAMES_CPU") ?? 4;

interface FrameScript {
  invoker: string;
  sourceFunctionName: string;
  sourceURL: string;
  sourceCharPosition: number;
  duration: number;
  forcedStyleAndLayoutDuration: number;
}
interface Frame {
  startTime: number;
  duration: number;
  blockingDuration: number;
  /** When the frame's rendering update began (0: the frame had none), and its style and layout within it. */
  renderStart: number;
  styleAndLayoutStart: number;
  scripts: FrameScript[];
}
interface Sample {
  fcpMs: number;
  blockingAfterFcpMs: number;
  longestFrameMs: number;
  framesAfterFcp: number;
  /** Where the long frames' time after FCP went: scripts, the rendering update's style and layout, the rest of it (paint and the rest). */
  split: FrameSplit;
  /** The same for every long frame of the load, the ones before FCP (the first style and layout) included. */
  splitAll: FrameSplit;
  longFramesTotalMs: number;
  scripts: Array<{ script: string; ms: number }>;
}
interface FrameSplit {
  scriptMs: number;
  styleAndLayoutMs: number;
  forcedStyleAndLayoutMs: number;
  paintAndRestMs: number;
}

/**
 * A long frame's time by kind (the Long Animation Frames fields): scripts, the style and layout the
 * scripts forced, the rendering update's style and layout (font look-ups happen there), and the
 * rest of the rendering update (paint, compositing commit). Parsing HTML is in none of them: it is
 * not a script and happens before the rendering update, so a frame's duration can exceed the sum.
 */
function splitFrame(frame: Frame): FrameSplit {
  const end = frame.startTime + frame.duration;
  const styleAndLayoutMs = frame.styleAndLayoutStart > 0 ? end - frame.styleAndLayoutStart : 0;
  const renderMs = frame.renderStart > 0 ? end - frame.renderStart : 0;
  return {
    scriptMs: frame.scripts.reduce((sum, script) => sum + script.duration, 0),
    forcedStyleAndLayoutMs: frame.scripts.reduce((sum, script) => sum + (script.forcedStyleAndLayoutDuration ?? 0), 0),
    styleAndLayoutMs,
    paintAndRestMs: Math.max(0, renderMs - styleAndLayoutMs),
  };
}

function sumSplits(splits: FrameSplit[]): FrameSplit {
  const total = { scriptMs: 0, styleAndLayoutMs: 0, forcedStyleAndLayoutMs: 0, paintAndRestMs: 0 };
  for (const split of splits) for (const key of Object.keys(total) as Array<keyof FrameSplit>) total[key] += split[key];
  for (const key of Object.keys(total) as Array<keyof FrameSplit>) total[key] = round1(total[key]);
  return total;
}

/** Each kind's median over the runs, under the names the results JSON uses. */
function medianSplit(splits: FrameSplit[]) {
  const of = (key: keyof FrameSplit) => round1(median(splits.map((split) => split[key])));
  return {
    script: of("scriptMs"),
    forcedStyleAndLayout: of("forcedStyleAndLayoutMs"),
    styleAndLayout: of("styleAndLayoutMs"),
    paintAndRest: of("paintAndRestMs"),
  };
}

/** One load in a fresh context: the frames Chromium reports, nothing else attached but the CPU slowdown. */
async function measure(browser: Browser, baseUrl: string, page: PageSpec, visitor: Visitor, cpu: number): Promise<Sample> {
  const context = await phoneContext(browser, baseUrl, page, visitor);
  try {
    await context.addInitScript(() => {
      const frames: unknown[] = [];
      (window as unknown as { benchFrames: unknown[] }).benchFrames = frames;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) frames.push(entry.toJSON());
      }).observe({ type: "long-animation-frame", buffered: true });
    });
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
    await tab.goto(`${baseUrl}${page.path}`, { waitUntil: "load" });
    await tab.waitForFunction(() => document.documentElement.getAttribute("data-hydrated") === "true", undefined, { timeout: 30_000 });
    await tab.waitForTimeout(SETTLE_MS);
    const { frames, fcp } = await tab.evaluate(() => ({
      frames: (window as unknown as { benchFrames: Frame[] }).benchFrames,
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0,
    }));
    const after = frames.filter((frame) => frame.startTime >= fcp);
    const byScript = new Map<string, number>();
    for (const frame of after)
      for (const script of frame.scripts) {
        const file = script.sourceURL.split("/").pop() || "(inline)";
        const key = `${script.invoker} | ${script.sourceFunctionName || "(anonymous)"} @ ${file}:${script.sourceCharPosition}`;
        byScript.set(key, (byScript.get(key) ?? 0) + script.duration);
      }
    return {
      fcpMs: round1(fcp),
      blockingAfterFcpMs: round1(after.reduce((sum, frame) => sum + frame.blockingDuration, 0)),
      longestFrameMs: round1(Math.max(0, ...frames.map((frame) => frame.duration))),
      framesAfterFcp: after.length,
      split: sumSplits(after.map(splitFrame)),
      splitAll: sumSplits(frames.map(splitFrame)),
      longFramesTotalMs: round1(frames.reduce((sum, frame) => sum + frame.duration, 0)),
      scripts: [...byScript]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([script, ms]) => ({ script, ms: round1(ms) })),
    };
  } finally {
    await context.close();
  }
}

const upstreamUrl = (process.env.BENCH_URL ?? `http://127.0.0.1:${PORT}`).replace(/\/$/, "");
const server = process.env.BENCH_URL
  ? null
  : startWranglerDev({ port: PORT, inspectorPort: PORT + 1, vars: { ENVIRONMENT: "production", SITE_ORIGIN: upstreamUrl } });
let browser: Browser | null = null;
try {
  await waitForHealth(upstreamUrl, server);
  const pages = await discoverPages(upstreamUrl);
  for (const page of pages) await fetch(`${upstreamUrl}${page.path}`); // warm the isolate and the HTML cache
  const { multiplier, calibration } = await resolveCpuSlowdown(CPU_SETTING, CHROMIUM_PATH, CHROME_FLAGS);
  const cpu = multiplier ?? 4;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS });
  const visitors: Visitor[] = ["undecided", "decided"];
  const samples = new Map<string, Sample[]>();
  const loadBefore = loadavg().map(round1);
  for (let run = 0; run < RUNS; run += 1)
    for (const page of pages)
      for (const visitor of visitors) {
        const key = `${page.name}|${visitor}`;
        samples.set(key, [...(samples.get(key) ?? []), await measure(browser, upstreamUrl, page, visitor, cpu)]);
      }
  const rows = pages.flatMap((page) =>
    visitors.map((visitor) => {
      const list = samples.get(`${page.name}|${visitor}`) ?? [];
      const scripts = new Map<string, number[]>();
      for (const sample of list) for (const { script, ms } of sample.scripts) scripts.set(script, [...(scripts.get(script) ?? []), ms]);
      return {
        page: page.name,
        path: page.path,
        visitor,
        fcpMsMedian: round1(median(list.map((sample) => sample.fcpMs))),
        blockingAfterFcpMsMedian: round1(median(list.map((sample) => sample.blockingAfterFcpMs))),
        longestFrameMsMedian: round1(median(list.map((sample) => sample.longestFrameMs))),
        blockingAfterFcpMsRuns: list.map((sample) => sample.blockingAfterFcpMs),
        /** The long frames after FCP by kind (splitFrame), medians over the runs. */
        framesAfterFcpMsMedian: medianSplit(list.map((sample) => sample.split)),
        /** The same over every long frame of the load (before FCP too). */
        allFramesMsMedian: {
          total: round1(median(list.map((sample) => sample.longFramesTotalMs))),
          ...medianSplit(list.map((sample) => sample.splitAll)),
        },
        /** Scripts in frames after FCP, by their summed time over all runs divided by the runs. */
        topScripts: [...scripts]
          .map(([script, values]) => ({ script, msPerRun: round1(values.reduce((sum, value) => sum + value, 0) / list.length) }))
          .sort((a, b) => b.msPerRun - a.msPerRun)
          .slice(0, 5),
      };
    }),
  );
  const result = {
    measuredAt: new Date().toISOString(),
    commit: git("rev-parse", "--short", "HEAD"),
    command: "npm run build && npm run seed && npm run bench:frames",
    settings: {
      chromium: CHROMIUM_PATH,
      runs: RUNS,
      cpuSlowdown: cpu,
      ...(calibration ? { cpuCalibration: calibration } : {}),
      network: "not throttled",
      viewport: "412×823 at 1.75x, mobile, touch",
      settleMs: SETTLE_MS,
      cores: cpus().length,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg().map(round1),
    },
    rows,
  };
  writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    `page       visitor    FCP ms  blocking after FCP ms  longest frame ms  script / style+layout / paint ms   (CPU ${cpu}x, medians of ${RUNS})`,
  );
  for (const row of rows) {
    const split = row.framesAfterFcpMsMedian;
    console.log(
      `${row.page.padEnd(10)} ${row.visitor.padEnd(9)} ${String(row.fcpMsMedian).padStart(7)} ${String(row.blockingAfterFcpMsMedian).padStart(22)} ${String(row.longestFrameMsMedian).padStart(17)}  ${`${split.script} / ${split.styleAndLayout} / ${split.paintAndRest}`.padStart(31)}   ${row.topScripts[0]?.script ?? ""}`,
    );
  }
  console.log(`wrote ${OUT}`);
} finally {
  await browser?.close();
  stopWranglerDev(server);
}
