import { BRAND_KEYS, type BrandKey } from "./brands.ts";
import { OPTIONAL_FILTERS, type OptionalFilter } from "./equipment.ts";
import { MODEL_LINES } from "./model-lines.ts";
import {
  ACQUISITION_TYPES,
  BODY_STYLES,
  CONDITIONS,
  DRIVE_TYPES,
  FUELS,
  TRANSMISSIONS,
  CATEGORIES,
  type AcquisitionType,
} from "./vehicle-vocabulary.ts";

/**
 * The carfinder's state lives in the URL: this parses a query string into a
 * normalised SearchQuery and serialises it back. Parsing never throws: unknown parameters
 * and values are dropped, numbers are clamped, swapped ranges are swapped back, repeated
 * parameters are merged. So any URL, however hostile, gives a valid search.
 *
 * @example
 * parseSearchQuery(new URLSearchParams("bodystyle=panelvan,boxbody&sorting=price-desc"))
 * // { bodystyle: ["boxbody", "panelvan"], sorting: "price-desc", priceType: "purchase", page: 1, … }
 */

export const SORT_FIELDS = ["price", "mileage", "year"] as const;
export const SORTINGS = SORT_FIELDS.flatMap((field) => [`${field}-asc`, `${field}-desc`] as const);
export type Sorting = `${(typeof SORT_FIELDS)[number]}-${"asc" | "desc"}`;
/** Newest first: a dealer's freshest stock (new cars, then young used) leads the list. */
export const DEFAULT_SORTING: Sorting = "year-desc";
export const DEFAULT_PRICE_TYPE: AcquisitionType = "purchase";
export const PAGE_SIZE = 24;
export const MAX_PAGE = 500;
export const MAX_TEXT_LENGTH = 80;
const MAX_LIST_LENGTH = 40;

const MODEL_KEYS = new Set(Object.values(MODEL_LINES).flatMap((lines) => Object.keys(lines)));
export const COLOR_KEYS = ["white", "black", "grey", "silver", "blue", "red", "green", "beige"] as const;

/** Number ranges: [min allowed, max allowed]. Values outside are clamped. */
export const RANGES = {
  price: [0, 1_000_000],
  mileage: [0, 1_000_000],
  year: [1990, 2100],
  power: [0, 2_000],
  seats: [1, 60],
  /** Alloy wheel size in inches (spec section 9: 13 to 23). */
  wheels: [13, 23],
} as const;
export type RangeName = keyof typeof RANGES;

const ListValue = <T extends readonly string[]>(allowed: T) => {
  const set = new Set<string>(allowed);
  return (raw: string[]): T[number][] =>
    [...new Set(raw.flatMap((value) => value.split(",")).map((value) => value.trim().toLowerCase()))]
      .filter((value) => set.has(value))
      .slice(0, MAX_LIST_LENGTH)
      .sort() as T[number][];
};

// The schema (and so the SearchQuery type) lives beside this file, so the carfinder can parse
// URLs on first load without shipping zod (ADR 0006).
export type { SearchQuery } from "./vehicle-search-query-schema.ts";
import type { SearchQuery } from "./vehicle-search-query-schema.ts";
import { isOneOf } from "./is-one-of.ts";

const LIST_PARSERS = {
  brand: ListValue(BRAND_KEYS),
  model: ListValue([...MODEL_KEYS]),
  bodystyle: ListValue(BODY_STYLES),
  category: ListValue(CATEGORIES),
  fuel: ListValue(FUELS),
  transmission: ListValue(TRANSMISSIONS),
  condition: ListValue(CONDITIONS),
  drive: ListValue(DRIVE_TYPES),
  color: ListValue(COLOR_KEYS),
  location: (raw: string[]) =>
    [...new Set(raw.flatMap((value) => value.split(",")).map((value) => value.trim().toLowerCase()))]
      .filter((value) => /^[a-z0-9]+(?:-[a-z0-9]+){0,10}$/.test(value) && value.length <= 80)
      .slice(0, MAX_LIST_LENGTH)
      .sort(),
} as const;
type ListName = keyof typeof LIST_PARSERS;
const LIST_NAMES = Object.keys(LIST_PARSERS) as ListName[];

function parseNumber(raw: string | null, [min, max]: readonly [number, number]): number | undefined {
  if (raw === null || raw.trim() === "" || raw.length > 12) return undefined;
  const value = Number(raw.replace(/\./g, "").replace(",", "."));
  if (!Number.isFinite(value)) return undefined;
  return Math.min(max, Math.max(min, Math.round(value)));
}

