import * as z from "zod";
import { RedirectEntrySchema, RedirectTableSchema, type RedirectEntryInput } from "./redirect-entry-schema.ts";

/**
 * What an admin edit (HTTP endpoint or CLI, ADR 0021) may write: the source-file schema
 * (RedirectEntrySchema, piped, so every rule of the reviewed file applies) plus stricter rules,
 * because an edit is not reviewed like the file is:
 *
 * - codes only 301, 302, 307, 308 or 410; 410 means gone = no target (the page answers 404
 *   page-not-found, spec section 2); an entry without target defaults to 410, a redirect to 301.
 *   The source file stays lenient (codes 100–999, others fall back to 301, spec section 9);
 * - external targets must be https;
 * - targets at most 2,000 characters (a redirect value must fit KV metadata, kv-layout.ts).
 *
 * @example
 * RedirectWriteEntrySchema.parse({ path: "/aktion", target: "/angebote" });
 * // { path: "/aktion", target: "/angebote", code: 301, external: false }
 * RedirectWriteEntrySchema.parse({ path: "/gewinnspiel" });
 * // { path: "/gewinnspiel", target: null, code: 410, external: false }
 * RedirectWriteEntrySchema.safeParse({ path: "/a", target: "/b", code: 303 }).success; // false
 */

export const WRITE_CODES = [301, 302, 307, 308, 410] as const;
export const GONE_CODE = 410;
export const MAX_TARGET_LENGTH = 2_000;

const WRITE_CODE_SET: ReadonlySet<number> = new Set(WRITE_CODES);

export const RedirectWriteEntrySchema = z
  .strictObject({
    path: z.string().max(1_000, { error: "path is longer than 1,000 characters" }),
    target: z
      .string()
      .max(MAX_TARGET_LENGTH, { error: `target is longer than ${MAX_TARGET_LENGTH} characters` })
      .nullish(),
    code: z
      .number({ error: "code must be a number" })
      .refine((code) => WRITE_CODE_SET.has(code), { error: "code must be 301, 302, 307, 308 or 410 (gone)" })
      .nullish(),
    external: z.boolean({ error: "external must be true or false" }).optional(),
  })
  .superRefine((entry, ctx) => {
    const target = entry.target ?? null;
    if (entry.code === GONE_CODE && target !== null) {
      ctx.addIssue({ code: "custom", path: ["target"], message: "code 410 (gone) takes no target; leave target empty" });
    }
    if (entry.code != null && entry.code !== GONE_CODE && target === null) {
      ctx.addIssue({
        code: "custom",
        path: ["code"],
        message: `code ${entry.code} needs a target; an entry without target is gone (code 410)`,
      });
    }
    if (entry.external === true && target !== null && !/^https:\/\//i.test(target.trim())) {
      ctx.addIssue({ code: "custom", path: ["target"], message: "an external target written through admin must be an https:// URL" });
    }
  })
  .transform((entry): RedirectEntryInput => {
    const target = entry.target ?? null;
    return { path: entry.path, target, code: entry.code ?? (target === null ? GONE_CODE : 301), external: entry.external ?? false };
  })
  .pipe(RedirectEntrySchema);

export type RedirectWriteEntryInput = z.input<typeof RedirectWriteEntrySchema>;

/** A list of entries to write: each by the write rules, and no two paths with the same key (RedirectTableSchema). */
export const RedirectWriteTableSchema = z
  .array(RedirectWriteEntrySchema)
  .transform((entries): RedirectEntryInput[] => entries)
  .pipe(RedirectTableSchema);
