import { expect, it } from "vitest";
import { BrandParamSchema, ContentSlugSchema, VehicleParamSchema } from "./route-params.ts";
import { vehiclePath } from "./site-paths.ts";

it("a vehicle param is a number, then -1-, then a slug", () => {
  expect(VehicleParamSchema.parse("123456-1-mercedes-benz-a-180")).toEqual({ id: 123456, slug: "mercedes-benz-a-180" });
});

it.each(["abc-1-slug", "123-2-slug", "123-1-", "0-1-slug", "123-1-Slug", "123-1-slug/", "1234567890123-1-x", "123-1-a--b", "123"])(
  "vehicle param %s is invalid",
  (value) => {
    expect(VehicleParamSchema.safeParse(value).success).toBe(false);
  },
);

it("a brand is one of the six brands", () => {
  for (const brand of ["mercedes-benz", "astonmartin", "hyundai", "smart", "hymer", "iveco"]) {
    expect(BrandParamSchema.safeParse(brand).success).toBe(true);
  }
  expect(BrandParamSchema.safeParse("opel").success).toBe(false);
  expect(BrandParamSchema.safeParse("Mercedes-Benz").success).toBe(false);
});

it("content slugs allow nested editorial paths but no traversal or odd characters", () => {
  expect(ContentSlugSchema.safeParse("werkstatt/service-angebote-mercedes-benz/pkw").success).toBe(true);
  expect(ContentSlugSchema.safeParse("Aktionsangebote").success).toBe(true);
  for (const bad of ["../etc", "a//b", "a b", "<script>", ""]) expect(ContentSlugSchema.safeParse(bad).success).toBe(false);
});

it("builds vehicle paths, brand-scoped or not", () => {
  expect(vehiclePath({ id: 7, slug: "x" })).toBe("/carfinder/7-1-x");
  expect(vehiclePath({ id: 7, slug: "x" }, "smart")).toBe("/smart/carfinder/7-1-x");
});
