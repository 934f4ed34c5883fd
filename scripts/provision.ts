/**
 * `npm run provision -- --env staging|production [--dry-run]`: creates the environment's D1
 * database, KV namespace, lead queues and R2 bucket through wrangler where they do not exist yet,
 * and records the D1 and KV ids in wrangler.toml (scripts/ops/provision.ts; docs/deploy.md).
 * Idempotent. Needs `wrangler login` or CLOUDFLARE_API_TOKEN + CLOUDFLARE_ACCOUNT_ID.
 */
import { parseOpsArgs, runOpsScript } from "./ops/cli-args.ts";
import { provision } from "./ops/provision.ts";
import { readEnvironment } from "./ops/read-environment.ts";
import { recordIds } from "./ops/record-ids.ts";
import { realWrangler } from "./ops/wrangler-runner.ts";

const HELP = `npm run provision -- --env <staging|production> [--dry-run]

Creates what the environment's worker binds (D1, KV, both lead queues, R2; D1, KV and R2 in the
EU jurisdiction) where it does not exist yet, and records the D1 and KV ids in wrangler.toml.
Run it again at any time: what exists is found by name, nothing is created twice.
  --dry-run   only ask wrangler what exists and say what would be created`;

async function main(): Promise<number> {
  const args = parseOpsArgs(process.argv.slice(2), ["--dry-run"]);
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  const dryRun = args.flags.has("--dry-run");
  const { steps, patch } = await provision(args.env, readEnvironment(args.env), realWrangler(), { dryRun });
  for (const step of steps) console.log(`${step.outcome.padEnd(12)} ${step.resource}`);
  if (!dryRun && recordIds("wrangler.toml", args.env, patch))
    console.log(`wrangler.toml [env.${args.env}]: ${patch.d1.length + patch.kv.length} id(s) recorded — commit the change.`);
  else console.log(dryRun ? "dry run: nothing created, nothing written." : "nothing new to record.");
  return 0;
}

runOpsScript(main);
