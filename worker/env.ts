import { z } from "zod";

/**
 * Plain-text vars and secrets, parsed once per isolate per env object (STYLE.md habit 4).
 * A bad value fails loudly, naming the field. Bindings (KV, D1, ASSETS) are typed by
 * `wrangler types` in worker-configuration.d.ts.
 */
export const EnvVarsSchema = z.object({
  ENVIRONMENT: z.enum(["development", "test", "preview", "production"]).default("development"),
  /** Public origin for canonical links; falls back to the request origin. */
  SITE_ORIGIN: z.url().optional(),
  CANONICAL_LOWERCASE: z.enum(["true", "false"]).default("true").transform((value) => value === "true"),
  /** No DSN = no network: toucan-js sends nothing. */
  SENTRY_DSN: z.url().optional(),
});
export type EnvVars = z.output<typeof EnvVarsSchema>;

const parsed = new WeakMap<object, EnvVars>();

export function readEnvVars(env: Env): EnvVars {
  const cached = parsed.get(env);
  if (cached) return cached;
  const result = EnvVarsSchema.safeParse(env);
  if (!result.success) {
    const fields = result.error.issues.map((issue) => issue.path.join(".")).join(", ");
    throw new Error(`Invalid worker environment: ${fields}`);
  }
  parsed.set(env, result.data);
  return result.data;
}

export interface AppVariables {
  requestId: string;
  nonce: string;
  vars: EnvVars;
  sentry: import("toucan-js").Toucan;
  /** Set by the redirect middleware when the legacy table says the page is gone (no target). */
  legacyGone?: boolean;
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
