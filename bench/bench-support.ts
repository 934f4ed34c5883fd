/**
 * Shared by the benchmarks (bench/run-bench.ts, bench/search-bench.ts, …): their knobs, wrangler.toml
 * values, the production worker bundle as Miniflare 5 modules, `wrangler dev` for the benches that
 * need the real dev server, small statistics helpers.
 */
import { type ChildProcess, execFileSync, type StdioOptions, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from "node:http";
import { join, relative, resolve } from "node:path";
import type { Readable, Writable } from "node:stream";
import type { MiniflareOptions } from "miniflare";
import { unstable_readConfig } from "wrangler";
import { OFFLINE_ENV } from "../scripts/offline.ts";

export function fail(message: string): never {
  throw new Error(`bench: ${message}`);
}

/**
 * A bench's numeric knobs: each environment variable named in `defaults`, or its default when it is
 * unset. A value that is not a number stops the run naming the knob, instead of running with NaN.
 *
 *   const { BENCH_ROUNDS: ROUNDS } = readKnobs({ BENCH_ROUNDS: 3 });
 */
export function readKnobs<Name extends string>(defaults: Record<Name, number>): Record<Name, number> {
  const knobs = {} as Record<Name, number>;
  for (const [name, fallback] of Object.entries<number>(defaults)) {
    const raw = process.env[name];
    const value = raw === undefined ? fallback : Number(raw);
    if (raw?.trim() === "" || !Number.isFinite(value)) fail(`${name}=${JSON.stringify(raw)} is not a number`);
    knobs[name as Name] = value;
  }
  return knobs;
}

// wrangler.toml read by wrangler's own config reader (not a regex): the values `wrangler dev` uses.
const wranglerConfig = unstable_readConfig({ config: "wrangler.toml" });
function required<T>(value: T | undefined, what: string): T {
  if (value === undefined || value === null || value === "") throw new Error(`wrangler.toml: ${what} not found`);
  return value;
}
export const COMPATIBILITY_DATE = required(wranglerConfig.compatibility_date, "compatibility_date");
export const KV_ID = required(
  wranglerConfig.kv_namespaces.find((namespace: { binding: string }) => namespace.binding === "REDIRECTS")?.id,
  "[[kv_namespaces]] REDIRECTS",
);
export const D1_ID = required(
  wranglerConfig.d1_databases.find((database: { binding: string }) => database.binding === "DB")?.database_id,
  "[[d1_databases]] DB",
);

export type WorkerSpec = MiniflareOptions["workers"][number];
type Binding = { type: "kv"; id: string } | { type: "d1"; id: string } | { type: "disk"; path: string } | { type: "text"; value: string };

/**
 * The app's bindings in every bench (Miniflare 5 worker `env`): the seeded local KV and D1,
 * production semantics with a loopback public origin (worker/env.ts requires one in production),
 * lower-case canonicals; `assets` adds the ASSETS disk service, `htmlCache: false` renders every
 * page, `vars` adds or overrides plain-text vars.
 */
export function appBindings(
  options: { kvId?: string; environment?: string; assets?: string; htmlCache?: boolean; vars?: Record<string, string> } = {},
): Record<string, Binding> {
  return {
    REDIRECTS: { type: "kv", id: options.kvId ?? KV_ID },
    DB: { type: "d1", id: D1_ID },
    ...(options.assets === undefined ? {} : { ASSETS: { type: "disk", path: resolve(options.assets) } }),
    ENVIRONMENT: { type: "text", value: options.environment ?? "production" },
    SITE_ORIGIN: { type: "text", value: "http://127.0.0.1" },
    CANONICAL_LOWERCASE: { type: "text", value: "true" },
    ...(options.htmlCache === false ? { HTML_CACHE: { type: "text", value: "off" } } : {}),
    ...Object.fromEntries(Object.entries(options.vars ?? {}).map(([name, value]) => [name, { type: "text", value }] as const)),
  };
}

/**
 * The Miniflare 5 options every bench runs with: loopback on any free port (8787 and 8799 belong to
 * others), KV and D1 persisted under `persistencePath` (by default the state `npm run seed` writes),
 * no request log (it would post a line to Node for each request), no dev registry.
 */
export function runtimeOptions(persistencePath = ".wrangler/state/v3") {
  return {
    host: "127.0.0.1",
    port: 0,
    resourcePersistencePath: persistencePath,
    logRequests: false,
    enableDevRegistry: false,
  } satisfies Partial<MiniflareOptions>;
}

/** A worker's own workerd socket on any free loopback port, not through Miniflare's entry worker. */
export const DIRECT_SOCKET = { unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }] };

/**
 * The production app as a Miniflare worker with the benches' bindings (appBindings); `direct`
 * gives it a socket of its own (Miniflare's `unsafeGetDirectURL(name)`).
 */
