import { z } from "zod";

/**
 * Shapes that cross the data ports (routes/ports.ts): the worker adapters produce them,
 * the /api returns them, the browser ports parse them. One schema, both sides.
 */
export const ContentPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string().optional(),
  body: z.array(z.string()),
});
export type ContentPage = z.infer<typeof ContentPageSchema>;

/** Result of the server route lookup (redirect rule 3). */
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

export const VehicleSummarySchema = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  brand: z.string(),
  title: z.string(),
  priceEuro: z.number().int().nonnegative(),
  locationSlug: z.string(),
});
export type VehicleSummary = z.infer<typeof VehicleSummarySchema>;

export const LocationSummarySchema = z.object({
  slug: z.string(),
  name: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  phone: z.string(),
  brands: z.array(z.string()),
});
export type LocationSummary = z.infer<typeof LocationSummarySchema>;
