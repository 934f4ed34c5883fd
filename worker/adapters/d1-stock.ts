import * as z from "zod";
import { createKeptMap, readKept, type KeptMap } from "./kept-reads.ts";
import { isolateCollection, registerIsolateState } from "../isolate-state.ts";
import { MAX_VEHICLES_PER_REQUEST } from "./stock-limits.ts";
import { LocationSummarySchema, type LocationSummary } from "#domain/data-schemas.ts";
import { VehicleSchema, type Vehicle } from "#domain/vehicle.ts";
import type { DataPorts } from "#routes/ports.ts";
import type { PricePoint } from "#domain/price-history.ts";

const LocationRowSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    street: z.string(),
    postal_code: z.string(),
    city: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    brands: z.string(),
    opening_hours: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    state: z.string().nullable(),
    whatsapp: z.string().nullable(),
    vat_id: z.string().nullable(),
    iban: z.string().nullable(),
    services: z.string(),
    social: z.string(),
  })
  .transform((row) =>
    LocationSummarySchema.parse({
      slug: row.slug,
      name: row.name,
      street: row.street,
      postalCode: row.postal_code,
      city: row.city,
      phone: row.phone,
      ...(row.email !== null && { email: row.email }),
      brands: JSON.parse(row.brands),
      ...(row.opening_hours !== null && { openingHours: JSON.parse(row.opening_hours) }),
      ...(row.latitude !== null && row.longitude !== null && { latitude: row.latitude, longitude: row.longitude }),
      ...(row.state !== null && { state: row.state }),
      ...(row.whatsapp !== null && { whatsapp: row.whatsapp }),
      ...(row.vat_id !== null && { vatId: row.vat_id }),
      ...(row.iban !== null && { iban: row.iban }),
      services: JSON.parse(row.services),
      social: JSON.parse(row.social),
    }),
  );

const DocumentRowSchema = z.object({ data: z.string() }).transform((row) => VehicleSchema.parse(JSON.parse(row.data)));

const PriceRowSchema = z
  .object({ price: z.number().int().positive(), valid_from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })
  .transform((row) => ({ price: row.price, validFrom: row.valid_from }));

/** How long an isolate keeps a vehicle's document for pages: the search index's version check interval. */
export const VEHICLE_DOCUMENTS_TTL_MS = 10_000;
const VEHICLE_DOCUMENTS_LIMIT = 2_000;

export interface VehicleDocuments {
  /** The available vehicles among `ids` (null: not available), those not kept read through `read`. */
  get(ids: number[], read: (ids: number[]) => Promise<Vehicle[]>): Promise<Map<number, Vehicle | null>>;
  /** Drops everything kept (tests that change D1 behind the isolate's back). */
  forget(): void;
  /** Documents held (tests: a reset leaves none). */
  readonly size: number;
}

/**
 * Vehicle documents kept per isolate for pages (vehicle detail, compare, favourites): a detail page
 * read and zod-parsed its document from D1 on every render (~0.5 ms of its process CPU). Kept for
 * the search index's version check interval, so a vehicle sold without a stock import shows as gone
 * within 10 s, as its card does (ADR 0005). Callers get copies. Leads check the vehicle against
 * D1 itself (no kept documents).
 */
export function createVehicleDocuments(ttlMs: number = VEHICLE_DOCUMENTS_TTL_MS, now: () => number = Date.now): VehicleDocuments {
  // A vehicle that is not available is kept as null (wrapped, so that it is told apart from "not kept").
  const kept = createKeptMap<number, { vehicle: Vehicle | null }>(VEHICLE_DOCUMENTS_LIMIT, ttlMs, now);
  return {
    async get(ids, read) {
      const answer = new Map<number, Vehicle | null>();
      const missing: number[] = [];
      for (const id of ids) {
        const entry = kept.get(id);
        if (entry) answer.set(id, entry.vehicle && structuredClone(entry.vehicle));
        else missing.push(id);
      }
      if (missing.length === 0) return answer;
      const found = new Map((await read(missing)).map((vehicle) => [vehicle.id, vehicle]));
      for (const id of missing) {
        const vehicle = found.get(id) ?? null;
        kept.set(id, { vehicle });
        answer.set(id, vehicle && structuredClone(vehicle));
      }
      return answer;
    },
    forget() {
      kept.clear();
    },
    get size() {
      return kept.size;
    },
  };
}