export function appWorker(name: string, modules: Modules, bindings: Parameters<typeof appBindings>[0] = {}, direct = false): WorkerSpec {
  return {
    config: { name, compatibilityDate: COMPATIBILITY_DATE, manifest: { mainModule: "index.js", modules }, env: appBindings(bindings) },
    ...(direct ? { dev: DIRECT_SOCKET } : {}),
  };
}

/**
 * bench/static-router.js in front of the worker named `app` (TOOLCHAIN.md's reference set-up, the
 * stand-in for Workers static assets): files from `assets`, the rest to the app, gzip when accepted.
 * It has a socket of its own.
 */
export function staticRouterWorker(name: string, app: string, assets: string): WorkerSpec {
  return {
    config: {
      name,
      compatibilityDate: COMPATIBILITY_DATE,
      manifest: {
        mainModule: "router.js",
        modules: { "router.js": { type: "esm", contents: readFileSync("bench/static-router.js", "utf8") } },
      },
      env: { STATIC: { type: "disk", path: resolve(assets) }, APP: { type: "worker", worker: app } },
    },
    dev: DIRECT_SOCKET,
  };
}

export type ModuleType = "esm" | "cjs" | "text" | "data" | "wasm" | "json";
export type Modules = Record<string, { type: ModuleType; contents: string | Uint8Array<ArrayBuffer> }>;

function moduleType(path: string): ModuleType | undefined {
  if (/\.(m?js)$/.test(path)) return "esm";
  if (path.endsWith(".cjs")) return "cjs";
  if (path.endsWith(".wasm")) return "wasm";
  if (path.endsWith(".json")) return "json";
  if (/\.(txt|html|sql)$/.test(path)) return "text";
  if (path.endsWith(".bin")) return "data";
  return undefined; // source maps, README.md
}
function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/**
 * The production worker: `wrangler deploy --dry-run --outdir <dir>` with NODE_ENV=production,
 * read back as Miniflare modules. Fails if React's development build got in.
 */
