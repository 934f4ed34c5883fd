import { useEffect, useRef, useState } from "react";
import { useFetcher, useLoaderData } from "react-router";
import type { Vehicle } from "#domain/vehicle.ts";
import type { CardAdvert } from "#domain/vehicle-advert.ts";
import { unavailableMessage, type VehicleListEntry, type VehicleListKind } from "#domain/vehicle-list-rules.ts";
import { useVehicleList } from "./vehicle-lists.ts";

/** What the compare and favourites loaders answer for `?ids=…` (see routes/compare-page.tsx). */
/** A listed vehicle with its price as an advert words it; null when that could not be read. */
export type ListedVehicle = Vehicle & { advert: CardAdvert | null };

export interface ListVehiclesData {
  /** The ids asked for; those missing from `vehicles` are sold or unknown. */
  asked: number[];
  vehicles: ListedVehicle[];
  /** Location names by slug, for the vehicles' locations. */
  locationNames: Record<string, string>;
  /** The ids came from the cookie mirroring the visitor's stored list (domain/vehicle-list-cookie.ts), not from `?ids`. */
  stored: boolean;
}

/**
 * The full vehicles of a stored list. The list lives in localStorage; the worker renders the page
 * with the vehicles its cookie mirror names (routes/list-vehicles-loader.ts), and this hook starts
 * from them, so the first paint already shows the list. Once the stored list is read it decides:
 * ids not loaded yet are asked for with `?ids=` through a fetcher, which runs the route loader in
 * the browser with the /api ports (TanStack Query cache). Vehicles an answer leaves out are no
 * longer available: they leave the list and `notices` tells the visitor (spec section 4). Only ids
 * not loaded yet are asked for, so removing a vehicle never shows a loading state.
 */
export function useListVehicles(kind: VehicleListKind, path: string) {
  const list = useVehicleList(kind);
  const fetcher = useFetcher<ListVehiclesData>();
  const rendered = renderedList(useLoaderData<ListVehiclesData | undefined>());
  const [known, setKnown] = useState<ReadonlyMap<number, ListedVehicle>>(
    () => new Map(rendered?.vehicles.map((vehicle) => [vehicle.id, vehicle] as const)),
  );
  const [locationNames, setLocationNames] = useState<Record<string, string>>(() => rendered?.locationNames ?? {});
  const [notices, setNotices] = useState<string[]>([]);
  const requested = useRef<string | null>(null);
  const entries = useRef<VehicleListEntry[]>(list.entries);
  entries.current = list.entries;

  const missing = list.entries.filter((entry) => !known.has(entry.id)).map((entry) => entry.id);
  const missingKey = missing.join(",");

  function settle(data: ListVehiclesData) {
    const returned = new Set(data.vehicles.map((vehicle) => vehicle.id));
    const gone = entries.current.filter((entry) => data.asked.includes(entry.id) && !returned.has(entry.id));
    if (gone.length === 0) return;
    list.removeMany(gone.map((entry) => entry.id));
    setNotices((previous) => [...previous, ...gone.map((entry) => unavailableMessage(kind, entry.title))]);
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer: the list and its actions are read fresh through refs and the store
  useEffect(() => {
    const data = fetcher.data;
    if (!data) return;
    setKnown((previous) => new Map([...previous, ...data.vehicles.map((vehicle) => [vehicle.id, vehicle] as const)]));
    setLocationNames((previous) => ({ ...previous, ...data.locationNames }));
    settle(data);
  }, [fetcher.data]); // once per answer: the list and its actions are read fresh through refs and the store

  // What the worker rendered and found gone is settled once the stored list is known.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the stored list was read; the rendered data never changes
  useEffect(() => {
    if (list.hydrated && rendered) settle(rendered);
  }, [list.hydrated]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `requested` keeps one request per set of missing ids; path and fetcher.load are stable
  useEffect(() => {
    if (!list.hydrated || missingKey === "" || fetcher.state !== "idle" || requested.current === missingKey) return;
    requested.current = missingKey;
    void fetcher.load(`${path}?ids=${missingKey}`);
  }, [list.hydrated, missingKey, fetcher.state]); // `requested` keeps one request per set of missing ids

  // Until the stored list is read, the page shows what the worker rendered from the cookie mirror.
  const vehicles = list.hydrated || !rendered ? list.entries.flatMap((entry) => known.get(entry.id) ?? []) : rendered.vehicles;
  return {
    /** True until the list is known (stored list read, or rendered from its cookie) and every vehicle in it was loaded or found gone. */
    loading: list.hydrated ? missing.length > 0 : !rendered,
    vehicles,
    locationNames,
    notices,
    remove: list.remove,
  };
}

/** The loader data of a document rendered from the list's cookie mirror, else null (a client navigation, `?ids=`, no cookie). */
function renderedList(data: ListVehiclesData | undefined): ListVehiclesData | null {
  return data?.stored && data.asked.length > 0 ? data : null;
}
