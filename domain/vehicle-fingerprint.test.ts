import { expect, it } from "vitest";
import { vehicleFingerprint } from "./vehicle-fingerprint.ts";

it("is the same for the same vehicle whatever the order of its fields, and differs for any change", () => {
  const vehicle = { id: 1, price: 20_000, wltp: { co2: 120, consumption: 5.1 }, images: ["a.jpg", "b.jpg"], listPrice: undefined };
  const reordered = { images: ["a.jpg", "b.jpg"], wltp: { consumption: 5.1, co2: 120 }, price: 20_000, id: 1 };
  expect(vehicleFingerprint(reordered)).toBe(vehicleFingerprint(vehicle));
  expect(vehicleFingerprint(vehicle)).toMatch(/^[0-9a-z]{6,11}$/);
  for (const changed of [
    { ...vehicle, price: 19_990 },
    { ...vehicle, wltp: { co2: 121, consumption: 5.1 } },
    { ...vehicle, images: ["b.jpg", "a.jpg"] },
    { ...vehicle, listPrice: 25_000 },
  ])
    expect(vehicleFingerprint(changed)).not.toBe(vehicleFingerprint(vehicle));
});

it("leaves out the site's id: a feed's vehicle matches its stocked self before it has one", () => {
  const stocked = { id: 100_001, slug: "a-180", price: 20_000 };
  const { id: _id, ...fromFeed } = stocked;
  expect(vehicleFingerprint(fromFeed)).toBe(vehicleFingerprint(stocked));
  expect(vehicleFingerprint({ ...stocked, slug: "a-200" })).not.toBe(vehicleFingerprint(stocked));
});
