/**
 * Seeds the local state that `wrangler dev` uses (.wrangler/state): D1 migrations, demo
 * locations, and the demo stock through the stock import (kv-seed/demo-feed.ts; each import moves
 * the stock version in KV), the legacy redirect table and route
 * lookups in KV. Idempotent. SEED_TAG_MANAGER_ID=… writes that tag manager container into the site config (the e2e server
 * does, so the tag manager stand-in loads; the demo itself has none).
 * `--persist-to <dir>` seeds another state directory, as `wrangler dev --persist-to <dir>` reads it.
 * Run through `npm run seed` (Node 22 strips the types).
 */
import { openLocalState } from "#kv-seed/local-state.ts";
import { allKvEntries, seedD1, seedKv } from "#kv-seed/seed-data.ts";
import { importStock } from "#worker/adapters/d1-stock-import.ts";

const started = Date.now();
const persistAt = process.argv.indexOf("--persist-to");
const state = await openLocalState(persistAt === -1 ? undefined : process.argv[persistAt + 1]);
try {
  const version = await seedD1(state.db, state.kv, importStock);
  const kv = await seedKv(state.kv, allKvEntries({ tagManagerId: process.env.SEED_TAG_MANAGER_ID || null }));
  console.log(
    `Seeded D1 and KV in ${Date.now() - started} ms (${kv.put} KV entries, ${kv.deleted} stale removed; stock version ${version}).`,
  );
} finally {
  await state.close();
}
