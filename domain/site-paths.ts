import { SEGMENTS as S } from "./url-segments.ts";

/**
 * The site's URLs, built from the locale's URL segments (domain/url-segments.ts) — the one place
 * besides the route table (routes/route-table.ts) that knows how a path is spelled. `brand` scopes a
 * path to a brand (/{brand}/…) where the spec has a brand-scoped variant.
 *
 * @example vehicleFormPath({ id: 100001, slug: "mercedes-benz-a-180" }, "testDrive") // "/carfinder/100001-1-mercedes-benz-a-180/probefahrt"
 */
export type VehicleRef = { id: number; slug: string };

export const scoped = (brand: string | null | undefined) => (brand ? `/${brand}` : "");

/** A vehicle's URL segment (spec section 2: "id is a number, then -1-, then a slug"), as a pattern source. */
export const VEHICLE_SEGMENT_PATTERN = "[1-9][0-9]{0,11}-1-[a-z0-9]+(?:-[a-z0-9]+)*";
const VEHICLE_SEGMENT = new RegExp(`^${VEHICLE_SEGMENT_PATTERN}$`);

/** "123456-1-mercedes-benz-a-180" for { id: 123456, slug: "mercedes-benz-a-180" }. */
export function vehicleSegment(vehicle: VehicleRef): string {
  return `${vehicle.id}-1-${vehicle.slug}`;
}

/** The id and slug of a vehicle segment; null for anything else. */
export function parseVehicleSegment(segment: string): VehicleRef | null {
  if (!VEHICLE_SEGMENT.test(segment)) return null;
  const [id, , ...slug] = segment.split("-");
  return { id: Number(id), slug: slug.join("-") };
}

/** The vehicle search: /carfinder, or /{brand}/carfinder. */
export function carfinderPath(brand?: string | null): string {
  return `${scoped(brand)}/${S.carfinder}`;
}

/** The detail URL of a vehicle: /carfinder/{id}-1-{slug}, or brand-scoped /{brand}/carfinder/… (spec section 2). */
export function vehiclePath(vehicle: VehicleRef, brand?: string | null): string {
  return `${carfinderPath(brand)}/${vehicleSegment(vehicle)}`;
}

/** A vehicle's interest or test-drive form. */
export function vehicleFormPath(vehicle: VehicleRef, form: "interest" | "testDrive", brand?: string | null): string {
  return `${vehiclePath(vehicle, brand)}/${S[form]}`;
}

export const COMPARE_PATH = `/${S.carfinder}/${S.compare}`;
export const FAVOURITES_PATH = `/${S.carfinder}/${S.favorite}`;

/** A brand's models, or one model line, or its contact and test-drive forms. */
export function modelsPath(brand: string, model?: string, form?: "testDrive" | "contact"): string {
  const base = `/${brand}/${S.models}${model ? `/${model}` : ""}`;
  return form ? `${base}/${form === "contact" ? "kontakt" : S.testDrive}` : base;
}

/** The workshop's online appointment page (an editorial page; the instant-appointment grid's fallback). */
export const WORKSHOP_APPOINTMENT_PATH = "/werkstatt/online-werkstatttermin";

/** A center's page: /center/{slug}, or the brand's view /{brand}/locations/{slug}. */
export function locationPath(slug: string, brand?: string | null): string {
  return brand ? `/${brand}/${S.locations}/${slug}` : `/center/${slug}`;
}
