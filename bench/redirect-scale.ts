/**
 * Redirect table at scale (ADR 0021): does a 100,000-entry legacy table slow other
 * requests down? The production bundle on Miniflare 5 / one workerd process serves the same
 * requests against two KV namespaces in the same process:
 *
 *   556     the demo's table (`allKvEntries()`, as `npm run seed` writes it): first-segment list
 *   100k    the same plus 100,000 entries with 100,000 distinct first segments (the worst case
 *           for the index: it becomes the Bloom filter of redirect-index.ts), written as the admin
 *           writes them (value + metadata)
 *   556-dev the 556 table with ENVIRONMENT=development: the index is read on every request
 *           instead of kept in the isolate (so CLI edits show on the next request)
 *
 * Each app has bench/static-router.js in front on its own socket (static files from a disk
 * service, the rest to the app), as bench/run-bench.ts. Paths: a content page that is an
 * HTML-cache hit (the cheapest worker path, so a lookup's share is largest), a page under a
 * first segment that has legacy entries (/center/…: the list format pays one KV read there, the
 * Bloom format almost never), a legacy hit (301) and a static file. wrk -t1 -c16, ROUNDS rounds of
 * SECONDS per URL, interleaved; medians. Then, on 100k, the admin's whole-table operations
 * (export = list with metadata; one PUT = load, check, plan, write) and, in Node, what one isolate
 * pays to parse the index in each format.
 *
 *   npm run build && npm run seed && npm run bench:redirects     (needs wrk; ~4 minutes, first run
 *   adds ~1 minute to fill the 100k namespace, kept in bench/.work/redirect-scale/)
 *
 * Knobs: BENCH_REDIRECTS_ROUNDS (3), BENCH_REDIRECTS_SECONDS (4), BENCH_REDIRECTS_ENTRIES (100000),
 * BENCH_REDIRECTS_REFILL (0), BENCH_REDIRECTS_OUT (bench/results/redirect-scale.json).
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { Miniflare } from "miniflare";
import { allKvEntries } from "#kv-seed/seed-data.ts";
import { REDIRECT_PREFIX_INDEX_KEY, redirectKvKey } from "#redirects/kv-layout.ts";
import { buildRedirectIndexValue, parseRedirectIndex } from "#redirects/redirect-index.ts";
import {
  appWorker,
  buildProductionBundle,
  COMPATIBILITY_DATE,
  fail,
  git,
  median,
  packageVersion,
  readKnobs,
  round1,
  round2,
  runtimeOptions,
  staticRouterWorker,
  workerdVersion,
  type WorkerSpec,
} from "./bench-support.ts";

const {
  BENCH_REDIRECTS_ROUNDS: ROUNDS,
  BENCH_REDIRECTS_SECONDS: SECONDS,
  BENCH_REDIRECTS_ENTRIES: ENTRIES,
} = readKnobs({ BENCH_REDIRECTS_ROUNDS: 3, BENCH_REDIRECTS_SECONDS: 4, BENCH_REDIRECTS_ENTRIES: 100_000 });
const REFILL = process.env.BENCH_REDIRECTS_REFILL === "1";
const OUT = process.env.BENCH_REDIRECTS_OUT ?? "bench/results/redirect-scale.json";
const CONNECTIONS = 16;
const WORK = "bench/.work/redirect-scale";
const STATE = join(WORK, "state");
const BUNDLE_DIR = join(WORK, "bundle");
const ASSETS_DIR = join(WORK, "assets");
const ADMIN_TOKEN = "bench-admin-token-0123456789abcdef-0123";
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const KV_SMALL = "bench-redirects-556";
const KV_LARGE = `bench-redirects-${ENTRIES}`;
const FILL_MARKER = "bench:filled";

const PATHS = [
  { name: "content page (HTML-cache hit)", path: "/werkstatt", status: 200 },
  { name: "page under a legacy segment", path: "/center/center-goslar", status: 200 },
  { name: "legacy hit", path: "/angebote", status: 301 },
  { name: "static file", path: "/favicon.ico", status: 200 },
] as const;

/** The synthetic entries: every one its own first segment; targets are never keys (no chains). */
function syntheticEntry(i: number) {
  const id = String(i).padStart(6, "0");
  const value = { target: `/ziel-${i % 500}`, code: 301, external: false };
  return { key: `/archiv-${id}/seite-${id}`, value };
}

