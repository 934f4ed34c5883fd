import { unstable_readConfig } from "wrangler";
import { z } from "zod";
import type { DeployEnvironment } from "./environments.ts";
import type { EnvironmentConfig } from "./doctor.ts";

/** What the ops scripts read of wrangler's resolved config: checked, like every boundary. */
const ResolvedConfigSchema = z.object({
  name: z.string().default(""),
  compatibility_date: z.string().optional(),
  vars: z.record(z.string(), z.unknown()).default({}),
  d1_databases: z
    .array(z.object({ binding: z.string(), database_name: z.string().optional(), database_id: z.string().optional() }))
    .default([]),
  kv_namespaces: z.array(z.object({ binding: z.string(), id: z.string().optional() })).default([]),
  queues: z
    .object({
      producers: z.array(z.object({ binding: z.string(), queue: z.string() })).optional(),
      consumers: z.array(z.object({ queue: z.string(), dead_letter_queue: z.string().optional() })).optional(),
    })
    .default({}),
  r2_buckets: z
    .array(z.object({ binding: z.string(), bucket_name: z.string().optional(), jurisdiction: z.string().optional() }))
    .default([]),
});

export type ResolvedConfig = z.output<typeof ResolvedConfigSchema>;

/** One environment of wrangler.toml (undefined: the top level, the local runs) as wrangler resolves it (its own reader: inheritance, defaults, validation). */
export function readEnvironment(env: DeployEnvironment | undefined, configPath = "wrangler.toml"): ResolvedConfig & EnvironmentConfig {
  return ResolvedConfigSchema.parse(unstable_readConfig({ config: configPath, env }, { hideWarnings: true }));
}
