/**
 * Cloudflare's default cache (`caches.default`), or null where the Cache API is missing (unit
 * tests in Node). The project's one type environment includes the DOM's CacheStorage, which has
 * no `default`, so its Workers shape is named here once instead of cast at each use (issue 12).
 */
type WorkersCacheStorage = { default: Cache };

export function edgeCache(): Cache | null {
  return typeof caches === "undefined" ? null : (caches as unknown as WorkersCacheStorage).default;
}
