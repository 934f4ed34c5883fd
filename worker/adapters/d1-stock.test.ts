import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { VehicleSchema } from "#domain/vehicle.ts";
import { DEMO_STOCK_SIZE, PINNED_VEHICLES } from "#kv-seed/demo-vehicles.ts";
import { createLocationsMemo, createVehicleDocuments, d1Locations, d1Vehicles } from "./d1-stock.ts";

describe("demo stock in D1", () => {
  it("holds the generated stock plus the pinned vehicles", async () => {
    const row = await env.DB.prepare("SELECT COUNT(*) AS total, SUM(status = 'available') AS available FROM vehicles").first<{
      total: number;
      available: number;
    }>();
    expect(row?.total).toBe(DEMO_STOCK_SIZE + PINNED_VEHICLES.length);
    expect(row?.available).toBeGreaterThanOrEqual(3_000);
  });

  it("every stored vehicle parses with the production schema and matches its columns", async () => {
    const { results } = await env.DB.prepare(
      "SELECT v.id, v.brand, v.price_purchase, d.data FROM vehicles v JOIN vehicle_documents d ON d.id = v.id",
    ).all<{ id: number; brand: string; price_purchase: number; data: string }>();
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

  it("pages' vehicle documents are kept for 10 s: a sale without a stock import shows within it; copies only", async () => {
    let clock = 0;
    const vehicles = d1Vehicles(
      env.DB,
      undefined,
      createVehicleDocuments(10_000, () => clock),
    );
    const first = (await vehicles.getById(100002))!;
    expect(first.slug).toBe("mercedes-benz-glc-300-e-4matic");
    first.title = "verändert";
    await env.DB.prepare("UPDATE vehicles SET status = 'sold' WHERE id = 100002").run();
    try {
      clock = 9_999;
      const kept = await vehicles.getById(100002);
      expect(kept?.title).toBe("Mercedes-Benz GLC 300 e 4MATIC");
      expect((await vehicles.getMany([100002, 100001])).map((vehicle) => vehicle.id)).toEqual([100002, 100001]);
      clock = 10_000;
      expect(await vehicles.getById(100002)).toBeNull();
      expect((await vehicles.getMany([100002, 100001])).map((vehicle) => vehicle.id)).toEqual([100001]);
      // Without kept documents (leads) D1 answers at once.
      expect(await d1Vehicles(env.DB).getById(100002)).toBeNull();
    } finally {
      await env.DB.prepare("UPDATE vehicles SET status = 'available' WHERE id = 100002").run();
    }
  });

  it.each([
    ["construction_year DESC, id", "vehicles_available_year"],
    ["price_purchase, id", "vehicles_available_price"],
    ["mileage_km, id", "vehicles_available_mileage"],
  ])("sorting by %s walks its index instead of sorting the table", async (order, index) => {
    const { results } = await env.DB.prepare(
      `EXPLAIN QUERY PLAN SELECT id FROM vehicles WHERE status = 'available' ORDER BY ${order} LIMIT 24`,
    ).all<{ detail: string }>();
    const plan = results.map((step) => step.detail).join(" | ");
    expect(plan).toContain(index);
    expect(plan).not.toContain("USE TEMP B-TREE FOR ORDER BY");
  });
});

describe("the isolate's location list", () => {
  /** Counts the list queries that reach D1; `fail` makes them reject like an unavailable D1. */
  function countingDb(fail = { now: false }) {
    const counter = { reads: 0 };
    const db = {
      prepare(sql: string) {
        const statement = env.DB.prepare(sql);
        return {
          all: () => {
            counter.reads++;
            return fail.now ? Promise.reject(new Error("D1_ERROR: unavailable")) : statement.all();
          },
        };
      },
    } as unknown as D1Database;
    return { db, counter };
  }

  it("reads D1 once per minute and gives every caller its own copy", async () => {
    let clock = 0;
    const memo = createLocationsMemo(60_000, () => clock);
    const { db, counter } = countingDb();
    const locations = d1Locations(db, memo);
    const first = await locations.list();
    expect(first.length).toBeGreaterThan(5);
    first.reverse();
    const second = await locations.list();
    expect(counter.reads).toBe(1);
    expect(second[0]!.name <= second.at(-1)!.name).toBe(true);
    clock = 60_000;
    await locations.list();
    expect(counter.reads).toBe(2);
  });

  it("concurrent callers share one read; a read that never settles (its request cancelled) holds them for the wait at most", async () => {
    const shared = countingDb();
    const memo = createLocationsMemo(60_000, Date.now, 100);
    await Promise.all([memo.list(shared.db), memo.list(shared.db), memo.list(shared.db)]);
    expect(shared.counter.reads).toBe(1);

    let reads = 0;
    const hanging = {
      prepare: (sql: string) => ({
        all: () => (++reads === 1 ? new Promise<never>(() => undefined) : env.DB.prepare(sql).all()),
      }),
    } as unknown as D1Database;
    const stuck = createLocationsMemo(60_000, Date.now, 100);
    void stuck.list(hanging);
    const started = Date.now();
    expect((await stuck.list(hanging)).length).toBeGreaterThan(5);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(reads).toBe(2);
  });

  it("keeps no failure: the next request asks D1 again", async () => {
    const memo = createLocationsMemo(60_000, () => 0);
    const fail = { now: true };
    const { db, counter } = countingDb(fail);
    const locations = d1Locations(db, memo);
    await expect(locations.list()).rejects.toThrow("D1_ERROR");
    fail.now = false;
    expect((await locations.list()).length).toBeGreaterThan(5);
    expect(counter.reads).toBe(2);
  });
});

describe("a location by its slug", () => {
  it("comes from the kept list; an unknown slug is null", async () => {
    const locations = d1Locations(env.DB, createLocationsMemo());
    const [first] = await locations.list();
    expect(await locations.getBySlug(first!.slug)).toEqual(first);
    expect(await locations.getBySlug("gibt-es-nicht")).toBeNull();
    expect(await locations.getBySlug("__proto__")).toBeNull();
  });
});
