import { describe, expect, it } from "vitest";
import { changedFilters, DEFAULT_SORTING, emptySearchQuery, parseSearchQuery, serializeSearchQuery } from "./vehicle-search-query.ts";
import { SearchQuerySchema } from "./vehicle-search-query-schema.ts";

const parse = (query: string, scope = {}) => parseSearchQuery(new URLSearchParams(query), scope);

describe("parsing the carfinder URL", () => {
  it("the legacy carfinder-nfz target parses to the bodystyle list and price-desc", () => {
    const query = parse(
      "bodystyle=containertransport,chassiscab,panelvan,deliveryvan,tipper,boxbody,frigo,openbody,passengertransport,tarpaulin,standardtractor&sorting=price-desc",
    );
    expect(query.bodystyle).toHaveLength(11);
    expect(query.sorting).toBe("price-desc");
  });

  it("an empty query is the default search", () => {
    expect(parse("")).toEqual(emptySearchQuery());
    expect(parse("").sorting).toBe(DEFAULT_SORTING);
  });

  it("unknown parameters and values are ignored", () => {
    const query = parse("bodystyle=suv,spaceship&fuel=plutonium&foo=bar&brand=opel,hyundai");
    expect(query.bodystyle).toEqual(["suv"]);
    expect(query.fuel).toEqual([]);
    expect(query.brand).toEqual(["hyundai"]);
  });

  it("SQL-ish values never survive", () => {
    const query = parse(
      "brand=mercedes-benz'%20OR%201=1--&bodystyle=suv;DROP%20TABLE%20vehicles&location=center-goslar')--&sorting=price-desc;--",
    );
    expect(query.brand).toEqual([]);
    expect(query.bodystyle).toEqual([]);
    expect(query.location).toEqual([]);
    expect(query.sorting).toBe(DEFAULT_SORTING);
    expect(SearchQuerySchema.safeParse(query).success).toBe(true);
  });

  it("huge, negative and malformed numbers are clamped or dropped", () => {
    const query = parse("price_max=1e400&price_min=-5&mileage_max=99999999999999999999&year_min=abc&power_min=NaN&page=999999999");
    // -5 is clamped to 0, the floor, which filters nothing and so is dropped.
    expect(query.ranges.price).toBeUndefined();
    expect(query.ranges.mileage).toBeUndefined();
    expect(query.ranges.year).toBeUndefined();
    expect(query.ranges.power).toBeUndefined();
    expect(query.page).toBe(500);
  });

  it("bounds at the edge of the allowed range are dropped (a slider left at its end)", () => {
    expect(parse("power_min=0&seats_min=1&price_max=1000000").ranges).toEqual({});
    expect(serializeSearchQuery(parse("power_min=0&power_max=300")).toString()).toBe("power_max=300");
  });

  it("German number formats are understood", () => {
    expect(parse("price_max=25.000").ranges.price).toEqual({ max: 25_000 });
  });

  it("a swapped range is put right", () => {
    expect(parse("price_min=40000&price_max=20000").ranges.price).toEqual({ min: 20_000, max: 40_000 });
  });

  it("repeated parameters: lists merge, scalars take the last value", () => {
    const query = parse("fuel=diesel&fuel=electric,diesel&sorting=price-asc&sorting=mileage-desc&page=2&page=3");
    expect(query.fuel).toEqual(["diesel", "electric"]);
    expect(query.sorting).toBe("mileage-desc");
    expect(query.page).toBe(3);
  });

  it("optional filters are toggles", () => {
    expect(parse("towbar=1&parking=true&airbags=0&security=yes").features).toEqual(["towbar", "parking"]);
  });

  it("the free-text search is trimmed, cleaned and bounded", () => {
    expect(parse(`q=${encodeURIComponent("  GLC\u0000  300\n e ")}`).q).toBe("GLC 300 e");
    expect(parse(`q=${"x".repeat(10_000)}`).q).toHaveLength(80);
  });

  it("a brand-scoped path fixes the brand", () => {
    expect(parse("brand=hyundai", { brand: "smart" }).brand).toEqual(["smart"]);
  });

  it("price type is a display setting with a purchase default", () => {
    expect(parse("pricetype=private_lease").priceType).toBe("private_lease");
    expect(parse("pricetype=free").priceType).toBe("purchase");
  });
});

describe("serialising the carfinder URL", () => {
  it("round-trips and drops defaults", () => {
    const url = "bodystyle=boxbody,panelvan&fuel=diesel&towbar=1&price_max=50000&pricetype=business_lease&sorting=price-desc&page=2";
    expect(serializeSearchQuery(parse(url)).toString()).toBe(
      "bodystyle=boxbody%2Cpanelvan&fuel=diesel&towbar=1&price_max=50000&pricetype=business_lease&sorting=price-desc&page=2",
    );
    expect(serializeSearchQuery(parse("sorting=year-desc&page=1&pricetype=purchase")).toString()).toBe("");
  });

  it("equal searches give equal URLs whatever the input order", () => {
    const a = serializeSearchQuery(parse("fuel=electric,diesel&brand=smart,hyundai")).toString();
    const b = serializeSearchQuery(parse("brand=hyundai&brand=smart&fuel=diesel&fuel=electric")).toString();
    expect(a).toBe(b);
  });

  it("a brand-scoped path does not repeat its brand in the query", () => {
    expect(serializeSearchQuery(parse("", { brand: "smart" }), { brand: "smart" }).toString()).toBe("");
  });

  it("names the filters that changed between two searches, lists as arrays", () => {
    const before = parse("fuel=diesel&price_max=30000");
    const after = parse("fuel=diesel,electric&sorting=price-asc");
    expect(changedFilters(before, after)).toEqual([
      { filter_name: "fuel", filter_value: ["diesel", "electric"] },
      { filter_name: "price_max", filter_value: "" },
      { filter_name: "sorting", filter_value: "price-asc" },
    ]);
    expect(changedFilters(before, { ...before, page: 3 })).toEqual([]);
  });
});

describe("the alloy wheel size range (spec section 9: 13 to 23 inches)", () => {
  it("is parsed, clamped to 13–23 and written back canonically", () => {
    const query = parseSearchQuery(new URLSearchParams("wheels_min=18&wheels_max=18"));
    expect(query.ranges.wheels).toEqual({ min: 18, max: 18 });
    expect(serializeSearchQuery(query).toString()).toBe("wheels_min=18&wheels_max=18");
    expect(parseSearchQuery(new URLSearchParams("wheels_min=10&wheels_max=30")).ranges.wheels).toBeUndefined();
    expect(parseSearchQuery(new URLSearchParams("wheels_min=25")).ranges.wheels).toEqual({ min: 23 });
  });
});