// ---------------------------------------------------------------- preconditions
if (spawnSync("wrk", ["--version"]).error) fail("wrk is missing: apt-get install -y wrk");
if (!existsSync("dist/client")) fail("dist/ is missing: run `npm run build` first");
if (!existsSync(".wrangler/state/v3/d1")) fail("no seeded D1 in .wrangler/state/v3: run `npm run seed` first");
const loadBefore = loadavg().map(round1);
if (loadBefore[0]! > 0.5 * cpus().length) console.warn(`bench: load average ${loadBefore[0]} before start: numbers will be noisy`);
if (REFILL) rmSync(STATE, { recursive: true, force: true });
mkdirSync(STATE, { recursive: true });
// A snapshot of the seeded D1 (the pages read it) and of dist/client, so nothing changes under the run.
if (!existsSync(join(STATE, "d1"))) cpSync(".wrangler/state/v3/d1", join(STATE, "d1"), { recursive: true });
rmSync(ASSETS_DIR, { recursive: true, force: true });
cpSync("dist/client", ASSETS_DIR, { recursive: true });
const { modules, bundleBytes } = buildProductionBundle(BUNDLE_DIR);

// ---------------------------------------------------------------- runtime
function app(name: string, kvId: string, environment: "production" | "development"): WorkerSpec {
  return appWorker(name, modules, { kvId, environment, assets: ASSETS_DIR, vars: { REDIRECT_ADMIN_TOKEN: ADMIN_TOKEN } });
}
const router = (name: string, appName: string) => staticRouterWorker(name, appName, ASSETS_DIR);
/** Bench-only: writes batches into both namespaces (Node → one request per 2,000 entries). */
const FILLER_SOURCE = `
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const kv = url.searchParams.get("ns") === "large" ? env.LARGE : env.SMALL;
    if (request.method === "GET") return new Response(await kv.get(url.searchParams.get("key")));
    const items = await request.json();
    for (let i = 0; i < items.length; i += 100) {
      await Promise.all(items.slice(i, i + 100).map((item) => kv.put(item.key, item.value, item.metadata ? { metadata: item.metadata } : {})));
    }
    return new Response("ok");
  },
};`;
const filler: WorkerSpec = {
  config: {
    name: "bench-filler",
    compatibilityDate: COMPATIBILITY_DATE,
    manifest: { mainModule: "filler.js", modules: { "filler.js": { type: "esm", contents: FILLER_SOURCE } } },
    env: { SMALL: { type: "kv", id: KV_SMALL }, LARGE: { type: "kv", id: KV_LARGE } },
  },
};

const VARIANTS = [
  { name: "556", app: app("app-556", KV_SMALL, "production") },
  { name: `${ENTRIES / 1000}k`, app: app("app-large", KV_LARGE, "production") },
  { name: "556-dev", app: app("app-556-dev", KV_SMALL, "development") },
] as const;

const mf = new Miniflare({
  ...runtimeOptions(resolve(STATE)),
  workers: [filler, ...VARIANTS.flatMap((variant) => [variant.app, router(`router-${variant.app.config.name}`, variant.app.config.name)])],
});
const stop = () => void mf.dispose().finally(() => process.exit(130));
process.once("SIGINT", stop);

async function fillerCall(method: "GET" | "POST", query: string, body?: unknown): Promise<string> {
  const response = await mf.dispatchFetch(
    `http://filler/?${query}`,
    method === "POST" ? { method, body: JSON.stringify(body), headers: { "Content-Type": "application/json" } } : {},
  );
  return response.text();
}

function get(
  url: URL,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest(url, { method: init.method ?? "GET", headers: { "User-Agent": UA, ...init.headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolvePromise({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - started }),
      );
      res.on("error", reject);
    });
    req.setTimeout(120_000, () => req.destroy(new Error(`timeout: ${url.href}`)));
    req.on("error", reject);
    req.end(init.body);
  });
}

