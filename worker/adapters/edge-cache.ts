/**
 * Cloudflare's default cache (`caches.default`), or null where the Cache API is missing (unit
 * tests in Node). Worker code is typed with the Workers types alone (tsconfig.worker.json), so
 * `caches.default` needs no cast.
 */
export function edgeCache(): Cache | null {
  return typeof caches === "undefined" ? null : caches.default;
}
