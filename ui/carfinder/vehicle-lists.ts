import { useEffect } from "react";
import { useStore } from "zustand";
import { persist, type PersistStorage } from "zustand/middleware";
import { createStore, type StoreApi } from "zustand/vanilla";
import { addEntry, removeEntries, type AddOutcome, type VehicleListEntry, type VehicleListKind } from "#domain/vehicle-list-rules.ts";
import { listCookie } from "#domain/vehicle-list-cookie.ts";

/**
 * The compare list and the favourites, kept per browser in localStorage (zustand `persist`).
 *
 * Hydration without mismatch: the stores start empty with `hydrated: false` and skip persist's
 * automatic hydration, so the server and the browser's first render agree. After mount,
 * `useVehicleList` reads localStorage (`persist.rehydrate()`), validates it with zod and flips
 * `hydrated`; until then pages show a neutral loading state and the checkboxes stay disabled.
 *
 * @example
 * const compare = useVehicleList("compare");
 * const outcome = compare.add({ id: 100001, title: "Mercedes-Benz A 180" });
 * if (!outcome.added && outcome.refusal) show(outcome.refusal);
 */

export interface VehicleListState {
  entries: VehicleListEntry[];
  /** False until the stored list was read in the browser; always false on the server. */
  hydrated: boolean;
  add(vehicle: { id: number; title: string }): AddOutcome;
  remove(id: number): void;
  removeMany(ids: readonly number[]): void;
}

export type VehicleListStore = StoreApi<VehicleListState> & { persist: { rehydrate(): Promise<void> } };

type PersistedList = { entries: VehicleListEntry[] };
type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export const STORAGE_KEYS: Record<VehicleListKind, string> = { compare: "agn-compare", favourites: "agn-favourites" };
const STORAGE_VERSION = 1;

/**
 * persist's storage for one list: reads go through the zod schema (imported on demand), and what
 * fails it is removed, so a corrupted or hostile value resets the list instead of breaking pages.
 * Blocked or full storage (private mode, quota) leaves the list working for this page view.
 */
export function createListStorage(
  kind: VehicleListKind,
  storage: () => KeyValueStorage | undefined,
  loadSchema: () => Promise<typeof import("#domain/vehicle-list-schema.ts")> = () => import("#domain/vehicle-list-schema.ts"),
): PersistStorage<PersistedList> {
  const attempt = <T>(run: () => T): T | undefined => {
    try {
      return run();
    } catch {
      return undefined;
    }
  };
  const reset = (name: string) => void attempt(() => storage()?.removeItem(name));
  return {
    async getItem(name) {
      const raw = attempt(() => storage()?.getItem(name) ?? null) ?? null;
      if (raw === null) return null;
      const value = attempt(() => JSON.parse(raw) as unknown);
      const { parseStoredList } = await loadSchema();
      const list = value === undefined ? null : parseStoredList(kind, value);
      if (!list || list.version !== STORAGE_VERSION) {
        reset(name);
        return null;
      }
      return { state: { entries: list.entries }, version: STORAGE_VERSION };
    },
    setItem: (name, value) => void attempt(() => storage()?.setItem(name, JSON.stringify(value))),
    removeItem: reset,
  };
}

export function createVehicleListStore(
  kind: VehicleListKind,
  storage: () => KeyValueStorage | undefined,
  now: () => number = Date.now,
): VehicleListStore {
  return createStore<VehicleListState>()(
    persist(
      (set, get, api) => ({
        entries: [],
        hydrated: false,
        add(vehicle) {
          const outcome = addEntry(get().entries, kind, vehicle, now());
          if (outcome.added) set({ entries: outcome.entries });
          return outcome;
        },
        remove(id) {
          get().removeMany([id]);
        },
        removeMany(ids) {
          // A list page rendered from the cookie mirror shows its remove buttons before the stored
          // list is read: such a removal waits for it, so it is neither lost nor overwritten.
          if (!get().hydrated) {
            const stop = api.persist.onFinishHydration(() => {
              stop();
              get().removeMany(ids);
            });
            return;
          }
          const entries = removeEntries(get().entries, ids);
          if (entries.length !== get().entries.length) set({ entries });
        },
      }),
      {
        name: STORAGE_KEYS[kind],
        version: STORAGE_VERSION,
        storage: createListStorage(kind, storage),
        partialize: (state): PersistedList => ({ entries: state.entries }),
        merge: (persisted, current) => ({ ...current, entries: (persisted as PersistedList | undefined)?.entries ?? [], hydrated: true }),
        skipHydration: true,
      },
    ),
  );
}

