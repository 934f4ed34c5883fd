import * as z from "zod";
import {
  EmployeePageSchema,
  LocationSummarySchema,
  ModelVariantListSchema,
  PlaceMatchSchema,
  RouteLookupSchema,
} from "#domain/data-schemas.ts";
import { ArticleListSchema, ContentPageSchema } from "#content/content-page-schema.ts";
import { VehicleSchema } from "#domain/vehicle.ts";
import { SearchResultSchema, VehicleAdvertListSchema } from "#domain/vehicle-search-result.ts";

/** What the browser ports parse /api answers with; imported lazily by client/browser-ports.ts. */
export {
  ArticleListSchema,
  ContentPageSchema,
  EmployeePageSchema,
  ModelVariantListSchema,
  LocationSummarySchema,
  PlaceMatchSchema,
  RouteLookupSchema,
  SearchResultSchema,
  VehicleAdvertListSchema,
  VehicleSchema,
};
export const VehicleListSchema = z.array(VehicleSchema);
export const LocationListSchema = z.array(LocationSummarySchema);

export { LeadResponseSchema } from "#domain/lead-outcome-schema.ts";
export const PriceHistorySchema = z.array(
  z.object({ price: z.number().int().positive(), validFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
);
