import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { VehicleSchema } from "#domain/vehicle.ts";
import { DEMO_STOCK_SIZE, PINNED_VEHICLES } from "#kv-seed/demo-vehicles.ts";
import { d1Vehicles } from "./d1-stock.ts";

describe("demo stock in D1", () => {
  it("holds the generated stock plus the pinned vehicles", async () => {
    const row = await env.DB.prepare("SELECT COUNT(*) AS total, SUM(status = 'available') AS available FROM vehicles").first<{ total: number; available: number }>();
    expect(row?.total).toBe(DEMO_STOCK_SIZE + PINNED_VEHICLES.length);
    expect(row?.available).toBeGreaterThanOrEqual(3_000);
  });

  it("every stored vehicle parses with the production schema and matches its columns", async () => {
    const { results } = await env.DB.prepare("SELECT v.id, v.brand, v.price_purchase, d.data FROM vehicles v JOIN vehicle_documents d ON d.id = v.id").all<{ id: number; brand: string; price_purchase: number; data: string }>();
    for (const row of results) {
      const vehicle = VehicleSchema.parse(JSON.parse(row.data));
      expect(vehicle.id).toBe(row.id);
      expect(vehicle.brand).toBe(row.brand);
      expect(vehicle.price).toBe(row.price_purchase);
    }
  });

  it("a sold vehicle is not found; an available one is", async () => {
    const vehicles = d1Vehicles(env.DB);
    expect(await vehicles.getById(100009)).toBeNull();
    expect(await vehicles.getById(100001)).toMatchObject({ slug: "mercedes-benz-a-180-progressive", brand: "mercedes-benz" });
  });

  it.each([
    ["construction_year DESC, id", "vehicles_available_year"],
    ["price_purchase, id", "vehicles_available_price"],
    ["mileage_km, id", "vehicles_available_mileage"],
  ])("sorting by %s walks its index instead of sorting the table", async (order, index) => {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN SELECT id FROM vehicles WHERE status = 'available' ORDER BY ${order} LIMIT 24`).all<{ detail: string }>();
    const plan = results.map((step) => step.detail).join(" | ");
    expect(plan).toContain(index);
    expect(plan).not.toContain("USE TEMP B-TREE FOR ORDER BY");
  });
});
