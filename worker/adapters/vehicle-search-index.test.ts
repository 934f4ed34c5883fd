import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { OPTIONAL_FILTERS } from "#domain/equipment.ts";
import { ACQUISITION_TYPES } from "#domain/vehicle-vocabulary.ts";
import { parseSearchQuery, SORTINGS } from "#domain/vehicle-search-query.ts";
import type { SearchResult } from "#domain/vehicle-search-result.ts";
import { STOCK_VERSION_KEY as SEEDED_VERSION_KEY } from "#kv-seed/seed-data.ts";
import { expectConsoleError } from "../test-support/setup.ts";
import { get } from "../test-support/requests.ts";
import { searchVehicles } from "./d1-vehicle-search.ts";
import { createVehicleSearchIndex, loadStockColumns, STOCK_VERSION_KEY, type VehicleSearchIndexOptions } from "./vehicle-search-index.ts";

const parse = (query: string) => parseSearchQuery(new URLSearchParams(query));
const fresh = (options: VehicleSearchIndexOptions = {}) => createVehicleSearchIndex({ versionCheckIntervalMs: 0, ...options });
const reference = (query: string) => searchVehicles(env.DB, parse(query));

// Tests that change the stock put it back, so every test starts from the seeded stock.
const restore: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const undo of restore.splice(0).reverse()) await undo();
});
async function setVersion(version: string | null): Promise<void> {
  const before = await env.REDIRECTS.get(STOCK_VERSION_KEY);
  restore.push(() => (before === null ? env.REDIRECTS.delete(STOCK_VERSION_KEY) : env.REDIRECTS.put(STOCK_VERSION_KEY, before)));
  if (version === null) await env.REDIRECTS.delete(STOCK_VERSION_KEY);
  else await env.REDIRECTS.put(STOCK_VERSION_KEY, version);
}
async function sell(id: number): Promise<void> {
  await env.DB.prepare("UPDATE vehicles SET status = 'sold' WHERE id = ?").bind(id).run();
  restore.push(() => env.DB.prepare("UPDATE vehicles SET status = 'available' WHERE id = ?").bind(id).run());
}

const NFZ = "containertransport,chassiscab,panelvan,deliveryvan,tipper,boxbody,frigo,openbody,passengertransport,tarpaulin,standardtractor";
const SHAPES = [
  "",
  "brand=mercedes-benz",
  "brand=hyundai,smart",
  "model=glc-suv",
  "bodystyle=suv",
  `bodystyle=${NFZ}&sorting=price-desc`,
  "category=van,truck",
  "fuel=diesel,hybrid-diesel",
  "transmission=manual",
  "condition=used",
  "condition=new&brand=astonmartin",
  "drive=four",
  "color=black,white",
  "location=center-husum",
  ...OPTIONAL_FILTERS.map((feature) => `${feature}=1`),
  "towbar=1&parking=1&condition=used&mileage_max=50000",
  "bodystyle=suv&fuel=electric&sorting=price-asc",
  "brand=hymer&fuel=electric",
  "brand=hyundai&fuel=diesel&transmission=automatic&color=grey&towbar=1&airbags=1&year_min=2020",
  "q=GLC%20300",
  "q=glc",
  "q=AMG%20Line",
  "q=i30%20N",
  "q=a%20b%20c%20d%20e%20f%20g",
  "q=%25",
  "q=zzzzzz",
  "price_min=30000",
  "price_max=25000",
  "price_min=20000&price_max=40000&sorting=price-asc",
  "mileage_min=100000",
  "mileage_max=10",
  "year_min=2024",
  "year_max=2018&sorting=year-asc",
  "power_min=300&sorting=mileage-desc",
  "seats_min=7",
  "seats_max=2",
  "pricetype=private_lease&price_max=500&sorting=price-asc",
  "pricetype=business_finance&price_min=400&brand=mercedes-benz",
  "page=2",
  "page=40",
  "page=126",
  "page=500",
  "brand=astonmartin&page=2",
  "brand=mercedes-benz&model=glc-suv&q=300&page=3&sorting=mileage-asc",
  ...ACQUISITION_TYPES.flatMap((priceType) => SORTINGS.map((sorting) => `pricetype=${priceType}&sorting=${sorting}`)),
  ...ACQUISITION_TYPES.map((priceType) => `pricetype=${priceType}&sorting=price-desc&page=20`),
];

