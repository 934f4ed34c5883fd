import { registerIsolateState } from "../isolate-state.ts";

/**
 * KV values every page asks for — the content cv, the stock version, a path's server route
 * lookup — kept per isolate for a second (ADR 0018). They make up the HTML-cache key besides the
 * request, and a rendered content page reads the cv and the route lookup again.
 *
 * Before, every cache hit read all three from KV: in Miniflare's emulation that was ~0.9 of a hit's
 * 1.4 ms process CPU, in production three subrequests per page view. A second is far inside the
 * publish-to-live budget (≤ 5 s) and KV's own propagation (up to 60 s across locations);
 * the isolate that handles the Storyblok webhook forgets its copy at once, so a publish is visible
 * there on the next request and everywhere else within a second of KV having it. The stock index
 * already checks the stock version only every 10 s (worker/adapters/vehicle-search-index.ts).
 *
 * Only settled values are kept (no request awaits a promise another request created, ADR 0007);
 * a failed or unknown read is not kept, so the next request asks again.
 */

/**
 * A map whose entries are fresh for `ttlMs` and of which at most `limit` are kept, the oldest
 * written first out: the shape of every per-isolate cache here (kept reads, the search index's
 * cards, pages' vehicle documents).
 */
export interface KeptMap<K, V> {
  /** The value written less than `ttlMs` ago, or undefined. */
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
  /** Entries held, fresh or not (tests: a reset leaves none). */
  readonly size: number;
}

export function createKeptMap<K, V>(limit: number, ttlMs: number, now: () => number = Date.now): KeptMap<K, V> {
  // Insertion order is age order: a write moves its key to the end.
  const entries = new Map<K, { value: V; at: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      return entry && now() - entry.at < ttlMs ? entry.value : undefined;
    },
    set(key, value) {
      entries.delete(key);
      if (entries.size >= limit) entries.delete(entries.keys().next().value as K);
      entries.set(key, { value, at: now() });
    },
    delete: (key) => void entries.delete(key),
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}

/**
 * `kept`'s value for `key`, or what `read` answers, then kept: a copy either way, so no caller's
 * change reaches another request; a failed read throws and leaves nothing kept.
 */
export async function readKept<K, V>(kept: KeptMap<K, V>, key: K, read: () => Promise<V>): Promise<V> {
  const known = kept.get(key);
  if (known !== undefined) return structuredClone(known);
  const value = await read();
  kept.set(key, value);
  return structuredClone(value);
}

export const KEPT_READS_TTL_MS = 1_000;
/** Route lookups of 1,000 paths plus the few per-source values. */
const ENTRY_LIMIT = 1_024;

export interface ContentVersions {
  cv: number;
  stockVersion: string;
}

export interface KeptReads {
  /**
   * The cv and stock version for a content source (its id: "demo" or "sb-…"), read through `read`
   * at most once per TTL; null when the cv is unknown.
   */
  versions(sourceId: string, read: () => Promise<[cv: number | undefined, stockVersion: string | null]>): Promise<ContentVersions | null>;
  /** The content cv of a source as the content cache reads it (null: unknown, not kept). */
  cv(sourceId: string, read: () => Promise<number | null>): Promise<number | null>;
  /** The server route lookup of `path` (null: none), read through `read` at most once per TTL. */
  routeLookup<T>(path: string, read: () => Promise<T | null>): Promise<T | null>;
  /** Drops everything kept (the webhook after a publish, tests after writing KV directly). */
  forget(): void;
  /** Entries held (tests: a reset leaves none). */
  readonly size: number;
}

export function createKeptReads(ttlMs: number = KEPT_READS_TTL_MS, now: () => number = Date.now): KeptReads {
  // Values are wrapped so that a kept `undefined` or `null` is told apart from "not kept".
  const entries = createKeptMap<string, { value: unknown }>(ENTRY_LIMIT, ttlMs, now);

  async function keep<T>(key: string, read: () => Promise<T>, worthKeeping: (value: T) => boolean = () => true): Promise<T> {
    const kept = entries.get(key);
    if (kept) return kept.value as T;
    const value = await read();
    if (worthKeeping(value)) entries.set(key, { value });
    else entries.delete(key);
    return value;
  }

  return {
    async versions(sourceId, read) {
      const [cv, stockVersion] = await keep(`versions ${sourceId}`, read, ([value]) => value !== undefined);
      return cv === undefined ? null : { cv, stockVersion: stockVersion ?? "none" };
    },
    cv: (sourceId, read) => keep(`cv ${sourceId}`, read, (value) => value !== null),
    routeLookup: (path, read) => keep(`lookup ${path}`, read),
    forget() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/** The isolate's one copy: the HTML-cache key, the content cv and route lookups; cleared by the Storyblok webhook. */
export const keptReads = createKeptReads();
registerIsolateState("kept reads", { reset: () => keptReads.forget(), isEmpty: () => keptReads.size === 0 });
