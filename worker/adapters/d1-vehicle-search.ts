import { OPTIONAL_FILTERS, type OptionalFilter } from "#domain/equipment.ts";
import { PAGE_SIZE, type SearchQuery } from "#domain/vehicle-search-query.ts";
import type { AcquisitionType } from "#domain/vehicle-vocabulary.ts";
import { SearchResultSchema, type SearchOptions, type SearchResult } from "#domain/vehicle-search-result.ts";
import { rows } from "./d1-batch.ts";
import { ADVERT_COLUMNS_SQL, cardOf } from "./card-advert.ts";

/**
 * Vehicle search over D1 (ADR 0005 option 1): one batch holds the result page, the
 * total and one GROUP BY per facet. A facet's counts apply every active filter except its
 * own, so "Diesel (312)" tells what ticking Diesel would add. Every value is a bound
 * parameter; list filters bind one JSON array each (`IN (SELECT value FROM json_each(?))`),
 * which keeps any query far below D1's 100-parameter limit.
 */

export const FACET_COLUMNS = {
  brand: "brand",
  model: "model",
  bodystyle: "body_style",
  category: "category",
  fuel: "fuel",
  transmission: "transmission",
  condition: "condition",
  drive: "drive_type",
  color: "color_key",
  location: "location_slug",
} as const;
export type FacetName = keyof typeof FACET_COLUMNS;
export const FACET_NAMES = Object.keys(FACET_COLUMNS) as FacetName[];

export const PRICE_COLUMNS: Record<AcquisitionType, string> = {
  purchase: "price_purchase",
  private_finance: "price_private_finance",
  business_finance: "price_business_finance",
  private_lease: "price_private_lease",
  business_lease: "price_business_lease",
};

export const RANGE_COLUMNS = {
  mileage: "mileage_km",
  year: "construction_year",
  power: "power_hp",
  seats: "seats",
  wheels: "alloy_wheel_inch",
} as const;

type FilterKey = FacetName | `feature:${OptionalFilter}` | `range:${string}` | "q" | "priceType";
interface Clause {
  key: FilterKey;
  sql: string;
  params: unknown[];
}

/** The free-text words a search matches, each as a substring of the lowercased title. */
export function searchWords(q: string): string[] {
  return q.toLowerCase().split(" ").filter(Boolean).slice(0, 6);
}

/** The columns of a result card, aliased to the result shape (SearchResultSchema). */
export function cardColumnsSql(priceColumn: string): string {
  return `id, slug, brand, title, condition, fuel, construction_year AS constructionYear, first_registration AS firstRegistration,
    mileage_km AS mileageKm, power_hp AS powerHp, ${priceColumn} AS price, price_purchase AS pricePurchase,
    location_slug AS locationSlug, image`;
}

// `+status`: the unary plus keeps SQLite from walking a (status, …) sort index over the whole
// stock; the rows are then looked up by primary key (plan in bench/README.md).
/** Cards by id with their advert columns: the carfinder index's page and the compare/favourites adverts. */
export const cardsSql = (priceColumn: string) =>
  `SELECT ${cardColumnsSql(priceColumn)}, ${ADVERT_COLUMNS_SQL} FROM vehicles WHERE id IN (SELECT value FROM json_each(?)) AND +status = 'available'`;