export function buildProductionBundle(dir: string): { modules: Modules; bundleBytes: number } {
  console.log(`bundling the production worker into ${dir} (wrangler deploy --dry-run, NODE_ENV=production)…`);
  execFileSync(process.execPath, ["node_modules/wrangler/bin/wrangler.js", "deploy", "--dry-run", "--outdir", dir], {
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const modules: Modules = {};
  for (const file of listFiles(dir)) {
    const type = moduleType(file);
    if (!type) continue;
    const bytes = readFileSync(file);
    modules[relative(dir, file)] = { type, contents: type === "wasm" || type === "data" ? new Uint8Array(bytes) : bytes.toString("utf8") };
  }
  const mainSource = modules["index.js"]?.contents;
  if (typeof mainSource !== "string") fail(`${dir}/index.js is missing`);
  if (/react-dom[\w./-]*\.development\.js/.test(mainSource))
    fail("the bundle contains React's development build: NODE_ENV was not production");
  return { modules, bundleBytes: Buffer.byteLength(mainSource) };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
export function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** TOOLCHAIN.md "Wrangler offline": no telemetry, no banner (its update check waits on the network), no Request.cf download. */
export const WRANGLER_OFFLINE_ENV = OFFLINE_ENV;

/**
 * `wrangler dev` with React's production build (NODE_ENV=production) on `port`, each of `vars` as a
 * `--var`, `args` added as they are. It runs in its own process group, so stopping the group
 * (stopWranglerDev) stops workerd too (TOOLCHAIN.md).
 */
export function startWranglerDev(options: {
  port: number;
  inspectorPort: number;
  vars: Record<string, string>;
  args?: string[];
  stdio?: StdioOptions;
}): ChildProcess {
  return spawn(
    process.execPath,
    [
      "node_modules/wrangler/bin/wrangler.js",
      "dev",
      "--port",
      String(options.port),
      "--inspector-port",
      String(options.inspectorPort),
      "--show-interactive-dev-session=false",
      ...(options.args ?? []),
      ...Object.entries(options.vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    { env: { ...process.env, NODE_ENV: "production", ...WRANGLER_OFFLINE_ENV }, stdio: options.stdio ?? "ignore", detached: true },
  );
}

/** Stops a server of startWranglerDev: its whole process group (wrangler and workerd); a gone one is fine. */
export function stopWranglerDev(server: ChildProcess | null): void {
  if (!server?.pid || server.exitCode !== null) return;
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

/** Waits until `url`/healthz answers 2xx (up to 2 minutes); fails early when the server started for it has exited. */
export async function waitForHealth(url: string, server: ChildProcess | null): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (server && server.exitCode !== null) fail(`wrangler dev exited early (${server.exitCode})`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  fail(`${url} did not become healthy`);
}

/** Which process owns a listening port (Linux `ss`): proves there is no Node proxy in front. */
export function listenerProcess(port: string): string {
  const result = spawnSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
  return /users:\(\("([^"]+)"/.exec(result.stdout ?? "")?.[1] ?? "unknown";
}

/** The process id behind a listening port (Linux `ss`), or undefined. */
export function listenerPid(port: string): number | undefined {
  const result = spawnSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
  const pid = /pid=(\d+)/.exec(result.stdout ?? "")?.[1];
  return pid ? Number(pid) : undefined;
}

/**
 * CPU time a process has spent on all its threads so far, in ns (Linux schedstat, nanosecond
 * resolution). The difference across one request is that request's CPU in the whole process.
 */
export function processCpuNs(pid: number): number {
  let total = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // a thread that ended between the listing and the read
    }
  }
  return total;
}

/**
 * CPU used so far (ns, schedstat) by the process's thread that runs JavaScript requests and by all
 * its other threads. workerd runs its isolates, and Miniflare's KV and D1 emulation, on the main
 * thread (task id = pid); the others are V8's platform workers (concurrent garbage-collection
 * marking and sweeping, background compilation) and workerd's I/O threads, whose work runs beside a
 * request rather than in it.
 */
export function threadCpuNs(pid: number): { isolate: number; background: number } {
  let isolate = 0;
  let background = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      const ns = Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
      if (task === String(pid)) isolate += ns;
      else background += ns;
    } catch {
      // a thread that ended between the listing and the read
    }
  }
  return { isolate, background };
}

export function packageVersion(pkg: string): string {
  return (JSON.parse(readFileSync(`node_modules/${pkg}/package.json`, "utf8")) as { version: string }).version;
}
export function workerdVersion(): string {
  for (const path of ["node_modules/miniflare/node_modules/workerd", "node_modules/workerd"]) {
    if (existsSync(`${path}/package.json`))
      return (JSON.parse(readFileSync(`${path}/package.json`, "utf8")) as { version: string }).version;
  }
  return "unknown";
}
export function git(...args: string[]): string {
  return spawnSync("git", args, { encoding: "utf8" }).stdout?.trim() ?? "";
}

/** The carfinder query shapes both search benches time (bench/search-bench.ts, bench/scale-bench.ts). */
const NFZ = "containertransport,chassiscab,panelvan,deliveryvan,tipper,boxbody,frigo,openbody,passengertransport,tarpaulin,standardtractor";
export const SEARCH_SHAPES = [
  { name: "no filters (year-desc)", query: "" },
  { name: "brand=mercedes-benz", query: "brand=mercedes-benz" },
  { name: "suv + electric, price-asc", query: "bodystyle=suv&fuel=electric&sorting=price-asc" },
  { name: "legacy nfz, price-desc", query: `bodystyle=${NFZ}&sorting=price-desc` },
  { name: "private lease ≤ 500, price-asc", query: "pricetype=private_lease&price_max=500&sorting=price-asc" },
  { name: "towbar + parking, used, ≤ 50,000 km", query: "towbar=1&parking=1&condition=used&mileage_max=50000" },
  { name: "q=GLC 300", query: "q=GLC%20300" },
  { name: "page=40", query: "page=40" },
] as const;

/** The two ends of a proxied exchange, as Node's HTTP/1 and HTTP/2 compatibility servers both give them. */
interface ProxiedRequest extends Readable {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}
interface ProxiedResponse extends Writable {
  headersSent: boolean;
  writeHead(status: number, headers?: OutgoingHttpHeaders): unknown;
}

/**
 * A request handler that passes each request to `upstream` and its response back, bytes unchanged;
 * `requestHeaders` and `responseHeaders` decide which headers cross. A failed upstream is a 502.
 */
export function proxyTo(
  upstream: URL,
  requestHeaders: (headers: IncomingHttpHeaders) => OutgoingHttpHeaders,
  responseHeaders: (headers: IncomingHttpHeaders) => OutgoingHttpHeaders,
): (request: ProxiedRequest, response: ProxiedResponse) => void {
  return (request, response) => {
    const upstreamRequest = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: requestHeaders(request.headers) },
      (upstreamResponse) => {
        response.writeHead(upstreamResponse.statusCode ?? 502, responseHeaders(upstreamResponse.headers));
        upstreamResponse.pipe(response);
      },
    );
    upstreamRequest.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstreamRequest);
  };
}

/**
 * The sites a browser bench measures: BENCH_URL, or its own `wrangler dev` on `port` (production
 * vars, inspector on port + 1), and for an A/B the second running site BENCH_URL_B, measured
 * interleaved with the first. Stop the server with stopWranglerDev.
 */
export function benchSites(port: number) {
  const siteA = (process.env.BENCH_URL ?? `http://127.0.0.1:${port}`).replace(/\/$/, "");
  const siteB = process.env.BENCH_URL_B?.replace(/\/$/, "") ?? null;
  const server = process.env.BENCH_URL
    ? null
    : startWranglerDev({ port, inspectorPort: port + 1, vars: { ENVIRONMENT: "production", SITE_ORIGIN: siteA } });
  return { siteA, siteB, sites: siteB ? [siteA, siteB] : [siteA], server };
}
