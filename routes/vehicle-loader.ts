import { redirect, type LoaderFunctionArgs } from "react-router";
import { VehicleParamSchema } from "#domain/route-params.ts";
import { vehiclePath } from "#domain/site-paths.ts";
import type { ErrorKind } from "#domain/error-catalogue.ts";
import type { LocationSummary } from "#domain/data-schemas.ts";
import type { Vehicle } from "#domain/vehicle.ts";
import { portsContext, settingsContext } from "./ports.ts";
import { expectedError, orUnavailable, requireBrand, requireParam } from "./route-errors.ts";

export interface VehicleRouteData {
  vehicle: Vehicle;
  brand: string | null;
  /** The selling location (null only if the stock names a location that no longer exists). */
  location: LocationSummary | null;
}

/**
 * Shared by the vehicle detail, interest and test-drive routes: validates the params,
 * loads the vehicle, and sends an outdated slug to the current URL with a 301.
 */
export async function loadVehicleRoute(
  { params, request, context }: LoaderFunctionArgs,
  notFound: ErrorKind,
  pathFor: (vehicle: Vehicle, brand: string | null) => string = (vehicle, brand) => vehiclePath(vehicle, brand),
): Promise<VehicleRouteData> {
  const brand = params.brand === undefined ? null : requireBrand(params.brand, context.get(settingsContext));
  const { id, slug } = requireParam(VehicleParamSchema, params.vehicle, request);
  const ports = context.get(portsContext);
  const vehicle = await orUnavailable(ports.vehicles.getById(id), "Vehicle data");
  if (!vehicle || (brand !== null && vehicle.brand !== brand)) {
    expectedError(notFound, `Vehicle not found: ${id}`);
  }
  if (slug !== vehicle.slug) {
    const url = new URL(request.url);
    throw redirect(`${pathFor(vehicle, brand)}${url.search}`, 301);
  }
  // The center is a section of the page: without it the page still shows the vehicle.
  const location = await ports.locations.getBySlug(vehicle.locationSlug).catch((): null => null);
  return { vehicle, brand, location };
}
