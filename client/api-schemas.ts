import { z } from "zod";
import { LocationSummarySchema, RouteLookupSchema } from "#domain/data-schemas.ts";
import { ArticleListSchema, ContentPageSchema } from "#content/content-page-schema.ts";
import { VehicleSchema } from "#domain/vehicle.ts";
import { SearchResultSchema } from "#domain/vehicle-search-result.ts";

/** What the browser ports parse /api answers with; imported lazily by client/browser-ports.ts. */
export { ArticleListSchema, ContentPageSchema, LocationSummarySchema, RouteLookupSchema, SearchResultSchema, VehicleSchema };
export const VehicleListSchema = z.array(VehicleSchema);
export const LocationListSchema = z.array(LocationSummarySchema);

/** POST /api/leads answers (domain/lead-outcome.ts). */
export const LeadOutcomeSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("accepted"), leadId: z.string(), reference: z.string() }),
  z.object({ status: z.literal("invalid"), fieldErrors: z.record(z.string(), z.string()) }),
  z.object({
    status: z.literal("refused"),
    reason: z.enum(["rate_limited", "cross_site", "too_large", "malformed", "turnstile", "unavailable"]),
    message: z.string(),
  }),
]);
