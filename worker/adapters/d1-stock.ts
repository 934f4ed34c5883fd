import { z } from "zod";
import { searchVehicles } from "./d1-vehicle-search.ts";
import { LocationSummarySchema, VehicleSummarySchema, type LocationSummary } from "#domain/data-schemas.ts";
import { type DataPorts } from "#routes/ports.ts";

const LocationRowSchema = z
  .object({
    slug: z.string(),
    name: z.string(),
    street: z.string(),
    postal_code: z.string(),
    city: z.string(),
    phone: z.string(),
    brands: z.string(),
  })
  .transform((row) =>
    LocationSummarySchema.parse({
      slug: row.slug,
      name: row.name,
      street: row.street,
      postalCode: row.postal_code,
      city: row.city,
      phone: row.phone,
      brands: z.array(z.string()).parse(JSON.parse(row.brands)),
    }),
  );

const VehicleRowSchema = z
  .object({ id: z.number(), slug: z.string(), brand: z.string(), title: z.string(), price_euro: z.number(), location_slug: z.string() })
  .transform((row) =>
    VehicleSummarySchema.parse({
      id: row.id,
      slug: row.slug,
      brand: row.brand,
      title: row.title,
      priceEuro: row.price_euro,
      locationSlug: row.location_slug,
    }),
  );

/** D1 adapter for vehicles: sold vehicles are not found (issue 3). */
export function d1Vehicles(db: D1Database): DataPorts["vehicles"] {
  return {
    async getById(id) {
      const row = await db
        .prepare("SELECT id, slug, brand, title, price_purchase AS price_euro, location_slug FROM vehicles WHERE id = ?1 AND status = 'available'")
        .bind(id)
        .first();
      return row === null ? null : VehicleRowSchema.parse(row);
    },
    search: (query) => searchVehicles(db, query),
  };
}

const LOCATION_COLUMNS = "slug, name, street, postal_code, city, phone, brands";

export function d1Locations(db: D1Database): DataPorts["locations"] {
  return {
    async getBySlug(slug) {
      const row = await db.prepare(`SELECT ${LOCATION_COLUMNS} FROM locations WHERE slug = ?1`).bind(slug).first();
      return row === null ? null : LocationRowSchema.parse(row);
    },
    async list(): Promise<LocationSummary[]> {
      const { results } = await db.prepare(`SELECT ${LOCATION_COLUMNS} FROM locations ORDER BY name`).all();
      return results.map((row) => LocationRowSchema.parse(row));
    },
  };
}
