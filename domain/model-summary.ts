import type { ModelVariant } from "./data-schemas.ts";
import { leaseRate, STANDARD_LEASE } from "./lease.ts";
import type { ModelSorting, ModelSummary, Range } from "./model-catalogue.ts";

/**
 * Builds and sorts the model summaries (domain/model-catalogue.ts) from the catalogue's variants.
 * Used by the model pages' loaders, which import it lazily: the pages get the figures as data.
 */

function range(values: number[]): Range | undefined {
  return values.length === 0 ? undefined : { min: Math.min(...values), max: Math.max(...values) };
}

const CO2_CLASS_ORDER = "ABCDEFG";

export function summarizeModel(slug: string, name: string, variants: readonly ModelVariant[]): ModelSummary | null {
  if (variants.length === 0) return null;
  const cheapest = variants.reduce((best, variant) => (variant.priceGross < best.priceGross ? variant : best));
  const classes = variants.map((variant) => variant.wltp.co2Class).sort((a, b) => CO2_CLASS_ORDER.indexOf(a) - CO2_CLASS_ORDER.indexOf(b));
  const consumption = range(
    variants.flatMap((variant) => (variant.wltp.consumptionCombined === undefined ? [] : [variant.wltp.consumptionCombined])),
  );
  const powerConsumption = range(
    variants.flatMap((variant) => (variant.wltp.powerConsumptionCombined === undefined ? [] : [variant.wltp.powerConsumptionCombined])),
  );
  const electricRange = range(variants.flatMap((variant) => (variant.electricRangeKm === undefined ? [] : [variant.electricRangeKm])));
  return {
    slug,
    name,
    priceFrom: cheapest.priceGross,
    leaseFrom: { ...leaseRate({ price: cheapest.priceGross, ...STANDARD_LEASE }), price: cheapest.priceGross },
    fuels: [...new Set(variants.map((variant) => variant.fuel))],
    bodyStyles: [...new Set(variants.map((variant) => variant.bodyStyle))],
    power: range(variants.map((variant) => variant.powerHp))!,
    ...(consumption && { consumption }),
    ...(powerConsumption && { powerConsumption }),
    co2: range(variants.map((variant) => variant.wltp.co2Combined))!,
    co2Classes: { best: classes[0]!, worst: classes.at(-1)! },
    ...(electricRange && { electricRange }),
    image: cheapest.image,
    variantCount: variants.length,
  };
}

export function sortModels(models: ModelSummary[], sorting: ModelSorting): ModelSummary[] {
  const sorted = [...models];
  if (sorting === "price-asc") sorted.sort((a, b) => a.priceFrom - b.priceFrom);
  else if (sorting === "price-desc") sorted.sort((a, b) => b.priceFrom - a.priceFrom);
  else sorted.sort((a, b) => a.name.localeCompare(b.name, "de"));
  return sorted;
}
