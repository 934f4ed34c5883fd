import { describe, expect, it } from "vitest";
import { PAGE_SIZE, parseSearchQuery } from "#domain/vehicle-search-query.ts";
import { buildStockColumns, indexBytes, searchStockColumns, STOCK_COLUMN_NAMES } from "./stock-columns.ts";

/**
 * The search core over a handful of rows written as objects. That the core answers exactly what
 * D1 answers over the seeded stock is worker/adapters/vehicle-search-index.test.ts's job; these
 * tests pin each rule of the pass on rows small enough to count by hand.
 */

/** A vehicle as its columns (STOCK_COLUMN_NAMES), by column name. */
type Vehicle = Record<string, string | number | null>;

const BASE: Vehicle = {
  title: "Mercedes-Benz GLC 300",
  brand: "mercedes-benz",
  model: "glc-suv",
  body_style: "suv",
  category: "passenger",
  fuel: "diesel",
  transmission: "automatic",
  condition: "used",
  drive_type: "four",
  color_key: "black",
  location_slug: "center-husum",
  mileage_km: 20_000,
  construction_year: 2022,
  power_hp: 250,
  seats: 5,
  alloy_wheel_inch: 19,
  price_purchase: 40_000,
  price_private_finance: 450,
  price_business_finance: 400,
  price_private_lease: 500,
  price_business_lease: 420,
  has_towbar: 0,
  has_cruise_control: 0,
  has_parking: 0,
  has_airbags: 0,
  has_security: 0,
  has_air_conditioning: 0,
};

/** A row as D1's raw() hands it to the load: the values of STOCK_COLUMN_NAMES in that order. */
function rowOf(id: number, vehicle: Partial<Vehicle>): unknown[] {
  const values: Vehicle = { ...BASE, ...vehicle, id };
  return STOCK_COLUMN_NAMES.map((name) => {
    if (!Object.hasOwn(values, name)) throw new Error(`fixture lacks column ${name}`);
    return values[name];
  });
}

const columnsOf = (vehicles: Array<[id: number, vehicle: Partial<Vehicle>]>) =>
  buildStockColumns(
    vehicles.map(([id, vehicle]) => rowOf(id, vehicle)),
    "test",
  );
const search = (columns: ReturnType<typeof columnsOf>, query: string, options = {}) =>
  searchStockColumns(columns, parseSearchQuery(new URLSearchParams(query)), options);

/** A fresh fixture per test: a search keeps the sort orders it builds in the columns. */
const stock = () =>
  columnsOf([
    [1, { brand: "mercedes-benz", fuel: "diesel", color_key: "black", has_towbar: 1 }],
    [2, { brand: "mercedes-benz", fuel: "electric", color_key: "white", has_towbar: 1, has_parking: 1 }],
    [3, { brand: "hyundai", model: "i30", title: "Hyundai i30 Fastback N", fuel: "petrol", color_key: "white", has_parking: 1 }],
    [4, { brand: "hyundai", model: "i30", title: "Hyundai i30 Kombi", fuel: "diesel", color_key: "black" }],
    [5, { brand: "smart", model: "fortwo", title: "smart #1 Pro+", fuel: "electric", color_key: "blue", has_towbar: 1 }],
  ]);