/** The isolate's kept documents, used by the pages' ports (worker/adapters/server-ports.ts). */
export const isolateVehicleDocuments = createVehicleDocuments();
registerIsolateState("vehicle documents", {
  reset: () => isolateVehicleDocuments.forget(),
  isEmpty: () => isolateVehicleDocuments.size === 0,
});

/**
 * Price histories kept per isolate for pages, as long as the documents above and for the same
 * reason: a vehicle page read and parsed its history from D1 on every render (≈ 0.35 ms). The
 * history changes with an import, which also changes the kept document's price within 10 s, so
 * the page's reduction label (PAngV § 11) never mixes an old price with a new history for longer.
 */
export const isolatePriceHistories = isolateCollection(
  "price histories",
  createKeptMap<number, PricePoint[]>(VEHICLE_DOCUMENTS_LIMIT, VEHICLE_DOCUMENTS_TTL_MS),
);

/**
 * D1 adapter for vehicles: sold vehicles are not found; `documents` and `priceHistories`
 * keep them per isolate for pages.
 */
export function d1Vehicles(
  db: D1Database,
  stockVersions?: KVNamespace,
  documents?: VehicleDocuments,
  priceHistories?: KeptMap<number, PricePoint[]>,
): DataPorts["vehicles"] {
  async function read(ids: number[]): Promise<Vehicle[]> {
    if (ids.length === 1) {
      const row = await db
        .prepare("SELECT d.data FROM vehicles v JOIN vehicle_documents d ON d.id = v.id WHERE v.id = ?1 AND v.status = 'available'")
        .bind(ids[0])
        .first();
      return row === null ? [] : [DocumentRowSchema.parse(row)];
    }
    const { results } = await db
      .prepare(
        "SELECT d.data FROM vehicles v JOIN vehicle_documents d ON d.id = v.id WHERE v.id IN (SELECT value FROM json_each(?1)) AND v.status = 'available'",
      )
      .bind(JSON.stringify(ids))
      .all();
    return results.map((row) => DocumentRowSchema.parse(row));
  }
  const lookUp = async (ids: number[]) =>
    documents ? documents.get(ids, read) : new Map((await read(ids)).map((vehicle) => [vehicle.id, vehicle] as const));
  return {
    async getById(id) {
      return (await lookUp([id])).get(id) ?? null;
    },
    async getMany(ids) {
      const wanted = [...new Set(ids)].slice(0, MAX_VEHICLES_PER_REQUEST);
      if (wanted.length === 0) return [];
      const byId = await lookUp(wanted);
      return wanted.flatMap((id) => byId.get(id) ?? []);
    },
    // Loaded with the first list that asks: the card columns and wording are the search's.
    async adverts(ids) {
      const wanted = [...new Set(ids)].slice(0, MAX_VEHICLES_PER_REQUEST);
      if (wanted.length === 0) return [];
      const [{ cardsSql }, { cardOf }] = await Promise.all([import("./d1-vehicle-search.ts"), import("./card-advert.ts")]);
      const { results } = await db.prepare(cardsSql("price_purchase")).bind(JSON.stringify(wanted)).all();
      return results.map((row) => {
        const { id, advert } = cardOf(row, "purchase");
        return { id, advert };
      });
    },
    priceHistory(id) {
      const read = async () => {
        const { results } = await db
          .prepare("SELECT price, valid_from FROM vehicle_prices WHERE vehicle_id = ? ORDER BY valid_from")
          .bind(id)
          .all();
        return results.map((row) => PriceRowSchema.parse(row));
      };
      return priceHistories ? readKept(priceHistories, id, read) : read();
    },
    // The in-isolate index needs the stock version from KV (ADR 0005); without it, D1 answers. Both
    // load with the first search, not at every isolate's startup (docs/limits.md).
    async search(query, _scope, options) {
      if (stockVersions) return (await import("./vehicle-search-index.ts")).vehicleSearchIndex.search(db, stockVersions, query, options);
      return (await import("./d1-vehicle-search.ts")).searchVehicles(db, query, options);
    },
  };
}

