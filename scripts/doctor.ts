/**
 * `npm run doctor -- --env staging|production`: lists what the environment still lacks (bindings,
 * vars, secrets), in German and English, and exits 1 while anything required is missing
 * (scripts/ops/doctor.ts; docs/deploy.md). Reads wrangler.toml with wrangler's own reader and the
 * secret names with `wrangler secret list` (needs `wrangler login` or CLOUDFLARE_API_TOKEN).
 */
import { parseOpsArgs, runOpsScript } from "./ops/cli-args.ts";
import { diagnose, report } from "./ops/doctor.ts";
import { readEnvironment } from "./ops/read-environment.ts";
import { jsonOf, realWrangler } from "./ops/wrangler-runner.ts";

const HELP = `npm run doctor -- --env <staging|production>

Lists every binding, var and secret the environment still lacks, with what to do.
Exit 0: ready · 1: something required is missing · 2: could not check (see the message).`;

async function main(): Promise<number> {
  const args = parseOpsArgs(process.argv.slice(2), []);
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  const config = readEnvironment(args.env);
  const answer = await realWrangler()(["secret", "list", "--env", args.env, "--format", "json"]);
  const listed = answer.code === 0 ? jsonOf(answer.stdout) : null;
  if (!Array.isArray(listed)) {
    console.error(
      `Secrets konnten nicht gelesen werden (wrangler login oder CLOUDFLARE_API_TOKEN?). / Could not read the secrets (wrangler login or CLOUDFLARE_API_TOKEN?).`,
    );
    return 2;
  }
  const secrets = new Set(
    listed.flatMap((entry: unknown) => (typeof entry === "object" && entry !== null && "name" in entry ? [String(entry.name)] : [])),
  );
  const { text, ready } = report(args.env, config.name, diagnose(args.env, config, secrets));
  console.log(text);
  return ready ? 0 : 1;
}

runOpsScript(main, 2);
