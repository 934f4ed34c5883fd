import { REDIRECT_KEY_PREFIX, REDIRECT_PREFIX_INDEX_KEY } from "./kv-layout.ts";
import type { KvStep } from "./redirect-write-plan.ts";

/**
 * The wrangler command lines through which the CLI reads and writes the real namespace
 * (`npm run redirects -- … --remote`, ADR 0021), built here without running anything so they
 * are unit-tested. Each is an argv for `wrangler` (no shell: keys never meet a shell parser).
 * Bulk commands read a JSON file the caller writes: `kv bulk put` an array of
 * {key, value, metadata?}, `kv bulk delete` an array of key strings.
 *
 * @example
 * wranglerStepCommand({ name: "delete-entries", operations: [{ op: "delete", key: "redirect:/a" }] }, "/tmp/step.json", {});
 * // { argv: ["kv", "bulk", "delete", "/tmp/step.json", "--binding", "REDIRECTS", "--remote", "--force"],
 * //   file: '["redirect:/a"]' }
 */

export interface WranglerTarget {
  /** wrangler.toml environment (`--env`), if any. */
  env?: string;
  /** KV binding name; REDIRECTS unless told. */
  binding?: string;
}

export interface WranglerCommand {
  argv: string[];
  /** The JSON the command's file argument must contain, when it takes one. */
  file?: string;
}

function namespaceArgs(target: WranglerTarget): string[] {
  return ["--binding", target.binding ?? "REDIRECTS", "--remote", ...(target.env ? ["--env", target.env] : [])];
}

/** Lists every entry key with its metadata (prints a JSON array of {name, metadata?}). */
export function wranglerListCommand(target: WranglerTarget): WranglerCommand {
  return { argv: ["kv", "key", "list", ...namespaceArgs(target), "--prefix", REDIRECT_KEY_PREFIX] };
}

/** Prints one stored value as text (for entries listed without metadata, and the index). */
export function wranglerGetCommand(key: string, target: WranglerTarget): WranglerCommand {
  return { argv: ["kv", "key", "get", key, ...namespaceArgs(target), "--text"] };
}

/** The KV bulk-get API takes at most 100 keys per request; wrangler sends one request per command. */
export const BULK_GET_KEYS = 100;

/** Reads up to BULK_GET_KEYS values in one request (prints {key: value} as JSON). */
export function wranglerBulkGetCommand(keys: readonly string[], filePath: string, target: WranglerTarget): WranglerCommand {
  if (keys.length > BULK_GET_KEYS) throw new Error(`at most ${BULK_GET_KEYS} keys per bulk get`);
  return { argv: ["kv", "bulk", "get", filePath, ...namespaceArgs(target)], file: JSON.stringify(keys) };
}

export function wranglerIndexCommand(target: WranglerTarget): WranglerCommand {
  return wranglerGetCommand(REDIRECT_PREFIX_INDEX_KEY, target);
}

/** One plan step as one bulk command (wrangler splits large files into API-sized requests itself). */
export function wranglerStepCommand(step: KvStep, filePath: string, target: WranglerTarget): WranglerCommand {
  const deletes = step.operations.filter((operation) => operation.op === "delete");
  const puts = step.operations.flatMap((operation) => (operation.op === "put" ? [operation] : []));
  if (deletes.length > 0 && puts.length > 0) throw new Error(`step ${step.name} mixes puts and deletes`);
  if (deletes.length > 0) {
    return {
      argv: ["kv", "bulk", "delete", filePath, ...namespaceArgs(target), "--force"],
      file: JSON.stringify(deletes.map((operation) => operation.key)),
    };
  }
  return {
    argv: ["kv", "bulk", "put", filePath, ...namespaceArgs(target)],
    file: JSON.stringify(puts.map(({ key, value, metadata }) => (metadata === undefined ? { key, value } : { key, value, metadata }))),
  };
}
