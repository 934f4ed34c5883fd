import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createKeptMap } from "./kept-reads.ts";
import { failingD1 } from "../test-support/d1-faults.ts";
import { d1Employees, EMPLOYEE_PAGES_TTL_MS } from "./d1-employees.ts";
import { d1Models, MODEL_VARIANTS_TTL_MS } from "./d1-models.ts";
import { d1Vehicles, VEHICLE_DOCUMENTS_TTL_MS } from "./d1-stock.ts";
import type { PricePoint } from "#domain/price-history.ts";
import type { EmployeePage, ModelVariant } from "#domain/data-schemas.ts";

const failing = failingD1(/./);

/**
 * What every one of these memos promises: within `ttlMs` the kept answer (even with D1 down), a copy
 * per caller; after it a fresh read; a failure is an error and is not kept.
 */
async function expectKeptForAWhile<T>(options: {
  ttlMs: number;
  /** Moves the kept map's clock on. */
  advance: (ms: number) => void;
  read: (db: D1Database) => Promise<T>;
  change: () => Promise<unknown>;
  mutate: (answer: T) => void;
  changed: (answer: T) => boolean;
}) {
  const first = await options.read(env.DB);
  const asRead = structuredClone(first);
  await options.change();
  const again = await options.read(failing);
  expect(again).toEqual(asRead);
  expect(again).not.toBe(first);
  options.mutate(again);
  expect(await options.read(env.DB)).toEqual(asRead);
  options.advance(options.ttlMs);
  await expect(options.read(failing)).rejects.toThrow("injected failure");
  expect(options.changed(await options.read(env.DB))).toBe(true);
}

describe("what an isolate keeps of D1 for a while (a minute, or 10 s for price histories): copies only, failures never", () => {
  it("a page of the contact-person directory", async () => {
    let clock = 0;
    const kept = createKeptMap<string, EmployeePage>(200, EMPLOYEE_PAGES_TTL_MS, () => clock);
    const search = (db: D1Database, page = 1, perPage = 24) =>
      d1Employees(db, kept).search({ location: "center-husum" }, { page, perPage });
    const { employees } = await search(env.DB);
    // Another page or page size is another entry, not the kept one.
    const [second, small] = [await search(env.DB, 2, 2), await search(env.DB, 1, 2)];
    expect(second.employees.map((employee) => employee.slug)).toEqual(employees.slice(2, 4).map((employee) => employee.slug));
    expect(small.employees).toHaveLength(2);
    const slug = employees[0]!.slug;
    await expectKeptForAWhile({
      ttlMs: EMPLOYEE_PAGES_TTL_MS,
      advance: (ms) => void (clock += ms),
      read: search,
      change: () => env.DB.prepare("UPDATE employees SET job_title = 'Umbenannt' WHERE slug = ?").bind(slug).run(),
      mutate: (page) => void (page.employees.length = 0),
      changed: (page) => page.employees.find((employee) => employee.slug === slug)?.jobTitle === "Umbenannt",
    });
  });

  it("a brand's model variants", async () => {
    let clock = 0;
    const kept = createKeptMap<string, ModelVariant[]>(128, MODEL_VARIANTS_TTL_MS, () => clock);
    const variants = (db: D1Database) => d1Models(db, kept).variants("hyundai");
    const [variant] = await variants(env.DB);
    // One model line is another entry than the whole brand.
    expect((await d1Models(env.DB, kept).variants("hyundai", variant!.model)).every((entry) => entry.model === variant!.model)).toBe(true);
    await expectKeptForAWhile({
      ttlMs: MODEL_VARIANTS_TTL_MS,
      advance: (ms) => void (clock += ms),
      read: variants,
      change: () =>
        env.DB.prepare("UPDATE model_variants SET price_gross = 12345 WHERE brand = 'hyundai' AND name = ?").bind(variant!.name).run(),
      mutate: (list) => void (list.length = 0),
      changed: (list) => list.some((entry) => entry.priceGross === 12345),
    });
  });

  it("a vehicle's price history", async () => {
    let clock = 0;
    const kept = createKeptMap<number, PricePoint[]>(2_000, VEHICLE_DOCUMENTS_TTL_MS, () => clock);
    const history = (db: D1Database) => d1Vehicles(db, undefined, undefined, kept).priceHistory(100001);
    const before = (await history(env.DB)).length;
    expect(before).toBeGreaterThan(0);
    await expectKeptForAWhile({
      ttlMs: VEHICLE_DOCUMENTS_TTL_MS,
      advance: (ms) => void (clock += ms),
      read: history,
      change: () => env.DB.prepare("INSERT INTO vehicle_prices (vehicle_id, price, valid_from) VALUES (100001, 12345, '2099-01-01')").run(),
      mutate: (points) => void (points.length = 0),
      changed: (points) => points.length === before + 1 && points.at(-1)?.price === 12345,
    });
  });
});