describe("vehicle search index", () => {
  it("uses the KV key the stock seed writes", () => {
    expect(STOCK_VERSION_KEY).toBe(SEEDED_VERSION_KEY);
  });

  it.each(SHAPES)("answers %j exactly as the D1 search does", async (query) => {
    const index = fresh();
    const expected = await reference(query);
    // Same totals, facet and feature counts, cards, order of ties, and key order in the JSON.
    expect(JSON.stringify(await index.search(env.DB, env.REDIRECTS, parse(query)))).toBe(JSON.stringify(expected));
  });

  it("answers the shapes of real facet values exactly as D1 does", async () => {
    const index = fresh();
    const all = await reference("");
    const queries = Object.entries(all.facets).flatMap(([facet, counts]) =>
      Object.keys(counts)
        .slice(0, 3)
        .map((value) => `${facet}=${encodeURIComponent(value)}&sorting=price-asc`),
    );
    expect(queries.length).toBeGreaterThan(20);
    for (const query of queries) {
      expect(JSON.stringify(await index.search(env.DB, env.REDIRECTS, parse(query))), query).toBe(JSON.stringify(await reference(query)));
    }
  });

  it("a block's search (first cards, no facets) answers like D1 and like the full search's first cards", async () => {
    const options = { limit: 4, facets: false };
    for (const query of ["sorting=year-desc", "category=van&fuel=electric", "brand=hymer"]) {
      const index = fresh();
      const block = await index.search(env.DB, env.REDIRECTS, parse(query), options);
      const full = await index.search(env.DB, env.REDIRECTS, parse(query));
      expect(block.vehicles, query).toEqual(full.vehicles.slice(0, 4));
      expect(block.total, query).toBe(full.total);
      expect(block.facets).toEqual({});
      expect(block.features).toEqual({});
      expect(JSON.stringify(block), query).toBe(JSON.stringify(await searchVehicles(env.DB, parse(query), options)));
    }
  });

  it("leaves out facet values without matches, as GROUP BY does", async () => {
    const result = await fresh().search(env.DB, env.REDIRECTS, parse("brand=hymer&fuel=electric&condition=new"));
    for (const counts of Object.values(result.facets)) expect(Object.values(counts)).not.toContain(0);
  });

  it("GET /api/vehicles/search answers from the index with the D1 search's result", async () => {
    const response = await get("/api/vehicles/search?brand=smart&sorting=price-asc&page=2");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(await reference("brand=smart&sorting=price-asc&page=2"));
  });

  it("a new stock version in KV makes the isolate rebuild: a sold vehicle disappears", async () => {
    const index = fresh();
    const before = await index.search(env.DB, env.REDIRECTS, parse(""));
    const sold = before.vehicles[0]!;
    await sell(sold.id);
    // Same version: the index keeps its stock (only the sold card drops out of the page).
    const stale = await index.search(env.DB, env.REDIRECTS, parse(""));
    expect(stale.total).toBe(before.total);
    expect(stale.vehicles.map((vehicle) => vehicle.id)).not.toContain(sold.id);
    expect(index.loads).toBe(1);

    await setVersion("test-after-sale");
    const after = await index.search(env.DB, env.REDIRECTS, parse(""));
    expect(index.loads).toBe(2);
    expect(after.total).toBe(before.total - 1);
    expect(after.vehicles.map((vehicle) => vehicle.id)).not.toContain(sold.id);
    expect(JSON.stringify(after)).toBe(JSON.stringify(await reference("")));
  });

  it("keeps a page's cards for the check interval: a card sold without a stock import leaves the page after it", async () => {
    let clock = 0;
    const index = fresh({ versionCheckIntervalMs: 10_000, now: () => clock });
    const before = await index.search(env.DB, env.REDIRECTS, parse(""));
    const sold = before.vehicles[0]!;
    await sell(sold.id);
    clock = 9_999;
    // Kept: the page is answered without asking D1 for its cards again.
    expect((await index.search(env.DB, env.REDIRECTS, parse(""))).vehicles).toEqual(before.vehicles);
    clock = 10_000;
    const after = await index.search(env.DB, env.REDIRECTS, parse(""));
    expect(after.vehicles.map((vehicle) => vehicle.id)).not.toContain(sold.id);
    expect(after.vehicles.map((vehicle) => vehicle.id)).toEqual(before.vehicles.slice(1).map((vehicle) => vehicle.id));
    // Another price type is another card (its price columns differ): read, not taken from the kept ones.
    const lease = await index.search(env.DB, env.REDIRECTS, parse("pricetype=private_lease"));
    const leaseReference = new Map((await reference("pricetype=private_lease")).vehicles.map((vehicle) => [vehicle.id, vehicle]));
    for (const vehicle of lease.vehicles.filter((card) => leaseReference.has(card.id)))
      expect(vehicle).toEqual(leaseReference.get(vehicle.id));
    expect(lease.vehicles.some((vehicle) => leaseReference.has(vehicle.id))).toBe(true);
  });

  it("reads the stock version at most once per check interval", async () => {
    let clock = 0;
    const index = fresh({ versionCheckIntervalMs: 10_000, now: () => clock });
    await index.search(env.DB, env.REDIRECTS, parse(""));
    await setVersion("test-interval");
    clock = 9_999;
    await index.search(env.DB, env.REDIRECTS, parse(""));
    expect(index.loads).toBe(1);
    clock = 10_000;
    await index.search(env.DB, env.REDIRECTS, parse(""));
    expect(index.loads).toBe(2);
  });

  it("without a stock version in KV the first index is kept until a version appears", async () => {
    await setVersion(null);
    const index = fresh();
    await index.search(env.DB, env.REDIRECTS, parse(""));
    await index.search(env.DB, env.REDIRECTS, parse("brand=smart"));
    expect(index.loads).toBe(1);
    await setVersion("test-first-version");
    await index.search(env.DB, env.REDIRECTS, parse(""));
    expect(index.loads).toBe(2);
  });

  it("concurrent first searches share one load", async () => {
    let loads = 0;
    const index = fresh({
      load: (db, version) => {
        loads++;
        return loadStockColumns(db, version);
      },
    });
    const queries = ["", "brand=smart", "fuel=electric", "page=3", "sorting=price-asc"];
    const results: SearchResult[] = await Promise.all(queries.map((query) => index.search(env.DB, env.REDIRECTS, parse(query))));
    expect(loads).toBe(1);
    for (const [position, query] of queries.entries()) expect(results[position]).toEqual(await reference(query));
  });

  it("a failing load answers from D1 and logs once, then retries after a pause", async () => {
    let clock = 0;
    let failing = true;
    const index = fresh({
      now: () => clock,
      retryAfterFailureMs: 30_000,
      load: async (db, version) => {
        if (failing) throw new Error("D1 is unavailable");
        return loadStockColumns(db, version);
      },
    });
    expect(await index.search(env.DB, env.REDIRECTS, parse("brand=iveco"))).toEqual(await reference("brand=iveco"));
    expect(await index.search(env.DB, env.REDIRECTS, parse(""))).toEqual(await reference(""));
    expectConsoleError(/vehicle search index: load failed.*D1 is unavailable/);
    expect(index.loads).toBe(1);
    failing = false;
    clock = 30_000;
    expect(await index.search(env.DB, env.REDIRECTS, parse("brand=iveco"))).toEqual(await reference("brand=iveco"));
    expect(index.loads).toBe(2);
  });

  it("reset() returns it to a fresh isolate's index: no columns, no kept cards, no failure period", async () => {
    let failing = true;
    const index = fresh({
      cardTtlMs: 60_000,
      load: async (db, version) => {
        if (failing) throw new Error("D1 is unavailable");
        return loadStockColumns(db, version);
      },
    });
    expect(index.isEmpty()).toBe(true);
    await index.search(env.DB, env.REDIRECTS, parse("brand=iveco"));
    expectConsoleError(/vehicle search index: load failed/);
    expect(index.isEmpty()).toBe(false);
    index.reset();
    expect(index.isEmpty()).toBe(true);
    failing = false;
    // Without the reset the failure period would send this search to D1 without a load.
    expect(await index.search(env.DB, env.REDIRECTS, parse("brand=iveco"))).toEqual(await reference("brand=iveco"));
    expect(index.loads).toBe(1);
    expect(index.isEmpty()).toBe(false);
    index.reset();
    expect(index.isEmpty()).toBe(true);
    expect(index.loads).toBe(0);
  });

  it("a stock-version read that never settles holds a search only as long as a load would, and no later search", async () => {
    const index = fresh({ loadTimeoutMs: 50 });
    const hanging = () => new Promise<string | null>(() => {});
    const versions = new Proxy(env.REDIRECTS, { get: (target, key) => (key === "get" ? hanging : Reflect.get(target, key)) });
    const started = Date.now();
    expect(await index.search(env.DB, versions, parse("brand=smart"))).toEqual(await reference("brand=smart"));
    expect(await index.search(env.DB, versions, parse("brand=iveco"))).toEqual(await reference("brand=iveco"));
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("a load that never settles answers from D1 after the timeout", async () => {
    const index = fresh({ loadTimeoutMs: 50, load: () => new Promise(() => {}) });
    expect(await index.search(env.DB, env.REDIRECTS, parse("brand=smart"))).toEqual(await reference("brand=smart"));
    expectConsoleError(/vehicle search index: load failed.*took over 50 ms/);
  });
});
