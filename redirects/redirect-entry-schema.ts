import * as z from "zod";
import { normalizeRedirectKey } from "./normalize-path.ts";
import { checkRedirectTarget, STAND_IN_ORIGIN } from "./redirect-target.ts";

/**
 * Schemas of the legacy redirect table (spec section 2, rule 1; section 3
 * "Redirect entry: path, code, optional external flag"). The same schemas
 * check the reviewed source file (legacy-redirects.json), the admin edits
 * and the values the worker reads back from KV.
 *
 * @example
 * RedirectEntrySchema.parse({ path: "/angebote", target: "/Aktionsangebote" });
 * // { path: "/angebote", target: "/Aktionsangebote", code: 301, external: false }
 * RedirectEntrySchema.parse({ path: "/newsletter-anmeldung" });
 * // { path: "/newsletter-anmeldung", target: null, code: 301, external: false } → 404 page-not-found
 */

/** Spec section 9: "Default redirect status 301 (legacy table)". */
export const DEFAULT_REDIRECT_CODE = 301;

/** Spec section 9: codes outside 100 to 999 fall back to the default (a fallback, not a rejection). */
export const RedirectCodeSchema = z
  .number()
  .nullish()
  .transform((code) => (code != null && Number.isInteger(code) && code >= 100 && code <= 999 ? code : DEFAULT_REDIRECT_CODE));

/** One row of the source table. A missing or null target means "answer 404 page-not-found". */
export const RedirectEntrySchema = z
  .strictObject({
    path: z
      .string()
      .startsWith("/", { error: 'path must start with "/"', abort: true })
      .refine((path) => normalizeRedirectKey(path) !== null, {
        error: "path has invalid percent-encoding or is too long for a KV key",
      }),
    target: z
      .string()
      .nullish()
      .transform((target) => target ?? null),
    code: RedirectCodeSchema,
    external: z.boolean().default(false),
  })
  .superRefine((entry, ctx) => {
    if (entry.target === null) {
      if (entry.external) {
        ctx.addIssue({ code: "custom", path: ["target"], message: "external: true requires an absolute http(s) target" });
      }
      return;
    }
    const check = checkRedirectTarget(entry.target, entry.external, STAND_IN_ORIGIN);
    if (!check.ok) ctx.addIssue({ code: "custom", path: ["target"], message: check.problem });
  });

export type RedirectEntryInput = z.input<typeof RedirectEntrySchema>;
export type RedirectEntry = z.infer<typeof RedirectEntrySchema>;

/** The whole table; two rows whose paths normalise to the same lookup key are rejected. */
export const RedirectTableSchema = z.array(RedirectEntrySchema).superRefine((entries, ctx) => {
  const firstByKey = new Map<string, { path: string; index: number }>();
  entries.forEach((entry, index) => {
    const key = normalizeRedirectKey(entry.path);
    if (key === null) return;
    const first = firstByKey.get(key);
    if (first === undefined) {
      firstByKey.set(key, { path: entry.path, index });
      return;
    }
    ctx.addIssue({
      code: "custom",
      path: [index, "path"],
      message: `duplicate redirect key "${key}": "${entry.path}" (entry ${index}) collides with "${first.path}" (entry ${first.index})`,
    });
  });
});

export type RedirectTable = z.infer<typeof RedirectTableSchema>;

/**
 * The value stored in KV under `redirect:{key}` (see kv-layout.ts). Only its
 * shape is checked: a target that breaks the target rules (ops can edit KV by
 * hand) must still reach resolveLegacyRedirect, which answers page-not-found
 * for it instead of silently skipping the entry. Writes go through
 * RedirectEntrySchema, which rejects such targets.
 */
export const RedirectKvValueSchema = z.object({
  target: z.string().nullable(),
  code: RedirectCodeSchema,
  external: z.boolean(),
});

export type RedirectKvValue = z.infer<typeof RedirectKvValueSchema>;
