import * as z from "zod";
import { WEEKDAYS } from "./opening-hours.ts";
import { GERMAN_STATES } from "./public-holidays.ts";
import { DEPARTMENT_KEYS, isEmployeePhoto } from "./employees.ts";
import { PagingSchema } from "./paging-schema.ts";
import { CategorySchema, WltpSchema } from "./vehicle.ts";

/**
 * Shapes that cross the data ports (routes/ports.ts): the worker adapters produce them,
 * the /api returns them, the browser ports parse them. One schema, both sides.
 */

export { RouteLookupSchema, type RouteLookup } from "./route-lookup-schema.ts";

const TimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/** Opening hours of one department: per weekday a list of [from, to] intervals ("08:00"); absent = closed. */
export const WeeklyHoursSchema = z.partialRecord(z.enum(WEEKDAYS), z.array(z.tuple([TimeSchema, TimeSchema])).max(3));
export type WeeklyHours = z.infer<typeof WeeklyHoursSchema>;

/** WGS84 degrees. */
const LatitudeSchema = z.number().min(-90).max(90);
const LongitudeSchema = z.number().min(-180).max(180);

export const SOCIAL_NETWORKS = ["facebook", "instagram", "youtube", "linkedin", "xing"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

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
  /** WGS84; the map's marker and the nearest-center search (both absent = not on the map). */
  latitude: LatitudeSchema.optional(),
  longitude: LongitudeSchema.optional(),
  /** Federal state: its public holidays close the center (domain/public-holidays.ts). */
  state: z.enum(GERMAN_STATES).optional(),
  /** International format ("+49 151 40123456"): the wa.me link. */
  whatsapp: z
    .string()
    .regex(/^\+\d[\d ]{6,20}$/)
    .optional(),
  vatId: z.string().optional(),
  iban: z.string().optional(),
  services: z.array(z.string()).default([]),
  social: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), url: z.url({ protocol: /^https$/ }) })).default([]),
});
export type LocationSummary = z.infer<typeof LocationSummarySchema>;

/** Where a visitor's postal code or place name is (the nearest-center search; D1 postal_codes/places). */
export const PlaceMatchSchema = z.object({
  /** "20148 Hamburg" or "Lübeck": what the page says it measured from. */
  label: z.string(),
  latitude: LatitudeSchema,
  longitude: LongitudeSchema,
});
export type PlaceMatch = z.infer<typeof PlaceMatchSchema>;

/** A center by its slug and name: where a contact person works, and the directory's center filter. */
const CenterRefSchema = z.object({ slug: z.string(), name: z.string() });

/** A contact person (spec section 3 "Employee"; D1 employees, migration 0007). */
export const EmployeeSchema = z.object({
  slug: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  jobTitle: z.string(),
  department: z.enum(DEPARTMENT_KEYS as [string, ...string[]]),
  location: CenterRefSchema,
  brands: z.array(z.string()),
  phone: z.string().optional(),
  email: z.string().optional(),
  /**
   * The portrait (migration 0016; domain/employees.ts isEmployeePhoto). A value that is not one
   * is no photo rather than a failed directory: the card shows the initials.
   */
  photo: z.string().refine(isEmployeePhoto).optional().catch(undefined),
});
export type Employee = z.infer<typeof EmployeeSchema>;

/** One page of the directory, with what its filter offers (every center with people, by name). */
export const EmployeePageSchema = z.object({
  employees: z.array(EmployeeSchema),
  ...PagingSchema.shape,
  locations: z.array(CenterRefSchema),
});
export type EmployeePage = z.infer<typeof EmployeePageSchema>;

/** One variant of a model line (D1 model_variants, migration 0008): list price and WLTP values. */
export const ModelVariantSchema = z.object({
  brand: z.string(),
  model: z.string(),
  name: z.string(),
  bodyStyle: z.string(),
  category: CategorySchema,
  fuel: z.string(),
  powerHp: z.number().int().positive(),
  priceGross: z.number().int().positive(),
  wltp: WltpSchema,
  electricRangeKm: z.number().int().positive().optional(),
  /** Picture set: /images/vehicles/{image}-{1..4}.svg */
  image: z.string().regex(/^[a-z]+-[a-z]+$/),
});
export type ModelVariant = z.infer<typeof ModelVariantSchema>;
export const ModelVariantListSchema = z.array(ModelVariantSchema);
