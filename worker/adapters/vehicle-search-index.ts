import { OPTIONAL_FILTERS, type OptionalFilter } from "#domain/equipment.ts";
import { PAGE_SIZE, type SearchQuery } from "#domain/vehicle-search-query.ts";
import { createKeptMap } from "./kept-reads.ts";
import { ADVERT_COLUMNS_SQL, cardOf } from "./card-advert.ts";
import { type SearchOptions, type SearchResult, type SearchResultCard } from "#domain/vehicle-search-result.ts";
import {
  cardColumnsSql,
  FACET_COLUMNS,
  FACET_NAMES,
  PRICE_COLUMNS,
  RANGE_COLUMNS,
  searchVehicles,
  searchWords,
  sortKey,
  type FacetName,
} from "./d1-vehicle-search.ts";

/**
 * The carfinder search as an in-isolate columnar index (ADR 0005, option 3): each isolate loads
 * the filter and sort columns of the available stock from D1 once into typed arrays, then answers
 * a search with one pass in JS plus one D1 query for the page's cards by id. It answers exactly
 * what `searchVehicles` (the D1 reference, option 1) answers; D1 stays the source of truth.
 *
 * Freshness: the index is keyed by the stock version in KV (`stock:version`, written by every
 * stock import, see kv-seed/seed-data.ts). An isolate reads that key at most every
 * `versionCheckIntervalMs` (10 s) and rebuilds when it differs; searches wait for the rebuild, so
 * no search answers from an older stock than the version it saw. Without a version in KV the
 * first index is kept (and KV re-checked on the same interval) until a version appears.
 * If the load fails, the search answers from D1 and the failure is logged once.
 *
 * @example
 * const result = await vehicleSearchIndex.search(env.DB, env.REDIRECTS, parseSearchQuery(params));
 */

import { STOCK_VERSION_KEY } from "./stock-version.ts";

export { STOCK_VERSION_KEY };

const NUMBER_COLUMNS = [...new Set([...Object.values(RANGE_COLUMNS), ...Object.values(PRICE_COLUMNS)])];
/** Finance and lease prices are NULL when a vehicle has no such offer, the wheel size for steel wheels. */
const NULLABLE_COLUMNS = new Set([
  ...Object.values(PRICE_COLUMNS).filter((column) => column !== PRICE_COLUMNS.purchase),
  RANGE_COLUMNS.wheels,
]);
const FEATURE_COLUMNS = OPTIONAL_FILTERS.map((feature) => `has_${feature}`);
const LOAD_COLUMNS = ["id", "title", ...FACET_NAMES.map((name) => FACET_COLUMNS[name]), ...NUMBER_COLUMNS, ...FEATURE_COLUMNS];
// NOT INDEXED + ORDER BY id: one scan in rowid order. Through a (status, …) sort index SQLite
// would visit every row twice in random order (bench/README.md "Carfinder search").
export const LOAD_SQL = `SELECT ${LOAD_COLUMNS.join(", ")} FROM vehicles NOT INDEXED WHERE status = 'available' ORDER BY id`;
// `+status`: the unary plus keeps SQLite from walking a (status, …) sort index over the whole
// stock; the 24 rows are then looked up by primary key (plan in bench/README.md).
export const cardsSql = (priceColumn: string) =>
  `SELECT ${cardColumnsSql(priceColumn)}, ${ADVERT_COLUMNS_SQL} FROM vehicles WHERE id IN (SELECT value FROM json_each(?)) AND +status = 'available'`;

