import { createHash } from "node:crypto";
import type { DeployEnvironment } from "./environments.ts";
import { diagnose, report } from "./doctor.ts";
import type { ResolvedConfig } from "./read-environment.ts";
import { listedSecretNames, mustRun, type WranglerAnswer, type WranglerRunner } from "./wrangler-runner.ts";

/**
 * `npm run deploy -- --env …`: build, check the environment (the doctor), apply D1 migrations
 * remotely, bring the reviewed redirect table into KV when the file changed since the last deploy,
 * and deploy the worker (with the custom domain of SITE_ORIGIN). Production needs `--yes`.
 * `--dry-run` builds, runs the doctor and `wrangler deploy --dry-run` for real, and says what it
 * would do remotely.
 */

/** The KV key that remembers which reviewed redirect file was last brought into the namespace. */
export const REDIRECT_SOURCE_KEY = "redirect-source:sha256";
export const REDIRECT_SOURCE_FILE = "redirects/legacy-redirects.json";
export const DRY_RUN_OUTDIR = ".wrangler/deploy-dry-run";

export interface DeployOptions {
  dryRun: boolean;
  yes: boolean;
  /** Replace the live table by the file (removes entries ops added live) instead of merging the file into it. */
  replaceRedirects: boolean;
}

export interface DeployDeps {
  run: WranglerRunner;
  /** `npm run <args>` in the project. */
  npm: (args: readonly string[]) => Promise<WranglerAnswer>;
  config: ResolvedConfig;
  /** The reviewed redirect file's bytes. */
  redirectSource: string;
  log: (line: string) => void;
}

export function sourceHash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

async function mustNpm(deps: DeployDeps, args: readonly string[]): Promise<void> {
  const answer = await deps.npm(args);
  if (answer.code !== 0)
    throw new Error(`npm run ${args.join(" ")} failed (exit ${answer.code}):\n${answer.stderr.trim().split("\n").slice(-6).join("\n")}`);
}

/** The host of SITE_ORIGIN, deployed to as the worker's custom domain. */
function customDomainOf(config: ResolvedConfig): string | null {
  const origin = config.vars.SITE_ORIGIN;
  return typeof origin === "string" && URL.canParse(origin) ? new URL(origin).host : null;
}

export async function deploy(env: DeployEnvironment, deps: DeployDeps, options: DeployOptions): Promise<void> {
  const { run, log } = deps;
  if (env === "production" && !options.yes && !options.dryRun)
    throw new Error("Deploying to production changes the live site: run again with --yes (or try --dry-run first).");

  log("1/5 build");
  await mustNpm(deps, ["build"]);

  log("2/5 doctor");
  const secrets = listedSecretNames(await run(["secret", "list", "--env", env, "--format", "json"]));
  if (secrets === null && !options.dryRun)
    throw new Error("Could not read the environment's secrets (wrangler login or CLOUDFLARE_API_TOKEN?).");
  const doctor = report(env, deps.config.name, diagnose(env, deps.config, secrets));
  if (!doctor.ready) {
    if (!options.dryRun) throw new Error(`${doctor.text}\nNothing was deployed.`);
    log(doctor.text);
  }

  const domain = customDomainOf(deps.config);
  const deployArgv = ["deploy", "--env", env, ...(domain ? ["--domain", domain] : [])];
  const hash = sourceHash(deps.redirectSource);
  const kvTarget = ["--binding", "REDIRECTS", "--remote", "--env", env];
  if (options.dryRun) {
    log("3/5 wrangler deploy --dry-run (the bundle wrangler would upload)");
    await mustRun(run, ["deploy", "--env", env, "--dry-run", "--outdir", DRY_RUN_OUTDIR]);
    log("would run: wrangler d1 migrations apply DB --remote");
    log(`would bring ${REDIRECT_SOURCE_FILE} (sha256 ${hash.slice(0, 12)}…) into KV if it changed since the last deploy`);
    log(`would run: wrangler ${deployArgv.join(" ")}`);
    return;
  }

  log("3/5 D1 migrations");
  await mustRun(run, ["d1", "migrations", "apply", "DB", "--remote", "--env", env]);

  log("4/5 redirect table");
  const stored = await run(["kv", "key", "get", REDIRECT_SOURCE_KEY, ...kvTarget, "--text"]);
  if (stored.code === 0 && stored.stdout.trim() === hash) log("   unchanged since the last deploy");
  else {
    await mustNpm(
      deps,
      options.replaceRedirects
        ? ["redirects", "--", "sync", "--remote", "--env", env]
        : ["redirects", "--", "import", REDIRECT_SOURCE_FILE, "--remote", "--env", env],
    );
    await mustRun(run, ["kv", "key", "put", REDIRECT_SOURCE_KEY, hash, ...kvTarget]);
  }

  log("5/5 deploy");
  await mustRun(run, deployArgv);
}
