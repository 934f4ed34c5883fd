/**
 * KV key of the stock version; kv-seed/seed-data.ts writes it (worker/adapters/vehicle-search-index.test.ts
 * checks both agree). Its own module, so the HTML cache and the sitemap can name it without loading the
 * search index.
 */
export const STOCK_VERSION_KEY = "stock:version";
