import { OPTIONAL_FILTERS, type OptionalFilter } from "#domain/equipment.ts";
import { PAGE_SIZE, type SearchQuery } from "#domain/vehicle-search-query.ts";
import type { SearchOptions } from "#domain/vehicle-search-result.ts";
import {
  FACET_COLUMNS,
  FACET_NAMES,
  PRICE_COLUMNS,
  RANGE_COLUMNS,
  searchWords,
  sortKey,
  type FacetName,
} from "../adapters/d1-vehicle-search.ts";

/**
 * The carfinder search's pure core (ADR 0005, option 3): the available stock as columns of typed
 * arrays, and one search over them that answers total, page ids, facet and feature counts exactly
 * as the D1 reference (`searchVehicles`) does. No I/O: worker/adapters/vehicle-search-index.ts
 * reads the rows from D1, keeps the columns per stock version and fetches the page's cards.
 *
 * @example
 * const columns = buildStockColumns(rows, "v1"); // rows in STOCK_COLUMN_NAMES order, ascending id
 * const { total, ids, facets, features } = searchStockColumns(columns, parseSearchQuery(params));
 */

const NUMBER_COLUMNS = [...new Set([...Object.values(RANGE_COLUMNS), ...Object.values(PRICE_COLUMNS)])];
/** Finance and lease prices are NULL when a vehicle has no such offer, the wheel size for steel wheels. */
const NULLABLE_COLUMNS = new Set<string>([
  ...Object.values(PRICE_COLUMNS).filter((column) => column !== PRICE_COLUMNS.purchase),
  RANGE_COLUMNS.wheels,
]);
const FEATURE_COLUMNS = OPTIONAL_FILTERS.map((feature) => `has_${feature}`);

/** The `vehicles` columns a row holds, in this order (the adapter selects them in it). */
export const STOCK_COLUMN_NAMES: readonly string[] = [
  "id",
  "title",
  ...FACET_NAMES.map((name) => FACET_COLUMNS[name]),
  ...NUMBER_COLUMNS,
  ...FEATURE_COLUMNS,
];

type Codes = Uint8Array | Uint16Array | Uint32Array;
/** A text column as sorted distinct values plus one code per row (sorted, so facets come out in GROUP BY order). */
export interface DictionaryColumn {
  values: string[];
  codeOf: Map<string, number>;
  codes: Codes;
}

export interface StockColumns {
  /** The stock version this index was built for (null: KV had none). */
  version: string | null;
  size: number;
  /** Rows are in ascending id order, so a row position breaks ties like `ORDER BY …, id`. */
  ids: Float64Array;
  /** Titles lowercased like SQLite's lower() (ASCII only), dictionary-encoded. */
  titles: DictionaryColumn;
  facets: Record<FacetName, DictionaryColumn>;
  /** NaN stands for NULL: every comparison with it is false, as in SQL. */
  numbers: Record<string, Float64Array>;
  features: Record<OptionalFilter, Uint8Array>;
  /** Row positions in result order per sort column and direction, built on first use. */
  orders: Map<string, Uint32Array>;
}

/** What a search over the columns answers; the cards come from D1 afterwards. */
export interface IndexAnswer {
  total: number;
  ids: number[];
  facets: Record<string, Record<string, number>>;
  features: Record<string, number>;
}

