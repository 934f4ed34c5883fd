import * as z from "zod";
import { BrandKeySchema } from "./brand-schema.ts";
import { parseVehicleSegment } from "./site-paths.ts";

/**
 * Route parameter rules (spec section 2: slug, brand, vehicle, model, location).
 * A failed check makes the route raise a fatal 404 'Page Not Found: {full path}'.
 */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SEGMENT_LENGTH = 200;

export const SlugSegmentSchema = z.string().max(MAX_SEGMENT_LENGTH).regex(SLUG_PATTERN);

/** Vehicle id: a number, then -1-, then a slug, e.g. "123456-1-mercedes-benz-a-180" (the format lives in site-paths.ts). */
export const VehicleParamSchema = z
  .string()
  .max(MAX_SEGMENT_LENGTH)
  .transform((value, ctx) => {
    const vehicle = parseVehicleSegment(value);
    if (vehicle === null) {
      ctx.addIssue({ code: "custom", message: "not a vehicle segment ({id}-1-{slug})" });
      return z.NEVER;
    }
    return vehicle;
  });
export type VehicleParam = z.output<typeof VehicleParamSchema>;

export const BrandParamSchema = BrandKeySchema;
export const ModelParamSchema = SlugSegmentSchema;
export const LocationParamSchema = SlugSegmentSchema;

/** The content catch-all: one or more slug segments; editors use mixed case (e.g. /Aktionsangebote). */
export const ContentSlugSchema = z
  .string()
  .max(1000)
  .regex(/^[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)*(?:\/[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)*)*$/);
