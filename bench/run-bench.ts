/**
 * Foundation benchmark (issue 2): cold start of the production worker, and requests/s
 * for SSR pages vs a static asset served by the same workerd process.
 *
 *   npm run build && npm run seed && npm run bench        (needs `apt-get install wrk`)
 *
 * The worker is the production bundle (`wrangler deploy --dry-run`, NODE_ENV=production)
 * run by Miniflare 5 on one workerd process with the seeded local KV/D1 state
 * (.wrangler/state/v3, the state `wrangler dev` and `npm run seed` use). workerd itself
 * owns the listening sockets: no wrangler dev proxy (which caps near 600 req/s here) and
 * no Node proxy. Two ways in, both in that one process:
 *
 *   router  (the table that counts) bench/static-router.js in front of the app, as in
 *           TOOLCHAIN.md's reference set-up: files from a `disk` service, the rest to the
 *           app worker, gzip when accepted. All six URLs.
 *   entry   Miniflare's own front door: its entry worker plus its emulation of Workers
 *           static assets (router + asset worker), also gzip. Static file and `/` only,
 *           to show what that emulation costs (it caps static files far below `router`).
 *
 * Load comes from wrk on loopback, bounded: warm-up + ROUNDS × SECONDS per URL, URLs
 * interleaved per round. Every URL is checked for its expected status first, and again
 * after the load. See bench/README.md.
 *
 * Knobs: BENCH_ROUNDS (3), BENCH_SECONDS (8), BENCH_CONNECTIONS (16),
 * BENCH_WARMUP_SECONDS (2), BENCH_COLD_STARTS (3), BENCH_OUT (bench/results/foundation.json).
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { cpus, loadavg, release, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Miniflare, type MiniflareOptions } from "miniflare";
import {
  buildProductionBundle,
  COMPATIBILITY_DATE,
  D1_ID,
  fail,
  git,
  KV_ID,
  listenerProcess,
  median,
  packageVersion as version,
  round1,
  workerdVersion as readWorkerdVersion,
} from "./bench-support.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const COLD_STARTS = Number(process.env.BENCH_COLD_STARTS ?? 3);
const RESULT_FILE = process.env.BENCH_OUT ?? "bench/results/foundation.json";
const WARM_SAMPLES = 20;

// A desktop Chrome: the worker treats bots differently (isbot).
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
// Browsers always offer compression; both ways in then gzip like Cloudflare's edge does.
const ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const HEADERS = { "User-Agent": UA, "Accept-Encoding": ACCEPT_ENCODING, Accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

const BUNDLE_DIR = "bench/.work/bundle";
const PERSIST_ROOT = ".wrangler/state/v3";
// Snapshot of dist/client taken at start: a `vite build` running elsewhere mid-bench
// would otherwise swap files under the runtime (seen: 404s in the middle of a round).
const ASSETS_DIR = "bench/.work/assets";
const ROUTER_SOURCE = "bench/static-router.js";

// ---------------------------------------------------------------- preconditions
if (spawnSync("wrk", ["--version"]).error) fail("wrk is missing: apt-get install -y wrk");
if (!existsSync("dist/build-info.json") || !existsSync("dist/client")) fail("dist/ is missing: run `npm run build` first");
if (!existsSync(join(PERSIST_ROOT, "d1")) || !existsSync(join(PERSIST_ROOT, "kv"))) fail(`no seeded state in ${PERSIST_ROOT}: run \`npm run seed\` first`);
const buildInfo = JSON.parse(readFileSync("dist/build-info.json", "utf8")) as { entry: string; buildId: string };
rmSync(ASSETS_DIR, { recursive: true, force: true });
cpSync("dist/client", ASSETS_DIR, { recursive: true });
if (!existsSync(join(ASSETS_DIR, buildInfo.entry))) fail(`dist/client${buildInfo.entry} missing: dist/ changed while it was copied, run again`);
const loadBefore = loadavg().map(round1);
if (loadBefore[0]! > 0.5 * cpus().length) console.warn(`bench: load average ${loadBefore[0]} before start: other processes compete for the cores, numbers will be low and noisy`);

// ---------------------------------------------------------------- production bundle
const { modules, bundleBytes } = buildProductionBundle(BUNDLE_DIR);

// ---------------------------------------------------------------- runtime (Miniflare 5 options)
type WorkerSpec = MiniflareOptions["workers"][number];
const appEnv = {
  REDIRECTS: { type: "kv", id: KV_ID },
  DB: { type: "d1", id: D1_ID },
  ENVIRONMENT: { type: "text", value: "production" },
  CANONICAL_LOWERCASE: { type: "text", value: "true" },
} as const;
/** The app as wrangler.toml declares it: Workers static assets (Miniflare's emulation) in front. */
const appWithAssets: WorkerSpec = {
  config: {
    name: "dealership-site",
    compatibilityDate: COMPATIBILITY_DATE,
    manifest: { mainModule: "index.js", modules },
    env: { ...appEnv, ASSETS: { type: "assets" } },
    // As [assets] in wrangler.toml (directory: the dist/client snapshot); hasUserWorker:
    // asset misses go to the worker.
    assets: { directory: ASSETS_DIR, htmlHandling: "none", notFoundHandling: "none", hasUserWorker: true },
  },
};
/**
 * The same bundle without the assets layer, behind bench/static-router.js. (A service
 * binding to a worker that has `assets` always goes through Miniflare's asset router.)
 * The app never calls env.ASSETS at run time; a disk service stands in for it.
 */
