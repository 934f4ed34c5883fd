import { normalizeRedirectKey } from "./normalize-path.ts";
import { RedirectKvValueSchema, type RedirectTable } from "./redirect-entry-schema.ts";
import { buildRedirectIndexValue } from "./redirect-index.ts";

/**
 * How the legacy redirect table lives in Workers KV. A request costs O(1)
 * whatever the table size (ARCHITECTURE.md, "Performance shape"):
 *
 * - one key per entry, `redirect:{normalized key}` → RedirectKvValue JSON,
 *   read with a single exact get;
 * - one small index, `redirect-index:first-segments` → JSON array of the
 *   first path segments that have any entry, so a path whose first segment
 *   is not listed ("/carfinder/…", "/mercedes-benz/…") never touches KV
 *   (beyond 1,000 segments a Bloom filter over the keys: redirect-index.ts, ADR 0021).
 *
 * @example
 * const key = normalizeRedirectKey(url.pathname);              // "/angebote"
 * if (key !== null && indexFilter.mayContain(key)) {          // parseRedirectIndex(index value)
 *   const raw = await env.KV.get(redirectKvKey(key));          // "redirect:/angebote"
 * }
 */

export const REDIRECT_KEY_PREFIX = "redirect:";

export const REDIRECT_PREFIX_INDEX_KEY = "redirect-index:first-segments";

// The index formats live in redirect-index.ts; the list schema stays importable from here.
export { RedirectPrefixIndexSchema, type RedirectPrefixIndex } from "./redirect-index.ts";

export type KvEntry = { key: string; value: string };

/** The KV key of a normalized redirect key (from normalizeRedirectKey). */
export function redirectKvKey(normalizedKey: string): string {
  return REDIRECT_KEY_PREFIX + normalizedKey;
}

/** Every entry of a parsed table as a KV pair, plus the first-segment index. */
export function buildRedirectKvEntries(table: RedirectTable): KvEntry[] {
  const keys: string[] = [];
  const entries = table.map(({ path, target, code, external }): KvEntry => {
    const key = normalizeRedirectKey(path);
    if (key === null) {
      throw new Error(`Redirect path "${path}" has no lookup key; parse the table with RedirectTableSchema first`);
    }
    keys.push(key);
    const value = RedirectKvValueSchema.parse({ target, code, external });
    return { key: redirectKvKey(key), value: JSON.stringify(value) };
  });
  return [...entries, { key: REDIRECT_PREFIX_INDEX_KEY, value: buildRedirectIndexValue(keys) }];
}

/** Redirect rule 3 (server route lookup) lives in the same namespace under its own prefix. */
export const ROUTE_LOOKUP_KEY_PREFIX = "route-lookup:";

export function routeLookupKvKey(normalizedKey: string): string {
  return `${ROUTE_LOOKUP_KEY_PREFIX}${normalizedKey}`;
}
