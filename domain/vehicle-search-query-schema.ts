import * as z from "zod";
import { BRAND_KEYS } from "./brands.ts";
import { OPTIONAL_FILTERS } from "./equipment.ts";
import { ACQUISITION_TYPES, BODY_STYLES, CATEGORIES, CONDITIONS, DRIVE_TYPES, FUELS, TRANSMISSIONS } from "./vehicle-vocabulary.ts";
import { COLOR_KEYS, MAX_PAGE, MAX_TEXT_LENGTH, RANGES, SORTINGS, type RangeName } from "./vehicle-search-query.ts";

/** The normalised carfinder search (domain/vehicle-search-query.ts parses URLs into it). */
export const SearchQuerySchema = z.object({
  brand: z.array(z.enum(BRAND_KEYS)),
  model: z.array(z.string()),
  bodystyle: z.array(z.enum(BODY_STYLES)),
  category: z.array(z.enum(CATEGORIES)),
  fuel: z.array(z.enum(FUELS)),
  transmission: z.array(z.enum(TRANSMISSIONS)),
  condition: z.array(z.enum(CONDITIONS)),
  drive: z.array(z.enum(DRIVE_TYPES)),
  color: z.array(z.enum(COLOR_KEYS)),
  location: z.array(z.string()),
  features: z.array(z.enum(OPTIONAL_FILTERS)),
  ranges: z.partialRecord(
    z.enum(Object.keys(RANGES) as [RangeName, ...RangeName[]]),
    z.object({ min: z.number().optional(), max: z.number().optional() }),
  ),
  q: z.string().max(MAX_TEXT_LENGTH),
  priceType: z.enum(ACQUISITION_TYPES),
  sorting: z.enum(SORTINGS),
  page: z.number().int().min(1).max(MAX_PAGE),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;
