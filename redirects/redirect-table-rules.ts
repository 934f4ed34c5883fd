import { STAND_IN_ORIGIN } from "./redirect-target.ts";
import { resolveLegacyRedirect } from "./match-redirect.ts";
import { normalizeRedirectKey } from "./normalize-path.ts";
import { RedirectKvValueSchema, type RedirectEntry } from "./redirect-entry-schema.ts";
import { GONE_CODE } from "./redirect-write-schema.ts";

/**
 * The whole-table rules of an admin edit (ADR 0021), pure: a table is a Map from normalised key
 * to entry (never a plain object: "/__proto__" and "/constructor" are valid paths).
 *
 * - no loops (a → … → a, including a → a spelled differently: "/Angebote/" → "/angebote");
 * - no chains: no internal target may be a key of the table (a → b while b → c, or b is gone).
 *   With `flatten`, chains are rewritten to their end (a → c, b → c; a → gone if c is gone),
 *   using the matcher itself so query and fragment come out as a visitor's browser would see them;
 *   without it the edit is refused naming the entries. Loops are always refused.
 *
 * @example
 * const table = redirectTableFromEntries([{ path: "/a", target: "/b", code: 301, external: false },
 *                                         { path: "/b", target: "/c", code: 301, external: false }]);
 * checkRedirectTable(table, { flatten: false }).ok;           // false: "/a" → "/b" is a chain
 * checkRedirectTable(table, { flatten: true }).flattened;     // [{ path: "/a", from: "/b", to: "/c" }]
 */

export type KeyedRedirectTable = Map<string, RedirectEntry>;

export interface RedirectIssue {
  /** The entry the issue is about (its path as given), when there is one. */
  entry?: string;
  /** CSV line (1-based) of the entry, for imports from CSV. */
  line?: number;
  message: string;
}

export interface Flattening {
  path: string;
  from: string;
  to: string | null;
}

export type TableCheck = { ok: true; table: KeyedRedirectTable; flattened: Flattening[] } | { ok: false; issues: RedirectIssue[] };

/** Keyed by normalised key; later rows win (callers parse with RedirectTableSchema first, which refuses duplicates). */
export function redirectTableFromEntries(entries: Iterable<RedirectEntry>): KeyedRedirectTable {
  const table: KeyedRedirectTable = new Map();
  for (const entry of entries) {
    const key = normalizeRedirectKey(entry.path);
    if (key !== null) table.set(key, entry);
  }
  return table;
}

/** The table key an internal target lands on, or null (external, gone, or not a possible key). */
export function targetKey(entry: RedirectEntry): string | null {
  if (entry.target === null || entry.external) return null;
  if (!URL.canParse(entry.target, STAND_IN_ORIGIN)) return null;
  return normalizeRedirectKey(new URL(entry.target, STAND_IN_ORIGIN).pathname);
}

export function checkRedirectTable(table: KeyedRedirectTable, options: { flatten: boolean }): TableCheck {
  const issues: RedirectIssue[] = [];
  const result: KeyedRedirectTable = new Map(table);
  const flattened: Flattening[] = [];
  for (const [key, entry] of table) {
    const next = targetKey(entry);
    const hop = next === null ? undefined : table.get(next);
    if (hop === undefined || entry.target === null) continue;
    const walk = followChain(table, key);
    if (walk.loop) {
      issues.push({ entry: entry.path, message: `redirect loop: ${walk.keys.join(" → ")}` });
      continue;
    }
    if (!options.flatten) {
      const what = hop.target === null ? `"${hop.path}" is gone (410)` : `"${hop.path}" itself redirects to "${hop.target}"`;
      issues.push({
        entry: entry.path,
        message: `redirect chain: "${entry.path}" points at "${entry.target}", but ${what}; point it at the final target or use flatten`,
      });
      continue;
    }
    const end = flattenedTarget(table, entry, entry.target, walk.keys);
    result.set(key, end);
    flattened.push({ path: entry.path, from: entry.target, to: end.target });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, table: result, flattened };
}

/** The keys visited from `start` along internal targets that are table keys; loop when one repeats. */
function followChain(table: KeyedRedirectTable, start: string): { keys: string[]; loop: boolean } {
  const keys = [start];
  const seen = new Set(keys);
  let current = table.get(start);
  while (current) {
    const next = targetKey(current);
    if (next === null || !table.has(next)) return { keys, loop: false };
    keys.push(next);
    if (seen.has(next)) return { keys, loop: true };
    seen.add(next);
    current = table.get(next);
  }
  return { keys, loop: false };
}

/** Where a visitor starting at `entry` ends, as one entry: the entry's own code, the end's target. */
function flattenedTarget(table: KeyedRedirectTable, entry: RedirectEntry, start: string, keys: string[]): RedirectEntry {
  let location = new URL(start, STAND_IN_ORIGIN);
  let external = false;
  for (const key of keys.slice(1)) {
    const hop = table.get(key);
    if (hop === undefined) break;
    const value = RedirectKvValueSchema.parse({ target: hop.target, code: hop.code, external: hop.external });
    const resolution = resolveLegacyRedirect(value, location);
    if (resolution.kind === "not-found") return { ...entry, target: null, code: GONE_CODE, external: false };
    external = hop.external;
    location = new URL(resolution.location, STAND_IN_ORIGIN);
  }
  const target = external ? location.href : location.pathname + location.search + location.hash;
  return { ...entry, target, external };
}
