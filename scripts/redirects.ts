/**
 * `npm run redirects -- <command>`: list, add, change, remove, import (CSV, JSON) and export the
 * legacy redirect table in KV (ADR 0021, docs/redirects.md). The commands live in
 * redirects/redirect-cli.ts; this file only wires them to a store:
 *
 *   --local (default)  the KV state `wrangler dev` uses, through getPlatformProxy (as `npm run seed`);
 *                      --persist-to <dir> for another state directory
 *   --remote           the namespace bound as REDIRECTS, through `wrangler kv … --remote`
 *                      (command lines from redirects/wrangler-kv-commands.ts)
 *
 * Run through npm (Node 22 from node_modules strips the types).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import legacyRedirects from "#redirects/legacy-redirects.json" with { type: "json" };
import { runRedirectCli, type CliOptions } from "#redirects/redirect-cli.ts";
import type { RedirectTableStore } from "#redirects/redirect-table-store.ts";
import {
  BULK_GET_KEYS,
  wranglerBulkGetCommand,
  wranglerIndexCommand,
  wranglerListCommand,
  wranglerStepCommand,
  type WranglerCommand,
  type WranglerTarget,
} from "#redirects/wrangler-kv-commands.ts";
import { kvRedirectTableStore } from "#worker/admin/kv-redirect-table-store.ts";

async function localStore(options: CliOptions): Promise<RedirectTableStore & { close: () => Promise<void> }> {
  const { env, dispose } = await getPlatformProxy<Env>({ persist: options.persistTo === undefined ? true : { path: options.persistTo } });
  return { ...kvRedirectTableStore(env.REDIRECTS), close: () => dispose() };
}

/** Runs one wrangler command (no shell); its file, if any, in a private temporary directory. */
function wrangler(build: (filePath: string) => WranglerCommand, options: { allowMissing?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "redirects-"));
  try {
    const command = build(join(dir, "input.json"));
    if (command.file !== undefined) writeFileSync(join(dir, "input.json"), command.file);
    return execFileSync(process.execPath, ["node_modules/wrangler/bin/wrangler.js", ...command.argv], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
      maxBuffer: 512 * 1024 * 1024,
    });
  } catch (error) {
    if (options.allowMissing) return "";
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** wrangler prints the JSON it was asked for, possibly after a line of its own. */
function jsonOf(stdout: string): unknown {
  const start = stdout.search(/[[{]/);
  return start === -1 ? null : JSON.parse(stdout.slice(start));
}

function remoteStore(options: CliOptions): RedirectTableStore {
  const target: WranglerTarget = options.env === undefined ? {} : { env: options.env };
  return {
    async listEntries() {
      const keys = jsonOf(wrangler(() => wranglerListCommand(target))) as Array<{ name: string; metadata?: unknown }>;
      return keys.map(({ name, metadata }) => ({ key: name, value: metadata ?? undefined }));
    },
    async getValues(keys) {
      const values = new Map<string, unknown>();
      for (let i = 0; i < keys.length; i += BULK_GET_KEYS) {
        const chunk = keys.slice(i, i + BULK_GET_KEYS);
        const result = (jsonOf(wrangler((file) => wranglerBulkGetCommand(chunk, file, target))) ?? {}) as Record<string, unknown>;
        for (const key of chunk) {
          const raw = Object.hasOwn(result, key) ? result[key] : null;
          const text = typeof raw === "object" && raw !== null && "value" in raw ? raw.value : raw;
          values.set(key, typeof text === "string" ? parseJsonOrText(text) : null);
        }
      }
      return values;
    },
    async getIndex() {
      const text = wrangler(() => wranglerIndexCommand(target), { allowMissing: true }).trim();
      return text === "" || text === "Value not found" ? null : text;
    },
    async runStep(step) {
      console.error(`wrangler: ${step.name} (${step.operations.length} operation(s))…`);
      wrangler((file) => wranglerStepCommand(step, file, target));
    },
  };
}

function parseJsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const code = await runRedirectCli(process.argv.slice(2), {
  openStore: async (options) => (options.remote ? remoteStore(options) : localStore(options)),
  readFile: async (path) => readFileSync(path, "utf8"),
  writeFile: async (path, text) => writeFileSync(path, text),
  sourceFile: async () => legacyRedirects,
  out: (text) => console.log(text),
  err: (text) => console.error(text),
});
process.exitCode = code;
