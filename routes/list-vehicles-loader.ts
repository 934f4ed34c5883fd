import type { LoaderFunctionArgs } from "react-router";
import type { ListVehiclesData } from "#ui/carfinder/use-list-vehicles.ts";
import { parseIdList } from "#domain/vehicle-list-rules.ts";
import { portsContext } from "./ports.ts";

/**
 * The loader of the compare page and the favourites (?ids=1,2,3, at most `limit`): the vehicles
 * still available, in that order, and the names of their locations. Without ids the page shows its
 * list from the browser's storage (ui/carfinder/use-list-vehicles.ts).
 */
export function listVehiclesLoader(limit: number) {
  return async function loader({ request, context }: LoaderFunctionArgs): Promise<ListVehiclesData> {
    const ids = parseIdList(new URL(request.url).searchParams.get("ids"), limit);
    if (ids.length === 0) return { asked: [], vehicles: [], locationNames: {} };
    const ports = context.get(portsContext);
    // Without the adverts the list still shows each price, worded neutrally (the pages say "Gesamtpreis").
    const [vehicles, locations, adverts] = await Promise.all([
      ports.vehicles.getMany(ids),
      ports.locations.list(),
      ports.vehicles.adverts(ids).catch(() => []),
    ]);
    const advertOf = new Map(adverts.map((entry) => [entry.id, entry.advert]));
    return {
      asked: ids,
      vehicles: vehicles.map((vehicle) => ({ ...vehicle, advert: advertOf.get(vehicle.id) ?? null })),
      locationNames: Object.fromEntries(locations.map((location) => [location.slug, location.name])),
    };
  };
}
