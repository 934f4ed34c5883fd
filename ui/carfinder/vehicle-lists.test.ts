import { expect, it } from "vitest";
import {
  COMPARE_LIMIT_MESSAGE,
  addEntry,
  normaliseEntries,
  parseIdList,
  removeEntries,
  unavailableMessage,
  type VehicleListEntry,
} from "#domain/vehicle-list-rules.ts";
import { STORAGE_KEYS, createVehicleListStore, mirrorListToCookie, vehicleListStore } from "./vehicle-lists.ts";

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const vehicle = (id: number) => ({ id, title: `Fahrzeug ${id}` });
const entry = (id: number, addedAt = id): VehicleListEntry => ({ id, title: `Fahrzeug ${id}`, addedAt });
const stored = (entries: unknown, version = 1) => JSON.stringify({ state: { entries }, version });

it("the compare list takes six vehicles and refuses the seventh with the spec's message", () => {
  let entries: VehicleListEntry[] = [];
  for (let id = 1; id <= 6; id++) {
    const outcome = addEntry(entries, "compare", vehicle(id), id);
    expect(outcome.added).toBe(true);
    entries = outcome.entries;
  }
  const seventh = addEntry(entries, "compare", vehicle(7), 7);
  expect(seventh).toEqual({
    added: false,
    entries,
    refusal: "Fahrzeug kann nicht hinzugefügt werden. Wählen Sie maximal 6 Fahrzeuge zum Vergleichen aus.",
  });
  expect(COMPARE_LIMIT_MESSAGE).toBe("Fahrzeug kann nicht hinzugefügt werden. Wählen Sie maximal 6 Fahrzeuge zum Vergleichen aus.");
});

it("favourites take more than six vehicles", () => {
  let entries: VehicleListEntry[] = [];
  for (let id = 1; id <= 7; id++) entries = addEntry(entries, "favourites", vehicle(id), id).entries;
  expect(entries).toHaveLength(7);
});

it("adding a listed vehicle again changes nothing and is not a refusal", () => {
  const entries = [entry(1), entry(2)];
  expect(addEntry(entries, "compare", vehicle(1), 99)).toEqual({ added: false, entries });
});

it("removing drops exactly the given vehicles and keeps the order", () => {
  expect(removeEntries([entry(1), entry(2), entry(3)], [2, 42])).toEqual([entry(1), entry(3)]);
});

it("stored entries are de-duplicated, oldest first", () => {
  expect(normaliseEntries([entry(2, 20), entry(1, 10), { ...entry(2), addedAt: 30 }])).toEqual([entry(1, 10), entry(2, 20)]);
});

it("the notice for a vehicle that is no longer available names it and the list", () => {
  expect(unavailableMessage("compare", "smart #1 Pro+")).toBe(
    "Das Fahrzeug „smart #1 Pro+“ ist nicht mehr verfügbar und wurde aus Ihrer Vergleichsliste entfernt.",
  );
  expect(unavailableMessage("favourites", "smart #1 Pro+")).toBe(
    "Das Fahrzeug „smart #1 Pro+“ ist nicht mehr verfügbar und wurde aus Ihren Favoriten entfernt.",
  );
});

it("the store starts empty and unhydrated, and reads nothing until rehydrate is called", () => {
  const storage = memoryStorage({ [STORAGE_KEYS.compare]: stored([entry(1)]) });
  const store = createVehicleListStore("compare", () => storage);
  expect(store.getState()).toMatchObject({ entries: [], hydrated: false });
  expect(store.getInitialState()).toMatchObject({ entries: [], hydrated: false });
});

it("rehydration restores a valid stored list and marks the store hydrated", async () => {
  const storage = memoryStorage({ [STORAGE_KEYS.favourites]: stored([entry(1), entry(2)]) });
  const store = createVehicleListStore("favourites", () => storage);
  await store.persist.rehydrate();
  expect(store.getState()).toMatchObject({ entries: [entry(1), entry(2)], hydrated: true });
});

it("changes are written to storage as {id, title, addedAt} entries", async () => {
  const storage = memoryStorage();
  const store = createVehicleListStore(
    "compare",
    () => storage,
    () => 1_700_000_000_000,
  );
  await store.persist.rehydrate();
  store.getState().add(vehicle(5));
  store.getState().add(vehicle(6));
  store.getState().remove(5);
  expect(JSON.parse(storage.items.get(STORAGE_KEYS.compare)!)).toEqual({
    state: { entries: [{ id: 6, title: "Fahrzeug 6", addedAt: 1_700_000_000_000 }] },
    version: 1,
  });
});

it("the store refuses a seventh compare vehicle and stores only six", async () => {
  const storage = memoryStorage();
  const store = createVehicleListStore("compare", () => storage);
  await store.persist.rehydrate();
  for (let id = 1; id <= 6; id++) expect(store.getState().add(vehicle(id)).added).toBe(true);
  expect(store.getState().add(vehicle(7))).toMatchObject({ added: false, refusal: COMPARE_LIMIT_MESSAGE });
  expect(store.getState().entries.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6]);
});

