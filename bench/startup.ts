/**
 * The worker's startup: what its global scope costs before the first request, as Cloudflare
 * measures it at upload (the 1 s startup limit) and as every new isolate pays it. Runs
 * `wrangler check startup` (wrangler builds the deploy bundle and profiles its global scope in
 * workerd) BENCH_STARTUP_ROUNDS times, interleaved with the same command on a reference worker
 * (bench/startup-reference/) that loads only the libraries every isolate needs at startup (Hono,
 * zod, React, React Router). The reference is the floor the site's own code cannot
 * go below, measured on this machine at this moment: a slow machine shows as a slow reference, not
 * as a regression. (An empty worker is no reference: it gives the profiler one or two samples.)
 *
 * It prints the median "Active" CPU of both, and which modules the samples fell in (esbuild wraps a
 * module that is imported lazily in a function named after its path, so those show by name; the
 * global code of eagerly imported modules shows as "(eager modules)"; "(program)" is V8 parsing and
 * compiling). Profile, don't guess.
 *
 * BENCH_STARTUP_COMPARE names another checkout of the site (a `git worktree` of an older commit,
 * with node_modules and `npm run build` done) that is measured in the same rounds: the only way to
 * say "x % less than commit y" on a machine whose speed drifts by ±20 % between runs.
 *
 *   npm run bench:startup          (knobs: BENCH_STARTUP_ROUNDS=5, BENCH_STARTUP_COMPARE, BENCH_OUT)
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import * as z from "zod";
import { fail, git, median, readKnobs, round1, round2, WRANGLER_OFFLINE_ENV } from "./bench-support.ts";
import { startupGraph } from "../scripts/ops/startup-graph.ts";

const { BENCH_STARTUP_ROUNDS: ROUNDS } = readKnobs({ BENCH_STARTUP_ROUNDS: 5 });
const RESULT_FILE = process.env.BENCH_OUT ?? "bench/results/startup.json";
const COMPARE = process.env.BENCH_STARTUP_COMPARE;
if (COMPARE !== undefined && !existsSync(join(COMPARE, "wrangler.toml"))) fail(`BENCH_STARTUP_COMPARE=${COMPARE}: no wrangler.toml there`);
const WORK = "bench/.work/startup";
/** The budget of the worker's own startup CPU (Active), on a machine as fast as the reference. */
const BUDGET_MS = 40;

const ProfileSchema = z.object({
  nodes: z.array(
    z.object({
      id: z.number(),
      callFrame: z.object({ functionName: z.string() }),
      children: z.array(z.number()).optional(),
    }),
  ),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});

interface StartupRun {
  activeMs: number;
  /** Sampled CPU per module (µs), see the header. */
  modules: Map<string, number>;
}

