/**
 * Content reads keyed by the space's cache version (cv), ADR 0007:
 *
 *   KV  content:cv:{sourceId}                      the current cv, written by the webhook, read per request
 *   mem {sourceId}|{buildId} → { cv, entries }     per isolate; a new cv replaces the whole map
 *   Cache API https://content-cache.internal/{sourceId}/{buildId}/{cv}/{kind}/{key}   per location
 *   KV  content:last-good:{sourceId}:{kind}:{key}  the last content read successfully, any cv
 *
 * A new cv makes every older entry unreachable, so nothing is ever purged. When the upstream
 * read fails (timeout, 5xx, 429 after the retries, network), the last good copy is served and
 * the failure is logged; only when there is none does the error reach the page.
 * Preview reads (drafts) touch none of the caches, and write no last good copy.
 */

import { reportDependencyFailure } from "../adapters/dependency-failures.ts";
import { isolateCollection } from "../isolate-state.ts";

export const CONTENT_CV_KEY_PREFIX = "content:cv:";
export const LAST_GOOD_KEY_PREFIX = "content:last-good:";
const CACHE_ORIGIN = "https://content-cache.internal";
/** Cache API entries outlive no cv in practice; the TTL only bounds storage of forgotten ones. */
const CACHE_TTL_SECONDS = 7 * 24 * 3600;
/** While the upstream is failing, the stale copy is served from memory for this long before retrying. */
export const STALE_RETRY_AFTER_MS = 15_000;
/** Entries per source in one isolate; pages × article lists of a site stay well below it. */
const MEMORY_LIMIT = 1000;

type MemoryEntry = { value: unknown; staleUntil?: number };
type Generation = { cv: number; entries: Map<string, MemoryEntry> };
const memory = isolateCollection("content memory", new Map<string, Generation>());

/** Test support: forget every in-isolate entry (each test starts cold). */
export function clearContentMemory(): void {
  memory.clear();
}

export interface ContentCacheOptions {
  kv: KVNamespace;
  /** Identifies the space (and token) so two configurations never share entries. */
  sourceId: string;
  buildId: string;
  /** The current cv, or null when it cannot be known (then nothing is cached). */
  readCv(): Promise<number | null>;
  waitUntil(promise: Promise<unknown>): void;
  /** caches.default, or null where the Cache API is unavailable. */
  cache: Cache | null;
  /** Logged when a stale copy is served. */
  warn(message: string): void;
}

export interface ContentCache {
  /** The cv this request reads at (read once per request). */
  cv(): Promise<number | null>;
  /** A value by (kind, key) at the current cv: memory, then Cache API, then `load(cv)`. */
  read<T>(kind: string, key: string, load: (cv: number | undefined) => Promise<T>): Promise<T>;
}

export function createContentCache(options: ContentCacheOptions): ContentCache {
  let cvPromise: Promise<number | null> | undefined;
  const cv = () => (cvPromise ??= options.readCv().catch(() => null));
  const generationKey = `${options.sourceId}|${options.buildId}`;

  function generation(current: number): Generation {
    let entry = memory.get(generationKey);
    if (!entry || entry.cv !== current) {
      entry = { cv: current, entries: new Map() };
      memory.set(generationKey, entry);
    }
    return entry;
  }

  function remember(current: number, key: string, entry: MemoryEntry): void {
    const { entries } = generation(current);
    if (entries.size >= MEMORY_LIMIT) entries.delete(entries.keys().next().value as string);
    entries.set(key, entry);
  }

  return {
    cv,
    async read<T>(kind: string, key: string, load: (cv: number | undefined) => Promise<T>): Promise<T> {
      const current = await cv();
      const memoryKey = `${kind}:${key}`;
      const cacheUrl =
        current === null
          ? null
          : `${CACHE_ORIGIN}/${options.sourceId}/${encodeURIComponent(options.buildId)}/${current}/${kind}/${encodeURIComponent(key)}`;
      const lastGoodKey = `${LAST_GOOD_KEY_PREFIX}${options.sourceId}:${kind}:${key}`;

      if (current !== null) {
        const hit = generation(current).entries.get(memoryKey);
        if (hit && (hit.staleUntil === undefined || hit.staleUntil > Date.now())) return hit.value as T;
        if (!hit && options.cache && cacheUrl) {
          const cached = await options.cache.match(cacheUrl);
          if (cached) {
            const value = (await cached.json()) as T;
            remember(current, memoryKey, { value });
            return value;
          }
        }
      }

      let value: T;
      try {
        value = await load(current ?? undefined);
      } catch (error) {
        const lastGood = await options.kv.get<{ cv: number | null; value: T }>(lastGoodKey, "json").catch(() => null);
        if (!lastGood) {
          // Nothing to fall back on: the page shows the maintenance notice (routes/content-loader.ts).
          reportDependencyFailure("content source", error);
          throw error;
        }
        options.warn(
          `Content: upstream read of ${kind} "${key}" failed, serving the last good copy (cv ${lastGood.cv}): ${error instanceof Error ? error.message : String(error)}`,
        );
        if (current !== null) remember(current, memoryKey, { value: lastGood.value, staleUntil: Date.now() + STALE_RETRY_AFTER_MS });
        return lastGood.value;
      }

      if (current !== null && cacheUrl) {
        remember(current, memoryKey, { value });
        if (options.cache) {
          const response = new Response(JSON.stringify(value), {
            headers: { "Content-Type": "application/json", "Cache-Control": `public, max-age=${CACHE_TTL_SECONDS}` },
          });
          options.waitUntil(options.cache.put(cacheUrl, response).catch(() => undefined));
        }
        options.waitUntil(updateLastGood(options.kv, lastGoodKey, current, value));
      }
      return value;
    },
  };
}

/**
 * Writes the last good copy only when the content changed (a publish changes the cv of every
 * page, but rarely the page itself), so KV sees about one write per edited page. A story that is
 * gone (null) removes its copy: an outage must not bring an unpublished page back.
 */
async function updateLastGood(kv: KVNamespace, key: string, cv: number, value: unknown): Promise<void> {
  try {
    const previous = await kv.get<{ cv: number; value: unknown }>(key, "json");
    if (value === null) {
      if (previous) await kv.delete(key);
      return;
    }
    if (previous && withoutCv(previous.value) === withoutCv(value)) return;
    await kv.put(key, JSON.stringify({ cv, value }));
  } catch {
    // A failed last-good write only costs resilience, never the page.
  }
}

/** A page carries the cv it was read at; that alone is no change of content. */
function withoutCv(value: unknown): string {
  return JSON.stringify(value, (key, inner: unknown) => (key === "cv" ? undefined : inner));
}
