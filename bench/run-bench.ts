/**
 * Foundation benchmark: cold start of the production worker, and requests/s
 * for SSR pages vs a static asset served by the same workerd process.
 *
 *   npm run build && npm run seed && npm run bench        (needs `apt-get install wrk`)
 *
 * The worker is the production bundle (`wrangler deploy --dry-run`, NODE_ENV=production)
 * run by Miniflare 5 on one workerd process with the seeded local KV/D1 state
 * (.wrangler/state/v3, the state `wrangler dev` and `npm run seed` use). workerd itself
 * owns the listening sockets: no wrangler dev proxy (which caps near 600 req/s here) and
 * no Node proxy. Three ways in, all in that one process:
 *
 *   router  (the table that counts) bench/static-router.js in front of the app, as in
 *           TOOLCHAIN.md's reference set-up: files from a `disk` service, the rest to the
 *           app worker, gzip when accepted. The HTML cache works: home and content pages
 *           are cache hits after the first request.
 *   uncached the same router in front of a copy of the app with the rendered-HTML cache
 *           switched off (`HTML_CACHE=off`): every page is rendered, nothing is stored.
 *           The uncached SSR figures.
 *   entry   Miniflare's own front door: its entry worker plus its emulation of Workers
 *           static assets (router + asset worker), also gzip. Static file and `/` only,
 *           to show what that emulation costs (it caps static files far below `router`).
 *
 * Load comes from wrk on loopback, bounded: warm-up + ROUNDS × SECONDS per URL, URLs
 * interleaved per round. Every URL is checked for its expected status first, and again
 * after the load. Then the CPU each request costs: BENCH_CPU_SAMPLES sequential requests per
 * URL on one keep-alive connection, each measured as the workerd process's CPU time across it
 * (/proc/<pid>/task/* /schedstat, all threads: router, app, KV/D1 emulation, HTTP). See
 * bench/README.md.
 *
 * Knobs: BENCH_ROUNDS (3), BENCH_SECONDS (5), BENCH_CONNECTIONS (16), BENCH_WARMUP_SECONDS (1),
 * BENCH_COLD_STARTS (3), BENCH_CPU_SAMPLES (100), BENCH_OUT (bench/results/foundation.json).
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { cpus, loadavg, release, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Miniflare } from "miniflare";
import {
  appBindings,
  appWorker,
  buildProductionBundle,
  COMPATIBILITY_DATE,
  fail,
  git,
  listenerPid,
  listenerProcess,
  median,
  percentile,
  processCpuNs,
  packageVersion as version,
  readKnobs,
  round1,
  round2,
  runtimeOptions,
  staticRouterWorker,
  workerdVersion as readWorkerdVersion,
  type WorkerSpec,
} from "./bench-support.ts";

const {
  BENCH_ROUNDS: ROUNDS,
  BENCH_SECONDS: DURATION_S,
  BENCH_CONNECTIONS: CONNECTIONS,
  BENCH_WARMUP_SECONDS: WARMUP_S,
  BENCH_COLD_STARTS: COLD_STARTS,
  BENCH_CPU_SAMPLES: CPU_SAMPLES,
} = readKnobs({
  BENCH_ROUNDS: 3,
  BENCH_SECONDS: 5,
  BENCH_CONNECTIONS: 16,
  BENCH_WARMUP_SECONDS: 1,
  BENCH_COLD_STARTS: 3,
  BENCH_CPU_SAMPLES: 100,
});
const RESULT_FILE = process.env.BENCH_OUT ?? "bench/results/foundation.json";
/**
 * Each URL is loaded twice per round: as browsers ask (gzip: the bench router compresses in the
 * measured workerd process, as Cloudflare's edge does outside the worker) and with
 * `Accept-Encoding: identity` (the worker's own share, as TOOLCHAIN.md's reference ratio of the
 * official template was measured on bare workerd, which compresses nothing).
 */
const ENCODINGS = ["gzip", "identity"] as const;
type Encoding = (typeof ENCODINGS)[number];
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

