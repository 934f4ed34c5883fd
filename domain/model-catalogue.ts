import type { ModelVariant } from "./data-schemas.ts";
import { leaseRate, STANDARD_LEASE, type LeaseResult } from "./lease.ts";

/**
 * A model line's figures from its variants (issue 10 item 3): the cash price "ab", the standard
 * lease example "ab" (domain/lease.ts), fuels and body styles for the overview's filters, and the
 * Pkw-EnVKV values as ranges ("min–max when several variants are shown").
 */
/** Spec section 8: the brand's data could not be read. */
export const BRAND_DATA_FAILED = "Laden der Herstellerinformationen zur Marke ist fehlgeschlagen.";

export interface Range {
  min: number;
  max: number;
}

export interface ModelSummary {
  slug: string;
  name: string;
  priceFrom: number;
  /** The standard private lease of the cheapest variant (PAngV: shown with its example figures). */
  leaseFrom: LeaseResult & { price: number };
  fuels: string[];
  bodyStyles: string[];
  power: Range;
  /** l/100 km (combustion, PHEV weighted) */
  consumption?: Range;
  /** kWh/100 km (BEV, PHEV) */
  powerConsumption?: Range;
  co2: Range;
  co2Classes: { best: string; worst: string };
  electricRange?: Range;
  image: string;
  variantCount: number;
}

function range(values: number[]): Range | undefined {
  return values.length === 0 ? undefined : { min: Math.min(...values), max: Math.max(...values) };
}

const CO2_CLASS_ORDER = "ABCDEFG";

export function summarizeModel(slug: string, name: string, variants: readonly ModelVariant[]): ModelSummary | null {
  if (variants.length === 0) return null;
  const cheapest = variants.reduce((best, variant) => (variant.priceGross < best.priceGross ? variant : best));
  const classes = variants.map((variant) => variant.wltp.co2Class).sort((a, b) => CO2_CLASS_ORDER.indexOf(a) - CO2_CLASS_ORDER.indexOf(b));
  const consumption = range(variants.flatMap((variant) => (variant.wltp.consumptionCombined === undefined ? [] : [variant.wltp.consumptionCombined])));
  const powerConsumption = range(variants.flatMap((variant) => (variant.wltp.powerConsumptionCombined === undefined ? [] : [variant.wltp.powerConsumptionCombined])));
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

/** "4,9–6,1" with German decimals; one value when min equals max. */
export function formatRange(value: Range, digits = 1): string {
  const format = new Intl.NumberFormat("de-DE", { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return value.min === value.max ? format.format(value.min) : `${format.format(value.min)}–${format.format(value.max)}`;
}

export const MODEL_SORTINGS = [
  { key: "price-asc", label: "Preis: aufsteigend" },
  { key: "price-desc", label: "Preis: absteigend" },
  { key: "name", label: "Name: A–Z" },
] as const;
export type ModelSorting = (typeof MODEL_SORTINGS)[number]["key"];

export function sortModels(models: ModelSummary[], sorting: ModelSorting): ModelSummary[] {
  const sorted = [...models];
  if (sorting === "price-asc") sorted.sort((a, b) => a.priceFrom - b.priceFrom);
  else if (sorting === "price-desc") sorted.sort((a, b) => b.priceFrom - a.priceFrom);
  else sorted.sort((a, b) => a.name.localeCompare(b.name, "de"));
  return sorted;
}
