import { REDIRECT_PREFIX_INDEX_KEY, RedirectPrefixIndexSchema, redirectKvKey } from "#redirects/kv-layout.ts";
import { RedirectKvValueSchema, type RedirectKvValue } from "#redirects/redirect-entry-schema.ts";

/** KV edge cache for redirect reads: ops edits are visible worldwide within 60 s. */
export const REDIRECT_CACHE_TTL_SECONDS = 60;

interface CachedIndex {
  segments: Set<string>;
  expires: number;
}

// One small value per isolate per namespace: the first path segments that have legacy
// entries. It lets paths that cannot be legacy skip KV entirely (ARCHITECTURE.md).
const indexCache = new WeakMap<KVNamespace, CachedIndex>();

async function loadPrefixIndex(kv: KVNamespace): Promise<Set<string>> {
  const cached = indexCache.get(kv);
  if (cached && cached.expires > Date.now()) return cached.segments;
  const raw = await kv.get(REDIRECT_PREFIX_INDEX_KEY, { type: "json", cacheTtl: REDIRECT_CACHE_TTL_SECONDS });
  const parsed = RedirectPrefixIndexSchema.safeParse(raw ?? []);
  const segments = new Set(parsed.success ? parsed.data : []);
  indexCache.set(kv, { segments, expires: Date.now() + REDIRECT_CACHE_TTL_SECONDS * 1000 });
  return segments;
}

/** Drops the per-isolate index so a test (or the admin endpoint) sees a fresh table. */
export function forgetRedirectIndex(kv: KVNamespace): void {
  indexCache.delete(kv);
}

/**
 * O(1) legacy lookup: one cached index read plus, only when the first segment is known,
 * one KV get by exact key. Never a scan over the rules.
 */
export async function findLegacyRedirect(kv: KVNamespace, key: string, segment: string): Promise<RedirectKvValue | null> {
  const segments = await loadPrefixIndex(kv);
  if (!segments.has(segment)) return null;
  const raw = await kv.get(redirectKvKey(key), { type: "json", cacheTtl: REDIRECT_CACHE_TTL_SECONDS });
  if (raw === null) return null;
  const parsed = RedirectKvValueSchema.safeParse(raw);
  // A malformed KV value (hand-edited) must not break the page: ignore it.
  return parsed.success ? parsed.data : null;
}
