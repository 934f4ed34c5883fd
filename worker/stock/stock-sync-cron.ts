/**
 * The stock sync's cron pattern, as wrangler.toml [triggers] lists it (scripts/ops/environments.test.ts
 * checks they agree). Its own module: the worker's entry names it without loading the sync.
 */
export const STOCK_SYNC_CRON = "*/15 * * * *";