/** The WHERE clauses of a search, each tagged with the filter it belongs to. */
export function searchClauses(query: SearchQuery): Clause[] {
  const clauses: Clause[] = [];
  const priceColumn = PRICE_COLUMNS[query.priceType];
  for (const name of FACET_NAMES) {
    const values = query[name];
    if (values.length > 0)
      clauses.push({ key: name, sql: `${FACET_COLUMNS[name]} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(values)] });
  }
  for (const feature of query.features) clauses.push({ key: `feature:${feature}`, sql: `has_${feature} = 1`, params: [] });
  const price = query.ranges.price;
  if (price?.min !== undefined) clauses.push({ key: "range:price", sql: `${priceColumn} >= ?`, params: [price.min] });
  if (price?.max !== undefined) clauses.push({ key: "range:price", sql: `${priceColumn} <= ?`, params: [price.max] });
  for (const [name, column] of Object.entries(RANGE_COLUMNS)) {
    const range = query.ranges[name as keyof typeof RANGE_COLUMNS];
    if (range?.min !== undefined) clauses.push({ key: `range:${name}`, sql: `${column} >= ?`, params: [range.min] });
    if (range?.max !== undefined) clauses.push({ key: `range:${name}`, sql: `${column} <= ?`, params: [range.max] });
  }
  // instr, not LIKE: D1 rejects LIKE patterns over 50 bytes, and instr has no wildcards to escape.
  for (const word of searchWords(query.q)) {
    clauses.push({ key: "q", sql: "instr(lower(title), ?) > 0", params: [word] });
  }
  // A finance or lease display only lists vehicles that have such an offer.
  if (query.priceType !== "purchase") clauses.push({ key: "priceType", sql: `${priceColumn} IS NOT NULL`, params: [] });
  return clauses;
}

function where(clauses: Clause[], except?: FilterKey): { sql: string; params: unknown[] } {
  const active = clauses.filter((clause) => clause.key !== except);
  return {
    sql: ["status = 'available'", ...active.map((clause) => clause.sql)].join(" AND "),
    params: active.flatMap((clause) => clause.params),
  };
}

/** The column a search sorts by and its direction; ties always go by ascending id. */
export function sortKey(query: SearchQuery): { column: string; descending: boolean } {
  const [field, direction] = query.sorting.split("-") as ["price" | "mileage" | "year", "asc" | "desc"];
  const column = field === "price" ? PRICE_COLUMNS[query.priceType] : field === "year" ? "construction_year" : "mileage_km";
  return { column, descending: direction === "desc" };
}

export function orderBy(query: SearchQuery): string {
  const { column, descending } = sortKey(query);
  return `${column} ${descending ? "DESC" : "ASC"}, id`;
}

export async function searchVehicles(db: D1Database, query: SearchQuery, options: SearchOptions = {}): Promise<SearchResult> {
  const limit = Math.min(options.limit ?? PAGE_SIZE, PAGE_SIZE);
  const withFacets = options.facets !== false;
  const clauses = searchClauses(query);
  const all = where(clauses);
  const priceColumn = PRICE_COLUMNS[query.priceType];
  const statements: D1PreparedStatement[] = [
    db
      .prepare(
        `SELECT ${cardColumnsSql(priceColumn)}
         FROM vehicles WHERE ${all.sql} ORDER BY ${orderBy(query)} LIMIT ? OFFSET ?`,
      )
      .bind(...all.params, limit, (query.page - 1) * PAGE_SIZE),
    // The cards' advert columns for the same page: by id, so SQLite does not compute them for
    // every row it sorts (worker/adapters/card-advert.ts).
    db
      .prepare(
        `SELECT id, ${ADVERT_COLUMNS_SQL} FROM vehicles
         WHERE id IN (SELECT id FROM vehicles WHERE ${all.sql} ORDER BY ${orderBy(query)} LIMIT ? OFFSET ?)`,
      )
      .bind(...all.params, limit, (query.page - 1) * PAGE_SIZE),
    // NOT INDEXED: `status = ?` matches nearly every row, so walking a sort index and then reading
    // rows in its order is slower than one plain scan (bench/README.md "Carfinder search").
    db.prepare(`SELECT COUNT(*) AS total FROM vehicles NOT INDEXED WHERE ${all.sql}`).bind(...all.params),
    ...(withFacets ? FACET_NAMES : []).map((name) => {
      const facet = where(clauses, name);
      const column = FACET_COLUMNS[name];
      return db
        .prepare(`SELECT ${column} AS value, COUNT(*) AS count FROM vehicles NOT INDEXED WHERE ${facet.sql} GROUP BY ${column}`)
        .bind(...facet.params);
    }),
    ...(withFacets ? OPTIONAL_FILTERS : []).map((feature) => {
      const facet = where(clauses, `feature:${feature}`);
      return db
        .prepare(`SELECT COALESCE(SUM(has_${feature}), 0) AS count FROM vehicles NOT INDEXED WHERE ${facet.sql}`)
        .bind(...facet.params);
    }),
  ];
  const results = await db.batch(statements);
  const total = Number((rows(results, 2)[0] as { total: number }).total);
  const adverts = new Map((rows(results, 1) as Array<{ id: number }>).map((row) => [row.id, row]));
  return SearchResultSchema.parse({
    total,
    page: query.page,
    pageCount: Math.ceil(total / PAGE_SIZE),
    // Columns are aliased to the result shape, so the one schema parses them.
    vehicles: (rows(results, 0) as Array<{ id: number }>).map((row) =>
      cardOf({ advertData: null, priceHistory: null, ...row, ...adverts.get(row.id) }, query.priceType),
    ),
    facets: Object.fromEntries(
      (withFacets ? FACET_NAMES : []).map((name, index) => [
        name,
        Object.fromEntries((rows(results, 3 + index) as Array<{ value: string; count: number }>).map((row) => [row.value, row.count])),
      ]),
    ),
    features: Object.fromEntries(
      (withFacets ? OPTIONAL_FILTERS : []).map((feature, index) => [
        feature,
        Number((rows(results, 3 + FACET_NAMES.length + index)[0] as { count: number }).count),
      ]),
    ),
  });
}
