import { expect, it } from "vitest";
import type { RouteObject } from "react-router";
import { SEGMENTS } from "#domain/url-segments.ts";
import { routes } from "./route-table.ts";

function paths(list: RouteObject[]): string[] {
  return list.flatMap((route) => [...(route.path ? [route.path] : []), ...paths(route.children ?? [])]);
}

it("the route table's paths carry the locale's segments", () => {
  const all = paths(routes).join(" ");
  for (const [key, segment] of Object.entries(SEGMENTS)) {
    if (key === "privateLease" || key === "businessLease" || key === "privateFinance" || key === "businessFinance") continue; // :offerSection
    expect(all, key).toContain(segment);
  }
  expect(paths(routes)).toEqual(
    expect.arrayContaining([
      "carfinder/vergleichen",
      "carfinder/favoriten",
      "carfinder/:vehicle/interesse",
      ":brand/modelle/:model/probefahrt",
      "stock/:vehicle/lease-calculator",
      ":brand/locations/:location",
      ":brand/stock/:offerSection",
    ]),
  );
});
