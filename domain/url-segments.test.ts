import { describe, expect, it } from "vitest";
import { DEFAULT_URL_SEGMENTS, SEGMENTS, URL_SEGMENTS } from "./url-segments.ts";
import { COMPARE_PATH, FAVOURITES_PATH, locationPath, modelsPath, vehicleFormPath, vehiclePath } from "./site-paths.ts";
import { leaseCalculatorPath, leasePath } from "./lease-paths.ts";

describe("localized URL segments (spec section 2)", () => {
  it("the defaults are the spec's", () => {
    expect(Object.values(DEFAULT_URL_SEGMENTS)).toEqual(
      expect.arrayContaining([
        "stock",
        "compare",
        "favorite",
        "interest",
        "test-drive",
        "lease-calculator",
        "private-lease",
        "private-finance",
        "business-lease",
        "business-finance",
        "locations",
        "models",
      ]),
    );
  });

  it.each(Object.entries(URL_SEGMENTS))("%s: every segment is a lower-case URL word, and no two are the same", (_, table) => {
    expect(Object.keys(table).sort()).toEqual(Object.keys(DEFAULT_URL_SEGMENTS).sort());
    for (const segment of Object.values(table)) expect(segment).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(Object.values(table)).size).toBe(Object.values(table).length);
  });

  it("de keeps the defaults except where the spec's German routes differ", () => {
    const changed = Object.entries(URL_SEGMENTS.de).filter(
      ([key, value]) => DEFAULT_URL_SEGMENTS[key as keyof typeof DEFAULT_URL_SEGMENTS] !== value,
    );
    expect(Object.fromEntries(changed)).toEqual({
      compare: "vergleichen",
      favorite: "favoriten",
      interest: "interesse",
      testDrive: "probefahrt",
      models: "modelle",
    });
    expect(SEGMENTS).toBe(URL_SEGMENTS.de);
  });

  it("the site's paths are built from them: the spec's routes", () => {
    const vehicle = { id: 100001, slug: "mercedes-benz-a-180-progressive" };
    expect(vehiclePath(vehicle)).toBe("/carfinder/100001-1-mercedes-benz-a-180-progressive");
    expect(vehiclePath(vehicle, "mercedes-benz")).toBe("/mercedes-benz/carfinder/100001-1-mercedes-benz-a-180-progressive");
    expect(vehicleFormPath(vehicle, "interest")).toBe("/carfinder/100001-1-mercedes-benz-a-180-progressive/interesse");
    expect(vehicleFormPath(vehicle, "testDrive", "smart")).toBe("/smart/carfinder/100001-1-mercedes-benz-a-180-progressive/probefahrt");
    expect([COMPARE_PATH, FAVOURITES_PATH]).toEqual(["/carfinder/vergleichen", "/carfinder/favoriten"]);
    expect(modelsPath("hyundai")).toBe("/hyundai/modelle");
    expect(modelsPath("hyundai", "tucson", "testDrive")).toBe("/hyundai/modelle/tucson/probefahrt");
    expect(modelsPath("hyundai", "tucson", "contact")).toBe("/hyundai/modelle/tucson/kontakt");
    expect(leasePath("privateLease")).toBe("/stock/private-lease");
    expect(leasePath("businessLease", "iveco", vehicle)).toBe("/iveco/stock/business-lease/100001-1-mercedes-benz-a-180-progressive");
    expect(leaseCalculatorPath(vehicle)).toBe("/stock/100001-1-mercedes-benz-a-180-progressive/lease-calculator");
    expect(leaseCalculatorPath(vehicle, "hyundai")).toBe("/hyundai/stock/100001-1-mercedes-benz-a-180-progressive/lease-calculator");
    expect([locationPath("center-goslar"), locationPath("center-goslar", "smart")]).toEqual([
      "/center/center-goslar",
      "/smart/locations/center-goslar",
    ]);
  });
});

describe("the vehicle segment (spec section 2: a number, then -1-, then a slug)", () => {
  it("parses what vehicleSegment writes, and nothing else", async () => {
    const { parseVehicleSegment, vehicleSegment } = await import("./site-paths.ts");
    expect(parseVehicleSegment(vehicleSegment({ id: 123456, slug: "mercedes-benz-a-180" }))).toEqual({
      id: 123456,
      slug: "mercedes-benz-a-180",
    });
    for (const bad of ["0-1-x", "123-2-x", "123-1-", "123-1-X", "123-1-a--b", "__proto__", "1234567890123-1-x"])
      expect(parseVehicleSegment(bad), bad).toBeNull();
  });
});
