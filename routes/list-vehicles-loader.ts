import { data, type LoaderFunctionArgs } from "react-router";
import type { ListVehiclesData } from "#ui/carfinder/use-list-vehicles.ts";
import { LIST_LIMITS, parseIdList, type VehicleListKind } from "#domain/vehicle-list-rules.ts";
import { listCookieIds } from "#domain/vehicle-list-cookie.ts";
import { portsContext } from "./ports.ts";

const EMPTY: ListVehiclesData = { asked: [], vehicles: [], locationNames: {}, stored: false };

/**
 * The loader of the compare page and the favourites: the vehicles still available, in the order
 * asked, and the names of their locations. The ids come from `?ids=1,2,3` (the page's own fetcher,
 * ui/carfinder/use-list-vehicles.ts) or, for the document itself, from the cookie that mirrors the
 * visitor's stored list (domain/vehicle-list-cookie.ts): then the first response already shows
 * the list, and it is the visitor's own, so no shared cache keeps it. In the browser a Request
 * carries no Cookie header, so a client navigation renders from the stored list as before.
 */
export function listVehiclesLoader(kind: VehicleListKind) {
  const limit = LIST_LIMITS[kind];
  return async function loader({ request, context }: LoaderFunctionArgs) {
    const query = new URL(request.url).searchParams.get("ids");
    const stored = query === null;
    const ids = stored ? listCookieIds(request.headers.get("Cookie"), kind) : parseIdList(query, limit);
    if (ids.length === 0) return EMPTY;
    const ports = context.get(portsContext);
    // Without the adverts the list still shows each price, worded neutrally (the pages say "Gesamtpreis").
    const [vehicles, locations, adverts] = await Promise.all([
      ports.vehicles.getMany(ids),
      ports.locations.list(),
      ports.vehicles.adverts(ids).catch(() => []),
    ]);
    const advertOf = new Map(adverts.map((entry) => [entry.id, entry.advert]));
    const listed: ListVehiclesData = {
      asked: ids,
      vehicles: vehicles.map((vehicle) => ({ ...vehicle, advert: advertOf.get(vehicle.id) ?? null })),
      locationNames: Object.fromEntries(locations.map((location) => [location.slug, location.name])),
      stored,
    };
    return stored ? data(listed, { headers: { "Cache-Control": "private, no-cache" } }) : listed;
  };
}
