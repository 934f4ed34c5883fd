import type { BrandKey } from "./brands.ts";
import type { SearchQuery } from "./vehicle-search-query.ts";

/**
 * How many filter controls a search has set, for the phone's "Filter (n)" button:
 * every chosen option and equipment toggle (the query's lists), every range bound and a search
 * term. Sorting and price type are display settings, the brand of a /{brand}/carfinder path is the
 * page's scope: neither counts. Its own module so only the carfinder page loads it.
 *
 * @example activeFilterCount(parseSearchQuery(new URLSearchParams("fuel=diesel,electric&price_max=30000"))) // 3
 */
export function activeFilterCount(query: SearchQuery, scope: { brand?: BrandKey } = {}): number {
  let count = query.q ? 1 : 0;
  for (const [name, value] of Object.entries(query)) if (Array.isArray(value) && !(name === "brand" && scope.brand)) count += value.length;
  for (const range of Object.values(query.ranges)) count += (range.min === undefined ? 0 : 1) + (range.max === undefined ? 0 : 1);
  return count;
}
