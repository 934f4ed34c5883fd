import { experimental_patchConfig } from "wrangler";
import type { DeployEnvironment } from "./environments.ts";
import type { IdPatch } from "./provision.ts";

/**
 * Writes provisioned ids into `[env.<env>]` of the wrangler config with wrangler's own writer (the
 * one `--update-config` and deploy-time provisioning use): each id at its binding's position. The
 * writer cannot keep TOML comments, so wrangler.toml carries none (docs/configuration.md explains
 * every setting); a test patches a copy of it to keep that true.
 */
export function recordIds(configPath: string, env: DeployEnvironment, patch: IdPatch): boolean {
  if (patch.d1.length === 0 && patch.kv.length === 0) return false;
  const d1: Array<{ database_id: string }> = [];
  for (const { index, database_id } of patch.d1) d1[index] = { database_id };
  const kv: Array<{ id: string }> = [];
  for (const { index, id } of patch.kv) kv[index] = { id };
  experimental_patchConfig(
    configPath,
    { env: { [env]: { ...(d1.length > 0 && { d1_databases: d1 }), ...(kv.length > 0 && { kv_namespaces: kv }) } } },
    false,
  );
  return true;
}
