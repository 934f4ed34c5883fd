import { env } from "cloudflare:workers";
import { expect, it } from "vitest";
import { VehicleSchema } from "#domain/vehicle.ts";
import { stockFingerprint } from "#domain/vehicle-fingerprint.ts";
import { planImport } from "#domain/stock-import-plan.ts";
import { DEMO_SOURCE } from "#kv-seed/seed-data.ts";
import { DEMO_HISTORY_DAYS, demoFeeds, demoReduction } from "#kv-seed/demo-feed.ts";
import { berlinToday } from "#domain/lead-schemas.ts";
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

it("the demo stock was written by the import: five applied runs, the sold vehicle sold by the last, reductions in the price history", async () => {
  const { results: runs } = await env.DB.prepare(
    "SELECT source, outcome, added, changed, sold, started_at FROM stock_import_runs ORDER BY id",
  ).all<{ source: string; outcome: string; added: number; changed: number; sold: number; started_at: string }>();
  expect(runs.map((run) => [run.source, run.outcome])).toEqual(Array.from({ length: 5 }, () => [DEMO_SOURCE, "applied"]));
  const feeds = [...demoFeeds()];
  expect(runs[0]?.added).toBe(feeds[0]?.rows.vehicles.length);
  expect(runs.at(-1)).toMatchObject({ added: 0, changed: 0, sold: 1 });
  // Days back in the dealership's calendar (Europe/Berlin), as the import dates its runs and prices.
  const today = Date.parse(`${berlinToday()}T12:00:00Z`);
  const days = (iso: string) => Math.round((today - Date.parse(`${berlinToday(new Date(iso))}T12:00:00Z`)) / 86_400_000);
  expect(runs.map((run) => days(run.started_at))).toEqual(feeds.map((feed) => feed.daysAgo));

  const sold = await env.DB.prepare("SELECT status, sold_at FROM vehicles WHERE id = 100009").first<{ status: string; sold_at: string }>();
  expect(sold?.status).toBe("sold");
  expect(days(sold?.sold_at ?? "")).toBe(0);

  // 100001 is reduced (ids ending in 1): its first price from 60 days ago, its own from its reduction day.
  const reduction = demoReduction({ id: 100001, price: (await readPrice(100001)) ?? 0 });
  const { results: points } = await env.DB.prepare(
    "SELECT price, valid_from FROM vehicle_prices WHERE vehicle_id = 100001 ORDER BY valid_from",
  ).all<{
    price: number;
    valid_from: string;
  }>();
  expect(points.map((point) => [point.price, days(`${point.valid_from}T12:00:00Z`)])).toEqual([
    [reduction?.previousPrice, DEMO_HISTORY_DAYS],
    [await readPrice(100001), reduction?.daysAgo],
  ]);
});

async function readPrice(id: number): Promise<number | undefined> {
  return (await env.DB.prepare("SELECT price_purchase AS price FROM vehicles WHERE id = ?").bind(id).first<{ price: number }>())?.price;
}
