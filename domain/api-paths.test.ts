import { expect, it } from "vitest";
import { API_PATHS, apiUrl } from "./api-paths.ts";

it("builds a path without parameters under /api", () => {
  expect(apiUrl("locations")).toBe("/api/locations");
  expect(apiUrl("vehicleSearch")).toBe("/api/vehicles/search");
});

it("fills a parameter in the middle of a pattern", () => {
  expect(apiUrl("priceHistory", { id: 100001 })).toBe("/api/vehicles/100001/prices");
});

it("percent-encodes a single-segment parameter, so a slash or query in it stays inside its segment", () => {
  expect(apiUrl("location", { slug: "a/b?c" })).toBe("/api/locations/a%2Fb%3Fc");
});

it("keeps the slashes of a multi-segment parameter: a story slug is a path", () => {
  expect(apiUrl("contentPage", { slug: "uber-uns/journal/neu" })).toBe("/api/content/pages/uber-uns/journal/neu");
});

it("has one entry per pattern, each an absolute path", () => {
  const patterns = Object.values(API_PATHS);
  expect(new Set(patterns).size).toBe(patterns.length);
  for (const pattern of patterns) expect(pattern).toMatch(/^\/[a-z]/);
});