describe("search core: facets", () => {
  it("counts every facet over the results when no filter is set, values in sorted (GROUP BY) order", () => {
    const answer = search(stock(), "");
    expect(answer.total).toBe(5);
    expect(Object.entries(answer.facets.brand!)).toEqual([
      ["hyundai", 2],
      ["mercedes-benz", 2],
      ["smart", 1],
    ]);
    expect(answer.facets.fuel).toEqual({ diesel: 2, electric: 2, petrol: 1 });
  });

  it("a facet's counts ignore its own filter and apply every other filter", () => {
    const answer = search(stock(), "brand=mercedes-benz&fuel=diesel");
    expect(answer.total).toBe(1);
    // Brand counts apply the fuel filter only: the diesels by brand.
    expect(answer.facets.brand).toEqual({ hyundai: 1, "mercedes-benz": 1 });
    // Fuel counts apply the brand filter only: the Mercedes-Benz by fuel.
    expect(answer.facets.fuel).toEqual({ diesel: 1, electric: 1 });
    // A facet without a filter of its own counts the results.
    expect(answer.facets.color).toEqual({ black: 1 });
  });

  it("a row failing two keyed filters counts in no facet", () => {
    // Vehicle 3 (Hyundai, petrol) fails both the brand and the fuel filter.
    const answer = search(stock(), "brand=mercedes-benz&fuel=diesel");
    expect(answer.facets.model).toEqual({ "glc-suv": 1 });
    expect(answer.facets.brand!.hyundai).toBe(1);
    expect(answer.facets.fuel!.petrol).toBeUndefined();
  });

  it("leaves out facet values without a matching row, as GROUP BY does", () => {
    const answer = search(stock(), "color=blue");
    expect(answer.facets.brand).toEqual({ smart: 1 });
    expect(answer.facets.color).toEqual({ black: 2, blue: 1, white: 2 });
  });

  it("a filter value the stock does not have matches nothing, and its facet still lists the others", () => {
    const answer = search(stock(), "brand=iveco");
    expect(answer).toMatchObject({ total: 0, ids: [] });
    expect(answer.facets.brand).toEqual({ hyundai: 2, "mercedes-benz": 2, smart: 1 });
    expect(answer.facets.fuel).toEqual({});
  });

  it("counts each optional filter over the results, its own filter included", () => {
    expect(search(stock(), "").features).toEqual({
      towbar: 3,
      cruise_control: 0,
      parking: 2,
      airbags: 0,
      security: 0,
      air_conditioning: 0,
    });
    const withTowbar = search(stock(), "towbar=1");
    expect(withTowbar.total).toBe(3);
    expect(withTowbar.features).toMatchObject({ towbar: 3, parking: 1 });
    // An optional filter is a keyed filter: the facets ignore no part of it.
    expect(withTowbar.facets.brand).toEqual({ "mercedes-benz": 2, smart: 1 });
  });

  it("answers no facet or feature counts when asked not to (a block's search)", () => {
    const answer = search(stock(), "brand=hyundai", { facets: false, limit: 1 });
    expect(answer).toEqual({ total: 2, ids: [3], facets: {}, features: {} });
  });
});

describe("search core: ranges and NULL", () => {
  const prices = columnsOf([
    [1, { price_purchase: 10_000, price_private_lease: 199, alloy_wheel_inch: 17, mileage_km: 5_000 }],
    [2, { price_purchase: 20_000, price_private_lease: null, alloy_wheel_inch: null, mileage_km: 50_000 }],
    [3, { price_purchase: 30_000, price_private_lease: 399, alloy_wheel_inch: 19, mileage_km: 100_000 }],
  ]);
  const ids = (query: string) => search(prices, `${query}&sorting=price-asc`).ids;

  it("range bounds are inclusive", () => {
    expect(ids("mileage_min=50000")).toEqual([2, 3]);
    expect(ids("mileage_max=50000")).toEqual([1, 2]);
    expect(ids("price_min=20000&price_max=20000")).toEqual([2]);
  });

  it("a NULL value fails every bound on its column, as `column >= ?` does in SQL", () => {
    expect(ids("wheels_min=14")).toEqual([1, 3]);
    expect(ids("wheels_max=22")).toEqual([1, 3]);
    expect(ids("")).toEqual([1, 2, 3]);
  });

  it("a lease or finance search lists only vehicles with such an offer, its price range on that price", () => {
    expect(ids("pricetype=private_lease")).toEqual([1, 3]);
    expect(ids("pricetype=private_lease&price_max=300")).toEqual([1]);
    expect(search(prices, "pricetype=private_lease").total).toBe(2);
  });

  it("refuses a NULL where the column has none", () => {
    expect(() => columnsOf([[1, { price_purchase: null }]])).toThrow("vehicle search index: unexpected price_purchase null in row 0");
  });
});

describe("search core: free text", () => {
  it("every word must be part of the title, in any case and order", () => {
    expect(search(stock(), "q=i30").ids).toEqual([3, 4]);
    expect(search(stock(), "q=KOMBI%20I30").ids).toEqual([4]);
    expect(search(stock(), "q=GLC%20i30").ids).toEqual([]);
    expect(search(stock(), "q=%231%20pro%2B").ids).toEqual([5]);
  });

  it("titles are lowercased like SQLite's lower(): ASCII letters only", () => {
    const columns = columnsOf([[1, { title: "ÄRA Edition" }]]);
    expect(search(columns, "q=edition").total).toBe(1);
    expect(search(columns, "q=ära").total).toBe(0);
    expect(search(columns, "q=Ära").total).toBe(0);
    expect(search(columns, "q=ÄRA").total).toBe(0);
  });
});

