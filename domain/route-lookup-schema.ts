import * as z from "zod";

/**
 * Result of the server route lookup (redirect rule 3). Its own module: every page request reads
 * it, while the other port shapes (domain/data-schemas.ts) load with the first stock read.
 */
export const RouteLookupSchema = z.object({
  target: z.string().min(1).optional(),
  middleware: z
    .object({
      noindex: z.boolean().optional(),
      noStore: z.boolean().optional(),
    })
    .optional(),
});
export type RouteLookup = z.infer<typeof RouteLookupSchema>;
