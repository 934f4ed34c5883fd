import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import type { DeployEnvironment } from "./environments.ts";
import { readEnvironment, type ResolvedConfig } from "./read-environment.ts";
import type { StockStore } from "./stock-cli.ts";

/** The two bindings a shell import needs, as wrangler's config names them. */
const DB_BINDING = "DB";
const KV_BINDING = "REDIRECTS";
const PICTURES_BINDING = "STOCK_PICTURES";

/**
 * A wrangler config with only the deployment's D1 database, KV namespace and stock pictures' R2
 * bucket, all marked `remote`:
 * getPlatformProxy then proxies them to Cloudflare (wrangler's remote bindings) while the import
 * runs here, in Node, where a large stock is not held to a Worker's CPU and memory. Nothing else of
 * the deployment (its queues, secrets, routes) is bound. A message instead when the environment has
 * not been provisioned yet (no ids recorded).
 */
export function remoteStateConfig(env: DeployEnvironment, resolved: ResolvedConfig): Record<string, unknown> | string {
  const db = resolved.d1_databases.find((binding) => binding.binding === DB_BINDING);
  const kv = resolved.kv_namespaces.find((binding) => binding.binding === KV_BINDING);
  const pictures = resolved.r2_buckets.find((binding) => binding.binding === PICTURES_BINDING);
  if (!db?.database_id || !kv?.id)
    return `The ${env} environment has no ${!db?.database_id ? "D1 database id" : "KV namespace id"} in wrangler.toml: run \`npm run provision -- --env ${env}\` (and deploy) first.`;
  return {
    name: resolved.name,
    compatibility_date: resolved.compatibility_date ?? "2026-11-01",
    d1_databases: [{ binding: DB_BINDING, database_name: db.database_name, database_id: db.database_id, remote: true }],
    kv_namespaces: [{ binding: KV_BINDING, id: kv.id, remote: true }],
    ...(pictures?.bucket_name && {
      r2_buckets: [
        {
          binding: PICTURES_BINDING,
          bucket_name: pictures.bucket_name,
          ...(pictures.jurisdiction && { jurisdiction: pictures.jurisdiction }),
          remote: true,
        },
      ],
    }),
  };
}

/**
 * The deployed stock of one environment through wrangler's remote bindings (`npm run stock --
 * --remote --env …`). The config lives in a private temporary directory so that no local .env or
 * .dev.vars is read beside it.
 */
export async function openRemoteState(env: DeployEnvironment): Promise<StockStore> {
  const config = remoteStateConfig(env, readEnvironment(env));
  if (typeof config === "string") throw new Error(config);
  const dir = mkdtempSync(join(tmpdir(), "stock-remote-"));
  const configPath = join(dir, "wrangler.json");
  writeFileSync(configPath, JSON.stringify(config, null, 2));
  try {
    const proxy = await getPlatformProxy<Env>({ configPath, persist: false, remoteBindings: true });
    return {
      db: proxy.env.DB,
      kv: proxy.env.REDIRECTS,
      pictures: proxy.env.STOCK_PICTURES,
      close: async () => {
        await proxy.dispose();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
