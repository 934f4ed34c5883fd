import type { LeaseResult } from "./lease.ts";
import { germanNumber } from "./german-number.ts";

/**
 * A model line's figures from its variants: the cash price "ab", the standard
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

/** "4,9–6,1" with German decimals; one value when min equals max. */
export function formatRange(value: Range, digits = 1): string {
  const format = germanNumber({ min: digits, max: digits });
  return value.min === value.max ? format.format(value.min) : `${format.format(value.min)}–${format.format(value.max)}`;
}

export const MODEL_SORTINGS = [
  { key: "price-asc", label: "Preis: aufsteigend" },
  { key: "price-desc", label: "Preis: absteigend" },
  { key: "name", label: "Name: A–Z" },
] as const;
export type ModelSorting = (typeof MODEL_SORTINGS)[number]["key"];