// ---------------------------------------------------------------- preconditions
if (spawnSync("wrk", ["--version"]).error) fail("wrk is missing: apt-get install -y wrk");
if (!existsSync("dist/build-info.json") || !existsSync("dist/client")) fail("dist/ is missing: run `npm run build` first");
if (!existsSync(join(PERSIST_ROOT, "d1")) || !existsSync(join(PERSIST_ROOT, "kv")))
  fail(`no seeded state in ${PERSIST_ROOT}: run \`npm run seed\` first`);
const buildInfo = JSON.parse(readFileSync("dist/build-info.json", "utf8")) as {
  entry: string;
  buildId: string;
  editorial: { entry: string };
};
rmSync(ASSETS_DIR, { recursive: true, force: true });
cpSync("dist/client", ASSETS_DIR, { recursive: true });
if (!existsSync(join(ASSETS_DIR, buildInfo.entry)))
  fail(`dist/client${buildInfo.entry} missing: dist/ changed while it was copied, run again`);
const loadBefore = loadavg().map(round1);
if (loadBefore[0]! > 0.5 * cpus().length)
  console.warn(`bench: load average ${loadBefore[0]} before start: other processes compete for the cores, numbers will be low and noisy`);

// ---------------------------------------------------------------- production bundle
const { modules, bundleBytes } = buildProductionBundle(BUNDLE_DIR);

