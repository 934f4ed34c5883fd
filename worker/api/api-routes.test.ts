import { describe, expect, it } from "vitest";
import * as z from "zod";
import { API_PATH_METHODS, API_PATHS, API_PREFIX } from "#domain/api-paths.ts";
import { LocationSummarySchema } from "#domain/data-schemas.ts";
import { VehicleSchema } from "#domain/vehicle.ts";
import { get } from "../test-support/requests.ts";
import { apiRoutes } from "./api-routes.ts";

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

  it.each([
    ["/api/route-lookup?path=relative", "Query parameter 'path' must be an absolute path."],
    ["/api/content/pages/a..b", "Invalid slug."],
    [
      "/api/content/articles?starts_with=..",
      "Query: starts_with must be a folder slug; page 1-1000, per_page 1-100 and tag up to 100 characters are optional.",
    ],
    ["/api/vehicles?ids=abc", "Query parameter 'ids' must list 1 to 50 positive integers, comma-separated."],
    ["/api/vehicles/adverts?ids=", "Query parameter 'ids' must list 1 to 50 positive integers, comma-separated."],
    ["/api/vehicles/abc/prices", "Vehicle id must be a positive integer."],
    ["/api/vehicles/-1", "Vehicle id must be a positive integer."],
    ["/api/locations/Center_Husum", "Invalid location slug."],
    ["/api/models/hyundai?model=I30!", "Query parameter 'model' must be a model slug."],
    ["/api/employees?per_page=0", "Query parameter 'per_page' must be an integer from 1 to 100."],
    ["/api/employees?per_page=2.5", "Query parameter 'per_page' must be an integer from 1 to 100."],
  ])("%s is a 400 that says what is wrong", async (path, error) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error });
  });

  it("an unknown brand in the model catalogue is a 404", async () => {
    const response = await get("/api/models/trabant");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Unknown brand." });
  });
});

describe("the API table (domain/api-paths.ts)", () => {
  it("is what the worker serves: a GET and a 405 for each path, besides only the lead API and the 404", () => {
    const table = Object.values(API_PATHS);
    expect(apiRoutes().routes.map(({ method, path }) => `${method} ${path}`)).toEqual([
      ...table.map((path) => `GET ${path}`),
      // After every GET handler: a GET never reaches a 405.
      ...table.map((path) => `ALL ${path}`),
      "POST /leads",
      "ALL /leads",
      "GET /leads/files/:leadId/:position",
      "ALL /leads/files/:leadId/:position",
      "ALL /*",
    ]);
  });

  // Every path with sample parameters ("1" for each): only the method matters for the 405.
  it.each(Object.entries(API_PATHS).map(([name, pattern]) => [name, pattern.replace(/:\w+(?:\{[^}]*\})?/g, "1")]))(
    "%s (%s) answers another method with 405 and Allow: GET, HEAD",
    async (_, path) => {
      for (const method of ["POST", "PUT", "DELETE"]) {
        const response = await get(`${API_PREFIX}${path}`, { method });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get("Allow")).toBe(API_PATH_METHODS);
        expect(await response.json()).toEqual({ error: "Method not allowed." });
      }
    },
  );
});