const appBehindRouter: WorkerSpec = {
  config: {
    name: "dealership-site-behind-router",
    compatibilityDate: COMPATIBILITY_DATE,
    manifest: { mainModule: "index.js", modules },
    env: { ...appEnv, ASSETS: { type: "disk", path: resolve(ASSETS_DIR) } },
  },
};
const router: WorkerSpec = {
  config: {
    name: "bench-router",
    compatibilityDate: COMPATIBILITY_DATE,
    manifest: { mainModule: "router.js", modules: { "router.js": { type: "esm", contents: readFileSync(ROUTER_SOURCE, "utf8") } } },
    env: {
      STATIC: { type: "disk", path: resolve(ASSETS_DIR) },
      APP: { type: "worker", worker: "dealership-site-behind-router" },
    },
  },
  // Its own workerd socket (any free port), not through Miniflare's entry worker.
  dev: { unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }] },
};
const shared = {
  host: "127.0.0.1",
  port: 0, // any free loopback port (8787 and 8799 belong to others)
  resourcePersistencePath: PERSIST_ROOT,
  logRequests: false, // otherwise each request may post a log line to Node
  enableDevRegistry: false,
} satisfies Partial<MiniflareOptions>;

async function startRuntime(workers: WorkerSpec[]): Promise<{ mf: Miniflare; entry: URL; readyMs: number }> {
  const started = performance.now();
  const mf = new Miniflare({ ...shared, workers });
  const entry = await mf.ready;
  return { mf, entry, readyMs: performance.now() - started };
}

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  wireBytes: number;
  body: string;
  ms: number;
}

