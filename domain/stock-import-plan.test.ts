import { describe, expect, it } from "vitest";
import {
  DuplicateSourceKeyError,
  planImport,
  WHOLE_SOURCE,
  type ImportPlanOptions,
  type IncomingVehicle,
  type StockedVehicle,
} from "./stock-import-plan.ts";

const OPTIONS: ImportPlanOptions = { today: "2026-11-28", nextId: 500, maxSoldShare: 0.3, minCenterStock: 10, force: false };

const stocked = (id: number, overrides: Partial<StockedVehicle> = {}): StockedVehicle => ({
  id,
  sourceKey: `mobilede:${id}`,
  status: "available",
  location: "center-husum",
  slug: `auto-${id}`,
  price: 20_000,
  fingerprint: `doc-${id}`,
  ...overrides,
});
const incoming = (vehicle: StockedVehicle, overrides: Partial<IncomingVehicle> = {}): IncomingVehicle => ({
  sourceKey: vehicle.sourceKey,
  location: vehicle.location,
  slug: vehicle.slug,
  price: vehicle.price,
  fingerprint: vehicle.fingerprint,
  ...overrides,
});

describe("planImport", () => {
  it("keeps ids by source key, adds the new with the next ids and their first price, counts the unchanged", () => {
    const stock = [stocked(1), stocked(2)];
    const plan = planImport(
      stock,
      [
        incoming(stock[0]!),
        incoming(stock[1]!),
        { sourceKey: "dms:A7", location: "center-husum", slug: "neu", price: 31_990, fingerprint: "x" },
      ],
      OPTIONS,
    );
    expect(plan.unchanged).toBe(2);
    expect(plan.added).toEqual([{ id: 500, vehicle: expect.objectContaining({ sourceKey: "dms:A7" }) }]);
    expect(plan.prices).toEqual([{ id: 500, price: 31_990, validFrom: "2026-11-28" }]);
    expect(plan).toMatchObject({ changed: [], sold: [], valve: [], refused: false });
  });

  it("a new vehicle gets the id it asks for when no vehicle ever had it and no other asks for it; else the next free one", () => {
    const stock = [stocked(1, { sourceKey: "demo:1" })];
    const fresh = (key: string, id?: number): IncomingVehicle => ({
      sourceKey: `demo:${key}`,
      location: "center-husum",
      slug: key,
      price: 10_000,
      fingerprint: key,
      ...(id !== undefined && { id }),
    });
    const plan = planImport(
      stock,
      [
        incoming(stock[0]!, { id: 7_000 }),
        fresh("a", 501),
        fresh("b"),
        fresh("c", 4_711_235),
        fresh("d", 499),
        fresh("e", 900),
        fresh("f", 900),
        fresh("g"),
      ],
      OPTIONS,
    );
    // 501 and 4,711,235 as asked; 499 is below nextId (it may have been a deleted vehicle's); 900
    // is asked twice; the rest count up from nextId, passing over the asked ids.
    expect(plan.added.map(({ id, vehicle }) => [vehicle.sourceKey, id])).toEqual([
      ["demo:a", 501],
      ["demo:b", 500],
      ["demo:c", 4_711_235],
      ["demo:d", 502],
      ["demo:e", 503],
      ["demo:f", 504],
      ["demo:g", 505],
    ]);
    expect(plan.changed).toEqual([]);
  });

  it("a price change is a new history point from today; a changed title keeps the id and names the old slug", () => {
    const stock = [stocked(1), stocked(2)];
    const plan = planImport(stock, [incoming(stock[0]!, { price: 18_490 }), incoming(stock[1]!, { slug: "auto-2-neu" })], OPTIONS);
    expect(plan.prices).toEqual([{ id: 1, price: 18_490, validFrom: "2026-11-28" }]);
    expect(plan.changed).toEqual([
      { id: 1, vehicle: expect.objectContaining({ price: 18_490 }), previousSlug: "auto-1", returned: false },
      { id: 2, vehicle: expect.objectContaining({ slug: "auto-2-neu" }), previousSlug: "auto-2", returned: false },
    ]);
  });

  it("a vehicle missing from the feed is sold (once); one that comes back is available again without a new id", () => {
    const stock = [stocked(1), stocked(2), stocked(3, { status: "sold" })];
    const plan = planImport(stock, [incoming(stock[0]!), incoming(stock[2]!)], { ...OPTIONS, minCenterStock: 100 });
    expect(plan.sold).toEqual([2]);
    expect(plan.changed).toEqual([
      { id: 3, vehicle: expect.objectContaining({ sourceKey: "mobilede:3" }), previousSlug: "auto-3", returned: true },
    ]);
    expect(plan.added).toEqual([]);
    // Already sold and still missing: nothing to do.
    expect(planImport([stocked(4, { status: "sold" })], [], OPTIONS).sold).toEqual([]);
  });

  it("the valve refuses an import that would sell more than the share of a center's stock, unless forced", () => {
    const husum = Array.from({ length: 10 }, (_, index) => stocked(index + 1));
    const goslar = Array.from({ length: 10 }, (_, index) => stocked(index + 101, { location: "center-goslar" }));
    // Husum's feed is empty (a broken export); Goslar sells 3 of 10, exactly the share.
    const feed = goslar.slice(3).map((vehicle) => incoming(vehicle));
    const plan = planImport([...husum, ...goslar], feed, OPTIONS);
    expect(plan.valve).toEqual([
      { location: "center-husum", available: 10, sold: 10, share: 1 },
      { location: WHOLE_SOURCE, available: 20, sold: 13, share: 0.65 },
    ]);
    expect(plan.refused).toBe(true);
    expect(plan.sold).toHaveLength(13);
    expect(planImport([...husum, ...goslar], feed, { ...OPTIONS, force: true }).refused).toBe(false);
    // A small center is not judged by the share; an empty feed is refused whatever the size.
    expect(planImport(husum.slice(0, 3), [incoming(husum[0]!)], OPTIONS).refused).toBe(false);
    expect(planImport(husum.slice(0, 3), [], OPTIONS).valve).toEqual([{ location: WHOLE_SOURCE, available: 3, sold: 3, share: 1 }]);
    // Many small centers: judged as a whole.
    const small = Array.from({ length: 12 }, (_, index) => stocked(index + 200, { location: `center-${index % 4}` }));
    const truncated = planImport(
      small,
      small.slice(0, 4).map((vehicle) => incoming(vehicle)),
      OPTIONS,
    );
    expect(truncated.valve).toEqual([{ location: WHOLE_SOURCE, available: 12, sold: 8, share: 8 / 12 }]);
    expect(truncated.refused).toBe(true);
  });

  it("a vehicle whose row was refused is left as it is, not sold", () => {
    const stock = [stocked(1), stocked(2)];
    const plan = planImport(stock, [incoming(stock[0]!)], { ...OPTIONS, minCenterStock: 100, keep: new Set(["mobilede:2"]) });
    expect(plan.sold).toEqual([]);
    expect(plan.kept).toBe(1);
    expect(plan.unchanged).toBe(1);
  });

  it("refuses a feed that names a vehicle twice", () => {
    const [vehicle] = [stocked(1)];
    expect(() => planImport([vehicle], [incoming(vehicle), incoming(vehicle, { price: 1 })], OPTIONS)).toThrow(DuplicateSourceKeyError);
  });
});
