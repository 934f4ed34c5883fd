/**
 * Bounded loopback load test: a mix of SSR pages, the search API, a legacy
 * redirect and static assets at a fixed arrival rate, and the proof that the site holds it with
 * 0 errors. The production bundle runs on Miniflare/workerd with the seeded KV/D1 state, behind
 * bench/static-router.js (the stand-in for Workers static assets, as in bench/run-bench.ts), the
 * rendered-HTML cache on as in production.
 *
 *   npm run build && npm run seed && npm run bench:load
 *
 * Open loop: requests start on a fixed schedule (LOAD_RATE per second for LOAD_SECONDS, after
 * LOAD_WARMUP_SECONDS at half the rate), whatever the answers do, so a slow server shows up as
 * latency and as a missed rate instead of silently lowering the load (no coordinated omission).
 * At most LOAD_MAX_IN_FLIGHT requests are outstanding; a start that would exceed it counts as
 * missed. Loopback only, bounded in count and time (DEVELOPERS.md).
 *
 * Fails (exit 1) on any error — a status other than the one expected for the URL, a network error,
 * a timeout (LOAD_TIMEOUT_MS) — or when fewer than 99 % of the scheduled requests could start.
 * Knobs: LOAD_RATE (300), LOAD_SECONDS (30), LOAD_WARMUP_SECONDS (3), LOAD_MAX_IN_FLIGHT (64),
 * LOAD_TIMEOUT_MS (5000), BENCH_OUT (bench/results/load.json).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { cpus, loadavg, release, totalmem } from "node:os";
import { dirname } from "node:path";
import { Miniflare } from "miniflare";
import { vehiclePath } from "../domain/site-paths.ts";
import {
  appWorker,
  buildProductionBundle,
  fail,
  git,
  percentile,
  readKnobs,
  round1,
  round2,
  runtimeOptions,
  staticRouterWorker,
} from "./bench-support.ts";

const {
  LOAD_RATE: RATE,
  LOAD_SECONDS: SECONDS,
  LOAD_WARMUP_SECONDS: WARMUP_SECONDS,
  LOAD_MAX_IN_FLIGHT: MAX_IN_FLIGHT,
  LOAD_TIMEOUT_MS: TIMEOUT_MS,
} = readKnobs({ LOAD_RATE: 300, LOAD_SECONDS: 30, LOAD_WARMUP_SECONDS: 3, LOAD_MAX_IN_FLIGHT: 64, LOAD_TIMEOUT_MS: 5000 });
const RESULT_FILE = process.env.BENCH_OUT ?? "bench/results/load.json";
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
if (!(RATE > 0 && RATE <= 2000 && SECONDS > 0 && SECONDS <= 300)) fail("LOAD_RATE must be 1..2000 and LOAD_SECONDS 1..300 (bounded load)");
if (!existsSync("dist/build-info.json")) fail("dist/ is missing: run `npm run build` first");
if (!existsSync(".wrangler/state/v3/d1")) fail("no seeded state: run `npm run seed` first");

const buildInfo = JSON.parse(readFileSync("dist/build-info.json", "utf8")) as { entry: string; stylesheets?: string[] };

type Kind = "ssr" | "api" | "redirect" | "static";
interface Target {
  kind: Kind;
  path: string;
  status: number;
  weight: number;
}
/** The mix: what a browsing visitor's session asks for, roughly (pages, their search calls, assets). */
const TARGETS: Target[] = [
  { kind: "ssr", path: "/", status: 200, weight: 6 },
  { kind: "ssr", path: "/werkstatt", status: 200, weight: 3 },
  { kind: "ssr", path: "/carfinder", status: 200, weight: 6 },
  { kind: "ssr", path: "/carfinder?brand=mercedes-benz&fuel=diesel", status: 200, weight: 3 },
  { kind: "ssr", path: "/carfinder?bodystyle=suv&sorting=price-asc&seite=2", status: 200, weight: 2 },
  { kind: "ssr", path: "/carfinder/100001-1-mercedes-benz-a-180-progressive", status: 200, weight: 2 },
  { kind: "ssr", path: "/carfinder/vergleichen?ids=100001,100002,100003", status: 200, weight: 1 },
  { kind: "ssr", path: "/center/center-goslar", status: 200, weight: 2 },
  { kind: "ssr", path: "/standorte", status: 200, weight: 1 },
  { kind: "ssr", path: "/ansprechpartner?abteilung=verkauf", status: 200, weight: 1 },
  { kind: "ssr", path: "/mercedes-benz/modelle", status: 200, weight: 1 },
  { kind: "ssr", path: "/gibt-es-nicht-xyz", status: 404, weight: 1 },
  { kind: "api", path: "/api/vehicles/search", status: 200, weight: 4 },
  { kind: "api", path: "/api/vehicles/search?brand=mercedes-benz&sorting=price-asc", status: 200, weight: 3 },
  { kind: "api", path: "/api/vehicles/search?bodystyle=suv&fuel=electric&page=2", status: 200, weight: 2 },
  { kind: "api", path: "/api/locations", status: 200, weight: 1 },
  { kind: "redirect", path: "/angebote?utm_source=newsletter", status: 301, weight: 1 },
  { kind: "static", path: buildInfo.entry, status: 200, weight: 6 },
  ...(buildInfo.stylesheets ?? []).map((path): Target => ({ kind: "static", path, status: 200, weight: 4 })),
  { kind: "static", path: "/images/vehicles/suv-blue-1.svg", status: 200, weight: 6 },
  { kind: "static", path: "/favicon.svg", status: 200, weight: 2 },
];
let schedule: Target[] = [];

