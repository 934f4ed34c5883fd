import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { VehicleSchema } from "#domain/vehicle.ts";
import { vehicleFingerprint } from "#domain/vehicle-fingerprint.ts";
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
  const { results } = await env.DB.prepare("SELECT id, data FROM vehicle_documents").all<{ id: number; data: string }>();
  const documents = new Map(results.map((row) => [row.id, row.data]));
  for (const vehicle of stocked)
    expect(vehicle.fingerprint, `vehicle ${vehicle.id}`).toBe(
      vehicleFingerprint(VehicleSchema.parse(JSON.parse(documents.get(vehicle.id)!))),
    );
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