function encode(values: string[]): DictionaryColumn {
  const distinct = [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const codeOf = new Map(distinct.map((value, code) => [value, code]));
  const codes =
    distinct.length <= 0x100
      ? new Uint8Array(values.length)
      : distinct.length <= 0x10000
        ? new Uint16Array(values.length)
        : new Uint32Array(values.length);
  for (let row = 0; row < values.length; row++) codes[row] = codeOf.get(values[row]!)!;
  return { values: distinct, codeOf, codes };
}

const asciiLower = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

function fail(column: string, row: number, value: unknown): never {
  throw new Error(`vehicle search index: unexpected ${column} ${JSON.stringify(value)} in row ${row}`);
}

type Rows = readonly (readonly unknown[])[];
const position = (name: string) => STOCK_COLUMN_NAMES.indexOf(name);

function textColumn(rows: Rows, name: string, lower: boolean): string[] {
  const index = position(name);
  return rows.map((row, at) => {
    const value = row[index];
    if (typeof value !== "string") fail(name, at, value);
    return lower ? asciiLower(value) : value;
  });
}

function idColumn(rows: Rows): Float64Array {
  const ids = new Float64Array(rows.length);
  for (let row = 0; row < rows.length; row++) {
    const id = rows[row]![0];
    if (typeof id !== "number" || (row > 0 && id <= ids[row - 1]!)) fail("id", row, id);
    ids[row] = id;
  }
  return ids;
}

function numberColumn(rows: Rows, name: string): Float64Array {
  const index = position(name);
  const nullable = NULLABLE_COLUMNS.has(name);
  const values = new Float64Array(rows.length);
  for (let row = 0; row < rows.length; row++) {
    const value = rows[row]![index];
    if (typeof value === "number") values[row] = value;
    else if (value === null && nullable) values[row] = Number.NaN;
    else fail(name, row, value);
  }
  return values;
}

function featureColumn(rows: Rows, name: string): Uint8Array {
  const index = position(name);
  const values = new Uint8Array(rows.length);
  for (let row = 0; row < rows.length; row++) {
    const value = rows[row]![index];
    if (value !== 0 && value !== 1) fail(name, row, value);
    values[row] = value;
  }
  return values;
}

/**
 * The columns of the available stock from its rows: each row holds the values of
 * STOCK_COLUMN_NAMES in that order (what D1's `raw()` answers), rows in ascending id order.
 * Rows are checked by hand rather than by a zod schema: 50,000 rows through a schema would add
 * much of a cold load. A value of the wrong type throws, naming column and row.
 */
export function buildStockColumns(rows: Rows, version: string | null): StockColumns {
  const numbers: Record<string, Float64Array> = {};
  for (const name of NUMBER_COLUMNS) numbers[name] = numberColumn(rows, name);
  const features = {} as Record<OptionalFilter, Uint8Array>;
  for (const feature of OPTIONAL_FILTERS) features[feature] = featureColumn(rows, `has_${feature}`);
  const columns: StockColumns = {
    version,
    size: rows.length,
    ids: idColumn(rows),
    titles: encode(textColumn(rows, "title", true)),
    facets: Object.fromEntries(FACET_NAMES.map((name) => [name, encode(textColumn(rows, FACET_COLUMNS[name], false))])) as Record<
      FacetName,
      DictionaryColumn
    >,
    numbers,
    features,
    orders: new Map(),
  };
  // The default sorting (year-desc) is used by nearly every first request: build it with the index.
  orderFor(columns, RANGE_COLUMNS.year, true);
  return columns;
}

/** Row positions sorted like `ORDER BY column [DESC], id`: SQLite puts NULL first ascending, last descending. */
function orderFor(columns: StockColumns, column: string, descending: boolean): Uint32Array {
  const key = `${column} ${descending ? "desc" : "asc"}`;
  let order = columns.orders.get(key);
  if (!order) {
    const values = columns.numbers[column]!;
    const sign = descending ? -1 : 1;
    order = new Uint32Array(columns.size);
    for (let row = 0; row < order.length; row++) order[row] = row;
    order.sort((a, b) => {
      const x = values[a]!;
      const y = values[b]!;
      const xNull = Number.isNaN(x);
      const yNull = Number.isNaN(y);
      if (xNull || yNull) {
        if (xNull && yNull) return a - b;
        return (xNull ? -1 : 1) * sign;
      }
      return x === y ? a - b : (x - y) * sign;
    });
    columns.orders.set(key, order);
  }
  return order;
}

/** Approximate bytes the index holds: typed arrays, sort orders, dictionary strings (UTF-16). */
export function indexBytes(columns: StockColumns): number {
  const dictionaries = [columns.titles, ...Object.values(columns.facets)];
  return (
    columns.ids.byteLength +
    Object.values(columns.numbers).reduce((sum, values) => sum + values.byteLength, 0) +
    Object.values(columns.features).reduce((sum, values) => sum + values.byteLength, 0) +
    [...columns.orders.values()].reduce((sum, order) => sum + order.byteLength, 0) +
    dictionaries.reduce(
      (sum, dictionary) => sum + dictionary.codes.byteLength + dictionary.values.reduce((chars, value) => chars + 2 * value.length + 16, 0),
      0,
    )
  );
}

/**
 * A search's verdict per row (`state[row]`): PASSES every filter (a result, counted in every
 * facet), fails only the keyed filter k (1…16: counted only in the facet that ignores filter k),
 * or EXCLUDED (fails a filter no facet ignores, or two filters).
 */
type RowStates = Uint8Array;
const PASSES = 0;
const EXCLUDED = 255;

/** Marks the rows that `fails` as EXCLUDED: for filters no facet ignores. */
function exclude(state: RowStates, fails: (row: number) => boolean): void {
  // The length read once: with a call in the loop the engine would read it on every row.
  const size = state.length;
  for (let row = 0; row < size; row++) if (state[row] !== EXCLUDED && fails(row)) state[row] = EXCLUDED;
}

/** Marks the rows that `fails` as failing filter `key`, or EXCLUDED if they already failed another. */
function failKeyed(state: RowStates, key: number, fails: (row: number) => boolean): void {
  const size = state.length;
  for (let row = 0; row < size; row++) {
    const current = state[row]!;
    if (current !== EXCLUDED && fails(row)) state[row] = current === PASSES ? key : EXCLUDED;
  }
}

type Range = { min?: number; max?: number } | undefined;

/** The filters no facet ignores: ranges, free text, the price type's offer. */
function excludeByCommonFilters(columns: StockColumns, query: SearchQuery, state: RowStates): void {
  const { numbers } = columns;
  const priceColumn = PRICE_COLUMNS[query.priceType];
  const ranges: Array<[Float64Array, Range]> = [
    [numbers[priceColumn]!, query.ranges.price],
    ...Object.entries(RANGE_COLUMNS).map(([name, column]): [Float64Array, Range] => [
      numbers[column]!,
      query.ranges[name as keyof typeof RANGE_COLUMNS],
    ]),
  ];
  for (const [values, range] of ranges) {
    // NaN (NULL) fails both comparisons, like `column >= ?` in SQL.
    if (range?.min !== undefined) {
      const min = range.min;
      exclude(state, (row) => !(values[row]! >= min));
    }
    if (range?.max !== undefined) {
      const max = range.max;
      exclude(state, (row) => !(values[row]! <= max));
    }
  }
  const words = searchWords(query.q);
  if (words.length > 0) {
    // Each distinct title is matched once; rows then look their title's verdict up by code.
    const matches = Uint8Array.from(columns.titles.values, (title) => (words.every((word) => title.includes(word)) ? 1 : 0));
    const codes = columns.titles.codes;
    exclude(state, (row) => matches[codes[row]!] === 0);
  }
  if (query.priceType !== "purchase") {
    const prices = numbers[priceColumn]!;
    exclude(state, (row) => Number.isNaN(prices[row]!));
  }
}

/**
 * The filters a facet ignores: one key per active facet and optional filter, numbered from 1.
 * Answers the key of each active facet's filter.
 */
function markKeyedFilters(columns: StockColumns, query: SearchQuery, state: RowStates): Map<FacetName, number> {
  let key = 0;
  const keyOfFacet = new Map<FacetName, number>();
  for (const name of FACET_NAMES) {
    const wanted = query[name] as readonly string[];
    if (wanted.length === 0) continue;
    const dictionary = columns.facets[name];
    const allowed = new Uint8Array(dictionary.values.length);
    for (const value of wanted) {
      const code = dictionary.codeOf.get(value);
      if (code !== undefined) allowed[code] = 1;
    }
    keyOfFacet.set(name, ++key);
    const codes = dictionary.codes;
    failKeyed(state, key, (row) => allowed[codes[row]!] === 0);
  }
  for (const feature of query.features) {
    const has = columns.features[feature];
    failKeyed(state, ++key, (row) => has[row] === 0);
  }
  return keyOfFacet;
}

function countResults(state: RowStates): number {
  let total = 0;
  for (let row = 0; row < state.length; row++) if (state[row] === PASSES) total++;
  return total;
}

/** Per facet, the rows passing every filter but the facet's own, by value (value order as GROUP BY's). */
function facetCounts(columns: StockColumns, state: RowStates, keyOfFacet: Map<FacetName, number>): Record<string, Record<string, number>> {
  const facets: Record<string, Record<string, number>> = {};
  for (const name of FACET_NAMES) {
    const dictionary = columns.facets[name];
    const counts = new Uint32Array(dictionary.values.length);
    const codes = dictionary.codes;
    const own = keyOfFacet.get(name) ?? -1;
    for (let row = 0; row < state.length; row++) {
      const current = state[row];
      if (current === PASSES || current === own) counts[codes[row]!]!++;
    }
    // Like GROUP BY: values without a matching row are left out.
    const entries: Record<string, number> = {};
    counts.forEach((count, code) => {
      if (count > 0) entries[dictionary.values[code]!] = count;
    });
    facets[name] = entries;
  }
  return facets;
}

/**
 * SUM(has_x) over the rows passing all but filter x: rows failing only x have has_x = 0, so it is
 * the sum over the results.
 */
function featureCounts(columns: StockColumns, state: RowStates): Record<string, number> {
  const features: Record<string, number> = {};
  for (const feature of OPTIONAL_FILTERS) {
    const has = columns.features[feature];
    let count = 0;
    for (let row = 0; row < state.length; row++) if (state[row] === PASSES) count += has[row]!;
    features[feature] = count;
  }
  return features;
}

/** The ids of the page's results in the query's sort order (ties by ascending id). */
function pageIds(columns: StockColumns, query: SearchQuery, state: RowStates, total: number, limit: number): number[] {
  const ids: number[] = [];
  const skip = (query.page - 1) * PAGE_SIZE;
  if (skip >= total) return ids;
  const { column, descending } = sortKey(query);
  const order = orderFor(columns, column, descending);
  let seen = 0;
  for (let at = 0; at < order.length && ids.length < limit; at++) {
    const row = order[at]!;
    if (state[row] !== PASSES) continue;
    if (seen >= skip) ids.push(columns.ids[row]!);
    seen++;
  }
  return ids;
}

/**
 * One search over the columns with the rule of ADR 0005 option 2: a row failing no filter is a
 * result and counts in every facet; a row failing exactly the filter of facet F counts only in
 * facet F (F's counts ignore F's own filter, as the D1 GROUP BY per facet does).
 */
export function searchStockColumns(columns: StockColumns, query: SearchQuery, options: SearchOptions = {}): IndexAnswer {
  const limit = Math.min(options.limit ?? PAGE_SIZE, PAGE_SIZE);
  const withFacets = options.facets !== false;
  const state: RowStates = new Uint8Array(columns.size);
  excludeByCommonFilters(columns, query, state);
  const keyOfFacet = markKeyedFilters(columns, query, state);
  const total = countResults(state);
  return {
    total,
    ids: pageIds(columns, query, state, total, limit),
    facets: withFacets ? facetCounts(columns, state, keyOfFacet) : {},
    features: withFacets ? featureCounts(columns, state) : {},
  };
}
