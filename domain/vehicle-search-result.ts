import { z } from "zod";

/** What a carfinder search answers: one page of result cards, the total and facet counts. */
export const SearchResultSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageCount: z.number().int().nonnegative(),
  vehicles: z.array(
    z.object({
      id: z.number(),
      slug: z.string(),
      brand: z.string(),
      title: z.string(),
      condition: z.string(),
      fuel: z.string(),
      constructionYear: z.number(),
      firstRegistration: z.string().nullable(),
      mileageKm: z.number(),
      powerHp: z.number(),
      price: z.number().nullable(),
      pricePurchase: z.number(),
      locationSlug: z.string(),
      image: z.string().nullable(),
    }),
  ),
  facets: z.record(z.string(), z.record(z.string(), z.number())),
  features: z.record(z.string(), z.number()),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;
