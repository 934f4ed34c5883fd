import { VARIANTS } from "./stock-catalogue.ts";
import { createRandom, imageShape, slugify, wltpFor } from "./stock-generator.ts";

/**
 * The model catalogue in D1 (migration 0008) from the stock catalogue's variants: list price,
 * power, fuel, body and the WLTP values of the variant as the manufacturer states them (the
 * generator's formula, seeded by the variant's name so every seed gives the same values).
 */
const PICTURE_COLORS = ["silver", "black", "white", "blue", "grey", "red"];

export function demoModelVariantRows(): Array<Array<string | number | null>> {
  return VARIANTS.map((variant, index) => {
    const seed = [...slugify(variant.name)].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);
    const wltp = wltpFor(variant, createRandom(seed));
    const color = PICTURE_COLORS[seed % PICTURE_COLORS.length]!;
    return [
      variant.brand,
      variant.model,
      variant.name,
      variant.body,
      variant.category,
      variant.fuel,
      variant.hp,
      variant.price,
      JSON.stringify(wltp),
      variant.range ?? null,
      `${imageShape(variant.body)}-${color}`,
      index,
    ];
  });
}

export const MODEL_VARIANT_COLUMNS = [
  "brand",
  "model",
  "name",
  "body_style",
  "category",
  "fuel",
  "power_hp",
  "price_gross",
  "wltp",
  "electric_range_km",
  "image",
  "sort_order",
] as const;
