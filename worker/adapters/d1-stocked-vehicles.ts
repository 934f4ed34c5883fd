import * as z from "zod";
import type { StockedVehicle } from "#domain/stock-import-plan.ts";

const RowSchema = z
  .object({
    source_key: z.string().min(1),
    id: z.number().int().positive(),
    status: z.enum(["available", "sold"]),
    location_slug: z.string(),
    slug: z.string(),
    price_purchase: z.number().int().nonnegative(),
    fingerprint: z.string().min(1),
  })
  .transform(
    (row): StockedVehicle => ({
      sourceKey: row.source_key,
      id: row.id,
      status: row.status,
      location: row.location_slug,
      slug: row.slug,
      price: row.price_purchase,
      fingerprint: row.fingerprint,
    }),
  );

/**
 * The stock as an import compares it (domain/stock-import-plan.ts): every vehicle a source has
 * named, sold ones included, by the small columns only (no documents: ADR 0028 keeps an import's
 * last step within the free plan's CPU).
 */
export async function readStockedVehicles(db: D1Database): Promise<StockedVehicle[]> {
  const { results } = await db
    .prepare(
      `SELECT s.source_key, v.id, v.status, v.location_slug, v.slug, v.price_purchase, s.fingerprint
         FROM vehicle_sources s JOIN vehicles v ON v.id = s.vehicle_id ORDER BY v.id`,
    )
    .all();
  return results.map((row) => RowSchema.parse(row));
}

/**
 * The highest id any vehicle has had, deleted ones included (`stock_counters`, kept by the sold
 * retention): an import's new vehicles get the ids after it, so an id is never reused.
 */
export async function highestVehicleId(db: D1Database): Promise<number> {
  const row = await db
    .prepare(
      `SELECT MAX(COALESCE((SELECT MAX(id) FROM vehicles), 0),
                  COALESCE((SELECT value FROM stock_counters WHERE name = 'highest_vehicle_id'), 0)) AS id`,
    )
    .first();
  return z.object({ id: z.number().int().nonnegative() }).parse(row).id;
}
