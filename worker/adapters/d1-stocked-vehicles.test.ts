import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { VehicleSchema } from "#domain/vehicle.ts";
import { stockFingerprint } from "#domain/vehicle-fingerprint.ts";
import { planImport } from "#domain/stock-import-plan.ts";
import { DEMO_SOURCE } from "#kv-seed/seed-data.ts";
import { highestVehicleId, readStockedVehicles } from "./d1-stocked-vehicles.ts";

it("the seeded demo stock is a source like any other: every vehicle by its key, with its document's fingerprint", async () => {
  const stocked = await readStockedVehicles(env.DB);
  const total = await env.DB.prepare("SELECT COUNT(*) AS n FROM vehicles").first<{ n: number }>();
  expect(stocked).toHaveLength(total!.n);
  for (const vehicle of stocked) expect(vehicle.sourceKey).toBe(`${DEMO_SOURCE}:${vehicle.id}`);
  expect(stocked.some((vehicle) => vehicle.status === "sold")).toBe(true);

  // The fingerprint is of the vehicle as validated, as an import's adapters will hand it in.
  const { results } = await env.DB.prepare("SELECT d.id, d.data, v.color_key FROM vehicle_documents d JOIN vehicles v ON v.id = d.id").all<{
    id: number;
    data: string;
    color_key: string;
  }>();
  const documents = new Map(results.map((row) => [row.id, row]));
  for (const vehicle of stocked) {
    const row = documents.get(vehicle.id)!;
    expect(vehicle.fingerprint, `vehicle ${vehicle.id}`).toBe(stockFingerprint(VehicleSchema.parse(JSON.parse(row.data)), row.color_key));
  }
  expect(await highestVehicleId(env.DB)).toBe(Math.max(...stocked.map((vehicle) => vehicle.id)));
});

it("importing the stock as it is changes nothing", async () => {
  const stocked = await readStockedVehicles(env.DB);
  const available = stocked.filter((vehicle) => vehicle.status === "available");
  const plan = planImport(stocked, available, {
    today: "2026-11-28",
    nextId: (await highestVehicleId(env.DB)) + 1,
    maxSoldShare: 0.3,
    minCenterStock: 10,
    force: false,
  });
  expect(plan).toEqual({ added: [], changed: [], sold: [], prices: [], unchanged: available.length, kept: 0, valve: [], refused: false });
});