function lastValue(params: URLSearchParams, name: string): string | null {
  return params.getAll(name).at(-1) ?? null;
}

export function emptySearchQuery(): SearchQuery {
  return {
    brand: [],
    model: [],
    bodystyle: [],
    category: [],
    fuel: [],
    transmission: [],
    condition: [],
    drive: [],
    color: [],
    location: [],
    features: [],
    ranges: {},
    q: "",
    priceType: DEFAULT_PRICE_TYPE,
    sorting: DEFAULT_SORTING,
    page: 1,
  };
}

/** Parses a carfinder query string. `scope.brand` is the brand of a /{brand}/carfinder path. */
export function parseSearchQuery(params: URLSearchParams, scope: { brand?: BrandKey } = {}): SearchQuery {
  const query = emptySearchQuery();
  for (const name of LIST_NAMES) (query[name] as string[]) = LIST_PARSERS[name](params.getAll(name));
  if (scope.brand) query.brand = [scope.brand];
  query.features = OPTIONAL_FILTERS.filter((feature) => /^(1|true|on|ja)$/i.test(lastValue(params, feature) ?? ""));
  for (const name of Object.keys(RANGES) as RangeName[]) {
    let min = parseNumber(lastValue(params, `${name}_min`), RANGES[name]);
    let max = parseNumber(lastValue(params, `${name}_max`), RANGES[name]);
    if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
    // A bound at the edge of the allowed range filters nothing (a slider at "beliebig"): drop it,
    // so equal searches keep equal URLs.
    if (min === RANGES[name][0]) min = undefined;
    if (max === RANGES[name][1]) max = undefined;
    if (min !== undefined || max !== undefined)
      query.ranges[name] = { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
  }
  query.q = (lastValue(params, "q") ?? "")
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_TEXT_LENGTH);
  const priceType = lastValue(params, "pricetype");
  if (isOneOf(ACQUISITION_TYPES, priceType)) query.priceType = priceType;
  const sorting = lastValue(params, "sorting");
  if (isOneOf(SORTINGS, sorting)) query.sorting = sorting;
  query.page = parseNumber(lastValue(params, "page"), [1, MAX_PAGE]) ?? 1;
  return query;
}

/**
 * The canonical query string of a search: only non-default values, lists comma-joined and
 * sorted, parameters in a fixed order, so equal searches have equal URLs (cacheable, shareable).
 */
export function serializeSearchQuery(query: SearchQuery, scope: { brand?: BrandKey } = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of LIST_NAMES) {
    const values = name === "brand" && scope.brand ? [] : query[name];
    if (values.length > 0) params.set(name, [...values].sort().join(","));
  }
  for (const feature of query.features) params.set(feature, "1");
  for (const name of Object.keys(RANGES) as RangeName[]) {
    const range = query.ranges[name];
    if (range?.min !== undefined) params.set(`${name}_min`, String(range.min));
    if (range?.max !== undefined) params.set(`${name}_max`, String(range.max));
  }
  if (query.q) params.set("q", query.q);
  if (query.priceType !== DEFAULT_PRICE_TYPE) params.set("pricetype", query.priceType);
  if (query.sorting !== DEFAULT_SORTING) params.set("sorting", query.sorting);
  if (query.page > 1) params.set("page", String(query.page));
  return params;
}

export function isOptionalFilter(value: string): value is OptionalFilter {
  return isOneOf(OPTIONAL_FILTERS, value);
}

/**
 * The filters that differ between two searches, for the adjust_vehicle_overview_filter event:
 * one entry per changed parameter, with the new value (lists as arrays, "" when cleared).
 */
export function changedFilters(previous: SearchQuery, next: SearchQuery): Array<{ filter_name: string; filter_value: string | string[] }> {
  const before = serializeSearchQuery({ ...previous, page: 1 });
  const after = serializeSearchQuery({ ...next, page: 1 });
  const names = [...new Set([...before.keys(), ...after.keys()])];
  return names
    .filter((name) => before.get(name) !== after.get(name))
    .map((name) => {
      const value = after.get(name) ?? "";
      return {
        filter_name: name,
        filter_value: isOneOf(LIST_NAMES, name) ? (value ? value.split(",") : []) : value,
      };
    });
}
