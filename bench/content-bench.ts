/**
 * Content benchmark: `npm run build && npm run seed && npm run bench:content`.
 *
 * The production worker bundle (`wrangler deploy --dry-run`, NODE_ENV=production) on Miniflare 5
 * (one workerd process), with a copy of the seeded local state and the fake Storyblok from the
 * worker tests (worker/test-support/fake-storyblok-server.ts) as the content API, started in
 * this process on loopback. It measures:
 *
 * 1. CPU per warm content request: the workerd process's CPU time (utime + stime from
 *    /proc/{pid}/stat, i.e. the kernel's accounting) over many sequential requests, divided by
 *    their number. Targets: GET /api/content/pages/{slug} (content port only) and GET /{slug}
 *    (the whole SSR page), each read from the warm cv cache. Reference in the same process:
 *    GET /healthz (the same middleware chain, no content). "worker CPU" = target − reference, so
 *    Miniflare's entry worker and HTTP handling (which the edge does not bill) fall out.
 * 2. Upstream requests per page per cv: requests the fake saw for the page during the run (must be 1).
 * 3. Publish-to-live: a story is published on the fake (new version), the signed webhook is sent,
 *    then the page is requested until it shows the new text; time from webhook start to that answer.
 */
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createHmac } from "node:crypto";
import { Agent, request as httpRequest } from "node:http";
import { cpus, loadavg, release } from "node:os";
import { Miniflare } from "miniflare";
import { startFakeStoryblok } from "#worker/test-support/fake-storyblok-server.ts";
import {
  appWorker,
  buildProductionBundle,
  fail,
  git,
  median,
  packageVersion,
  readKnobs,
  round2,
  runtimeOptions,
  workerdVersion,
} from "./bench-support.ts";

const { BENCH_REQUESTS: REQUESTS, BENCH_ROUNDS: ROUNDS } = readKnobs({ BENCH_REQUESTS: 2000, BENCH_ROUNDS: 3 });
const OUT = process.env.BENCH_OUT ?? "bench/results/content.json";
const BUNDLE_DIR = "bench/.work/content-bundle";
const STATE_DIR = "bench/.work/content-state";
const SLUG = "bench-seite";
const TOKEN = "bench-token";
const SECRET = "bench-webhook-secret";
const CPU_BUDGET_MS = 2;
const PUBLISH_BUDGET_MS = 5000;
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

if (!existsSync(".wrangler/state/v3/d1")) fail("no seeded local state: run `npm run seed` first");
if (!existsSync("dist/build-info.json")) fail("no build: run `npm run build` first");

// ------------------------------------------------------------------ fake Storyblok
const fakePort = 20_000 + Math.floor(Math.random() * 20_000);
const fake = await startFakeStoryblok(fakePort);
const fakeUrl = `http://127.0.0.1:${fakePort}`;
function story(text: string) {
  return {
    id: 9001,
    uuid: "00000000-0000-4000-8000-000000009001",
    name: "Benchmark-Seite",
    slug: SLUG,
    full_slug: SLUG,
    published_at: "2026-11-01T08:00:00.000Z",
    first_published_at: "2026-11-01T08:00:00.000Z",
    tag_list: [],
    content: {
      component: "page",
      _uid: "bench-root",
      seo: { title: `Benchmark ${text}`, description: "Seite für den Content-Benchmark." },
      body: Array.from({ length: 8 }, (_, index) => ({
        component: "rich_text",
        _uid: `bench-text-${index}`,
        text: {
          type: "doc",
          content: [
            {
              type: "paragraph",
              content: [{ type: "text", text: `${text}: Absatz ${index + 1} mit etwas Text, wie ihn Redakteure schreiben.` }],
            },
          ],
        },
      })),
    },
  };
}
async function control(path: string, method: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${fakeUrl}/__fake/${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (!response.ok) fail(`fake ${path}: ${response.status}`);
  return response.json();
}
await control(TOKEN, "PUT", { space: { id: 1, name: "Bench", version: 1000 }, stories: [story("Stand A")] });

// ------------------------------------------------------------------ worker
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const { modules } = buildProductionBundle(BUNDLE_DIR);
rmSync(STATE_DIR, { recursive: true, force: true });
mkdirSync(STATE_DIR, { recursive: true });
cpSync(".wrangler/state/v3", `${STATE_DIR}/v3`, { recursive: true });
const mf = new Miniflare({
  ...runtimeOptions(`${STATE_DIR}/v3`),
  workers: [
    appWorker(
      "dealership-site",
      modules,
      { vars: { STORYBLOK_TOKEN: TOKEN, STORYBLOK_API_BASE: `${fakeUrl}/v2`, STORYBLOK_WEBHOOK_SECRET: SECRET } },
      true,
    ),
  ],
} as ConstructorParameters<typeof Miniflare>[0]);
const shutdown = async () => {
  agent.destroy();
  await mf.dispose();
  fake.close();
};
for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void shutdown().finally(() => process.exit(130)));
await mf.ready;
const base = await mf.unsafeGetDirectURL("dealership-site");

