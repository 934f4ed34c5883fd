import { describe, expect, it } from "vitest";
import { DEMO_HISTORY_DAYS, DEMO_REDUCTION_DAYS, demoFeeds, demoReduction } from "./demo-feed.ts";
import { demoStock, PINNED_VEHICLES } from "./demo-vehicles.ts";

describe("the demo generator as a source of the stock import", () => {
  const feeds = [...demoFeeds(200)];
  const stock = demoStock(200);

  it("replays a history, oldest first: everything 60 days ago, the reductions, then today's stock without the sold vehicles", () => {
    expect(feeds.map((feed) => feed.daysAgo)).toEqual([DEMO_HISTORY_DAYS, ...DEMO_REDUCTION_DAYS, 0]);
    expect(feeds[0]?.rows.vehicles).toHaveLength(stock.length);
    const sold = PINNED_VEHICLES.filter((vehicle) => vehicle.status === "sold").map((vehicle) => String(vehicle.id));
    expect(sold.length).toBeGreaterThan(0);
    const today = feeds.at(-1)?.rows.vehicles.map((row) => row.key) ?? [];
    expect(today).toHaveLength(stock.length - sold.length);
    for (const key of sold) expect(today).not.toContain(key);
    for (const feed of feeds) expect(feed.rows).toMatchObject({ rejected: [], unmapped: [] });
  });

  it("every vehicle is keyed by its demo id and asks for it, its document the generator's", () => {
    for (const row of feeds[0]?.rows.vehicles ?? []) {
      expect(row.key).toBe(String(row.id));
      expect(row.vehicle).not.toHaveProperty("id");
    }
    const first = feeds.at(-1)?.rows.vehicles[0];
    const { id, ...vehicle } = stock[0]!.vehicle;
    expect(first).toMatchObject({ key: String(id), id, vehicle });
  });

  it("a reduced vehicle has its old price until its reduction day and its own from then on; the others one price throughout", () => {
    const priceIn = (daysAgo: number, key: string) =>
      feeds.find((feed) => feed.daysAgo === daysAgo)?.rows.vehicles.find((row) => row.key === key)?.vehicle.price;
    let reduced = 0;
    for (const { vehicle } of stock) {
      const reduction = demoReduction(vehicle);
      const key = String(vehicle.id);
      if (reduction === null) {
        for (const feed of feeds)
          if (feed.rows.vehicles.some((row) => row.key === key)) expect(priceIn(feed.daysAgo, key)).toBe(vehicle.price);
        continue;
      }
      reduced++;
      // PAngV § 11: a real reduction (4–8 %), within the 30 days the label looks back on.
      expect(reduction.previousPrice / vehicle.price).toBeGreaterThan(1.03);
      expect(reduction.previousPrice / vehicle.price).toBeLessThan(1.09);
      expect(reduction.daysAgo).toBeLessThan(30);
      for (const feed of feeds) {
        if (!feed.rows.vehicles.some((row) => row.key === key)) continue;
        expect(priceIn(feed.daysAgo, key)).toBe(feed.daysAgo > reduction.daysAgo ? reduction.previousPrice : vehicle.price);
      }
    }
    expect(reduced).toBeGreaterThan(15);
  });
});