describe("search core: order and pages", () => {
  // 30 vehicles: ids 10, 20, … 300; years repeat every 3 vehicles, so each year has ties.
  const many = () =>
    columnsOf(
      Array.from({ length: 30 }, (_, index): [number, Partial<Vehicle>] => [
        (index + 1) * 10,
        { construction_year: 2020 + (index % 3), mileage_km: 1_000 * (30 - index) },
      ]),
    );
  const idsOfYear = (year: number) => Array.from({ length: 10 }, (_, index) => (3 * index + (year - 2020) + 1) * 10);

  it("sorts ties by ascending id in either direction", () => {
    const newestFirst = search(many(), "sorting=year-desc");
    expect(newestFirst.ids).toEqual([...idsOfYear(2022), ...idsOfYear(2021), ...idsOfYear(2020).slice(0, 4)]);
    const oldestFirst = search(many(), "sorting=year-asc");
    expect(oldestFirst.ids).toEqual([...idsOfYear(2020), ...idsOfYear(2021), ...idsOfYear(2022).slice(0, 4)]);
  });

  it("pages hold 24 results; a later page continues the order, a page past the end is empty", () => {
    const first = search(many(), "sorting=mileage-asc");
    expect(first.total).toBe(30);
    expect(first.ids).toHaveLength(PAGE_SIZE);
    expect(first.ids.slice(0, 3)).toEqual([300, 290, 280]);
    const second = search(many(), "sorting=mileage-asc&page=2");
    expect(second.ids).toEqual([60, 50, 40, 30, 20, 10]);
    expect(second.total).toBe(30);
    expect(search(many(), "sorting=mileage-asc&page=3")).toMatchObject({ total: 30, ids: [] });
  });

  it("pages count only the results", () => {
    const answer = search(many(), "year_min=2022&sorting=mileage-desc");
    expect(answer.total).toBe(10);
    expect(answer.ids).toEqual(idsOfYear(2022));
  });

  it("a limit shortens the page but never lengthens it past 24", () => {
    expect(search(many(), "", { limit: 4 }).ids).toEqual(idsOfYear(2022).slice(0, 4));
    expect(search(many(), "", { limit: 100 }).ids).toHaveLength(PAGE_SIZE);
  });

  it("keeps each sort order it built for the next search", () => {
    const columns = many();
    expect([...columns.orders.keys()]).toEqual(["construction_year desc"]);
    search(columns, "sorting=mileage-asc");
    const bytes = indexBytes(columns);
    search(columns, "sorting=mileage-asc&page=2");
    expect(columns.orders.size).toBe(2);
    expect(indexBytes(columns)).toBe(bytes);
  });
});

describe("search core: building the columns", () => {
  it("refuses rows out of ascending id order (ties would not break like ORDER BY …, id)", () => {
    expect(() =>
      columnsOf([
        [2, {}],
        [1, {}],
      ]),
    ).toThrow("unexpected id 1 in row 1");
    expect(() =>
      columnsOf([
        [1, {}],
        [1, {}],
      ]),
    ).toThrow("unexpected id 1 in row 1");
  });

  it("refuses a value of the wrong type, naming column and row", () => {
    expect(() =>
      columnsOf([
        [1, {}],
        [2, { brand: null }],
      ]),
    ).toThrow("unexpected brand null in row 1");
    expect(() => columnsOf([[1, { has_towbar: 2 }]])).toThrow("unexpected has_towbar 2 in row 0");
    expect(() => columnsOf([[1, { seats: "5" }]])).toThrow('unexpected seats "5" in row 0');
  });

  it("an empty stock answers nothing", () => {
    const answer = search(columnsOf([]), "brand=smart");
    expect(answer.total).toBe(0);
    expect(answer.ids).toEqual([]);
    expect(answer.facets.brand).toEqual({});
    expect(answer.features.towbar).toBe(0);
  });
});