const browserStorage = (): KeyValueStorage | undefined => window.localStorage;
let browserStores: Record<VehicleListKind, VehicleListStore> | undefined;

let serverStores: Record<VehicleListKind, VehicleListStore> | undefined;

/**
 * The browser keeps one store per list for the page's lifetime. The server only ever renders the
 * initial state, so it shares one never-hydrated store per list across requests: nothing on the
 * server calls an action (they run in event handlers), so nothing request-shaped lives in it.
 * Creating a store per call cost ~1 ms each in workerd (zustand's persist probes `window.localStorage`
 * eagerly and the ReferenceError is thrown and caught), ~45 ms for a carfinder page with 24 cards
 * (docs/performance.md).
 */
export function vehicleListStore(kind: VehicleListKind): VehicleListStore {
  if (typeof window === "undefined") {
    serverStores ??= {
      compare: createVehicleListStore("compare", () => undefined),
      favourites: createVehicleListStore("favourites", () => undefined),
    };
    return serverStores[kind];
  }
  browserStores ??= {
    compare: createVehicleListStore("compare", browserStorage),
    favourites: createVehicleListStore("favourites", browserStorage),
  };
  return browserStores[kind];
}

let syncStarted = false;

/**
 * Copies a list's ids into its page's cookie (domain/vehicle-list-cookie.ts) whenever the list was
 * read or changed, so the worker renders that page with the list's vehicles; the list in
 * localStorage stays the source of truth. Blocked cookies leave the page as it was (rendered after
 * the list is read).
 */
export function mirrorListToCookie(
  kind: VehicleListKind,
  store: VehicleListStore,
  write: (cookie: string) => void,
  secure: boolean,
): () => void {
  let mirrored: string | null = null;
  const mirror = (state: VehicleListState) => {
    if (!state.hydrated) return;
    const ids = state.entries.map((entry) => entry.id);
    const key = ids.join(".");
    if (key === mirrored) return;
    mirrored = key;
    try {
      write(listCookie(kind, ids, secure));
    } catch {
      // A sandboxed document may refuse cookies: the page then waits for the stored list, as before.
    }
  };
  mirror(store.getState());
  return store.subscribe(mirror);
}

/** Reads both lists once after the first mount, and again when another tab changes them. */
export function startBrowserSync(): void {
  if (syncStarted) return;
  syncStarted = true;
  const kinds = Object.keys(STORAGE_KEYS) as VehicleListKind[];
  const writeCookie = (cookie: string) => {
    document.cookie = cookie;
  };
  const secure = window.location.protocol === "https:";
  for (const kind of kinds) mirrorListToCookie(kind, vehicleListStore(kind), writeCookie, secure);
  // Read in a task of its own: reading enables every checkbox of the page in one synchronous
  // re-render (external stores are never time-sliced), which joined to the mount's effects made
  // one long task on a results page.
  setTimeout(() => {
    for (const kind of kinds) void vehicleListStore(kind).persist.rehydrate();
  });
  window.addEventListener("storage", (event) => {
    for (const kind of kinds) if (event.key === null || event.key === STORAGE_KEYS[kind]) void vehicleListStore(kind).persist.rehydrate();
  });
}

const selectEntries = (state: VehicleListState) => state.entries;
const selectHydrated = (state: VehicleListState) => state.hydrated;

/** One list with its actions; rehydrates from localStorage after mount (see the module comment). */
export function useVehicleList(kind: VehicleListKind) {
  const store = vehicleListStore(kind);
  useEffect(startBrowserSync, []);
  const entries = useStore(store, selectEntries);
  const hydrated = useStore(store, selectHydrated);
  const { add, remove, removeMany } = store.getState();
  return { entries, hydrated, add, remove, removeMany };
}