const LOCATION_COLUMNS =
  "slug, name, street, postal_code, city, phone, email, brands, opening_hours, latitude, longitude, state, whatsapp, vat_id, iban, services, social";

/** How long an isolate keeps the location list: ops' edits in D1 show within a minute. */
export const LOCATIONS_TTL_MS = 60_000;

export interface LocationsMemo {
  list(db: D1Database): Promise<LocationSummary[]>;
  /** Drops the kept list (worker tests start without it). */
  forget(): void;
  /** Lists held or being read: 0 or 1 (tests: a reset leaves none). */
  readonly size: number;
}

/** How long a caller waits for a location read another request started before reading itself. */
export const LOCATIONS_WAIT_MS = 5_000;

/**
 * The group's few dozen locations, read once per isolate and minute instead of per page (the
 * list and its zod parse were ~1 ms of the home page's and the carfinder's server CPU). Only
 * a successful read is kept: a failed one rejects its callers and the next request asks D1 again.
 * A read in flight is shared by concurrent callers (a cold isolate reads once), but for at most
 * `waitMs`: it lives in the request that started it, and if that request is cancelled its D1 call
 * may never settle — then the others read for themselves (ADR 0035).
 */
export function createLocationsMemo(
  ttlMs: number = LOCATIONS_TTL_MS,
  now: () => number = Date.now,
  waitMs: number = LOCATIONS_WAIT_MS,
): LocationsMemo {
  let kept: { at: number; list: LocationSummary[] } | null = null;
  let reading: { at: number; value: Promise<LocationSummary[]> } | null = null;

  function read(db: D1Database): Promise<LocationSummary[]> {
    // A binding that throws synchronously still gives a rejected promise, as any D1 failure does.
    const value = Promise.resolve()
      .then(() => db.prepare(`SELECT ${LOCATION_COLUMNS} FROM locations ORDER BY name`).all())
      .then(({ results }) => results.map((row) => LocationRowSchema.parse(row)));
    const entry = { at: now(), value };
    reading = entry;
    value.then(
      (list) => {
        if (reading === entry) reading = null;
        kept = { at: entry.at, list };
      },
      () => {
        if (reading === entry) reading = null;
      },
    );
    return value;
  }

  async function shared(db: D1Database, entry: { at: number; value: Promise<LocationSummary[]> }): Promise<LocationSummary[]> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), Math.max(0, waitMs - (now() - entry.at)));
    });
    try {
      return (await Promise.race([entry.value, gaveUp])) ?? (await read(db));
    } finally {
      clearTimeout(timer ?? null);
    }
  }

  return {
    async list(db) {
      // A copy per caller: nobody's sort or filter changes the kept list.
      if (kept && now() - kept.at < ttlMs) return [...kept.list];
      const list = reading && now() - reading.at < waitMs ? await shared(db, reading) : await read(db);
      return [...list];
    },
    forget() {
      kept = null;
      reading = null;
    },
    get size() {
      return kept === null && reading === null ? 0 : 1;
    },
  };
}

export const isolateLocations = createLocationsMemo();
registerIsolateState("locations", { reset: () => isolateLocations.forget(), isEmpty: () => isolateLocations.size === 0 });

export function d1Locations(db: D1Database, memo: LocationsMemo = isolateLocations): DataPorts["locations"] {
  return {
    // From the kept list too: the vehicle and location pages and the lead checks ask for one.
    getBySlug: async (slug) => (await memo.list(db)).find((location) => location.slug === slug) ?? null,
    list: () => memo.list(db),
  };
}
