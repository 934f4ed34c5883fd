import { describe, expect, it } from "vitest";
import { deploy, REDIRECT_SOURCE_KEY, sourceHash, type DeployDeps, type DeployOptions } from "./deploy.ts";
import { recordedWrangler, type RecordedCall } from "./fake-wrangler.ts";
import { configFixture } from "./ops-fixtures.ts";
import type { WranglerAnswer } from "./wrangler-runner.ts";

const SOURCE = '[{ "path": "/alt", "target": "/neu" }]';
const SECRETS = { stdout: JSON.stringify([{ name: "LEAD_IP_HASH_SECRET", type: "secret_text" }]) };
const KV = ["--binding", "REDIRECTS", "--remote", "--env", "staging"];
const OPTIONS: DeployOptions = { dryRun: false, yes: false, replaceRedirects: false };

function harness(recording: RecordedCall[], npmAnswers: Partial<WranglerAnswer> = {}) {
  const wrangler = recordedWrangler(recording);
  const npmCalls: string[] = [];
  const log: string[] = [];
  const deps: DeployDeps = {
    run: wrangler.run,
    npm: async (args) => {
      npmCalls.push(args.join(" "));
      return { code: 0, stdout: "", stderr: "", ...npmAnswers };
    },
    config: configFixture(),
    redirectSource: SOURCE,
    log: (line) => log.push(line),
  };
  return { wrangler, npmCalls, log, deps };
}

describe("deploy (against a recorded wrangler)", () => {
  it("staging: build, doctor, migrations, the changed redirect file merged, its hash kept, deploy with SITE_ORIGIN's host", async () => {
    const { wrangler, npmCalls, deps } = harness([
      { argv: ["secret", "list", "--env", "staging", "--format", "json"], answer: SECRETS },
      { argv: ["d1", "migrations", "apply", "DB", "--remote", "--env", "staging"] },
      { argv: ["kv", "key", "get", REDIRECT_SOURCE_KEY, ...KV, "--text"], answer: { code: 1, stderr: "Value not found" } },
      { argv: ["kv", "key", "put", REDIRECT_SOURCE_KEY, sourceHash(SOURCE), ...KV] },
      { argv: ["deploy", "--env", "staging", "--domain", "staging.example.de"] },
    ]);
    await deploy("staging", deps, OPTIONS);
    expect(wrangler.remaining()).toEqual([]);
    expect(npmCalls).toEqual(["build", "redirects -- import redirects/legacy-redirects.json --remote --env staging"]);
  });

  it("an unchanged redirect file is not brought in again (live edits stay); --replace-redirects syncs instead of merging", async () => {
    const unchanged = harness([
      { argv: ["secret", "list", "--env", "staging", "--format", "json"], answer: SECRETS },
      { argv: ["d1", "migrations", "apply", "DB", "--remote", "--env", "staging"] },
      { argv: ["kv", "key", "get", REDIRECT_SOURCE_KEY, ...KV, "--text"], answer: { stdout: `${sourceHash(SOURCE)}\n` } },
      { argv: ["deploy", "--env", "staging", "--domain", "staging.example.de"] },
    ]);
    await deploy("staging", unchanged.deps, OPTIONS);
    expect(unchanged.npmCalls).toEqual(["build"]);
    const replace = harness([
      { argv: ["secret", "list", "--env", "staging", "--format", "json"], answer: SECRETS },
      { argv: ["d1", "migrations", "apply", "DB", "--remote", "--env", "staging"] },
      { argv: ["kv", "key", "get", REDIRECT_SOURCE_KEY, ...KV, "--text"], answer: { stdout: "an-older-hash" } },
      { argv: ["kv", "key", "put", REDIRECT_SOURCE_KEY, sourceHash(SOURCE), ...KV] },
      { argv: ["deploy", "--env", "staging", "--domain", "staging.example.de"] },
    ]);
    await deploy("staging", replace.deps, { ...OPTIONS, replaceRedirects: true });
    expect(replace.npmCalls).toEqual(["build", "redirects -- sync --remote --env staging"]);
  });

  it("production without --yes: refused before anything runs", async () => {
    const { wrangler, npmCalls, deps } = harness([]);
    await expect(deploy("production", deps, OPTIONS)).rejects.toThrow(/--yes/);
    expect(wrangler.calls).toEqual([]);
    expect(npmCalls).toEqual([]);
  });

  it("the doctor finding something required missing stops the deploy before anything remote changes", async () => {
    const { wrangler, deps } = harness([{ argv: ["secret", "list", "--env", "staging", "--format", "json"], answer: { stdout: "[]" } }]);
    await expect(deploy("staging", deps, OPTIONS)).rejects.toThrow(/LEAD_IP_HASH_SECRET fehlt[\s\S]*Nothing was deployed\./);
    expect(wrangler.remaining()).toEqual([]);
  });

  it("a failed build or migration stops there, with what the tool said", async () => {
    const build = harness([], { code: 1, stderr: "error during build:\nRollupError: x" });
    await expect(deploy("staging", build.deps, OPTIONS)).rejects.toThrow(/npm run build failed \(exit 1\):\n[\s\S]*RollupError/);
    const migration = harness([
      { argv: ["secret", "list", "--env", "staging", "--format", "json"], answer: SECRETS },
      {
        argv: ["d1", "migrations", "apply", "DB", "--remote", "--env", "staging"],
        answer: { code: 1, stderr: '✘ [ERROR] near "TABL": syntax error' },
      },
    ]);
    await expect(deploy("staging", migration.deps, OPTIONS)).rejects.toThrow(
      /d1 migrations apply DB --remote --env staging failed[\s\S]*syntax error/,
    );
  });

  it("--dry-run: build, doctor (secrets unreadable is only a note), wrangler deploy --dry-run; nothing remote", async () => {
    const { wrangler, log, deps } = harness([
      { argv: ["secret", "list", "--env", "production", "--format", "json"], answer: { code: 1, stderr: "Not logged in" } },
      { argv: ["deploy", "--env", "production", "--dry-run", "--outdir", ".wrangler/deploy-dry-run"] },
    ]);
    await deploy(
      "production",
      { ...deps, config: configFixture({ name: "dealership-site-production", vars: { SITE_ORIGIN: "https://www.example.de" } }) },
      {
        ...OPTIONS,
        dryRun: true,
      },
    );
    expect(wrangler.remaining()).toEqual([]);
    expect(log.join("\n")).toContain("would run: wrangler deploy --env production --domain www.example.de");
  });
});
