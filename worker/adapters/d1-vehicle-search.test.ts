import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { parseSearchQuery, PAGE_SIZE } from "#domain/vehicle-search-query.ts";
import { get } from "../test-support/requests.ts";
import type { SearchResult } from "#domain/vehicle-search-result.ts";
import { FACET_NAMES, RANGE_COLUMNS, searchVehicles } from "./d1-vehicle-search.ts";
import { OPTIONAL_FILTERS } from "#domain/equipment.ts";
import type { SearchQuery } from "#domain/vehicle-search-query.ts";

const search = (query: string) => searchVehicles(env.DB, parseSearchQuery(new URLSearchParams(query)));
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((total, count) => total + count, 0);

async function availableCount(where = "1 = 1"): Promise<number> {
  const row = await env.DB.prepare(`SELECT COUNT(*) AS total FROM vehicles WHERE status = 'available' AND ${where}`).first<{
    total: number;
  }>();
  return row!.total;
}

describe("vehicle search", () => {
  it("the default search lists the whole available stock, newest first, a page at a time", async () => {
    const result = await search("");
    expect(result.total).toBe(await availableCount());
    expect(result.vehicles).toHaveLength(PAGE_SIZE);
    const years = result.vehicles.map((vehicle) => vehicle.constructionYear);
    expect(years).toEqual([...years].sort((a, b) => b - a));
  });

  it("the legacy carfinder-nfz search: commercial bodies, most expensive first", async () => {
    const result = await search(
      "bodystyle=containertransport,chassiscab,panelvan,deliveryvan,tipper,boxbody,frigo,openbody,passengertransport,tarpaulin,standardtractor&sorting=price-desc",
    );
    expect(result.total).toBeGreaterThan(0);
    const prices = result.vehicles.map((vehicle) => vehicle.pricePurchase);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(result.total).toBe(
      await availableCount(
        "category IN ('van', 'truck') AND body_style NOT IN ('mpv', 'campervan', 'semi_integrated', 'integrated', 'alcove')",
      ),
    );
  });

  it("facet counts apply every other filter but not their own", async () => {
    const unfiltered = await search("brand=hyundai");
    const diesel = await search("brand=hyundai&fuel=diesel,hybrid-diesel");
    // The fuel facet ignores the fuel filter: same counts as without it.
    expect(diesel.facets.fuel).toEqual(unfiltered.facets.fuel);
    // Other facets respect the fuel filter: they add up to the filtered total.
    expect(sum(diesel.facets.condition!)).toBe(diesel.total);
    expect(diesel.total).toBe((unfiltered.facets.fuel!.diesel ?? 0) + (unfiltered.facets.fuel!["hybrid-diesel"] ?? 0));
    // The brand facet ignores the brand filter and shows every brand.
    expect(Object.keys(diesel.facets.brand!).sort()).toEqual(
      ["astonmartin", "hymer", "hyundai", "iveco", "mercedes-benz", "smart"]
        .filter((brand) => (diesel.facets.brand![brand] ?? 0) > 0)
        .sort(),
    );
  });

  it("optional filters are toggles with their own counts", async () => {
    const all = await search("");
    const towbar = await search("towbar=1");
    expect(towbar.total).toBe(all.features.towbar);
    expect(towbar.total).toBe(await availableCount("has_towbar = 1"));
    expect(towbar.features.towbar).toBe(towbar.total);
  });

  it("ranges filter by the price of the chosen price type", async () => {
    const lease = await search("pricetype=private_lease&price_max=500&sorting=price-asc");
    expect(lease.total).toBe(await availableCount("price_private_lease <= 500"));
    const rates = lease.vehicles.map((vehicle) => vehicle.price!);
    expect(rates.every((rate) => rate <= 500)).toBe(true);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
  });

  it("the free-text search matches every word of the title", async () => {
    const result = await search("q=GLC%20300");
    expect(result.total).toBeGreaterThan(0);
    for (const vehicle of result.vehicles) expect(vehicle.title).toMatch(/GLC.*300/);
  });

  it("wildcard characters in the free text are literal", async () => {
    expect((await search("q=%25")).total).toBe(0);
    expect((await search("q=_")).total).toBe(0);
  });

  it("a page beyond the end is empty but keeps the total", async () => {
    const result: SearchResult = await search("page=500");
    expect(result.vehicles).toEqual([]);
    expect(result.total).toBe(await availableCount());
  });
});

describe("GET /api/vehicles/search", () => {
  it("answers the search as JSON", async () => {
    const response = await get("/api/vehicles/search?brand=smart&sorting=price-asc");
    expect(response.status).toBe(200);
    const body = (await response.json()) as SearchResult;
    expect(body.vehicles.every((vehicle) => vehicle.brand === "smart")).toBe(true);
  });

  it("a brand scope fixes the brand", async () => {
    const body = (await (await get("/api/vehicles/search?scope=iveco&brand=smart")).json()) as SearchResult;
    expect(body.total).toBeGreaterThan(0);
    expect(body.vehicles.every((vehicle) => vehicle.brand === "iveco")).toBe(true);
  });

  it.each([
    "brand=mercedes-benz'%20OR%201=1--",
    "bodystyle=suv;DROP%20TABLE%20vehicles",
    `q=${"%27".repeat(500)}`,
    "price_min=1e400&price_max=-1&page=-3",
    "fuel=diesel&fuel=diesel&fuel=diesel&fuel=diesel",
  ])("hostile input %s still answers 200 with a valid search", async (query) => {
    const response = await get(`/api/vehicles/search?${query}`);
    expect(response.status).toBe(200);
    expect(await availableCount()).toBeGreaterThan(3_000);
  });
});

describe("D1's per-statement limits (docs/limits.md): 100 bound parameters, 100,000 bytes of SQL", () => {
  it("the widest search there can be stays within both, and D1 runs it", async () => {
    const statements: Array<{ sql: string; parameters: number }> = [];
    const recording = new Proxy(env.DB, {
      get(db, property) {
        if (property === "prepare")
          return (sql: string) => {
            const statement = db.prepare(sql);
            return new Proxy(statement, {
              get(target, name) {
                if (name === "bind")
                  return (...parameters: unknown[]) => {
                    statements.push({ sql, parameters: parameters.length });
                    return target.bind(...parameters);
                  };
                const value = Reflect.get(target, name);
                return typeof value === "function" ? value.bind(target) : value;
              },
            });
          };
        const value = Reflect.get(db, property);
        return typeof value === "function" ? value.bind(db) : value;
      },
    });
    // Every facet with many values (each list is one JSON parameter), every optional filter,
    // every range with both ends, and more free-text words than are used.
    const widest: SearchQuery = {
      ...parseSearchQuery(new URLSearchParams("sorting=price-desc&seite=2")),
      ...Object.fromEntries(FACET_NAMES.map((name) => [name, Array.from({ length: 200 }, (_, index) => `${name}-${index}`)])),
      features: [...OPTIONAL_FILTERS],
      ranges: Object.fromEntries(["price", ...Object.keys(RANGE_COLUMNS)].map((name) => [name, { min: 1, max: 1_000_000 }])),
      q: Array.from({ length: 20 }, (_, index) => `wort${index}`).join(" "),
    };
    const result = await searchVehicles(recording, widest);
    expect(result.total).toBe(0);
    expect(statements.length).toBeGreaterThan(10);
    for (const { sql, parameters } of statements) {
      expect(parameters, sql.slice(0, 60)).toBeLessThanOrEqual(100);
      expect(new TextEncoder().encode(sql).length, sql.slice(0, 60)).toBeLessThanOrEqual(100_000);
    }
  });
});
