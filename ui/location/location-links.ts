import type { LocationSummary } from "#domain/data-schemas.ts";
import { BRAND_NAMES, isBrandKey } from "#domain/brands.ts";

/** Small helpers of the location cards and pages (kept apart so a list does not load the detail view). */

/** wa.me takes the international number as digits only (no "+", no spaces). */
export function whatsappHref(number: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}`;
}

/** Directions in the visitor's own map app or Google Maps: a link, so nothing loads before the click. */
export function routeHref(location: Pick<LocationSummary, "street" | "postalCode" | "city" | "name">): string {
  const destination = `${location.name}, ${location.street}, ${location.postalCode} ${location.city}`;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

export function brandNames(brands: readonly string[]): string[] {
  return brands.filter(isBrandKey).map((brand) => BRAND_NAMES[brand]);
}
