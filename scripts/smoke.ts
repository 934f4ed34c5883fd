/**
 * `npm run smoke -- --origin https://www.example.de` or `npm run smoke -- --env production`
 * (SITE_ORIGIN of that environment): scripts/ops/smoke.ts; docs/deploy.md "After a deploy".
 */
import { runOpsScript } from "./ops/cli-args.ts";
import { DeployEnvironmentSchema } from "./ops/environments.ts";
import { readEnvironment } from "./ops/read-environment.ts";
import { smoke } from "./ops/smoke.ts";

const HELP = `npm run smoke -- --origin <https://…> | --env <staging|production>

Checks a deployed site from outside: /healthz, the sitemap, a vehicle page from it, the home
page's security headers, and that the Storyblok webhook refuses an unsigned call. Exit 1 on a failure.`;

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(HELP);
    return 0;
  }
  const value = (flag: string) => argv[argv.indexOf(flag) + 1];
  let origin = argv.includes("--origin") ? value("--origin") : undefined;
  if (origin === undefined && argv.includes("--env")) {
    const env = DeployEnvironmentSchema.parse(value("--env"));
    const configured = readEnvironment(env).vars.SITE_ORIGIN;
    if (typeof configured !== "string") throw new Error(`[env.${env}.vars] SITE_ORIGIN is not set (npm run doctor -- --env ${env})`);
    origin = configured;
  }
  if (!origin || !URL.canParse(origin)) throw new Error("give --origin <https://…> or --env <staging|production> (see --help)");
  const checks = await smoke(new URL(origin).origin);
  for (const check of checks) console.log(`${check.ok ? "✓" : "✗"} ${check.name}: ${check.detail}`);
  return checks.every((check) => check.ok) ? 0 : 1;
}

runOpsScript(main, 2);
