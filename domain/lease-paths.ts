import { scoped, vehicleSegment, type VehicleRef } from "./site-paths.ts";
import { SEGMENTS as S } from "./url-segments.ts";

/**
 * The lease pages' URLs (spec section 2), beside the other site paths (domain/site-paths.ts) but in
 * a module of their own: the lease pages load them, the carfinder's first load does not.
 */
/** A lease overview (/stock/private-lease) or one of its vehicles; `section` is a lease segment key. */
export function leasePath(section: "privateLease" | "businessLease", brand?: string | null, vehicle?: VehicleRef): string {
  return `${scoped(brand)}/${S.stock}/${S[section]}${vehicle ? `/${vehicleSegment(vehicle)}` : ""}`;
}

/** A vehicle's lease calculator: /stock/{vehicle}/lease-calculator, or under /{brand}. */
export function leaseCalculatorPath(vehicle: VehicleRef, brand?: string | null): string {
  return `${scoped(brand)}/${S.stock}/${vehicleSegment(vehicle)}/${S.leaseCalculator}`;
}
