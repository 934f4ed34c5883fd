/**
 * What an HTML-cache key is made of besides the request — the content cv, the stock version and
 * whether the path has a server route-lookup entry — kept per isolate for a second (ADR 0008,
 * "Update: key inputs per isolate").
 *
 * Before, every cache hit read all three from KV: in Miniflare's emulation that was ~0.9 of a hit's
 * 1.4 ms process CPU, in production three subrequests per page view. A second is far inside the
 * publish-to-live budget (issue 4: ≤ 5 s) and KV's own propagation (up to 60 s across locations);
 * the isolate that handles the Storyblok webhook forgets its copy at once, so a publish is visible
 * there on the next request and everywhere else within a second of KV having it. The stock index
 * already checks the stock version only every 10 s (worker/adapters/vehicle-search-index.ts).
 *
 * Only settled values are kept (no request awaits a promise another request created, ADR 0007);
 * a failed or unknown read is not kept, so the next request asks again.
 */

export const HTML_CACHE_INPUTS_TTL_MS = 1_000;
const LOOKUP_LIMIT = 1_000;
const SOURCE_LIMIT = 16;

export interface ContentVersions {
  cv: number;
  stockVersion: string;
}

export interface HtmlCacheInputs {
  /**
   * The cv and stock version for a content source (its id: "demo" or "sb-…"), read through `read`
   * at most once per TTL; null when the cv is unknown.
   */
  versions(sourceId: string, read: () => Promise<[cv: number | undefined, stockVersion: string | null]>): Promise<ContentVersions | null>;
  /** Whether `path` has a server route-lookup entry, read through `read` at most once per TTL. */
  hasRouteLookup(path: string, read: () => Promise<unknown>): Promise<boolean>;
  /** Drops everything kept (the webhook after a publish, tests after writing KV directly). */
  forget(): void;
}

export function createHtmlCacheInputs(ttlMs: number = HTML_CACHE_INPUTS_TTL_MS, now: () => number = Date.now): HtmlCacheInputs {
  // One entry per content source; an isolate serves one in production, tests use several.
  const versions = new Map<string, { value: ContentVersions; at: number }>();
  // Insertion order is age order: the oldest entry goes first when the map is full.
  const lookups = new Map<string, { value: boolean; at: number }>();
  const fresh = (at: number) => now() - at < ttlMs;

  return {
    async versions(sourceId, read) {
      const kept = versions.get(sourceId);
      if (kept && fresh(kept.at)) return kept.value;
      const [cv, stockVersion] = await read();
      if (cv === undefined) {
        versions.delete(sourceId);
        return null;
      }
      const value = { cv, stockVersion: stockVersion ?? "none" };
      if (versions.size >= SOURCE_LIMIT && !versions.has(sourceId)) versions.clear();
      versions.set(sourceId, { value, at: now() });
      return value;
    },

    async hasRouteLookup(path, read) {
      const kept = lookups.get(path);
      if (kept && fresh(kept.at)) return kept.value;
      const value = (await read()) !== null;
      lookups.delete(path);
      if (lookups.size >= LOOKUP_LIMIT) lookups.delete(lookups.keys().next().value as string);
      lookups.set(path, { value, at: now() });
      return value;
    },

    forget() {
      versions.clear();
      lookups.clear();
    },
  };
}

/** The isolate's one copy, used by the page renderer and cleared by the Storyblok webhook. */
export const htmlCacheInputs = createHtmlCacheInputs();