// ---------------------------------------------------------------- runtime
const { modules } = buildProductionBundle("bench/.work/load-bundle");
const app = appWorker("dealership-site", modules, { assets: "dist/client" });
const router = staticRouterWorker("load-router", "dealership-site", "dist/client");
const mf = new Miniflare({ ...runtimeOptions(), workers: [router, app] });
await mf.ready;
const base = await mf.unsafeGetDirectURL("load-router");

// ---------------------------------------------------------------- client
const agent = new Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
interface Outcome {
  target: Target;
  ms: number;
  error: string | null;
}
function hit(target: Target): Promise<Outcome> {
  const started = performance.now();
  return new Promise((done) => {
    const finish = (error: string | null) => done({ target, ms: performance.now() - started, error });
    const req = httpRequest(
      new URL(target.path, base),
      { agent, timeout: TIMEOUT_MS, headers: { "User-Agent": UA, Accept: "text/html,*/*", "Accept-Encoding": "gzip" } },
      (res) => {
        res.resume();
        res.on("end", () =>
          finish(res.statusCode === target.status ? null : `${target.path}: ${res.statusCode} (expected ${target.status})`),
        );
        res.on("error", (error) => finish(`${target.path}: ${error.message}`));
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timeout after ${TIMEOUT_MS} ms`)));
    req.on("error", (error) => finish(`${target.path}: ${error.message}`));
    req.end();
  });
}

/** Starts `rate` requests a second for `seconds`, cycling through the mix; returns what came back. */
async function run(
  rate: number,
  seconds: number,
): Promise<{ outcomes: Outcome[]; scheduled: number; missed: number; wallSeconds: number }> {
  const scheduled = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const pending: Array<Promise<Outcome>> = [];
  let inFlight = 0;
  let missed = 0;
  const started = performance.now();
  for (let index = 0; index < scheduled; index++) {
    const due = started + index * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolveWait) => setTimeout(resolveWait, wait));
    if (inFlight >= MAX_IN_FLIGHT) {
      missed++;
      continue;
    }
    inFlight++;
    pending.push(hit(schedule[index % schedule.length]!).finally(() => inFlight--));
  }
  const outcomes = await Promise.all(pending);
  return { outcomes, scheduled, missed, wallSeconds: (performance.now() - started) / 1000 };
}

// ---------------------------------------------------------------- load
const loadBefore = loadavg().map(round1);
try {
  // Vehicle pages spread over the stock: the first page of a search names real ones (their D1 rows, not one hot row).
  const search = (await (await fetch(new URL("/api/vehicles/search?sorting=price-asc", base))).json()) as {
    vehicles?: Array<{ id: number; slug: string }>;
  };
  const vehicles = (search.vehicles ?? []).slice(0, 8);
  if (vehicles.length < 8) fail("the search API named fewer than 8 vehicles: is the state seeded?");
  TARGETS.push(...vehicles.map((vehicle): Target => ({ kind: "ssr", path: vehiclePath(vehicle), status: 200, weight: 1 })));
  schedule = TARGETS.flatMap((target) => Array.from({ length: target.weight }, () => target));
  for (const target of TARGETS) {
    const probe = await hit(target);
    if (probe.error) fail(`probe before the load: ${probe.error}`);
  }
  if (WARMUP_SECONDS > 0) await run(Math.max(1, Math.round(RATE / 2)), WARMUP_SECONDS);
  console.log(`load: ${RATE} req/s for ${SECONDS} s over ${TARGETS.length} URLs (${base.origin})…`);
  const { outcomes, scheduled, missed, wallSeconds } = await run(RATE, SECONDS);
  const errors = outcomes.filter((outcome) => outcome.error !== null);
  const byKind = (["ssr", "api", "redirect", "static"] as const).map((kind) => {
    const ms = outcomes.filter((outcome) => outcome.target.kind === kind).map((outcome) => outcome.ms);
    return {
      kind,
      requests: ms.length,
      p50Ms: round2(percentile(ms, 50)),
      p95Ms: round2(percentile(ms, 95)),
      p99Ms: round2(percentile(ms, 99)),
      maxMs: round2(Math.max(...ms)),
    };
  });
  const all = outcomes.map((outcome) => outcome.ms);
  const result = {
    date: new Date().toISOString(),
    commit: git("rev-parse", "--short", "HEAD"),
    machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Linux ${release()}; client and workerd share the cores`,
    loadAverageBefore: loadBefore,
    command: "npm run build && npm run seed && npm run bench:load",
    targetRate: RATE,
    seconds: SECONDS,
    scheduled,
    started: outcomes.length,
    missed,
    achievedRate: round1(outcomes.length / wallSeconds),
    errors: errors.length,
    errorSamples: [...new Set(errors.map((error) => error.error))].slice(0, 10),
    latency: {
      p50Ms: round2(percentile(all, 50)),
      p95Ms: round2(percentile(all, 95)),
      p99Ms: round2(percentile(all, 99)),
      maxMs: round2(Math.max(...all)),
    },
    byKind,
    mix: TARGETS.map(({ kind, path, status, weight }) => ({ kind, path, status, weight })),
  };
  mkdirSync(dirname(RESULT_FILE), { recursive: true });
  writeFileSync(RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`);
  console.table(byKind);
  console.log(
    `scheduled ${scheduled}, started ${outcomes.length} (missed ${missed}), achieved ${result.achievedRate} req/s, errors ${errors.length}; all p50 ${result.latency.p50Ms} ms, p99 ${result.latency.p99Ms} ms → ${RESULT_FILE}`,
  );
  if (errors.length > 0) fail(`${errors.length} errors, e.g. ${result.errorSamples.join("; ")}`);
  if (outcomes.length < 0.99 * scheduled)
    fail(
      `only ${outcomes.length} of ${scheduled} scheduled requests could start (more than ${MAX_IN_FLIGHT} in flight): the site did not hold ${RATE} req/s`,
    );
} finally {
  agent.destroy();
  await mf.dispose();
}
