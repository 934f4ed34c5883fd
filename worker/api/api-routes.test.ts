import { describe, expect, it } from "vitest";
import * as z from "zod";
import { LocationSummarySchema } from "#domain/data-schemas.ts";
import { VehicleSchema } from "#domain/vehicle.ts";
import { get } from "../test-support/requests.ts";

describe("/api", () => {
  it("returns a vehicle by id", async () => {
    const response = await get("/api/vehicles/100001");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: 100001, brand: "mercedes-benz" });
  });

  it.each(["abc", "-1", "1e400", "1;DROP TABLE vehicles", "99999999999999999999"])("vehicle id %s is a 400", async (id) => {
    const response = await get(`/api/vehicles/${encodeURIComponent(id)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toHaveProperty("error");
  });

  it("unknown vehicle is a 404 JSON", async () => {
    const response = await get("/api/vehicles/4242");
    expect(response.status).toBe(404);
  });

  it("returns the full vehicle document: offers, WLTP, equipment, images", async () => {
    const vehicle = VehicleSchema.parse(await (await get("/api/vehicles/100001")).json());
    expect(vehicle.offers.length).toBeGreaterThan(0);
    expect(vehicle.images.length).toBeGreaterThan(0);
  });

  it("lists several vehicles in the order asked for and leaves sold ones out", async () => {
    const response = await get("/api/vehicles?ids=100002,100009,100001,100002");
    expect(response.status).toBe(200);
    const vehicles = z.array(VehicleSchema).parse(await response.json());
    expect(vehicles.map((vehicle) => vehicle.id)).toEqual([100002, 100001]);
  });

  it.each(["", "abc", "1,,2", "1;DROP TABLE vehicles", "-5", Array.from({ length: 51 }, (_, index) => index + 1).join(",")])(
    "vehicle list ids=%s is a 400",
    async (ids) => {
      const response = await get(`/api/vehicles?ids=${encodeURIComponent(ids)}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toHaveProperty("error");
    },
  );

  it("route lookup needs an absolute path", async () => {
    expect((await get("/api/route-lookup")).status).toBe(400);
    expect((await get("/api/route-lookup?path=relative")).status).toBe(400);
    const found = await get("/api/route-lookup?path=/mercedes-benz/eq");
    expect(await found.json()).toEqual({ target: "/mercedes-benz/modelle" });
  });

  it("lists locations", async () => {
    const locations = (await (await get("/api/locations")).json()) as unknown[];
    expect(locations.length).toBe(8);
  });

  it("a location has showroom and workshop opening hours", async () => {
    const location = LocationSummarySchema.parse(await (await get("/api/locations/center-husum")).json());
    expect(location.openingHours?.showroom.mon).toEqual([
      ["08:00", "12:30"],
      ["13:30", "18:00"],
    ]);
    expect(location.openingHours?.workshop.sun).toBeUndefined();
  });

  it("unknown API paths are a JSON 404, other methods a 405", async () => {
    expect((await get("/api/nope")).status).toBe(404);
  });
});
