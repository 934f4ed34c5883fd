import { describe, expect, it } from "vitest";
import { activeFilterCount } from "./active-filter-count.ts";
import { parseSearchQuery } from "./vehicle-search-query.ts";

const parse = (query: string, scope = {}) => parseSearchQuery(new URLSearchParams(query), scope);

describe("the phone's filter button counts active filters", () => {
  it("an unfiltered search has no active filters, whatever its sorting, price type and page", () => {
    expect(activeFilterCount(parse(""))).toBe(0);
    expect(activeFilterCount(parse("sorting=price-asc&pricetype=private_lease&page=4"))).toBe(0);
  });

  it("counts every chosen option, equipment toggle, range bound and the search term", () => {
    expect(activeFilterCount(parse("fuel=diesel,electric"))).toBe(2);
    expect(activeFilterCount(parse("brand=smart&towbar=1&price_min=10000&price_max=30000&seats_min=7&q=GLC"))).toBe(6);
  });

  it("bounds that filter nothing are not counted (the parser drops them)", () => {
    expect(activeFilterCount(parse("power_min=0&price_max=1000000"))).toBe(0);
  });

  it("the brand of a /{brand}/carfinder path is the page, not a filter", () => {
    expect(activeFilterCount(parse("fuel=diesel", { brand: "smart" }), { brand: "smart" })).toBe(1);
  });
});
