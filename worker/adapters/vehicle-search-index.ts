import { PAGE_SIZE, type SearchQuery } from "#domain/vehicle-search-query.ts";
import { type SearchOptions, type SearchResult, type SearchResultCard } from "#domain/vehicle-search-result.ts";
import { buildStockColumns, searchStockColumns, STOCK_COLUMN_NAMES, type StockColumns } from "../search/stock-columns.ts";
import { createKeptMap } from "./kept-reads.ts";
import { cardOf } from "./card-advert.ts";
import { cardsSql, PRICE_COLUMNS, searchVehicles } from "./d1-vehicle-search.ts";
import { registerIsolateState } from "../isolate-state.ts";
import { STOCK_VERSION_KEY } from "./stock-version.ts";

/**
 * The carfinder search as an in-isolate columnar index (ADR 0005, option 3): each isolate loads
 * the filter and sort columns of the available stock from D1 once into typed arrays, then answers
 * a search with one pass in JS plus one D1 query for the page's cards by id. It answers exactly
 * what `searchVehicles` (the D1 reference, option 1) answers; D1 stays the source of truth.
 * The columns and the pass are pure (worker/search/stock-columns.ts, unit-tested in Node); this
 * module loads them from D1, keeps them per stock version and fetches the cards.
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

export { STOCK_VERSION_KEY };

// NOT INDEXED + ORDER BY id: one scan in rowid order. Through a (status, …) sort index SQLite
// would visit every row twice in random order (bench/README.md "Carfinder search").
export const LOAD_SQL = `SELECT ${STOCK_COLUMN_NAMES.join(", ")} FROM vehicles NOT INDEXED WHERE status = 'available' ORDER BY id`;
export { cardsSql };

/** The columns with the timings of their load (the search bench reads them). */
export interface LoadedStockColumns extends StockColumns {
  /** The D1 read alone (ms). */
  queryMs: number;
  /** Read, checks, dictionaries and the default sort order (ms). */
  loadMs: number;
}

/** Reads the compact columns of the available stock in one D1 query and builds the index from them. */
export async function loadStockColumns(db: D1Database, version: string | null): Promise<LoadedStockColumns> {
  const started = performance.now();
  const rows = await db.prepare(LOAD_SQL).raw<unknown[]>();
  const queryMs = performance.now() - started;
  const columns = buildStockColumns(rows, version);
  return Object.assign(columns, { queryMs, loadMs: performance.now() - started });
}

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
  return { fetchCards, kept };
  async function fetchCards(db: D1Database, query: SearchQuery, ids: number[], version: string | null): Promise<SearchResultCard[]> {
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
  }
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
  /** Tests: back to a fresh isolate's index (no columns, no kept cards, no failure period). */
  reset(): void;
  /** Whether it holds nothing a fresh isolate would not. */
  isEmpty(): boolean;
}

interface ColumnsKeeperSettings {
  versionCheckIntervalMs: number;
  loadTimeoutMs: number;
  load: typeof loadStockColumns;
  now: () => number;
  /** Called when a load succeeds, also one that outlived its waiters' timeout. */
  onLoaded: () => void;
}

/**
 * The columns of the stock version KV names: the version is read at most every check interval,
 * and a version other than the current columns' starts a load. Concurrent requests share one KV
 * read and one load (no thundering herd on a cold isolate).
 */
function createColumnsKeeper({ versionCheckIntervalMs, loadTimeoutMs, load, now, onLoaded }: ColumnsKeeperSettings) {
  let current: StockColumns | undefined;
  let loading: { version: string | null; promise: Promise<StockColumns> } | undefined;
  let version: string | null = null;
  let versionCheckedAt = Number.NEGATIVE_INFINITY;
  let versionRead: Promise<void> | undefined;
  let loads = 0;

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
    // The read is shared by the isolate's concurrent searches: one that never settles (its request
    // cancelled mid-read) must not hold every later search, so a search waits for it as long as it
    // would for a load, then searches with the version it knows and leaves the read behind.
    const read = versionRead;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settled = await Promise.race([
      read.then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), loadTimeoutMs);
      }),
    ]);
    if (timer !== undefined) clearTimeout(timer);
    if (!settled && versionRead === read) versionRead = undefined;
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
          onLoaded();
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

  return {
    columns,
    get loads() {
      return loads;
    },
    reset() {
      current = undefined;
      loading = undefined;
      version = null;
      versionCheckedAt = Number.NEGATIVE_INFINITY;
      versionRead = undefined;
      loads = 0;
    },
    isEmpty: () => current === undefined && loading === undefined && versionRead === undefined && loads === 0,
  };
}

/** One index per isolate. Only isolate-level data lives in it: typed arrays, no I/O objects. */
export function createVehicleSearchIndex(options: VehicleSearchIndexOptions = {}): VehicleSearchIndex {
  const versionCheckIntervalMs = options.versionCheckIntervalMs ?? 10_000;
  const retryAfterFailureMs = options.retryAfterFailureMs ?? 30_000;
  const now = options.now ?? Date.now;
  const cards = createCardStore(options.cardTtlMs ?? versionCheckIntervalMs, now);
  let failedAt = Number.NEGATIVE_INFINITY;
  let failureLogged = false;
  const keeper = createColumnsKeeper({
    versionCheckIntervalMs,
    loadTimeoutMs: options.loadTimeoutMs ?? 10_000,
    load: options.load ?? loadStockColumns,
    now,
    // A load that outlived a waiter's timeout still ends the D1 fallback period.
    onLoaded: () => {
      failedAt = Number.NEGATIVE_INFINITY;
    },
  });

  async function search(db: D1Database, versions: KVNamespace, query: SearchQuery, options: SearchOptions = {}): Promise<SearchResult> {
    let stock: StockColumns;
    if (now() - failedAt < retryAfterFailureMs) return searchVehicles(db, query, options);
    try {
      stock = await keeper.columns(db, versions);
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
    const vehicles = await cards.fetchCards(db, query, answer.ids, stock.version);
    return {
      total: answer.total,
      page: query.page,
      pageCount: Math.ceil(answer.total / PAGE_SIZE),
      vehicles,
      facets: answer.facets,
      features: answer.features,
    };
  }

  return {
    search,
    columns: keeper.columns,
    get loads() {
      return keeper.loads;
    },
    reset() {
      keeper.reset();
      cards.kept.clear();
      failedAt = Number.NEGATIVE_INFINITY;
      failureLogged = false;
    },
    isEmpty: () => keeper.isEmpty() && cards.kept.size === 0 && failedAt === Number.NEGATIVE_INFINITY && !failureLogged,
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
registerIsolateState("vehicle search index", vehicleSearchIndex);
