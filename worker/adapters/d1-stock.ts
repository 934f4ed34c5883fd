import { z } from "zod";
import { searchVehicles } from "./d1-vehicle-search.ts";
import { vehicleSearchIndex } from "./vehicle-search-index.ts";
import { LocationSummarySchema, type LocationSummary } from "#domain/data-schemas.ts";
import { VehicleSchema } from "#domain/vehicle.ts";
import { type DataPorts } from "#routes/ports.ts";

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
    }),
  );

const DocumentRowSchema = z.object({ data: z.string() }).transform((row) => VehicleSchema.parse(JSON.parse(row.data)));

/** At most this many ids per getMany (compare holds 6, favourites a few dozen). */
export const MAX_VEHICLES_PER_REQUEST = 50;

/** D1 adapter for vehicles: sold vehicles are not found (issue 3). */
export function d1Vehicles(db: D1Database, stockVersions?: KVNamespace): DataPorts["vehicles"] {
  return {
    async getById(id) {
      const row = await db
        .prepare("SELECT d.data FROM vehicles v JOIN vehicle_documents d ON d.id = v.id WHERE v.id = ?1 AND v.status = 'available'")
        .bind(id)
        .first();
      return row === null ? null : DocumentRowSchema.parse(row);
    },
    async getMany(ids) {
      const wanted = [...new Set(ids)].slice(0, MAX_VEHICLES_PER_REQUEST);
      if (wanted.length === 0) return [];
      const { results } = await db
        .prepare("SELECT d.data FROM vehicles v JOIN vehicle_documents d ON d.id = v.id WHERE v.id IN (SELECT value FROM json_each(?1)) AND v.status = 'available'")
        .bind(JSON.stringify(wanted))
        .all();
      const byId = new Map(results.map((row) => DocumentRowSchema.parse(row)).map((vehicle) => [vehicle.id, vehicle]));
      return wanted.flatMap((id) => byId.get(id) ?? []);
    },
    // The in-isolate index needs the stock version from KV (ADR 0005); without it, D1 answers.
    search: (query, _scope, options) => (stockVersions ? vehicleSearchIndex.search(db, stockVersions, query, options) : searchVehicles(db, query, options)),
  };
}

const LOCATION_COLUMNS = "slug, name, street, postal_code, city, phone, email, brands, opening_hours";

/** How long an isolate keeps the location list: ops' edits in D1 show within a minute. */
export const LOCATIONS_TTL_MS = 60_000;

export interface LocationsMemo {
  list(db: D1Database): Promise<LocationSummary[]>;
}

/**
 * The group's few dozen locations, read once per isolate and minute instead of per page (issue 9:
 * the list and its zod parse were ~1 ms of the home page's and the carfinder's server CPU). Only
 * a successful read is kept: a failed one rejects its callers and the next request asks D1 again.
 */
export function createLocationsMemo(ttlMs: number = LOCATIONS_TTL_MS, now: () => number = Date.now): LocationsMemo {
  let kept: { at: number; value: Promise<LocationSummary[]> } | null = null;
  return {
    list(db) {
      // A copy per caller: nobody's sort or filter changes the kept list.
      if (kept && now() - kept.at < ttlMs) return kept.value.then((list) => [...list]);
      const value = db
        .prepare(`SELECT ${LOCATION_COLUMNS} FROM locations ORDER BY name`)
        .all()
        .then(({ results }) => results.map((row) => LocationRowSchema.parse(row)));
      const entry = { at: now(), value };
      kept = entry;
      value.catch(() => {
        if (kept === entry) kept = null;
      });
      return value.then((list) => [...list]);
    },
  };
}

const isolateLocations = createLocationsMemo();

export function d1Locations(db: D1Database, memo: LocationsMemo = isolateLocations): DataPorts["locations"] {
  return {
    // From the kept list too: the vehicle and location pages and the lead checks ask for one.
    getBySlug: async (slug) => (await memo.list(db)).find((location) => location.slug === slug) ?? null,
    list: () => memo.list(db),
  };
}
