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
  // Storyblok (issue 4). No token = the embedded demo space from KV (worker/content/demo-space-source.ts).
  /** Content Delivery API access token (public or preview); its presence selects the storyblok source. */
  STORYBLOK_TOKEN: z.string().min(1).optional(),
  /** Only its presence matters: the content client then keeps to 3 requests/s instead of 5 (spec section 9). */
  STORYBLOK_OAUTH_TOKEN: z.string().min(1).optional(),
  /** Preview token of the space: validates the visual editor's _storyblok_tk (worker/content/preview.ts). */
  STORYBLOK_PREVIEW_TOKEN: z.string().min(1).optional(),
  /** Webhook secret; unset = POST /webhooks/storyblok always answers 401. */
  STORYBLOK_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** API base including the version path; tests point it at the fake Storyblok server. */
  STORYBLOK_API_BASE: z.url().default("https://api.storyblok.com/v2"),
  /** When set, a preview token must name this space. */
  STORYBLOK_SPACE_ID: z.coerce.number().int().positive().optional(),
  /** Per-request timeout of the content client; after it the last good content is served. */
  STORYBLOK_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(2500),
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
  /** Set by the SSR render for a valid Storyblok visual-editor request (worker/content/preview.ts). */
  preview?: boolean;
  /** The visitor's consent cookie, read once per request (worker/middleware/consent-state.ts). */
  consent: import("#domain/consent.ts").ConsentState;
}

export type AppEnv = { Bindings: Env; Variables: AppVariables };
