import { REDIRECT_PREFIX_INDEX_KEY, redirectKvKey } from "#redirects/kv-layout.ts";
import { parseRedirectIndex, type RedirectLookupFilter } from "#redirects/redirect-index.ts";
import { RedirectKvValueSchema, type RedirectKvValue } from "#redirects/redirect-entry-schema.ts";
import { isolateRecord } from "../isolate-state.ts";

/** KV edge cache for redirect entry reads (the minimum KV allows is 30 s). */
export const REDIRECT_CACHE_TTL_SECONDS = 60;

/**
 * The index is kept per isolate and read with the minimum edge cacheTtl, 30 s each, so an edit
 * reaches every isolate within 60 s (ADR 0021): at most 30 s in the isolate on top of at most
 * 30 s in the location's KV cache. Entry reads keep 60 s (one cache, nothing on top).
 */
export const REDIRECT_INDEX_TTL_SECONDS = 30;

interface CachedIndex {
  filter: RedirectLookupFilter;
  expires: number;
}

// Nothing passes a filter that cannot be read: fail open to "no legacy redirects" (as before).
const NOTHING: RedirectLookupFilter = { mayContain: () => false };

// One small value per isolate per namespace: which paths may have legacy entries. It lets
// paths that cannot be legacy skip KV entirely (ARCHITECTURE.md). Keyed weakly by the binding, so
// a namespace nobody holds any more (a test's fake) takes its index with it; made with the first
// index kept, so a reset (a fresh map) is told apart from a used one.
const kept = isolateRecord("redirect index", (): { indexes: WeakMap<KVNamespace, CachedIndex> | null } => ({ indexes: null }));

async function loadIndex(kv: KVNamespace, keepInIsolate: boolean): Promise<RedirectLookupFilter> {
  const cached = keepInIsolate ? kept.indexes?.get(kv) : undefined;
  if (cached && cached.expires > Date.now()) return cached.filter;
  const raw = await kv.get(REDIRECT_PREFIX_INDEX_KEY, { type: "json", cacheTtl: REDIRECT_INDEX_TTL_SECONDS });
  const filter = raw === null ? NOTHING : (parseRedirectIndex(raw) ?? NOTHING);
  if (keepInIsolate) {
    kept.indexes ??= new WeakMap();
    kept.indexes.set(kv, { filter, expires: Date.now() + REDIRECT_INDEX_TTL_SECONDS * 1000 });
  }
  return filter;
}

/** Drops the per-isolate index so a test (or the admin endpoint) sees a fresh table. */
export function forgetRedirectIndex(kv: KVNamespace): void {
  kept.indexes?.delete(kv);
}

/**
 * O(1) legacy lookup: one cached index read plus, only when the index may hold the key,
 * one KV get by exact key. Never a scan over the rules. `keepIndexInIsolate: false` (local
 * development) reads the index on every request, so CLI edits show on the next request.
 */
export async function findLegacyRedirect(
  kv: KVNamespace,
  key: string,
  options: { keepIndexInIsolate: boolean } = { keepIndexInIsolate: true },
): Promise<RedirectKvValue | null> {
  const filter = await loadIndex(kv, options.keepIndexInIsolate);
  if (!filter.mayContain(key)) return null;
  const raw = await kv.get(redirectKvKey(key), { type: "json", cacheTtl: REDIRECT_CACHE_TTL_SECONDS });
  if (raw === null) return null;
  const parsed = RedirectKvValueSchema.safeParse(raw);
  // A malformed KV value (hand-edited) must not break the page: ignore it.
  return parsed.success ? parsed.data : null;
}
