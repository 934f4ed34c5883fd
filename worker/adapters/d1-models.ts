import * as z from "zod";
import { ModelVariantSchema, type ModelVariant } from "#domain/data-schemas.ts";
import type { DataPorts } from "#routes/ports.ts";
import { createKeptMap, readKept, type KeptMap } from "./kept-reads.ts";
import { isolateCollection } from "../isolate-state.ts";

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

/**
 * The catalogue's variants an isolate keeps, per brand and model line, for a minute like the
 * location list (d1-stock.ts): the catalogue changes with an import, and reading a brand's variants
 * (two zod parses per row) was about a fifth of the models page's CPU. Answers only, never failures;
 * callers get copies.
 */
export const MODEL_VARIANTS_TTL_MS = 60_000;
export const isolateModelVariants = isolateCollection("model variants", createKeptMap<string, ModelVariant[]>(128, MODEL_VARIANTS_TTL_MS));

export function d1Models(db: D1Database, kept: KeptMap<string, ModelVariant[]> = isolateModelVariants): DataPorts["models"] {
  return {
    variants: (brand, model) =>
      readKept(kept, JSON.stringify([brand, model ?? null]), async () => {
        const statement =
          model === undefined
            ? db.prepare(`SELECT ${COLUMNS} FROM model_variants WHERE brand = ? ORDER BY sort_order`).bind(brand)
            : db.prepare(`SELECT ${COLUMNS} FROM model_variants WHERE brand = ? AND model = ? ORDER BY sort_order`).bind(brand, model);
        const { results } = await statement.all();
        return results.map((row) => RowSchema.parse(row));
      }),
  };
}
