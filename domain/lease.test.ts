import { describe, expect, it } from "vitest";
import { effectiveRate, leaseRate, residualShare, STANDARD_LEASE } from "./lease.ts";
import { maxDownPayment, parseLeaseChoice } from "./lease-choices.ts";

describe("the lease formula", () => {
  it("is the annuity in arrears on price − down payment with the residual paid off at the end", () => {
    // 40,000 € at 4.99 % for 48 months, residual 20,000 €: i = 0.0041583…, vⁿ = 0.81…
    const result = leaseRate({
      price: 40_000,
      downPayment: 0,
      months: 48,
      kmPerYear: 10_000,
      nominalRatePercent: 4.99,
      residualValue: 20_000,
    });
    const i = 4.99 / 1200;
    const v = (1 + i) ** -48;
    expect(result.monthlyRate).toBe(Math.ceil(((40_000 - 20_000 * v) * i) / (1 - v)));
    expect(result.monthlyRate).toBe(544);
    expect(result.totalAmount).toBe(544 * 48);
  });

  it("without interest it is the depreciation spread over the term; a down payment lowers the rate", () => {
    expect(
      leaseRate({ price: 30_000, downPayment: 0, months: 36, kmPerYear: 10_000, nominalRatePercent: 0, residualValue: 12_000 }).monthlyRate,
    ).toBe(500);
    const without = leaseRate({ price: 30_000, downPayment: 0, months: 36, kmPerYear: 10_000, nominalRatePercent: 3.99 });
    const with5000 = leaseRate({ price: 30_000, downPayment: 5_000, months: 36, kmPerYear: 10_000, nominalRatePercent: 3.99 });
    expect(with5000.monthlyRate).toBeLessThan(without.monthlyRate);
    expect(with5000.totalAmount).toBe(5_000 + with5000.monthlyRate * 36);
  });

  it("more months or more kilometres mean a lower residual value; it stays within 20–80 %", () => {
    expect(residualShare(48, 10_000)).toBeCloseTo(0.498, 3);
    expect(residualShare(36, 10_000)).toBeGreaterThan(residualShare(48, 10_000));
    expect(residualShare(48, 20_000)).toBeLessThan(residualShare(48, 10_000));
    expect(residualShare(120, 60_000)).toBe(0.2);
    expect(residualShare(1, 0)).toBeLessThanOrEqual(0.8);
  });

  it("states the effective rate of the nominal one (PAngV), and the standard example is what the model pages advertise", () => {
    expect(effectiveRate(4.99)).toBe(5.11);
    expect(effectiveRate(0)).toBe(0);
    const standard = leaseRate({ price: 36_900, ...STANDARD_LEASE });
    expect(standard.effectiveRatePercent).toBe(5.11);
    expect(standard.monthlyRate).toBeGreaterThan(300);
    expect(standard.monthlyRate).toBe(503);
  });
});

describe("the calculator's choice", () => {
  const defaults = { months: 48, kmPerYear: 10_000, downPayment: 0, customer: "privat" as const };

  it("takes offered steps from the query string and clamps the down payment to 0–50 % in 100 € steps", () => {
    expect(parseLeaseChoice(new URLSearchParams("laufzeit=36&km=15000&anzahlung=3049&kunde=gewerblich"), 40_000, defaults)).toEqual({
      months: 36,
      kmPerYear: 15_000,
      downPayment: 3_000,
      customer: "gewerblich",
    });
    expect(parseLeaseChoice(new URLSearchParams("anzahlung=99999"), 40_000, defaults).downPayment).toBe(20_000);
    expect(parseLeaseChoice(new URLSearchParams("anzahlung=-500"), 40_000, defaults).downPayment).toBe(0);
    expect(maxDownPayment(36_950)).toBe(18_400);
  });

  it("anything else falls back to the defaults (never a crash, never a rate from nonsense)", () => {
    for (const query of ["laufzeit=37", "laufzeit=__proto__", "km=7000", "km=abc", "anzahlung=abc", "kunde=constructor", ""]) {
      const choice = parseLeaseChoice(new URLSearchParams(query), 40_000, defaults);
      expect(choice, query).toEqual(defaults);
    }
  });
});