interface Run {
  requestsPerSecond: number;
  p50ms: number;
  p99ms: number;
  non2xx3xx: number;
}
function wrk(url: string): Run {
  const result = spawnSync(
    "wrk",
    ["-t1", `-c${CONNECTIONS}`, `-d${SECONDS}s`, "--timeout", "5s", "--latency", "-H", `User-Agent: ${UA}`, url],
    { encoding: "utf8", timeout: (SECONDS + 15) * 1000 },
  );
  const text = result.stdout ?? "";
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1]);
  if (!Number.isFinite(rps)) throw new Error(`wrk failed on ${url}\n${text}\n${result.stderr}`);
  const latency = (label: string) => {
    const match = new RegExp(`^\\s+${label}%\\s+([\\d.]+)(us|ms|s)`, "m").exec(text);
    return match ? Number(match[1]) * (match[2] === "us" ? 0.001 : match[2] === "s" ? 1000 : 1) : Number.NaN;
  };
  return {
    requestsPerSecond: rps,
    p50ms: latency("50"),
    p99ms: latency("99"),
    non2xx3xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0),
  };
}

/** What one isolate pays to turn the index value into its filter (Node's V8), median of 20. */
function indexParse(value: string) {
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    parseRedirectIndex(JSON.parse(value));
    samples.push(performance.now() - started);
  }
  return { bytes: Buffer.byteLength(value), parseMsMedian: round2(median(samples)) };
}

