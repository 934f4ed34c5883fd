import type { LoaderFunctionArgs } from "react-router";
import { formatEuro } from "#domain/format.ts";
import { berlinTime } from "#domain/opening-status.ts";
import { priceReduction } from "#domain/price-history.ts";
import { vehiclePath } from "#domain/site-paths.ts";
import { jsonLdText, vehicleJsonLd } from "#domain/vehicle-json-ld.ts";
import type { Vehicle } from "#domain/vehicle.ts";
import {
  deliveryPackages,
  energyRows,
  offerDisclaimer,
  offerHeadline,
  offerRows,
  offerTitle,
  sortedOffers,
  vehicleDataRows,
} from "#domain/vehicle-detail.ts";
import { needsEnergyLabel } from "#domain/vehicle-labels.ts";
import type { Employee } from "#domain/data-schemas.ts";
import type { DepartmentKey } from "#domain/employees.ts";
import { portsContext, settingsContext, siteContext } from "./ports.ts";
import { loadVehicleRoute } from "./vehicle-loader.ts";

/**
 * The vehicle page's loader (routes/vehicle-detail-page.tsx imports it lazily, so none of this is
 * part of the page's first load): the vehicle, its JSON-LD text and a PAngV § 11 price reduction.
 */
export async function loadVehicleDetail(args: LoaderFunctionArgs) {
  const route = await loadVehicleRoute(args, "vehicle-not-found");
  const origin = siteOrigin(args);
  const jsonLd = jsonLdText(vehicleJsonLd(route.vehicle, `${origin}${vehiclePath(route.vehicle)}`, origin, route.location));
  const [reduction, contacts] = await Promise.all([reductionOf(args, route.vehicle), contactsOf(args, route.vehicle)]);
  return { ...route, jsonLd, reduction, contacts, view: detailView(route.vehicle) };
}

/**
 * The page's worded rows (offers with their VAT wording, delivery packages, energy facts, vehicle
 * data): made here, where the loader's code loads lazily, so the legal wording is not part of the
 * page's first-load JavaScript; the page only lays the strings out.
 */
function detailView(vehicle: Vehicle) {
  return {
    offers: sortedOffers(vehicle).map((offer) => ({
      type: offer.type,
      title: offerTitle(offer.type),
      headline: offerHeadline(offer, vehicle),
      rows: offerRows(offer, vehicle),
      disclaimer: offerDisclaimer(offer, vehicle),
    })),
    packages: deliveryPackages(vehicle),
    energyRows: energyRows(vehicle),
    dataRows: vehicleDataRows(vehicle),
    legalLabel: needsEnergyLabel(vehicle),
  };
}
export type DetailView = ReturnType<typeof detailView>;

/** At most this many contact persons on a vehicle page. */
export const VEHICLE_CONTACTS = 3;

/**
 * The vehicle's contact persons (stock setting showEmployees): its center's salespeople for new or
 * used cars, those for the vehicle's brand first, else the department's. undefined: the setting is
 * off (no section); null: the directory could not be read (the section says so, the page stays).
 */
async function contactsOf({ context }: LoaderFunctionArgs, vehicle: Vehicle): Promise<Employee[] | null | undefined> {
  if (!context.get(settingsContext).stock.showEmployees) return undefined;
  const department: DepartmentKey = vehicle.condition === "new" ? "verkauf-neuwagen" : "verkauf-gebrauchtwagen";
  const employees = context.get(portsContext).employees;
  const page = { page: 1, perPage: VEHICLE_CONTACTS };
  try {
    const forBrand = await employees.search({ location: vehicle.locationSlug, department, brand: vehicle.brand }, page);
    if (forBrand.employees.length > 0) return forBrand.employees;
    return (await employees.search({ location: vehicle.locationSlug, department }, page)).employees;
  } catch {
    return null;
  }
}

/** A price reduction with the 30-day lowest price (PAngV § 11); none when the history cannot be read. */
async function reductionOf(
  { context }: LoaderFunctionArgs,
  vehicle: Vehicle,
): Promise<{ percent: number; lowest30Days: string; since: string } | null> {
  const history = await context
    .get(portsContext)
    .vehicles.priceHistory(vehicle.id)
    .catch((): null => null);
  const reduction = history && priceReduction(history, vehicle.price, berlinTime(new Date()).date);
  if (!reduction) return null;
  const [year, month, day] = reduction.since.split("-");
  return { percent: reduction.percent, lowest30Days: formatEuro(reduction.lowest30Days), since: `${day}.${month}.${year}` };
}

/** The site's public origin: the worker knows it (SITE_ORIGIN); in the browser it is the page's own. */
function siteOrigin({ context, request }: LoaderFunctionArgs): string {
  try {
    return context.get(siteContext).origin;
  } catch {
    return new URL(request.url).origin;
  }
}
