import * as z from "zod";

/** A vehicle's price as an advert shows it, with its legal wording (domain/vehicle-advert.ts). */
export const CardAdvertSchema = z.object({
  price: z.string(),
  note: z.string(),
  reduction: z.string().nullable(),
  energy: z.string().nullable(),
});

/** The purchase-price adverts of the vehicles of a compare or favourites list (/api/vehicles/adverts). */
export const VehicleAdvertListSchema = z.array(z.object({ id: z.number(), advert: CardAdvertSchema }));
export type VehicleAdvertList = z.infer<typeof VehicleAdvertListSchema>;

/** One result card, as D1 answers it for a page of results (parsed where it is read). */
export const SearchResultCardSchema = z.object({
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
  /** The price as the card shows it with its legal wording (domain/vehicle-advert.ts). */
  advert: CardAdvertSchema,
});
export type SearchResultCard = z.infer<typeof SearchResultCardSchema>;

/** What a carfinder search answers: one page of result cards, the total and facet counts. */
export const SearchResultSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageCount: z.number().int().nonnegative(),
  vehicles: z.array(SearchResultCardSchema),
  facets: z.record(z.string(), z.record(z.string(), z.number())),
  features: z.record(z.string(), z.number()),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

/**
 * What a caller needs of a search beyond its query: a stock block shows its first few cards and
 * no filters, so it asks for `limit` cards (at most one page) and no facet counts (`facets` and
 * `features` then come back empty). The carfinder asks for everything (the defaults).
 */
export interface SearchOptions {
  limit?: number;
  facets?: boolean;
}
