import { describe, expect, it } from "vitest";
import { formatGermanDate } from "./german-date.ts";
import { formatEuro, formatGermanNumber, germanNumber, type FractionDigits } from "./german-number.ts";

/** A deterministic spread of numbers: every magnitude, halves at each rounding place, negatives. */
function samples(): number[] {
  const values = [
    0, -0, 0.5, 1.5, 2.5, -2.5, 1.0005, 1.00049, 0.0005, 0.00049, 999.9995, 9_999.5, 1_234_567.8915, 1e-7, 1.5e-7, 1e21, 1.2345e21,
    123_456_789_012,
  ];
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  for (let index = 0; index < 3000; index++) {
    const magnitude = 10 ** Math.floor(random() * 12 - 4);
    const value = random() * magnitude;
    values.push(value, -value, Math.round(value * 1000) / 1000 + 0.0005, Math.round(value * 10) / 10 + 0.05);
  }
  return values;
}

const DIGITS: FractionDigits[] = [
  { min: 0, max: 3 },
  { min: 0, max: 0 },
  { min: 1, max: 1 },
  { min: 2, max: 2 },
  { min: 2, max: 3 },
];

describe("German numbers without Intl", () => {
  it.each(DIGITS)("equal Intl's de-DE for %o", ({ min, max }) => {
    const intl = new Intl.NumberFormat("de-DE", { minimumFractionDigits: min, maximumFractionDigits: max });
    const differing = samples().filter((value) => formatGermanNumber(value, { min, max }) !== intl.format(value));
    expect(differing.map((value) => `${value}: ${formatGermanNumber(value, { min, max })} ≠ ${intl.format(value)}`)).toEqual([]);
  });

  it("default to Intl's plain number (up to three fraction digits); NaN stays NaN", () => {
    const intl = new Intl.NumberFormat("de-DE");
    for (const value of [1234, 1234.56789, Number.NaN]) expect(germanNumber().format(value)).toBe(intl.format(value));
    expect(formatGermanNumber(1234.5)).toBe("1.234,5");
  });

  it("whole euros as Intl's currency format, with its no-break space", () => {
    const intl = new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
    for (const value of samples()) expect(formatEuro(value), String(value)).toBe(intl.format(value));
    expect(formatEuro(41_510)).toBe("41.510\u00a0€");
  });

  it("dates as Intl's de-DE long form, in UTC", () => {
    const intl = new Intl.DateTimeFormat("de-DE", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    for (let day = 0; day < 800; day += 7) {
      const date = new Date(Date.UTC(2025, 0, 1 + day, 23, 30));
      expect(formatGermanDate(date)).toBe(intl.format(date));
    }
    expect(formatGermanDate(new Date("2026-03-05T00:00:00Z"))).toBe("5. März 2026");
  });
});
