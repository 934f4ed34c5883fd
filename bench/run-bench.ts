/**
 * Foundation benchmark (issue 2): cold start of the production worker, and requests/s
 * for SSR pages vs a static asset served by the same workerd process.
 *
 *   npm run build && npm run seed && npm run bench        (needs `apt-get install wrk`)
 *
 * The worker is the production bundle (`wrangler deploy --dry-run`, NODE_ENV=production)
 * run by Miniflare straight on workerd with the seeded local KV/D1 state and Workers
 * static assets — no wrangler dev proxy, which caps near 600 req/s on this machine.
 * Load comes from wrk on loopback, bounded: ROUNDS × DURATION per URL.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { Miniflare } from "miniflare";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 16;
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
const OUT = "bench/.work/bundle";

if (spawnSync("wrk", ["--version"]).error) {
  console.error("wrk is missing: apt-get install -y wrk");
  process.exit(1);
}

execFileSync(process.execPath, ["node_modules/wrangler/bin/wrangler.js", "deploy", "--dry-run", "--outdir", OUT], {
  env: { ...process.env, NODE_ENV: "production" },
  stdio: ["ignore", "ignore", "inherit"],
});
const buildInfo = JSON.parse(readFileSync("dist/build-info.json", "utf8")) as { entry: string };

const coldStart = performance.now();
const mf = new Miniflare({
  host: "127.0.0.1",
  port: 0,
  kvPersist: ".wrangler/state/v3/kv",
  d1Persist: ".wrangler/state/v3/d1",
  workers: [
    {
      name: "dealership-site",
      modules: true,
      scriptPath: `${OUT}/index.js`,
      compatibilityDate: "2026-11-01",
      kvNamespaces: { REDIRECTS: "local-redirects" },
      d1Databases: { DB: "00000000-0000-4000-8000-000000000001" },
      assets: { directory: "dist/client", binding: "ASSETS", htmlHandling: "none", notFoundHandling: "none" },
      bindings: { ENVIRONMENT: "production", CANONICAL_LOWERCASE: "true" },
    },
  ],
});
const base = await mf.ready;
const readyMs = performance.now() - coldStart;
const firstStart = performance.now();
const first = await fetch(new URL("/", base), { headers: { "User-Agent": UA } });
await first.text();
const firstRequestMs = performance.now() - firstStart;
if (first.status !== 200) throw new Error(`home answered ${first.status}`);

interface Run {
  requestsPerSecond: number;
  p50ms: number;
  p99ms: number;
  errors: number;
}

function wrk(url: string): Run {
  const result = spawnSync("wrk", ["-t1", `-c${CONNECTIONS}`, `-d${DURATION_S}s`, "--latency", "-H", `User-Agent: ${UA}`, url], { encoding: "utf8" });
  const text = result.stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1]);
  const latency = (label: string) => {
    const match = new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`).exec(text);
    if (!match) return Number.NaN;
    const value = Number(match[1]);
    return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
  };
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0);
  return { requestsPerSecond: rps, p50ms: latency("50"), p99ms: latency("99"), errors: non2xx };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const targets = {
  "static asset (/_build/latest.json)": "/_build/latest.json",
  "static JS entry": buildInfo.entry,
  "SSR home /": "/",
  "SSR content page /impressum": "/impressum",
  "SSR vehicle detail (D1)": "/carfinder/100001-1-mercedes-benz-a-180-progressive",
  "legacy redirect /angebote (KV)": "/angebote",
};
const runs: Record<string, Run[]> = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
for (let round = 0; round < ROUNDS; round++) {
  // Interleave the URLs so machine noise hits every target alike.
  for (const [name, path] of Object.entries(targets)) runs[name]!.push(wrk(new URL(path, base).href));
}
await mf.dispose();

const staticRps = median(runs["static asset (/_build/latest.json)"]!.map((run) => run.requestsPerSecond));
const rows = Object.entries(runs).map(([name, list]) => {
  const rps = median(list.map((run) => run.requestsPerSecond));
  return {
    name,
    requestsPerSecond: Math.round(rps),
    ratioToStatic: Number((rps / staticRps).toFixed(3)),
    p50ms: median(list.map((run) => run.p50ms)),
    p99ms: median(list.map((run) => run.p99ms)),
    errors: list.reduce((sum, run) => sum + run.errors, 0),
  };
});
const result = {
  date: new Date().toISOString(),
  machine: "2 cores, loopback, wrk -t1 -c16",
  rounds: ROUNDS,
  secondsPerRound: DURATION_S,
  coldStart: { workerdReadyMs: Math.round(readyMs), firstRequestMs: Math.round(firstRequestMs) },
  rows,
};
mkdirSync("bench/results", { recursive: true });
writeFileSync("bench/results/foundation.json", `${JSON.stringify(result, null, 2)}\n`);
console.log(`cold start: workerd ready in ${result.coldStart.workerdReadyMs} ms, first SSR request ${result.coldStart.firstRequestMs} ms`);
console.table(rows);