// ---------------------------------------------------------------- runtime (Miniflare 5 options)
const appEnv = appBindings();
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
const appBehindRouter = appWorker("dealership-site-behind-router", modules, { assets: ASSETS_DIR });
/** The same again with the rendered-HTML cache (ADR 0036) switched off: every page renders. */
const appUncached = appWorker("dealership-site-uncached", modules, { assets: ASSETS_DIR, htmlCache: false });
/** bench/static-router.js in front of an app copy (bench-support.ts). */
const routerTo = (name: string, app: string) => staticRouterWorker(name, app, ASSETS_DIR);
const router = routerTo("bench-router", "dealership-site-behind-router");
const routerUncached = routerTo("bench-router-uncached", "dealership-site-uncached");
async function startRuntime(workers: WorkerSpec[]): Promise<{ mf: Miniflare; entry: URL; readyMs: number }> {
  const started = performance.now();
  const mf = new Miniflare({ ...runtimeOptions(PERSIST_ROOT), workers });
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
        resolvePromise({
          status: res.statusCode ?? 0,
          headers: res.headers,
          wireBytes: raw.length,
          body: decoded.toString("utf8"),
          ms: performance.now() - started,
        });
      });
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout: ${url.href}`)));
    req.on("error", reject);
    req.end();
  });
}

/** The workerd process's CPU for each of `samples` sequential GETs on one keep-alive connection, in ms. */
async function cpuPerRequest(url: URL, pid: number, samples: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  // Identity encoding: Cloudflare's edge compresses outside the worker's CPU time.
  const headers = { "User-Agent": UA, Accept: HEADERS.Accept };
  const once = () =>
    new Promise<void>((resolvePromise, reject) => {
      const req = httpRequest(url, { method: "GET", headers, agent }, (res) => {
        res.resume();
        res.on("end", () => resolvePromise());
        res.on("error", reject);
      });
      req.setTimeout(10_000, () => req.destroy(new Error(`timeout: ${url.href}`)));
      req.on("error", reject);
      req.end();
    });
  const settle = () => new Promise((resolvePromise) => setTimeout(resolvePromise, 2));
  for (let i = 0; i < 10; i++) await once();
  const values: number[] = [];
  for (let i = 0; i < samples; i++) {
    await settle(); // work after the response (waitUntil) belongs to the request before
    const before = processCpuNs(pid);
    await once();
    await settle();
    values.push((processCpuNs(pid) - before) / 1e6);
  }
  agent.destroy();
  return values;
}

// ---------------------------------------------------------------- targets
type Via = "router" | "uncached" | "entry";
/** What a row measures: the ratio budgets apply per kind. */
type Kind = "static" | "ssr" | "ssr-cached" | "redirect";
interface Target {
  name: string;
  via: Via;
  kind: Kind;
  path: string;
  status: number;
  check: (response: RawResponse) => string | undefined; // a problem, or undefined
}
const contentType = (r: RawResponse) => String(r.headers["content-type"] ?? "");
const isHtml = (r: RawResponse) =>
  contentType(r).startsWith("text/html") && r.body.includes("</html>") ? undefined : "not a complete HTML page";
const isJson = (r: RawResponse) => (contentType(r).includes("json") ? undefined : `content-type ${contentType(r)}`);
const STATIC_PATH = "/_build/latest.json";
const VEHICLE_PATH = "/carfinder/100001-1-mercedes-benz-a-180-progressive";
/** The app's entry, or the islands entry of editorial pages (ADR 0017): either proves the page is of this build. */
const loadsEntry = (r: RawResponse) =>
  isHtml(r) ??
  (r.body.includes(buildInfo.entry) || r.body.includes(buildInfo.editorial.entry)
    ? undefined
    : `page loads neither ${buildInfo.entry} nor ${buildInfo.editorial.entry}: dist/ changed after the snapshot, run again`);
const cardCount = (r: RawResponse) => (r.body.match(/<article class="vehicle-card[ "]/g) ?? []).length;
const hasCards = (min: number) => (r: RawResponse) =>
  isHtml(r) ?? (cardCount(r) >= min ? undefined : `${cardCount(r)} vehicle cards, expected ≥ ${min}: is D1 seeded?`);
const htmlCache = (r: RawResponse) => String(r.headers["x-html-cache"] ?? "none");
const cacheHit = (r: RawResponse) => loadsEntry(r) ?? (htmlCache(r) === "hit" ? undefined : `X-Html-Cache ${htmlCache(r)}, expected hit`);
const rendered = (check: (r: RawResponse) => string | undefined) => (r: RawResponse) =>
  check(r) ?? (htmlCache(r) === "hit" ? "X-Html-Cache hit on the uncached app" : undefined);
/** The SSR page set: every page type, rendered every time. */
const ssrPages: Array<{ name: string; path: string; check: (r: RawResponse) => string | undefined }> = [
  { name: "home /", path: "/", check: loadsEntry },
  { name: "content /werkstatt", path: "/werkstatt", check: isHtml },
  { name: "content /impressum", path: "/impressum", check: isHtml },
  { name: "carfinder /carfinder (24 cards, facets)", path: "/carfinder", check: hasCards(24) },
  { name: "carfinder filtered", path: "/carfinder?brand=mercedes-benz&fuel=diesel&seite=2", check: hasCards(1) },
  {
    name: "vehicle page (D1)",
    path: VEHICLE_PATH,
    check: (r) => isHtml(r) ?? (r.body.includes("A 180") ? undefined : 'vehicle data ("A 180") missing: is D1 seeded?'),
  },
  {
    name: "compare, 3 vehicles",
    path: "/carfinder/vergleichen?ids=100001,100002,100003",
    check: (r) => isHtml(r) ?? (r.body.includes("A 180") ? undefined : "compared vehicle missing"),
  },
  {
    name: "location /center/center-goslar",
    path: "/center/center-goslar",
    check: (r) => isHtml(r) ?? (r.body.includes("Goslar") ? undefined : "location name missing"),
  },
];
const targets: Target[] = [
  { name: `static asset ${STATIC_PATH}`, via: "router", kind: "static", path: STATIC_PATH, status: 200, check: isJson },
  {
    name: "static JS entry",
    via: "router",
    kind: "static",
    path: buildInfo.entry,
    status: 200,
    check: (r) => (contentType(r).includes("javascript") ? undefined : `content-type ${contentType(r)}`),
  },
  ...ssrPages.map(
    ({ name, path, check }): Target => ({ name: `SSR ${name}`, via: "uncached", kind: "ssr", path, status: 200, check: rendered(check) }),
  ),
  // The HTML cache's pages (home, content) as returning visitors' requests meet them.
  { name: "cached home /", via: "router", kind: "ssr-cached", path: "/", status: 200, check: cacheHit },
  { name: "cached content /werkstatt", via: "router", kind: "ssr-cached", path: "/werkstatt", status: 200, check: cacheHit },
  {
    name: "legacy redirect /angebote (KV)",
    via: "router",
    kind: "redirect",
    path: "/angebote",
    status: 301,
    check: (r) => (r.headers.location ? undefined : "no Location header: is KV seeded?"),
  },
  { name: `static asset ${STATIC_PATH}`, via: "entry", kind: "static", path: STATIC_PATH, status: 200, check: isJson },
  { name: "SSR home /", via: "entry", kind: "ssr-cached", path: "/", status: 200, check: isHtml },
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
function wrk(url: string, seconds: number, encoding: Encoding = "gzip"): Run {
  const acceptEncoding = encoding === "gzip" ? ACCEPT_ENCODING : "identity";
  const args = [
    "-t1",
    `-c${CONNECTIONS}`,
    `-d${seconds}s`,
    "--timeout",
    "5s",
    "--latency",
    "-H",
    `User-Agent: ${UA}`,
    "-H",
    `Accept-Encoding: ${acceptEncoding}`,
    url,
  ];
  const result = spawnSync("wrk", args, { encoding: "utf8", timeout: (seconds + 15) * 1000, killSignal: "SIGKILL" });
  const text = result.stdout ?? "";
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1]);
  if (result.status !== 0 || !Number.isFinite(rps))
    throw new Error(`wrk failed on ${url} (exit ${result.status} ${result.error?.message ?? ""})\n${text}\n${result.stderr}`);
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
    manifest: {
      mainModule: "index.js",
      modules: { "index.js": { type: "esm", contents: "export default { fetch: () => new Response('ok') };" } },
    },
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
    const launch = {
      baselineReadyMs: round1(baseline.readyMs),
      readyMs: round1(readyMs),
      firstSsrMs: round1(first.ms),
      warmSsrMedianMs: round1(median(warm)),
    };
    launches.push(launch);
    console.log(
      `cold start ${i + 1}/${COLD_STARTS}: ready ${launch.readyMs} ms (trivial worker ${launch.baselineReadyMs} ms), first SSR / ${launch.firstSsrMs} ms, warm SSR / ${launch.warmSsrMedianMs} ms`,
    );
  } finally {
    await mf.dispose();
  }
}

// ---------------------------------------------------------------- load
// appWithAssets first: Miniflare's entry socket routes to the first worker.
const { mf, entry } = await startRuntime([appWithAssets, appBehindRouter, appUncached, router, routerUncached]);
const stop = () => void mf.dispose().finally(() => process.exit(130));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
const runs = new Map<Target, Run[]>(targets.map((target) => [target, []]));
const identityRuns = new Map<Target, Run[]>(targets.map((target) => [target, []]));
const listeners: Record<Via, string> = { entry: "unknown", router: "unknown", uncached: "unknown" };
const cpu = new Map<Target, number[]>();
let probes: Probe[];
try {
  const bases: Record<Via, URL> = {
    entry,
    router: await mf.unsafeGetDirectURL("bench-router"),
    uncached: await mf.unsafeGetDirectURL("bench-router-uncached"),
  };
  for (const via of ["router", "uncached", "entry"] as const) {
    listeners[via] = listenerProcess(bases[via].port);
    console.log(`${via}: ${bases[via].href} (listening process: ${listeners[via]})`);
  }
  // The cached rows' first request fills the cache (a miss), so warm them before the check.
  for (const target of targets)
    if (target.kind === "ssr-cached") for (let i = 0; i < 3; i++) await get(new URL(target.path, bases[target.via]));
  probes = await verify(bases, "before load");
  for (const probe of probes) {
    console.log(
      `  ${probe.via} ${probe.path} → ${probe.status} ${probe.contentEncoding ?? "identity"}, ${probe.wireBytes} B on the wire (${probe.decodedBytes} B decoded)${probe.location ? ` → ${probe.location}` : ""}`,
    );
  }
  if (WARMUP_S > 0) for (const target of targets) wrk(new URL(target.path, bases[target.via]).href, WARMUP_S);
  for (let round = 0; round < ROUNDS; round++) {
    // Interleave the URLs so machine noise hits every target alike.
    for (const target of targets) {
      for (const encoding of ENCODINGS) {
        const run = wrk(new URL(target.path, bases[target.via]).href, DURATION_S, encoding);
        (encoding === "gzip" ? runs : identityRuns).get(target)!.push(run);
        const errors = run.non2xx3xx || run.socketErrors ? ` (${run.non2xx3xx} non-2xx/3xx, ${run.socketErrors} socket errors)` : "";
        console.log(
          `round ${round + 1}/${ROUNDS} ${target.via} ${target.name} (${encoding}): ${Math.round(run.requestsPerSecond)} req/s${errors}`,
        );
      }
    }
  }
  await verify(bases, "after load");
  const pid = listenerPid(bases.router.port);
  if (pid === undefined) throw new Error("no pid behind the router socket");
  if (pid !== listenerPid(bases.uncached.port)) throw new Error("the two routers are not one workerd process");
  for (const target of targets) {
    if (target.via === "entry" || target.path === buildInfo.entry) continue;
    const values = await cpuPerRequest(new URL(target.path, bases[target.via]), pid, CPU_SAMPLES);
    cpu.set(target, values);
    console.log(`cpu ${target.via} ${target.name}: p50 ${round2(median(values))} ms, p90 ${round2(percentile(values, 90))} ms`);
  }
} finally {
  await mf.dispose();
}

// ---------------------------------------------------------------- report
function staticReference(from: Map<Target, Run[]>): Record<Via, number> {
  const reference: Record<Via, number> = { router: Number.NaN, uncached: Number.NaN, entry: Number.NaN };
  for (const [target, list] of from)
    if (target.path === STATIC_PATH) reference[target.via] = median(list.map((run) => run.requestsPerSecond));
  // Both routers are the same script in the same process: the uncached rows share the router's static reference.
  reference.uncached = reference.router;
  return reference;
}
const staticRps = staticReference(runs);
const staticIdentityRps = staticReference(identityRuns);
const staticCpu = median(cpu.get(targets.find((target) => target.via === "router" && target.path === STATIC_PATH)!) ?? [Number.NaN]);
/** The budgets: uncached SSR ≥ 0.13 of static at ≤ 5 ms CPU p50, cached HTML ≥ 0.5 at ≤ 1 ms. */
const BUDGETS: Partial<Record<Kind, { ratio: number; cpuP50Ms: number }>> = {
  ssr: { ratio: 0.13, cpuP50Ms: 5 },
  "ssr-cached": { ratio: 0.5, cpuP50Ms: 1 },
};
const rows = [...runs].map(([target, list]) => {
  const rps = median(list.map((run) => run.requestsPerSecond));
  const identityRps = median(identityRuns.get(target)!.map((run) => run.requestsPerSecond));
  const within = (ratio: number) => {
    const budget = BUDGETS[target.kind];
    if (!budget || target.via === "entry") return null;
    return ratio >= budget.ratio && (cpu.has(target) ? median(cpu.get(target)!) <= budget.cpuP50Ms : false);
  };
  return {
    via: target.via,
    name: target.name,
    path: target.path,
    status: target.status,
    requestsPerSecond: Math.round(rps),
    kind: target.kind,
    ratioToStatic: Number((rps / staticRps[target.via]).toFixed(3)),
    cpuP50Ms: cpu.has(target) ? round2(median(cpu.get(target)!)) : null,
    cpuP90Ms: cpu.has(target) ? round2(percentile(cpu.get(target)!, 90)) : null,
    cpuP50AboveStaticMs: cpu.has(target) ? round2(median(cpu.get(target)!) - staticCpu) : null,
    withinBudget: within(rps / staticRps[target.via]),
    identityRequestsPerSecond: Math.round(identityRps),
    identityRatioToStatic: Number((identityRps / staticIdentityRps[target.via]).toFixed(3)),
    identityWithinBudget: within(identityRps / staticIdentityRps[target.via]),
    p50ms: round1(median(list.map((run) => run.p50ms))),
    p99ms: round1(median(list.map((run) => run.p99ms))),
    bytesPerResponse: median(list.map((run) => run.bytesPerResponse)),
    non2xx3xx: list.reduce((sum, run) => sum + run.non2xx3xx, 0),
    socketErrors: list.reduce((sum, run) => sum + run.socketErrors, 0),
    requests: list.reduce((sum, run) => sum + run.requests, 0),
    roundsRequestsPerSecond: list.map((run) => Math.round(run.requestsPerSecond)),
    identityRoundsRequestsPerSecond: identityRuns.get(target)!.map((run) => Math.round(run.requestsPerSecond)),
  };
});
const workerdVersion = readWorkerdVersion();
const result = {
  date: new Date().toISOString(),
  source: {
    commit: git("rev-parse", "--short", "HEAD"),
    uncommittedFiles: git("status", "--porcelain").split("\n").filter(Boolean).length,
    buildId: buildInfo.buildId,
  },
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
      router:
        "bench/static-router.js on its own workerd socket: files from a disk service (snapshot of dist/client), the rest to the app worker (production bundle, KV + D1 from .wrangler/state/v3), gzip via Content-Encoding when accepted. Reference set-up of TOOLCHAIN.md.",
      uncached:
        "the same router script on a second socket of the same process, in front of a copy of the app with HTML_CACHE=off (the rendered-HTML cache's switch; the content cache stays on): every SSR request renders.",
      entry:
        "Miniflare's entry socket: entry worker + Miniflare's Workers static assets emulation (rpc proxy, asset router, asset worker, assets KV) + the same app; gzip like Cloudflare's edge.",
    },
  },
  load: {
    tool: `wrk -t1 -c${CONNECTIONS} -d${DURATION_S}s --latency, ${ROUNDS} interleaved rounds after ${WARMUP_S} s warm-up per URL`,
    headers: { "User-Agent": UA, "Accept-Encoding": ACCEPT_ENCODING },
    encodings:
      "every URL twice per round: Accept-Encoding as above (requestsPerSecond, ratioToStatic, withinBudget) and identity (identity*: the worker's own share, no compression in the process)",
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
  cpu: {
    samplesPerUrl: CPU_SAMPLES,
    staticFloorP50Ms: round2(staticCpu),
    note: "CPU of the whole workerd process (all threads: HTTP, bench router, app, KV/D1 emulation) across one request, from /proc/<pid>/task/*/schedstat; sequential requests on one keep-alive connection, no Accept-Encoding (the edge compresses outside the worker's CPU). cpuP50AboveStaticMs subtracts the static file's p50 (the harness floor).",
  },
  responses: probes!,
  rows,
};
mkdirSync(dirname(RESULT_FILE), { recursive: true });
writeFileSync(RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`);
const m = result.coldStart.median;
console.log(
  `\ncold start (median of ${launches.length}): ready ${m.readyMs} ms (trivial worker ${m.trivialWorkerReadyMs} ms), first SSR / ${m.firstSsrMs} ms, warm SSR / ${m.warmSsrMs} ms`,
);
console.table(
  rows.map(
    ({
      roundsRequestsPerSecond,
      identityRoundsRequestsPerSecond,
      path,
      status,
      requests,
      bytesPerResponse,
      non2xx3xx,
      socketErrors,
      p99ms,
      cpuP90Ms,
      cpuP50AboveStaticMs,
      ...row
    }) => row,
  ),
);
console.log(`load average before ${loadBefore.join(" ")}, after ${result.loadAverage.after.join(" ")}; written to ${RESULT_FILE}`);
