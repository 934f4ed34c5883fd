/**
 * What a page's first call into ICU costs in Debian's Chromium (CHROMIUM_PATH, default
 * /usr/bin/chromium): each probe runs in a fresh browser context on an empty page, once cold and
 * once warm; the reference is a number formatted without Intl (`toFixed`) in the same page.
 * Why the browser's code formats German numbers, dates and Berlin's clock itself
 * (domain/german-number.ts, domain/berlin-time.ts, domain/german-order.ts).
 *
 *   npm run bench:intl          # BENCH_INTL_RUNS (default 7), BENCH_INTL_CPU (CPU slowdown, default 1)
 *
 * Writes bench/results/intl-cost.json (BENCH_OUT). Needs no server.
 */
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { chromium } from "@playwright/test";
import { git, median, readKnobs, round1 } from "./bench-support.ts";

const knobs = readKnobs({ BENCH_INTL_RUNS: 7, BENCH_INTL_CPU: 1 });
const PROBES = [
  "reference: (1234.5).toFixed(1)",
  'Intl.NumberFormat("de-DE")',
  'Intl.NumberFormat("de-DE", currency EUR)',
  'Intl.DateTimeFormat("de-DE", long date, UTC)',
  "Intl.DateTimeFormat(Europe/Berlin)",
  'localeCompare(…, "de")',
] as const;

/** Runs in the page: the probe's code, cold and then warm, in ms. */
function measure(probe: (typeof PROBES)[number]): [number, number] {
  const code: Record<(typeof PROBES)[number], () => unknown> = {
    "reference: (1234.5).toFixed(1)": () => (1234.5).toFixed(1),
    'Intl.NumberFormat("de-DE")': () => new Intl.NumberFormat("de-DE").format(1234.5),
    'Intl.NumberFormat("de-DE", currency EUR)': () => new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(1234.5),
    'Intl.DateTimeFormat("de-DE", long date, UTC)': () =>
      new Intl.DateTimeFormat("de-DE", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date()),
    "Intl.DateTimeFormat(Europe/Berlin)": () =>
      new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Berlin", hour: "2-digit" }).format(new Date()),
    'localeCompare(…, "de")': () => "Ärztehaus".localeCompare("Arzt", "de"),
  };
  const run = () => {
    const start = performance.now();
    code[probe]();
    return performance.now() - start;
  };
  return [run(), run()];
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
const rows: { probe: string; coldMs: number; warmMs: number; coldRuns: number[] }[] = [];
try {
  for (const probe of PROBES) {
    const cold: number[] = [];
    const warm: number[] = [];
    for (let run = 0; run < knobs.BENCH_INTL_RUNS; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (knobs.BENCH_INTL_CPU > 1)
        await (await context.newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: knobs.BENCH_INTL_CPU });
      await page.setContent("<!doctype html><title>probe</title>");
      const [first, second] = await page.evaluate(measure, probe);
      cold.push(first ?? 0);
      warm.push(second ?? 0);
      await context.close();
    }
    rows.push({ probe, coldMs: round1(median(cold)), warmMs: round1(median(warm)), coldRuns: cold.map(round1) });
  }
} finally {
  await browser.close();
}

console.log(`first call into ICU in a fresh page (median of ${knobs.BENCH_INTL_RUNS}, CPU slowdown ${knobs.BENCH_INTL_CPU}x)`);
for (const row of rows)
  console.log(`${row.probe.padEnd(48)} cold ${String(row.coldMs).padStart(6)} ms   warm ${String(row.warmMs).padStart(5)} ms`);
writeFileSync(
  process.env.BENCH_OUT ?? "bench/results/intl-cost.json",
  `${JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      commit: git("rev-parse", "--short", "HEAD"),
      cores: cpus().length,
      loadAverage: loadavg(),
      cpuSlowdown: knobs.BENCH_INTL_CPU,
      rows,
    },
    null,
    2,
  )}\n`,
);