let result: unknown;
try {
  await mf.ready;
  // ------------------------------------------------------------ fill (kept between runs)
  const demo = allKvEntries().map(({ key, value }) => ({ key, value }));
  const fillStarted = performance.now();
  let filledNow = false;
  if ((await fillerCall("GET", `ns=small&key=${FILL_MARKER}`)) !== "1") {
    await fillerCall("POST", "ns=small", [...demo, { key: FILL_MARKER, value: "1" }]);
    filledNow = true;
  }
  if ((await fillerCall("GET", `ns=large&key=${FILL_MARKER}`)) !== String(ENTRIES)) {
    console.log(`filling ${ENTRIES} entries into ${KV_LARGE}…`);
    await fillerCall("POST", "ns=large", demo);
    for (let start = 0; start < ENTRIES; start += 2_000) {
      const batch = Array.from({ length: Math.min(2_000, ENTRIES - start) }, (_, offset) => {
        const { key, value } = syntheticEntry(start + offset);
        return { key: redirectKvKey(key), value: JSON.stringify(value), metadata: value };
      });
      await fillerCall("POST", "ns=large", batch);
    }
    filledNow = true;
  }
  const demoRedirectKeys = demo.filter(({ key }) => key.startsWith("redirect:")).map(({ key }) => key.slice("redirect:".length));
  const largeIndex = buildRedirectIndexValue([...demoRedirectKeys, ...Array.from({ length: ENTRIES }, (_, i) => syntheticEntry(i).key)]);
  await fillerCall("POST", "ns=large", [
    { key: REDIRECT_PREFIX_INDEX_KEY, value: largeIndex },
    { key: FILL_MARKER, value: String(ENTRIES) },
  ]);
  const fillSeconds = filledNow ? round1((performance.now() - fillStarted) / 1000) : null;

  // ------------------------------------------------------------ check, warm, load
  const bases = new Map<string, URL>();
  for (const variant of VARIANTS) bases.set(variant.name, await mf.unsafeGetDirectURL(`router-${variant.app.config.name}`));
  for (const variant of VARIANTS) {
    for (const { path, status } of PATHS) {
      for (let i = 0; i < 3; i++) await get(new URL(path, bases.get(variant.name)));
      const probe = await get(new URL(path, bases.get(variant.name)));
      if (probe.status !== status) fail(`${variant.name} ${path}: status ${probe.status}, expected ${status}`);
    }
  }
  const runs = new Map<string, Run[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const { path } of PATHS) {
      for (const variant of VARIANTS) {
        if (variant.name === "556-dev" && path === "/favicon.ico") continue;
        const run = wrk(new URL(path, bases.get(variant.name)).href);
        const key = `${variant.name} ${path}`;
        runs.set(key, [...(runs.get(key) ?? []), run]);
        console.log(
          `round ${round + 1}: ${key.padEnd(34)} ${Math.round(run.requestsPerSecond)} req/s, p50 ${run.p50ms} ms, p99 ${run.p99ms} ms${run.non2xx3xx ? ` (${run.non2xx3xx} non-2xx/3xx)` : ""}`,
        );
      }
    }
  }
  const rows = PATHS.flatMap(({ name, path }) =>
    VARIANTS.filter((variant) => runs.has(`${variant.name} ${path}`)).map((variant) => {
      const list = runs.get(`${variant.name} ${path}`)!;
      return {
        table: variant.name,
        what: name,
        path,
        requestsPerSecond: Math.round(median(list.map((run) => run.requestsPerSecond))),
        p50ms: round2(median(list.map((run) => run.p50ms))),
        p99ms: round2(median(list.map((run) => run.p99ms))),
        rounds: list.map((run) => Math.round(run.requestsPerSecond)),
        non2xx3xx: list.reduce((sum, run) => sum + run.non2xx3xx, 0),
      };
    }),
  );

  // ------------------------------------------------------------ admin at scale (100k)
  const large = bases.get(VARIANTS[1].name)!;
  const auth = { Authorization: `Bearer ${ADMIN_TOKEN}` };
  const exports: number[] = [];
  let exportedEntries = 0;
  for (let i = 0; i < 3; i++) {
    const response = await get(new URL("/admin/redirects/export", large), { headers: auth });
    if (response.status !== 200) fail(`export: ${response.status} ${response.body.slice(0, 200)}`);
    exportedEntries = (JSON.parse(response.body) as unknown[]).length;
    exports.push(response.ms);
  }
  const puts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const body = JSON.stringify({ path: `/bench-admin-${i}`, target: "/ziel-admin" });
    const response = await get(new URL("/admin/redirects/entry", large), {
      method: "PUT",
      body,
      headers: { ...auth, "Content-Type": "application/json" },
    });
    if (response.status !== 200) fail(`PUT: ${response.status} ${response.body.slice(0, 300)}`);
    puts.push(response.ms);
  }
  for (let i = 0; i < 3; i++)
    await get(new URL(`/admin/redirects/entry?path=/bench-admin-${i}`, large), { method: "DELETE", headers: auth });

  const segmentsOf100k = JSON.stringify(Array.from({ length: ENTRIES }, (_, i) => syntheticEntry(i).key.split("/")[1]).sort());
  result = {
    date: new Date().toISOString(),
    command: "npm run build && npm run seed && npm run bench:redirects",
    source: { commit: git("rev-parse", "--short", "HEAD"), dirty: git("status", "--porcelain").length > 0 },
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg().map(round1),
      node: process.version,
    },
    runtime: { miniflare: packageVersion("miniflare"), workerd: workerdVersion(), bundleBytes },
    method: `wrk -t1 -c${CONNECTIONS}, ${ROUNDS} rounds × ${SECONDS} s per URL, interleaved, medians; one workerd process, three app copies (same production bundle) each behind bench/static-router.js`,
    entries: { small: demoRedirectKeys.length, large: demoRedirectKeys.length + ENTRIES },
    fillSeconds,
    rows,
    admin100k: {
      exportMsMedian: round1(median(exports)),
      exportedEntries,
      putMsMedian: round1(median(puts)),
      note: "export = KV list with metadata (1,000 keys per call) → JSON; PUT = the same load + whole-table check + plan + index and entry writes",
    },
    index: {
      demoList: indexParse(buildRedirectIndexValue(demoRedirectKeys)),
      list100kSegments: indexParse(segmentsOf100k),
      bloom100kKeys: indexParse(largeIndex),
    },
  };
} finally {
  await mf.dispose();
}
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
console.log(`written to ${OUT}`);
