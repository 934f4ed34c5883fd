/**
 * `npm run deploy -- --env staging|production [--yes] [--dry-run] [--replace-redirects]`
 * (scripts/ops/deploy.ts; docs/deploy.md).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseOpsArgs, runOpsScript } from "./ops/cli-args.ts";
import { deploy, REDIRECT_SOURCE_FILE } from "./ops/deploy.ts";
import { readEnvironment } from "./ops/read-environment.ts";
import { realWrangler, type WranglerAnswer } from "./ops/wrangler-runner.ts";

const HELP = `npm run deploy -- --env <staging|production> [--yes] [--dry-run] [--replace-redirects]

1. builds, 2. checks the environment (npm run doctor; stops while something required is missing),
3. applies the D1 migrations remotely, 4. brings ${REDIRECT_SOURCE_FILE} into KV when it changed
since the last deploy (merged: entries ops added live stay), 5. deploys the worker, with the host
of SITE_ORIGIN as its custom domain.
  --yes                 required for production
  --dry-run             build, doctor and \`wrangler deploy --dry-run\`; nothing remote is changed
  --replace-redirects   replace the live table by the file instead of merging (removes live additions)
Rollback: docs/deploy.md ("Rollback").`;

function npm(args: readonly string[]): Promise<WranglerAnswer> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", ...args], { stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
      process.stderr.write(chunk);
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? 1, stdout: "", stderr }));
  });
}

async function main(): Promise<number> {
  const args = parseOpsArgs(process.argv.slice(2), ["--yes", "--dry-run", "--replace-redirects"]);
  if (args.help) {
    console.log(HELP);
    return 0;
  }
  await deploy(
    args.env,
    {
      run: realWrangler(),
      npm,
      config: readEnvironment(args.env),
      redirectSource: readFileSync(REDIRECT_SOURCE_FILE, "utf8"),
      log: console.log,
    },
    { yes: args.flags.has("--yes"), dryRun: args.flags.has("--dry-run"), replaceRedirects: args.flags.has("--replace-redirects") },
  );
  return 0;
}

runOpsScript(main);
