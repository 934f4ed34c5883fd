import * as z from "zod";
import { ModelVariantSchema, type ModelVariant } from "#domain/data-schemas.ts";
import type { DataPorts } from "#routes/ports.ts";

/** The model catalogue from D1 (migration 0008). */
const RowSchema = z
  .object({
    brand: z.string(),
    model: z.string(),
    name: z.string(),
    body_style: z.string(),
    category: z.string(),
    fuel: z.string(),
    power_hp: z.number(),
    price_gross: z.number(),
    wltp: z.string(),
    electric_range_km: z.number().nullable(),
    image: z.string(),
  })
  .transform(
    (row): ModelVariant =>
      ModelVariantSchema.parse({
        brand: row.brand,
        model: row.model,
        name: row.name,
        bodyStyle: row.body_style,
        category: row.category,
        fuel: row.fuel,
        powerHp: row.power_hp,
        priceGross: row.price_gross,
        wltp: JSON.parse(row.wltp),
        ...(row.electric_range_km !== null && { electricRangeKm: row.electric_range_km }),
        image: row.image,
      }),
  );

const COLUMNS = "brand, model, name, body_style, category, fuel, power_hp, price_gross, wltp, electric_range_km, image";

export function d1Models(db: D1Database): DataPorts["models"] {
  return {
    async variants(brand, model) {
      const statement =
        model === undefined
          ? db.prepare(`SELECT ${COLUMNS} FROM model_variants WHERE brand = ? ORDER BY sort_order`).bind(brand)
          : db.prepare(`SELECT ${COLUMNS} FROM model_variants WHERE brand = ? AND model = ? ORDER BY sort_order`).bind(brand, model);
      const { results } = await statement.all();
      return results.map((row) => RowSchema.parse(row));
    },
  };
}