/** The workerd process Miniflare started (a child of this process). */
function workerdPid(): number {
  const out = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(process.pid)], { encoding: "utf8" });
  const line = out.split("\n").find((entry) => /workerd/.test(entry));
  if (!line) fail("workerd child process not found");
  return Number(line.trim().split(/\s+/)[0]);
}
const pid = workerdPid();
function cpuMs(): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  // fields[11] = utime, fields[12] = stime (man proc, counted from field 3 "state")
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

const HEADERS = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36",
  Accept: "text/html,*/*",
};
function send(
  path: string,
  method = "GET",
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = httpRequest(new URL(path, base), { method, agent, headers: { ...HEADERS, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - started }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function cpuPerRequest(path: string, expect: string): Promise<{ cpuMs: number; wallP50Ms: number }> {
  const check = await send(path);
  if (check.status !== 200 || !check.body.includes(expect)) fail(`${path}: ${check.status} ${check.body.slice(0, 200)}`);
  for (let index = 0; index < 50; index += 1) await send(path);
  const walls: number[] = [];
  const before = cpuMs();
  for (let index = 0; index < REQUESTS; index += 1) walls.push((await send(path)).ms);
  return { cpuMs: (cpuMs() - before) / REQUESTS, wallP50Ms: median(walls) };
}

// ------------------------------------------------------------------ 1 + 2: warm CPU, upstream requests
const targets = {
  reference: ["/healthz", "ok"],
  api: [`/api/content/pages/${SLUG}`, "Stand A"],
  page: [`/${SLUG}`, "Stand A"],
  // An SSR page without content or I/O: what React's streaming render of the layout costs anyway.
  ssrReference: ["/hyundai/modelle", "Hyundai"],
} as const;
const rounds: Array<Record<keyof typeof targets, { cpuMs: number; wallP50Ms: number }>> = [];
for (let round = 0; round < ROUNDS; round += 1) {
  const result = {} as Record<keyof typeof targets, { cpuMs: number; wallP50Ms: number }>;
  for (const [name, [path, expect]] of Object.entries(targets) as Array<[keyof typeof targets, readonly [string, string]]>)
    result[name] = await cpuPerRequest(path, expect);
  rounds.push(result);
  console.log(
    `round ${round + 1}: ${Object.entries(result)
      .map(([name, value]) => `${name} ${round2(value.cpuMs)} ms CPU`)
      .join(", ")}`,
  );
}
const med = (name: keyof typeof targets, key: "cpuMs" | "wallP50Ms") => round2(median(rounds.map((round) => round[name][key])));
const requests = (await control(`${TOKEN}/requests`, "GET")) as Array<{ path: string; query: Record<string, string> }>;
const pageRequests = requests.filter((entry) => entry.path === `/v2/cdn/stories/${SLUG}`);
const perCv = new Map<string, number>();
for (const entry of pageRequests) perCv.set(entry.query.cv ?? "none", (perCv.get(entry.query.cv ?? "none") ?? 0) + 1);
const servedRequests = ROUNDS * (REQUESTS + 51) * 2; // api + page targets

// ------------------------------------------------------------------ 3: publish-to-live
const publishTimes: number[] = [];
for (let attempt = 0; attempt < 5; attempt += 1) {
  const text = `Stand ${attempt + 2}`;
  await control(`${TOKEN}/publish`, "POST", { story: story(text), version: 1001 + attempt });
  const body = JSON.stringify({ text: "published", action: "published", space_id: 1, story_id: 9001, full_slug: SLUG });
  const signature = createHmac("sha1", SECRET).update(body).digest("hex");
  const started = performance.now();
  const hook = await send("/webhooks/storyblok", "POST", body, { "Content-Type": "application/json", "webhook-signature": signature });
  // 202: coalesced into the 2 s window of an earlier delivery (ADR 0007); its trailing read picks the publish up.
  if (hook.status !== 200 && hook.status !== 202) fail(`webhook: ${hook.status} ${hook.body}`);
  for (;;) {
    const page = await send(`/${SLUG}`);
    if (page.body.includes(text)) break;
    if (performance.now() - started > 30_000) fail("publish never became visible");
  }
  publishTimes.push(performance.now() - started);
}
await shutdown();

const result = {
  date: new Date().toISOString(),
  commit: git("rev-parse", "--short", "HEAD"),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, kernel: release(), loadavg: loadavg().map(round2) },
  versions: { workerd: workerdVersion(), miniflare: packageVersion("miniflare"), storyblokJsClient: packageVersion("storyblok-js-client") },
  settings: {
    requests: REQUESTS,
    rounds: ROUNDS,
    method: "workerd process CPU (utime+stime, /proc) over sequential keep-alive requests, median of rounds",
  },
  warmCache: {
    referenceHealthzCpuMs: med("reference", "cpuMs"),
    apiContentPageCpuMs: med("api", "cpuMs"),
    ssrContentPageCpuMs: med("page", "cpuMs"),
    apiContentPageWorkerCpuMs: round2(med("api", "cpuMs") - med("reference", "cpuMs")),
    ssrContentPageWorkerCpuMs: round2(med("page", "cpuMs") - med("reference", "cpuMs")),
    ssrReferencePageCpuMs: med("ssrReference", "cpuMs"),
    ssrContentPageOverSsrReferenceCpuMs: round2(med("page", "cpuMs") - med("ssrReference", "cpuMs")),
    wallP50Ms: {
      reference: med("reference", "wallP50Ms"),
      api: med("api", "wallP50Ms"),
      page: med("page", "wallP50Ms"),
      ssrReference: med("ssrReference", "wallP50Ms"),
    },
    budgetMs: CPU_BUDGET_MS,
    rounds,
  },
  upstream: {
    pageRequestsServed: servedRequests,
    storyblokRequestsForPage: pageRequests.length,
    perCv: Object.fromEntries(perCv),
    budgetPerPagePerCv: 1,
  },
  publishToLive: {
    samplesMs: publishTimes.map(round2),
    medianMs: round2(median(publishTimes)),
    maxMs: round2(Math.max(...publishTimes)),
    budgetMs: PUBLISH_BUDGET_MS,
  },
};
mkdirSync("bench/results", { recursive: true });
writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
console.table({
  "healthz (reference)": { "CPU ms/request": result.warmCache.referenceHealthzCpuMs, "wall p50 ms": result.warmCache.wallP50Ms.reference },
  "GET /api/content/pages/{slug}": {
    "CPU ms/request": result.warmCache.apiContentPageCpuMs,
    "wall p50 ms": result.warmCache.wallP50Ms.api,
  },
  "GET /{slug} (SSR)": { "CPU ms/request": result.warmCache.ssrContentPageCpuMs, "wall p50 ms": result.warmCache.wallP50Ms.page },
  "GET /hyundai/modelle (SSR reference)": {
    "CPU ms/request": result.warmCache.ssrReferencePageCpuMs,
    "wall p50 ms": result.warmCache.wallP50Ms.ssrReference,
  },
});
console.log(`SSR content page over the SSR reference page: ${result.warmCache.ssrContentPageOverSsrReferenceCpuMs} ms`);
console.log(
  `worker CPU over reference: API ${result.warmCache.apiContentPageWorkerCpuMs} ms, SSR page ${result.warmCache.ssrContentPageWorkerCpuMs} ms (budget ${CPU_BUDGET_MS} ms)`,
);
console.log(
  `Storyblok requests for the page: ${pageRequests.length} over ${servedRequests} page requests (per cv: ${JSON.stringify(result.upstream.perCv)})`,
);
console.log(
  `publish-to-live: median ${result.publishToLive.medianMs} ms, max ${result.publishToLive.maxMs} ms (budget ${PUBLISH_BUDGET_MS} ms)`,
);
console.log(`wrote ${OUT}`);
