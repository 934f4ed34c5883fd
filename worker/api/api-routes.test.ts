import { describe, expect, it } from "vitest";
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

  it("unknown API paths are a JSON 404, other methods a 405", async () => {
    expect((await get("/api/nope")).status).toBe(404);
  });
});
