/**
 * `npm run doctor -- --env staging|production`: lists what the environment still lacks (bindings,
 * vars, secrets), in German and English, and exits 1 while anything required is missing
 * (scripts/ops/doctor.ts; docs/deploy.md). Reads wrangler.toml with wrangler's own reader and the
 * secret names with `wrangler secret list` (needs `wrangler login` or CLOUDFLARE_API_TOKEN).
 */
import { parseOpsArgs, runOpsScript } from "./ops/cli-args.ts";
import { diagnose, report } from "./ops/doctor.ts";
import { readEnvironment } from "./ops/read-environment.ts";
import { listedSecretNames, realWrangler } from "./ops/wrangler-runner.ts";

const HELP = `npm run doctor -- --env <staging|production>

Lists every binding, var and secret the environment still lacks, with what to do.
Exit 0: ready · 1: something required is missing · 2: required items could not be checked
(the secrets need \`wrangler login\` or CLOUDFLARE_API_TOKEN; vars and bindings are checked anyway).`;

async function main(): Promise<number> {
  const args = parseOpsArgs(process.argv.slice(2), []);
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  const config = readEnvironment(args.env);
  // Without credentials the vars and bindings are still checked; what hangs on a secret is marked "?".
  const secrets = listedSecretNames(await realWrangler()(["secret", "list", "--env", args.env, "--format", "json"]));
  const { text, verdict } = report(args.env, config.name, diagnose(args.env, config, secrets));
  console.log(text);
  return verdict === "ready" ? 0 : verdict === "missing" ? 1 : 2;
}

runOpsScript(main, 2);