type Codes = Uint8Array | Uint16Array | Uint32Array;
/** A text column as sorted distinct values plus one code per row (sorted, so facets come out in GROUP BY order). */
interface DictionaryColumn {
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
  loadMs: number;
  queryMs: number;
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

/**
 * Reads the compact columns of the available stock in one D1 query. Rows are checked by hand
 * rather than by a zod schema: 50,000 rows through a schema would add much of a cold load.
 */
export async function loadStockColumns(db: D1Database, version: string | null): Promise<StockColumns> {
  const started = performance.now();
  const rows = await db.prepare(LOAD_SQL).raw<unknown[]>();
  const queryMs = performance.now() - started;
  const size = rows.length;
  const column = (name: string) => LOAD_COLUMNS.indexOf(name);
  const texts = (name: string, lower = false) => {
    const index = column(name);
    return rows.map((row, position) => {
      const value = row[index];
      if (typeof value !== "string") fail(name, position, value);
      return lower ? asciiLower(value) : value;
    });
  };
  const ids = new Float64Array(size);
  for (let row = 0; row < size; row++) {
    const id = rows[row]![0];
    if (typeof id !== "number" || (row > 0 && id <= ids[row - 1]!)) fail("id", row, id);
    ids[row] = id;
  }
  const numbers: Record<string, Float64Array> = {};
  for (const name of NUMBER_COLUMNS) {
    const index = column(name);
    const values = new Float64Array(size);
    for (let row = 0; row < size; row++) {
      const value = rows[row]![index];
      if (typeof value === "number") values[row] = value;
      else if (value === null && NULLABLE_COLUMNS.has(name)) values[row] = Number.NaN;
      else fail(name, row, value);
    }
    numbers[name] = values;
  }
  const features = {} as Record<OptionalFilter, Uint8Array>;
  for (const feature of OPTIONAL_FILTERS) {
    const index = column(`has_${feature}`);
    const values = new Uint8Array(size);
    for (let row = 0; row < size; row++) {
      const value = rows[row]![index];
      if (value !== 0 && value !== 1) fail(`has_${feature}`, row, value);
      values[row] = value;
    }
    features[feature] = values;
  }
  const columns: StockColumns = {
    version,
    size,
    ids,
    titles: encode(texts("title", true)),
    facets: Object.fromEntries(FACET_NAMES.map((name) => [name, encode(texts(FACET_COLUMNS[name]))])) as Record<
      FacetName,
      DictionaryColumn
    >,
    numbers,
    features,
    orders: new Map(),
    loadMs: 0,
    queryMs,
  };
  // The default sorting (year-desc) is used by nearly every first request: build it with the index.
  orderFor(columns, RANGE_COLUMNS.year, true);
  columns.loadMs = performance.now() - started;
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

/** What the pass computes; the cards come from D1 afterwards. */
export interface IndexAnswer {
  total: number;
  ids: number[];
  facets: Record<string, Record<string, number>>;
  features: Record<string, number>;
}

const EXCLUDED = 255;

/**
 * One search over the index with the rule of ADR 0005 option 2: a row failing no filter is a
 * result and counts in every facet; a row failing exactly the filter of facet F counts only in
 * facet F (F's counts ignore F's own filter, as the D1 GROUP BY per facet does).
 */
export function searchStockColumns(columns: StockColumns, query: SearchQuery, options: SearchOptions = {}): IndexAnswer {
  const limit = Math.min(options.limit ?? PAGE_SIZE, PAGE_SIZE);
  const withFacets = options.facets !== false;
  const { size, numbers } = columns;
  // state[row]: 0 = passes every filter, k = fails only keyed filter k, EXCLUDED = out.
  const state = new Uint8Array(size);
  const exclude = (fails: (row: number) => boolean) => {
    for (let row = 0; row < size; row++) if (state[row] !== EXCLUDED && fails(row)) state[row] = EXCLUDED;
  };

  // Filters no facet ignores: ranges, free text, the price type's offer.
  const priceColumn = PRICE_COLUMNS[query.priceType];
  const ranges: Array<[Float64Array, { min?: number; max?: number } | undefined]> = [
    [numbers[priceColumn]!, query.ranges.price],
    ...Object.entries(RANGE_COLUMNS).map(([name, column]): [Float64Array, { min?: number; max?: number } | undefined] => [
      numbers[column]!,
      query.ranges[name as keyof typeof RANGE_COLUMNS],
    ]),
  ];
  for (const [values, range] of ranges) {
    // NaN (NULL) fails both comparisons, like `column >= ?` in SQL.
    if (range?.min !== undefined) {
      const min = range.min;
      exclude((row) => !(values[row]! >= min));
    }
    if (range?.max !== undefined) {
      const max = range.max;
      exclude((row) => !(values[row]! <= max));
    }
  }
  const words = searchWords(query.q);
  if (words.length > 0) {
    const matches = Uint8Array.from(columns.titles.values, (title) => (words.every((word) => title.includes(word)) ? 1 : 0));
    const codes = columns.titles.codes;
    exclude((row) => matches[codes[row]!] === 0);
  }
  if (query.priceType !== "purchase") {
    const prices = numbers[priceColumn]!;
    exclude((row) => Number.isNaN(prices[row]!));
  }

  // Filters a facet ignores: one per active facet and optional filter, numbered from 1.
  const keyedFacet: Array<FacetName | null> = [null];
  const keyOfFacet = new Map<FacetName, number>();
  const failKeyed = (key: number, fails: (row: number) => boolean) => {
    for (let row = 0; row < size; row++) {
      const current = state[row]!;
      if (current !== EXCLUDED && fails(row)) state[row] = current === 0 ? key : EXCLUDED;
    }
  };
  for (const name of FACET_NAMES) {
    const wanted = query[name] as readonly string[];
    if (wanted.length === 0) continue;
    const dictionary = columns.facets[name];
    const allowed = new Uint8Array(dictionary.values.length);
    for (const value of wanted) {
      const code = dictionary.codeOf.get(value);
      if (code !== undefined) allowed[code] = 1;
    }
    const key = keyedFacet.push(name) - 1;
    keyOfFacet.set(name, key);
    const codes = dictionary.codes;
    failKeyed(key, (row) => allowed[codes[row]!] === 0);
  }
  for (const feature of query.features) {
    const key = keyedFacet.push(null) - 1;
    const has = columns.features[feature];
    failKeyed(key, (row) => has[row] === 0);
  }

  let total = 0;
  for (let row = 0; row < size; row++) if (state[row] === 0) total++;
  const facets: Record<string, Record<string, number>> = {};
  for (const name of withFacets ? FACET_NAMES : []) {
    const dictionary = columns.facets[name];
    const counts = new Uint32Array(dictionary.values.length);
    const codes = dictionary.codes;
    const own = keyOfFacet.get(name) ?? -1;
    for (let row = 0; row < size; row++) {
      const current = state[row];
      if (current === 0 || current === own) counts[codes[row]!]!++;
    }
    // Like GROUP BY: values without a matching row are left out.
    const entries: Record<string, number> = {};
    counts.forEach((count, code) => {
      if (count > 0) entries[dictionary.values[code]!] = count;
    });
    facets[name] = entries;
  }
  // SUM(has_x) over the rows passing all but filter x: rows failing only x have has_x = 0, so it
  // is the sum over the results.
  const features: Record<string, number> = {};
  for (const feature of withFacets ? OPTIONAL_FILTERS : []) {
    const has = columns.features[feature];
    let count = 0;
    for (let row = 0; row < size; row++) if (state[row] === 0) count += has[row]!;
    features[feature] = count;
  }

  const ids: number[] = [];
  const skip = (query.page - 1) * PAGE_SIZE;
  if (skip < total) {
    const { column, descending } = sortKey(query);
    const order = orderFor(columns, column, descending);
    let seen = 0;
    for (let position = 0; position < order.length && ids.length < limit; position++) {
      const row = order[position]!;
      if (state[row] !== 0) continue;
      if (seen >= skip) ids.push(columns.ids[row]!);
      seen++;
    }
  }
  return { total, ids, facets, features };
}

/** The page's cards from D1 by primary key, in the index's order. */
/** How many cards an isolate keeps (a carfinder page shows 24; ~0.5 KB each). */
const CARD_LIMIT = 2_000;

/**
 * The cards of a page, in the index's order: those kept from an earlier page of the same stock
 * version within `ttlMs`, the rest in one D1 query by id. Kept cards spare every page that shows
 * them (the carfinder's first page, home's stock preview) a D1 round trip: ~0.6–0.8 ms of a page's
 * process CPU (docs/performance.md, 2026-11-25).
 */
function createCardStore(ttlMs: number, now: () => number) {
  const kept = createKeptMap<string, SearchResultCard>(CARD_LIMIT, ttlMs, now);
  return async function fetchCards(db: D1Database, query: SearchQuery, ids: number[], version: string | null): Promise<SearchResultCard[]> {
    if (ids.length === 0) return [];
    const keyOf = (id: number) => `${version ?? ""}|${query.priceType}|${id}`;
    const found = new Map<number, SearchResultCard>();
    const missing: number[] = [];
    for (const id of ids) {
      const card = kept.get(keyOf(id));
      if (card) found.set(id, card);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const { results } = await db.prepare(cardsSql(PRICE_COLUMNS[query.priceType])).bind(JSON.stringify(missing)).all();
      // D1's rows are parsed here, once per card kept; the rest of the result is the index's own.
      for (const card of results.map((row) => cardOf(row, query.priceType))) {
        found.set(card.id, card);
        if (ttlMs > 0) kept.set(keyOf(card.id), card);
      }
    }
    // A card D1 no longer has as available is left out rather than shown (D1 is the truth; a kept
    // card, up to the version check interval after its sale).
    return ids.flatMap((id) => found.get(id) ?? []);
  };
}

export interface VehicleSearchIndexOptions {
  /** How often an isolate reads the stock version from KV (ms). */
  versionCheckIntervalMs?: number;
  /** After a failed load, searches go to D1 for this long before the next load attempt (ms). */
  retryAfterFailureMs?: number;
  /** A search waits this long for a load (its own or a shared one) before answering from D1 (ms). */
  loadTimeoutMs?: number;
  /**
   * How long a page's cards are kept for later pages of the same stock version (ms); default the
   * version check interval, so a card sold without a stock import leaves the pages as late as the
   * index would notice an import. 0 reads every card from D1.
   */
  cardTtlMs?: number;
  /** Loads the columns; tests replace it to count or fail loads. */
  load?: typeof loadStockColumns;
  now?: () => number;
}

export interface VehicleSearchIndex {
  search(db: D1Database, versions: KVNamespace, query: SearchQuery, options?: SearchOptions): Promise<SearchResult>;
  /** The current columns, loading or rebuilding them as a search would. */
  columns(db: D1Database, versions: KVNamespace): Promise<StockColumns>;
  /** How many loads were started (for tests and the bench). */
  readonly loads: number;
}

/** One index per isolate. Only isolate-level data lives in it: typed arrays, no I/O objects. */
export function createVehicleSearchIndex(options: VehicleSearchIndexOptions = {}): VehicleSearchIndex {
  const versionCheckIntervalMs = options.versionCheckIntervalMs ?? 10_000;
  const retryAfterFailureMs = options.retryAfterFailureMs ?? 30_000;
  const loadTimeoutMs = options.loadTimeoutMs ?? 10_000;
  const load = options.load ?? loadStockColumns;
  const now = options.now ?? Date.now;
  const fetchCards = createCardStore(options.cardTtlMs ?? versionCheckIntervalMs, now);

  let current: StockColumns | undefined;
  let loading: { version: string | null; promise: Promise<StockColumns> } | undefined;
  let version: string | null = null;
  let versionCheckedAt = Number.NEGATIVE_INFINITY;
  let versionRead: Promise<void> | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;
  let failureLogged = false;
  let loads = 0;

  // Concurrent requests share one KV read and one load (no thundering herd on a cold isolate).
  async function readVersion(versions: KVNamespace): Promise<void> {
    versionRead ??= versions
      .get(STOCK_VERSION_KEY)
      .then(
        (value) => {
          version = value;
        },
        // KV unavailable: keep the version we know; the next check tries again.
        () => undefined,
      )
      .finally(() => {
        versionCheckedAt = now();
        versionRead = undefined;
      });
    await versionRead;
  }

  async function columns(db: D1Database, versions: KVNamespace): Promise<StockColumns> {
    if (now() - versionCheckedAt >= versionCheckIntervalMs) await readVersion(versions);
    const wanted = version;
    if (current && current.version === wanted) return current;
    if (!loading || loading.version !== wanted) {
      loads++;
      const promise = load(db, wanted).then(
        (built) => {
          if (loading?.promise === promise) loading = undefined;
          // A load that outlived a waiter's timeout still ends the D1 fallback period.
          failedAt = Number.NEGATIVE_INFINITY;
          // A newer version may have been seen meanwhile; its load replaces this one.
          if (built.version === version) current = built;
          return built;
        },
        (error: unknown) => {
          if (loading?.promise === promise) loading = undefined;
          throw error;
        },
      );
      loading = { version: wanted, promise };
    }
    return withTimeout(loading.promise, loadTimeoutMs);
  }

  async function search(db: D1Database, versions: KVNamespace, query: SearchQuery, options: SearchOptions = {}): Promise<SearchResult> {
    let stock: StockColumns;
    if (now() - failedAt < retryAfterFailureMs) return searchVehicles(db, query, options);
    try {
      stock = await columns(db, versions);
      failureLogged = false;
    } catch (error) {
      failedAt = now();
      if (!failureLogged) {
        failureLogged = true;
        console.error("vehicle search index: load failed, searching D1 instead:", error instanceof Error ? error.message : String(error));
      }
      return searchVehicles(db, query, options);
    }
    const answer = searchStockColumns(stock, query, options);
    const cards = await fetchCards(db, query, answer.ids, stock.version);
    return {
      total: answer.total,
      page: query.page,
      pageCount: Math.ceil(answer.total / PAGE_SIZE),
      vehicles: cards,
      facets: answer.facets,
      features: answer.features,
    };
  }

  return {
    search,
    columns,
    get loads() {
      return loads;
    },
  };
}

/**
 * A shared load lives in the request that started it; if that request is cancelled, its D1 call
 * may never settle. Every waiter therefore gives up after a while and answers from D1.
 */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`vehicle search index: load took over ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer ?? null));
}

/** The isolate's index: module scope on purpose, it is what survives between requests. */
export const vehicleSearchIndex = createVehicleSearchIndex();