/** `wrangler check startup` in `cwd` (its --config flag is ignored by this command: it reads the directory's config). */
function checkStartup(cwd: string, outfile: string): StartupRun {
  const output = execFileSync("npx", ["wrangler", "check", "startup", "--outfile", resolve(outfile)], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, ...WRANGLER_OFFLINE_ENV, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const active = /Active:\s*([\d.]+)\s*ms/.exec(output);
  if (!active) fail(`no "Active: … ms" in wrangler check startup's output:\n${output}`);
  return { activeMs: Number(active[1]), modules: modulesOf(ProfileSchema.parse(JSON.parse(readFileSync(resolve(outfile), "utf8")))) };
}

/** Each non-idle sample, charged to the innermost lazily initialised module it ran in. */
function modulesOf(profile: z.infer<typeof ProfileSchema>): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const modules = new Map<string, number>();
  profile.samples.forEach((sample, index) => {
    const leaf = byId.get(sample)?.callFrame.functionName ?? "";
    if (leaf === "(idle)") return;
    let module: string | undefined;
    for (let id: number | undefined = sample; id !== undefined && module === undefined; id = parent.get(id)) {
      const name = byId.get(id)?.callFrame.functionName ?? "";
      if (/\.(?:tsx?|[cm]?js|json)$/.test(name)) module = name;
    }
    module ??= leaf.startsWith("(") ? leaf : "(eager modules)";
    modules.set(module, (modules.get(module) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  return modules;
}

mkdirSync(WORK, { recursive: true });
// The modules evaluated at startup, from the deploy bundle's metafile.
execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", join(WORK, "bundle"), "--metafile", join(WORK, "meta.json")], {
  env: { ...process.env, ...WRANGLER_OFFLINE_ENV, NODE_ENV: "production" },
  stdio: "ignore",
});
const graph = startupGraph(JSON.parse(readFileSync(join(WORK, "meta.json"), "utf8")));
console.log(`startup graph: ${graph.modules.size} modules, ${round1(graph.bytes / 1024)} KiB of ${round1(graph.bundleBytes / 1024)} KiB`);

const app: StartupRun[] = [];
const reference: StartupRun[] = [];
const compared: StartupRun[] = [];
for (let round = 0; round < ROUNDS; round++) {
  reference.push(checkStartup("bench/startup-reference", join(WORK, `reference-${round}.cpuprofile`)));
  app.push(checkStartup(".", join(WORK, `app-${round}.cpuprofile`)));
  if (COMPARE !== undefined) compared.push(checkStartup(COMPARE, join(WORK, `compared-${round}.cpuprofile`)));
  const other = COMPARE === undefined ? "" : `, ${COMPARE} ${compared.at(-1)?.activeMs} ms`;
  console.log(`round ${round + 1}/${ROUNDS}: app ${app.at(-1)?.activeMs} ms, reference ${reference.at(-1)?.activeMs} ms${other}`);
}

const appMs = median(app.map((run) => run.activeMs));
const referenceMs = median(reference.map((run) => run.activeMs));
const moduleTotals = new Map<string, number>();
for (const run of app) for (const [module, micros] of run.modules) moduleTotals.set(module, (moduleTotals.get(module) ?? 0) + micros);
const topModules = [...moduleTotals]
  .map(([module, micros]) => ({ module, ms: round1(micros / 1_000 / app.length) }))
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 15);

console.log(`\nworker startup, median of ${ROUNDS}: ${appMs} ms active; the libraries alone (reference): ${referenceMs} ms`);
console.log(
  `worker / reference: ${round2(appMs / referenceMs)}; the site's own code: ${round1(appMs - referenceMs)} ms; budget ${BUDGET_MS} ms in all`,
);
const comparedMs = COMPARE === undefined ? null : median(compared.map((run) => run.activeMs));
if (comparedMs !== null)
  console.log(`${COMPARE}, same rounds: ${comparedMs} ms active; this checkout / that one: ${round2(appMs / comparedMs)}`);
console.log("\nwhere the samples fell (mean ms per run):");
for (const { module, ms } of topModules) console.log(`${String(ms).padStart(7)}  ${module}`);

const result = {
  measuredAt: new Date().toISOString(),
  commit: git("rev-parse", "--short", "HEAD"),
  command: "npm run bench:startup",
  rounds: ROUNDS,
  activeMs: {
    app: appMs,
    reference: referenceMs,
    ratio: round2(appMs / referenceMs),
    own: round1(appMs - referenceMs),
    runs: app.map((run) => run.activeMs),
    referenceRuns: reference.map((run) => run.activeMs),
  },
  ...(COMPARE === undefined
    ? {}
    : {
        compared: {
          checkout: COMPARE,
          commit: git("-C", COMPARE, "rev-parse", "--short", "HEAD"),
          activeMs: comparedMs,
          runs: compared.map((run) => run.activeMs),
        },
      }),
  startupGraph: { modules: graph.modules.size, kib: round1(graph.bytes / 1024), bundleKib: round1(graph.bundleBytes / 1024) },
  budgetMs: BUDGET_MS,
  topModules,
};
mkdirSync(dirname(RESULT_FILE), { recursive: true });
writeFileSync(RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`);
console.log(`\nwritten to ${RESULT_FILE}`);
