import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
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
}

/**
 * The full vehicles of a stored list. The list lives in localStorage, so the server cannot know
 * it: after rehydration the page loads its own route with `?ids=` through a fetcher, which runs the
 * route loader in the browser with the /api ports (TanStack Query cache). Vehicles the answer leaves
 * out are no longer available: they leave the list and `notices` tells the visitor (spec section 4).
 * Only ids not loaded yet are asked for, so removing a vehicle never shows a loading state.
 */
export function useListVehicles(kind: VehicleListKind, path: string) {
  const list = useVehicleList(kind);
  const fetcher = useFetcher<ListVehiclesData>();
  const [known, setKnown] = useState<ReadonlyMap<number, ListedVehicle>>(() => new Map());
  const [locationNames, setLocationNames] = useState<Record<string, string>>({});
  const [notices, setNotices] = useState<string[]>([]);
  const requested = useRef<string | null>(null);
  const entries = useRef<VehicleListEntry[]>(list.entries);
  entries.current = list.entries;

  const missing = list.entries.filter((entry) => !known.has(entry.id)).map((entry) => entry.id);
  const missingKey = missing.join(",");

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer: the list and its actions are read fresh through refs and the store
  useEffect(() => {
    const data = fetcher.data;
    if (!data) return;
    setKnown((previous) => new Map([...previous, ...data.vehicles.map((vehicle) => [vehicle.id, vehicle] as const)]));
    setLocationNames((previous) => ({ ...previous, ...data.locationNames }));
    const returned = new Set(data.vehicles.map((vehicle) => vehicle.id));
    const gone = entries.current.filter((entry) => data.asked.includes(entry.id) && !returned.has(entry.id));
    if (gone.length === 0) return;
    list.removeMany(gone.map((entry) => entry.id));
    setNotices((previous) => [...previous, ...gone.map((entry) => unavailableMessage(kind, entry.title))]);
  }, [fetcher.data]); // once per answer: the list and its actions are read fresh through refs and the store

  // biome-ignore lint/correctness/useExhaustiveDependencies: `requested` keeps one request per set of missing ids; path and fetcher.load are stable
  useEffect(() => {
    if (!list.hydrated || missingKey === "" || fetcher.state !== "idle" || requested.current === missingKey) return;
    requested.current = missingKey;
    void fetcher.load(`${path}?ids=${missingKey}`);
  }, [list.hydrated, missingKey, fetcher.state]); // `requested` keeps one request per set of missing ids

  const vehicles = list.entries.flatMap((entry) => known.get(entry.id) ?? []);
  return {
    /** True until the stored list was read and every vehicle in it was loaded or found gone. */
    loading: !list.hydrated || missing.length > 0,
    vehicles,
    locationNames,
    notices,
    remove: list.remove,
  };
}