/** One GET with browser headers on a fresh connection, redirects not followed, body decoded by hand (wire size kept). */
function get(url: URL): Promise<RawResponse> {
  const started = performance.now();
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest(url, { method: "GET", headers: HEADERS, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const decoded = encoding === "gzip" ? gunzipSync(raw) : encoding === "br" ? brotliDecompressSync(raw) : raw;
        resolvePromise({ status: res.statusCode ?? 0, headers: res.headers, wireBytes: raw.length, body: decoded.toString("utf8"), ms: performance.now() - started });
      });
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout: ${url.href}`)));
    req.on("error", reject);
    req.end();
  });
}

// ---------------------------------------------------------------- targets
type Via = "router" | "entry";
interface Target {
  name: string;
  via: Via;
  path: string;
  status: number;
  check: (response: RawResponse) => string | undefined; // a problem, or undefined
}
const contentType = (r: RawResponse) => String(r.headers["content-type"] ?? "");
const isHtml = (r: RawResponse) => (contentType(r).startsWith("text/html") && r.body.includes("</html>") ? undefined : "not a complete HTML page");
const isJson = (r: RawResponse) => (contentType(r).includes("json") ? undefined : `content-type ${contentType(r)}`);
const STATIC_PATH = "/_build/latest.json";
const targets: Target[] = [
  { name: `static asset ${STATIC_PATH}`, via: "router", path: STATIC_PATH, status: 200, check: isJson },
  {
    name: "static JS entry",
    via: "router",
    path: buildInfo.entry,
    status: 200,
    check: (r) => (contentType(r).includes("javascript") ? undefined : `content-type ${contentType(r)}`),
  },
  {
    name: "SSR home /",
    via: "router",
    path: "/",
    status: 200,
    // The bundle embeds dist/build-info.json: its entry must be the snapshot's.
    check: (r) => isHtml(r) ?? (r.body.includes(buildInfo.entry) ? undefined : `page does not load ${buildInfo.entry}: dist/ changed after the snapshot, run again`),
  },
  { name: "SSR content page /impressum", via: "router", path: "/impressum", status: 200, check: isHtml },
  {
    name: "SSR vehicle page (D1)",
    via: "router",
    path: "/carfinder/100001-1-mercedes-benz-a-180-progressive",
    status: 200,
    check: (r) => isHtml(r) ?? (r.body.includes("A 180") ? undefined : 'vehicle data ("A 180") missing: is D1 seeded?'),
  },
  {
    name: "legacy redirect /angebote (KV)",
    via: "router",
    path: "/angebote",
    status: 301,
    check: (r) => (r.headers.location ? undefined : "no Location header: is KV seeded?"),
  },
  { name: `static asset ${STATIC_PATH}`, via: "entry", path: STATIC_PATH, status: 200, check: isJson },
  { name: "SSR home /", via: "entry", path: "/", status: 200, check: isHtml },
];
const key = (target: Target) => `${target.via} ${target.path}`;

interface Probe {
  via: Via;
  path: string;
  status: number;
  contentType: string | null;
  contentEncoding: string | null;
  location: string | null;
  wireBytes: number;
  decodedBytes: number;
}
async function verify(bases: Record<Via, URL>, when: string): Promise<Probe[]> {
  const probes: Probe[] = [];
  const problems: string[] = [];
  for (const target of targets) {
    const response = await get(new URL(target.path, bases[target.via]));
    const problem = response.status !== target.status ? `status ${response.status}, expected ${target.status}` : target.check(response);
    if (problem) problems.push(`${key(target)}: ${problem}`);
    probes.push({
      via: target.via,
      path: target.path,
      status: response.status,
      contentType: (response.headers["content-type"] as string | undefined) ?? null,
      contentEncoding: (response.headers["content-encoding"] as string | undefined) ?? null,
      location: (response.headers.location as string | undefined) ?? null,
      wireBytes: response.wireBytes,
      decodedBytes: Buffer.byteLength(response.body),
    });
  }
  if (problems.length) throw new Error(`${when}: unexpected responses\n  ${problems.join("\n  ")}`);
  return probes;
}

// ---------------------------------------------------------------- wrk
interface Run {
  requestsPerSecond: number;
  p50ms: number;
  p99ms: number;
  requests: number;
  non2xx3xx: number;
  socketErrors: number;
  bytesPerResponse: number;
}
function wrk(url: string, seconds: number): Run {
  const args = ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--timeout", "5s", "--latency", "-H", `User-Agent: ${UA}`, "-H", `Accept-Encoding: ${ACCEPT_ENCODING}`, url];
  const result = spawnSync("wrk", args, { encoding: "utf8", timeout: (seconds + 15) * 1000, killSignal: "SIGKILL" });
  const text = result.stdout ?? "";
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1]);
  if (result.status !== 0 || !Number.isFinite(rps)) throw new Error(`wrk failed on ${url} (exit ${result.status} ${result.error?.message ?? ""})\n${text}\n${result.stderr}`);
  const toMs = (value: string, unit: string) => Number(value) * (unit === "us" ? 0.001 : unit === "s" ? 1000 : 1);
  const latency = (label: string) => {
    const match = new RegExp(`^\\s+${label}%\\s+([\\d.]+)(us|ms|s)`, "m").exec(text);
    return match ? toMs(match[1]!, match[2]!) : Number.NaN;
  };
  const transfer = /Transfer\/sec:\s+([\d.]+)(B|KB|MB|GB)/.exec(text);
  const unit = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[(transfer?.[2] ?? "B") as "B"];
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  return {
    requestsPerSecond: rps,
    p50ms: latency("50"),
    p99ms: latency("99"),
    requests: Number(/(\d+) requests in/.exec(text)?.[1] ?? 0),
    non2xx3xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0),
    socketErrors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
    bytesPerResponse: transfer ? Math.round((Number(transfer[1]) * unit) / rps) : Number.NaN,
  };
}

// ---------------------------------------------------------------- cold start
// The app alone, as wrangler.toml declares it (assets included), through Miniflare's
// entry socket; a trivial worker gives the harness's own start-up for comparison.
interface Launch {
  baselineReadyMs: number;
  readyMs: number;
  firstSsrMs: number;
  warmSsrMedianMs: number;
}
const trivial: WorkerSpec = {
  config: {
    name: "trivial",
    compatibilityDate: COMPATIBILITY_DATE,
    manifest: { mainModule: "index.js", modules: { "index.js": { type: "esm", contents: "export default { fetch: () => new Response('ok') };" } } },
  },
};
const launches: Launch[] = [];
for (let i = 0; i < COLD_STARTS; i++) {
  const baseline = await startRuntime([trivial]);
  await baseline.mf.dispose();
  const { mf, entry, readyMs } = await startRuntime([appWithAssets]);
  try {
    const first = await get(new URL("/", entry));
    if (first.status !== 200) throw new Error(`cold start: / answered ${first.status}`);
    for (let w = 0; w < 5; w++) await get(new URL("/", entry));
    const warm: number[] = [];
    for (let w = 0; w < WARM_SAMPLES; w++) warm.push((await get(new URL("/", entry))).ms);
    const launch = { baselineReadyMs: round1(baseline.readyMs), readyMs: round1(readyMs), firstSsrMs: round1(first.ms), warmSsrMedianMs: round1(median(warm)) };
    launches.push(launch);
    console.log(`cold start ${i + 1}/${COLD_STARTS}: ready ${launch.readyMs} ms (trivial worker ${launch.baselineReadyMs} ms), first SSR / ${launch.firstSsrMs} ms, warm SSR / ${launch.warmSsrMedianMs} ms`);
  } finally {
    await mf.dispose();
  }
}

// ---------------------------------------------------------------- load
// appWithAssets first: Miniflare's entry socket routes to the first worker.
const { mf, entry } = await startRuntime([appWithAssets, appBehindRouter, router]);
const stop = () => void mf.dispose().finally(() => process.exit(130));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
const runs = new Map<Target, Run[]>(targets.map((target) => [target, []]));
const listeners: Record<Via, string> = { entry: "unknown", router: "unknown" };
let probes: Probe[];
try {
  const bases: Record<Via, URL> = { entry, router: await mf.unsafeGetDirectURL("bench-router") };
  for (const via of ["router", "entry"] as const) {
    listeners[via] = listenerProcess(bases[via].port);
    console.log(`${via}: ${bases[via].href} (listening process: ${listeners[via]})`);
  }
  probes = await verify(bases, "before load");
  for (const probe of probes) {
    console.log(`  ${probe.via} ${probe.path} → ${probe.status} ${probe.contentEncoding ?? "identity"}, ${probe.wireBytes} B on the wire (${probe.decodedBytes} B decoded)${probe.location ? ` → ${probe.location}` : ""}`);
  }
  if (WARMUP_S > 0) for (const target of targets) wrk(new URL(target.path, bases[target.via]).href, WARMUP_S);
  for (let round = 0; round < ROUNDS; round++) {
    // Interleave the URLs so machine noise hits every target alike.
    for (const target of targets) {
      const run = wrk(new URL(target.path, bases[target.via]).href, DURATION_S);
      runs.get(target)!.push(run);
      const errors = run.non2xx3xx || run.socketErrors ? ` (${run.non2xx3xx} non-2xx/3xx, ${run.socketErrors} socket errors)` : "";
      console.log(`round ${round + 1}/${ROUNDS} ${target.via} ${target.name}: ${Math.round(run.requestsPerSecond)} req/s${errors}`);
    }
  }
  await verify(bases, "after load");
} finally {
  await mf.dispose();
}

// ---------------------------------------------------------------- report
const staticRps: Record<Via, number> = { router: Number.NaN, entry: Number.NaN };
for (const [target, list] of runs) if (target.path === STATIC_PATH) staticRps[target.via] = median(list.map((run) => run.requestsPerSecond));
const rows = [...runs].map(([target, list]) => {
  const rps = median(list.map((run) => run.requestsPerSecond));
  return {
    via: target.via,
    name: target.name,
    path: target.path,
    status: target.status,
    requestsPerSecond: Math.round(rps),
    ratioToStatic: Number((rps / staticRps[target.via]).toFixed(3)),
    p50ms: round1(median(list.map((run) => run.p50ms))),
    p99ms: round1(median(list.map((run) => run.p99ms))),
    bytesPerResponse: median(list.map((run) => run.bytesPerResponse)),
    non2xx3xx: list.reduce((sum, run) => sum + run.non2xx3xx, 0),
    socketErrors: list.reduce((sum, run) => sum + run.socketErrors, 0),
    requests: list.reduce((sum, run) => sum + run.requests, 0),
    roundsRequestsPerSecond: list.map((run) => Math.round(run.requestsPerSecond)),
  };
});
const workerdVersion = readWorkerdVersion();
const result = {
  date: new Date().toISOString(),
  source: { commit: git("rev-parse", "--short", "HEAD"), uncommittedFiles: git("status", "--porcelain").split("\n").filter(Boolean).length, buildId: buildInfo.buildId },
  machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? "cpu"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Linux ${release()}; wrk and workerd share the cores`,
  loadAverage: { before: loadBefore, after: loadavg().map(round1) },
  runtime: {
    via: `miniflare ${version("miniflare")} on workerd ${workerdVersion}, one workerd process (no wrangler dev, no Node proxy)`,
    listeningProcess: listeners,
    node: process.version,
    wrangler: version("wrangler"),
    compatibilityDate: COMPATIBILITY_DATE,
    bundleBytes,
    persist: PERSIST_ROOT,
    ways: {
      router: "bench/static-router.js on its own workerd socket: files from a disk service (snapshot of dist/client), the rest to the app worker (production bundle, KV + D1 from .wrangler/state/v3), gzip via Content-Encoding when accepted. Reference set-up of TOOLCHAIN.md.",
      entry: "Miniflare's entry socket: entry worker + Miniflare's Workers static assets emulation (rpc proxy, asset router, asset worker, assets KV) + the same app; gzip like Cloudflare's edge.",
    },
  },
  load: {
    tool: `wrk -t1 -c${CONNECTIONS} -d${DURATION_S}s --latency, ${ROUNDS} interleaved rounds after ${WARMUP_S} s warm-up per URL`,
    headers: { "User-Agent": UA, "Accept-Encoding": ACCEPT_ENCODING },
    rounds: ROUNDS,
    secondsPerRound: DURATION_S,
    connections: CONNECTIONS,
  },
  coldStart: {
    launches,
    median: {
      trivialWorkerReadyMs: round1(median(launches.map((launch) => launch.baselineReadyMs))),
      readyMs: round1(median(launches.map((launch) => launch.readyMs))),
      firstSsrMs: round1(median(launches.map((launch) => launch.firstSsrMs))),
      warmSsrMs: round1(median(launches.map((launch) => launch.warmSsrMedianMs))),
    },
    note: "readyMs: new Miniflare() with the app (+ assets) until workerd's socket accepts: Miniflare set-up, workerd start, compiling and evaluating the bundle. trivialWorkerReadyMs: the same for a one-line worker (the harness's share). firstSsrMs: the first GET / on that runtime, fresh connection. warmSsrMs: median of 20 sequential GET / after 5 warm-ups, fresh connection each.",
  },
  responses: probes!,
  rows,
};
mkdirSync(dirname(RESULT_FILE), { recursive: true });
writeFileSync(RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`);
const m = result.coldStart.median;
console.log(`\ncold start (median of ${launches.length}): ready ${m.readyMs} ms (trivial worker ${m.trivialWorkerReadyMs} ms), first SSR / ${m.firstSsrMs} ms, warm SSR / ${m.warmSsrMs} ms`);
console.table(rows.map(({ roundsRequestsPerSecond, path, status, requests, ...row }) => row));
console.log(`load average before ${loadBefore.join(" ")}, after ${result.loadAverage.after.join(" ")}; written to ${RESULT_FILE}`);
