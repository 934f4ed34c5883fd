import type { ModelVariant } from "./data-schemas.ts";
import { leaseRate, STANDARD_LEASE } from "./lease.ts";
import type { ModelSorting, ModelSummary, Range } from "./model-catalogue.ts";
import { compareGerman } from "./german-order.ts";

/**
 * Builds and sorts the model summaries (domain/model-catalogue.ts) from the catalogue's variants.
 * Used by the model pages' loaders, which import it lazily: the pages get the figures as data.
 */

function range(values: number[]): Range | undefined {
  return values.length === 0 ? undefined : { min: Math.min(...values), max: Math.max(...values) };
}

/** The span of a figure every variant has: a model line has at least one variant. */
function span(first: ModelVariant, variants: readonly ModelVariant[], figure: (variant: ModelVariant) => number): Range {
  const values = variants.map(figure);
  return { min: Math.min(figure(first), ...values), max: Math.max(figure(first), ...values) };
}

const CO2_CLASS_ORDER = "ABCDEFG";

export function summarizeModel(slug: string, name: string, variants: readonly ModelVariant[]): ModelSummary | null {
  const [first] = variants;
  if (!first) return null;
  const cheapest = variants.reduce((best, variant) => (variant.priceGross < best.priceGross ? variant : best), first);
  const classRank = (variant: ModelVariant) => CO2_CLASS_ORDER.indexOf(variant.wltp.co2Class);
  const best = variants.reduce((winner, variant) => (classRank(variant) < classRank(winner) ? variant : winner), first);
  const worst = variants.reduce((loser, variant) => (classRank(variant) > classRank(loser) ? variant : loser), first);
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
    power: span(first, variants, (variant) => variant.powerHp),
    ...(consumption && { consumption }),
    ...(powerConsumption && { powerConsumption }),
    co2: span(first, variants, (variant) => variant.wltp.co2Combined),
    co2Classes: { best: best.wltp.co2Class, worst: worst.wltp.co2Class },
    ...(electricRange && { electricRange }),
    image: cheapest.image,
    variantCount: variants.length,
  };
}

export function sortModels(models: ModelSummary[], sorting: ModelSorting): ModelSummary[] {
  const sorted = [...models];
  if (sorting === "price-asc") sorted.sort((a, b) => a.priceFrom - b.priceFrom);
  else if (sorting === "price-desc") sorted.sort((a, b) => b.priceFrom - a.priceFrom);
  else sorted.sort((a, b) => compareGerman(a.name, b.name));
  return sorted;
}
