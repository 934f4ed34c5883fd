import { describe, expect, it } from "vitest";
import { priceReduction } from "./price-history.ts";

describe("a price reduction (PAngV § 11)", () => {
  it("refers to the lowest price of the 30 days before the reduction", () => {
    const history = [
      { price: 42_990, validFrom: "2026-09-01" },
      { price: 41_490, validFrom: "2026-10-20" },
      { price: 39_990, validFrom: "2026-11-10" },
    ];
    // 30 days before 2026-11-10: from 2026-10-11; in effect then were 42,990 (until 10-19) and 41,490.
    expect(priceReduction(history, 39_990, "2026-11-25")).toEqual({ since: "2026-11-10", lowest30Days: 41_490, percent: 3 });
  });

  it("a price that was lower within the window than now is no reduction; neither is a rise or the first price", () => {
    expect(
      priceReduction(
        [
          { price: 38_000, validFrom: "2026-10-25" },
          { price: 40_000, validFrom: "2026-11-01" },
          { price: 39_000, validFrom: "2026-11-10" },
        ],
        39_000,
        "2026-11-25",
      ),
    ).toBeNull();
    expect(
      priceReduction(
        [
          { price: 39_000, validFrom: "2026-10-01" },
          { price: 41_000, validFrom: "2026-11-10" },
        ],
        41_000,
        "2026-11-25",
      ),
    ).toBeNull();
    expect(priceReduction([{ price: 39_000, validFrom: "2026-10-01" }], 39_000, "2026-11-25")).toBeNull();
    expect(priceReduction([], 39_000, "2026-11-25")).toBeNull();
  });

  it("an old price that ended before the window does not count; the price in effect when the window opened does", () => {
    const history = [
      { price: 50_000, validFrom: "2026-01-01" },
      { price: 45_000, validFrom: "2026-09-01" },
      { price: 44_000, validFrom: "2026-11-10" },
    ];
    expect(priceReduction(history, 44_000, "2026-11-25")).toEqual({ since: "2026-11-10", lowest30Days: 45_000, percent: 2 });
  });

  it("prices of the future and a current price that does not match the data are ignored (no label rather than a wrong one)", () => {
    const history = [
      { price: 45_000, validFrom: "2026-10-01" },
      { price: 40_000, validFrom: "2026-11-10" },
      { price: 35_000, validFrom: "2026-12-01" },
    ];
    expect(priceReduction(history, 40_000, "2026-11-25")?.lowest30Days).toBe(45_000);
    expect(priceReduction(history, 39_000, "2026-11-25")).toBeNull();
  });
});
