import { scoped, vehicleSegment, type VehicleRef } from "./site-paths.ts";
import { SEGMENTS as S } from "./url-segments.ts";

/**
 * The lease and finance pages' URLs (spec section 2), beside the other site paths
 * (domain/site-paths.ts) but in a module of their own: those pages load them, the carfinder's
 * first load does not.
 */

/** The offer sections under "stock" (spec section 2 localized segments), by their segment key. */
export type OfferSectionKey = "privateLease" | "businessLease" | "privateFinance" | "businessFinance";

/**
 * An offer section's overview or one of its vehicles: /stock/{section}[/{vehicle}], or under /{brand}.
 *
 * @example offerSectionPath("privateFinance", "smart") // "/smart/stock/private-finance"
 */
export function offerSectionPath(section: OfferSectionKey, brand?: string | null, vehicle?: VehicleRef): string {
  return `${scoped(brand)}/${S.stock}/${S[section]}${vehicle ? `/${vehicleSegment(vehicle)}` : ""}`;
}

/** A lease overview (/stock/private-lease) or one of its vehicles; `section` is a lease segment key. */
export function leasePath(section: "privateLease" | "businessLease", brand?: string | null, vehicle?: VehicleRef): string {
  return offerSectionPath(section, brand, vehicle);
}

/** A vehicle's lease calculator: /stock/{vehicle}/lease-calculator, or under /{brand}. */
export function leaseCalculatorPath(vehicle: VehicleRef, brand?: string | null): string {
  return `${scoped(brand)}/${S.stock}/${vehicleSegment(vehicle)}/${S.leaseCalculator}`;
}