it.each([
  ["not JSON", "{nope"],
  ["JSON null", "null"],
  ["a string", JSON.stringify("agn")],
  ["entries not an array", stored({ 0: entry(1) })],
  ["an entry without title", stored([{ id: 1, addedAt: 1 }])],
  ["a negative id", stored([entry(-1)])],
  ["a fractional id", stored([{ ...entry(1), id: 1.5 }])],
  ["an over-long title", stored([{ ...entry(1), title: "x".repeat(10_000) }])],
  ["seven compare vehicles", stored([1, 2, 3, 4, 5, 6, 7].map((id) => entry(id)))],
  ["a foreign version", stored([entry(1)], 99)],
  ["prototype pollution", '{"__proto__":{"hydrated":true},"state":{"entries":"x"},"version":1}'],
])("corrupted storage (%s) resets the list instead of failing", async (_case, value) => {
  const storage = memoryStorage({ [STORAGE_KEYS.compare]: value });
  const store = createVehicleListStore("compare", () => storage);
  await store.persist.rehydrate();
  expect(store.getState()).toMatchObject({ entries: [], hydrated: true });
  expect(storage.items.has(STORAGE_KEYS.compare)).toBe(false);
});

it("blocked storage leaves the list working for the page view", async () => {
  const blocked = {
    getItem: () => {
      throw new DOMException("denied", "SecurityError");
    },
    setItem: () => {
      throw new DOMException("full", "QuotaExceededError");
    },
    removeItem: () => {
      throw new DOMException("denied", "SecurityError");
    },
  };
  const store = createVehicleListStore("favourites", () => blocked);
  await store.persist.rehydrate();
  expect(store.getState().add(vehicle(1)).added).toBe(true);
  expect(store.getState().entries.map((item) => item.id)).toEqual([1]);
});

it("the ids parameter of the list pages keeps positive integers, each once, up to the limit", () => {
  expect(parseIdList("3,1,3,x,-2,0,1.5,,2", 6)).toEqual([3, 1, 2]);
  expect(parseIdList("1,2,3,4,5,6,7", 6)).toEqual([1, 2, 3, 4, 5, 6]);
  expect(parseIdList(null, 6)).toEqual([]);
  expect(parseIdList("9".repeat(20), 6)).toEqual([]);
});

it("the server shares one never-hydrated store per list instead of building one per card (~45 ms per carfinder page)", () => {
  expect(typeof window).toBe("undefined");
  const compare = vehicleListStore("compare");
  expect(vehicleListStore("compare")).toBe(compare);
  expect(vehicleListStore("favourites")).toBe(vehicleListStore("favourites"));
  expect(vehicleListStore("favourites")).not.toBe(compare);
  expect(compare.getState()).toMatchObject({ entries: [], hydrated: false });
});

it("the list's cookie mirror follows the stored list once it was read: written on reading, on every change, deleted when empty", async () => {
  const storage = memoryStorage({ [STORAGE_KEYS.compare]: stored([entry(100002, 1), entry(100001, 2)]) });
  const store = createVehicleListStore(
    "compare",
    () => storage,
    () => 3,
  );
  const written: string[] = [];
  const stop = mirrorListToCookie("compare", store, (cookie) => written.push(cookie), true);
  expect(written).toEqual([]); // not read yet: the cookie an earlier page wrote stays as it is
  await store.persist.rehydrate();
  store.getState().add(vehicle(100003));
  store.getState().add(vehicle(100003)); // unchanged: not written again
  store.getState().removeMany([100001, 100002, 100003]);
  expect(written).toEqual([
    "agn_compare=100002.100001; Max-Age=7776000; Path=/carfinder/vergleichen; SameSite=Lax; Secure",
    "agn_compare=100002.100001.100003; Max-Age=7776000; Path=/carfinder/vergleichen; SameSite=Lax; Secure",
    "agn_compare=; Max-Age=0; Path=/carfinder/vergleichen; SameSite=Lax; Secure",
  ]);
  stop();
  store.getState().add(vehicle(100004));
  expect(written).toHaveLength(3);
});

it("a refused cookie leaves the list working", async () => {
  const store = createVehicleListStore("favourites", () => memoryStorage());
  mirrorListToCookie(
    "favourites",
    store,
    () => {
      throw new DOMException("The document is sandboxed", "SecurityError");
    },
    false,
  );
  await store.persist.rehydrate();
  expect(store.getState().add(vehicle(100001)).added).toBe(true);
  expect(store.getState().entries.map((listed) => listed.id)).toEqual([100001]);
});

it("a removal before the stored list was read waits for it and is stored (a list page rendered from the cookie mirror)", async () => {
  const storage = memoryStorage({ [STORAGE_KEYS.compare]: stored([entry(100001, 1), entry(100002, 2)]) });
  const store = createVehicleListStore("compare", () => storage);
  store.getState().remove(100001);
  expect(store.getState().entries).toEqual([]);
  await store.persist.rehydrate();
  expect(store.getState().entries.map((listed) => listed.id)).toEqual([100002]);
  expect(JSON.parse(storage.items.get(STORAGE_KEYS.compare) ?? "").state.entries.map((listed: VehicleListEntry) => listed.id)).toEqual([
    100002,
  ]);
});
