import { z } from "zod";
import { WEEKDAYS } from "./opening-hours.ts";

/**
 * Shapes that cross the data ports (routes/ports.ts): the worker adapters produce them,
 * the /api returns them, the browser ports parse them. One schema, both sides.
 */

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

const TimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/** Opening hours of one department: per weekday a list of [from, to] intervals ("08:00"); absent = closed. */
export const WeeklyHoursSchema = z.partialRecord(z.enum(WEEKDAYS), z.array(z.tuple([TimeSchema, TimeSchema])).max(3));
export type WeeklyHours = z.infer<typeof WeeklyHoursSchema>;

/** A location (center) with opening hours for showroom and workshop (spec section 3 "Location"). */
export const LocationSummarySchema = z.object({
  slug: z.string(),
  name: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  phone: z.string(),
  email: z.string().optional(),
  brands: z.array(z.string()),
  openingHours: z.object({ showroom: WeeklyHoursSchema, workshop: WeeklyHoursSchema }).optional(),
});
export type LocationSummary = z.infer<typeof LocationSummarySchema>;
