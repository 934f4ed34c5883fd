import { z } from "zod";
import { BrandKeySchema } from "./brand-schema.ts";

/**
 * Route parameter rules (spec section 2: slug, brand, vehicle, model, location).
 * A failed check makes the route raise a fatal 404 'Page Not Found: {full path}'.
 */
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SEGMENT_LENGTH = 200;

export const SlugSegmentSchema = z.string().max(MAX_SEGMENT_LENGTH).regex(SLUG_PATTERN);

/** Vehicle id: a number, then -1-, then a slug, e.g. "123456-1-mercedes-benz-a-180". */
export const VehicleParamSchema = z
  .string()
  .max(MAX_SEGMENT_LENGTH)
  .regex(/^[1-9][0-9]{0,11}-1-[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .transform((value) => {
    const [id, , ...slug] = value.split("-");
    return { id: Number(id), slug: slug.join("-") };
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
