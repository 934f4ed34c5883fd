import { execFileSync } from "node:child_process";
import { getPlatformProxy } from "wrangler";
import { OFFLINE_ENV } from "./offline-env.ts";

/** D1, KV and the stock pictures' R2 bucket of a local state, and how to let go of them. */
export interface LocalState {
  db: D1Database;
  kv: KVNamespace;
  pictures: R2Bucket;
  close: () => Promise<void>;
}

/**
 * The local state `wrangler dev` uses (.wrangler/state, or `persistTo` as `wrangler dev
 * --persist-to` reads it), with the D1 migrations applied first so a fresh state is ready; through
 * getPlatformProxy. `npm run seed`, `npm run stock` and the import bench open it the same way.
 */
export async function openLocalState(persistTo?: string): Promise<LocalState> {
  execFileSync(
    process.execPath,
    [
      "node_modules/wrangler/bin/wrangler.js",
      "d1",
      "migrations",
      "apply",
      "DB",
      "--local",
      ...(persistTo ? ["--persist-to", persistTo] : []),
    ],
    {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...process.env, ...OFFLINE_ENV },
    },
  );
  const { env, dispose } = await getPlatformProxy<Env>({ persist: persistTo === undefined ? true : { path: `${persistTo}/v3` } });
  return { db: env.DB, kv: env.REDIRECTS, pictures: env.STOCK_PICTURES, close: () => dispose() };
}
