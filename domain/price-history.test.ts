import { describe, expect, it } from "vitest";
import { type PricePoint, priceReduction } from "./price-history.ts";

const TODAY = "2026-11-25";

/** A price history from `[validFrom, price]` steps. */
const history = (...steps: Array<[validFrom: string, price: number]>): PricePoint[] =>
  steps.map(([validFrom, price]) => ({ price, validFrom }));

describe("a price reduction (PAngV § 11)", () => {
  it("refers to the lowest price of the 30 days before the reduction", () => {
    const prices = history(["2026-09-01", 42_990], ["2026-10-20", 41_490], ["2026-11-10", 39_990]);
    // 30 days before 2026-11-10: from 2026-10-11; in effect then were 42,990 (until 10-19) and 41,490.
    expect(priceReduction(prices, 39_990, TODAY)).toEqual({ since: "2026-11-10", lowest30Days: 41_490, percent: 3 });
  });

  it("a price that was lower within the window than now is no reduction; neither is a rise or the first price", () => {
    expect(priceReduction(history(["2026-10-25", 38_000], ["2026-11-01", 40_000], ["2026-11-10", 39_000]), 39_000, TODAY)).toBeNull();
    expect(priceReduction(history(["2026-10-01", 39_000], ["2026-11-10", 41_000]), 41_000, TODAY)).toBeNull();
    expect(priceReduction(history(["2026-10-01", 39_000]), 39_000, TODAY)).toBeNull();
    expect(priceReduction([], 39_000, TODAY)).toBeNull();
  });

  it("an old price that ended before the window does not count; the price in effect when the window opened does", () => {
    const prices = history(["2026-01-01", 50_000], ["2026-09-01", 45_000], ["2026-11-10", 44_000]);
    expect(priceReduction(prices, 44_000, TODAY)).toEqual({ since: "2026-11-10", lowest30Days: 45_000, percent: 2 });
  });

  it("prices of the future and a current price that does not match the data are ignored (no label rather than a wrong one)", () => {
    const prices = history(["2026-10-01", 45_000], ["2026-11-10", 40_000], ["2026-12-01", 35_000]);
    expect(priceReduction(prices, 40_000, TODAY)?.lowest30Days).toBe(45_000);
    expect(priceReduction(prices, 39_000, TODAY)).toBeNull();
  });
});
