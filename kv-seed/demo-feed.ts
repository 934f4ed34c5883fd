import type { FeedRows, FeedVehicle } from "#domain/stock-feed/feed-row.ts";
import type { Vehicle } from "#domain/vehicle.ts";
import { imageColorKey } from "#domain/vehicle-row.ts";
import { DEMO_STOCK_SIZE, demoStock, type StockEntry } from "./demo-vehicles.ts";

/**
 * The demo generator as a source of the stock import (docs/stock-import.md): the seed does not
 * write vehicles itself, it replays a short history of feeds of the source `demo` through the same
 * import as the listing service and the DMS exports (plan, one D1 transaction, price history, sold
 * marks, run record, stock version):
 *
 *   60 days ago   every vehicle, the reduced ones (every tenth: ids ending in 1) at their old price
 *   25, 15, 5 days ago   a third of the reduced ones each at their new price (4–8 % less), so the
 *                 PAngV § 11 label has a reduction and a 30-day lowest price to show
 *   today         the stock as it is: the vehicles the demo shows as sold are missing, so the
 *                 import marks them sold (compare, favourites and their pages say they are gone)
 *
 * Each vehicle asks for its demo id (domain/stock-import-plan.ts), so ids and URLs are the ones
 * tests, docs and the legacy redirects name.
 */
export const DEMO_SOURCE = "demo";

/** Days before today the demo's reduced prices apply from: one replayed feed each. */
export const DEMO_REDUCTION_DAYS = [25, 15, 5] as const;
/** How long the demo's first prices have held. */
export const DEMO_HISTORY_DAYS = 60;

export interface DemoFeed {
  /** Days before today the feed is imported as of. */
  daysAgo: number;
  rows: FeedRows;
}

/** A reduced demo vehicle's earlier price and the day (days ago) its current one applies from; null for the rest. */
export function demoReduction(vehicle: Pick<Vehicle, "id" | "price">): { previousPrice: number; daysAgo: number } | null {
  if (vehicle.id % 10 !== 1) return null;
  return {
    previousPrice: Math.round((vehicle.price * (1.04 + (vehicle.id % 7) * 0.006)) / 10) * 10,
    daysAgo: DEMO_REDUCTION_DAYS[vehicle.id % DEMO_REDUCTION_DAYS.length] ?? 5,
  };
}

function feedVehicle({ vehicle }: StockEntry, index: number, daysAgo: number): FeedVehicle {
  const { id, ...rest } = vehicle;
  const reduction = demoReduction(vehicle);
  const price = reduction !== null && daysAgo > reduction.daysAgo ? reduction.previousPrice : vehicle.price;
  return { row: index + 1, key: String(id), id, vehicle: { ...rest, price }, colorKey: imageColorKey(vehicle) };
}

/**
 * The feeds to import, oldest first, for a demo stock of `size` generated vehicles (plus the pinned
 * ones); one at a time, so a bench's 50,000 vehicles are not held five times over.
 */
export function* demoFeeds(size = DEMO_STOCK_SIZE): Generator<DemoFeed> {
  const stock = demoStock(size);
  const feed = (daysAgo: number, entries: readonly StockEntry[]): DemoFeed => ({
    daysAgo,
    rows: { vehicles: entries.map((entry, index) => feedVehicle(entry, index, daysAgo)), rejected: [], unmapped: [] },
  });
  yield feed(DEMO_HISTORY_DAYS, stock);
  for (const daysAgo of DEMO_REDUCTION_DAYS) yield feed(daysAgo, stock);
  yield feed(
    0,
    stock.filter((entry) => entry.status === "available"),
  );
}
