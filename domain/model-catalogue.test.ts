import { describe, expect, it } from "vitest";
import type { ModelVariant } from "./data-schemas.ts";
import { formatRange } from "./model-catalogue.ts";
import { sortModels, summarizeModel } from "./model-summary.ts";
import { findModelLine, modelLinesOf } from "./model-lines.ts";
import { leaseRate, STANDARD_LEASE } from "./lease.ts";

const variant = (overrides: Partial<ModelVariant>): ModelVariant => ({
  brand: "mercedes-benz",
  model: "glc-suv",
  name: "GLC 220 d 4MATIC",
  bodyStyle: "suv",
  category: "passenger",
  fuel: "hybrid-diesel",
  powerHp: 197,
  priceGross: 64_400,
  wltp: { consumptionCombined: 5.6, co2Combined: 147, co2Class: "E" },
  image: "suv-grey",
  ...overrides,
});

describe("a model line's summary", () => {
  const variants = [
    variant({}),
    variant({
      name: "GLC 300 e 4MATIC",
      fuel: "pluginhybrid",
      powerHp: 313,
      priceGross: 72_200,
      wltp: { consumptionCombined: 0.8, powerConsumptionCombined: 21.7, co2Combined: 18, co2Class: "B" },
      electricRangeKm: 124,
    }),
    variant({
      name: "GLC 300 4MATIC Coupé",
      bodyStyle: "coupe",
      fuel: "mildhybrid",
      powerHp: 258,
      priceGross: 73_900,
      wltp: { consumptionCombined: 7.5, co2Combined: 175, co2Class: "F" },
    }),
  ];

  it("has the cheapest variant's price and lease example, fuels and bodies, and min–max WLTP values (Pkw-EnVKV)", () => {
    const summary = summarizeModel("glc-suv", "GLC SUV", variants)!;
    expect(summary.priceFrom).toBe(64_400);
    expect(summary.leaseFrom).toEqual({ ...leaseRate({ price: 64_400, ...STANDARD_LEASE }), price: 64_400 });
    expect(summary.fuels).toEqual(["hybrid-diesel", "pluginhybrid", "mildhybrid"]);
    expect(summary.bodyStyles).toEqual(["suv", "coupe"]);
    expect(summary.power).toEqual({ min: 197, max: 313 });
    expect(summary.consumption).toEqual({ min: 0.8, max: 7.5 });
    expect(summary.powerConsumption).toEqual({ min: 21.7, max: 21.7 });
    expect(summary.co2).toEqual({ min: 18, max: 175 });
    expect(summary.co2Classes).toEqual({ best: "B", worst: "F" });
    expect(summary.electricRange).toEqual({ min: 124, max: 124 });
    expect(summary.variantCount).toBe(3);
  });

  it("without variants there is no summary; ranges print as German numbers, one value when equal", () => {
    expect(summarizeModel("x", "X", [])).toBeNull();
    expect(formatRange({ min: 0.8, max: 7.5 })).toBe("0,8–7,5");
    expect(formatRange({ min: 21.7, max: 21.7 })).toBe("21,7");
    expect(formatRange({ min: 18, max: 175 }, 0)).toBe("18–175");
  });

  it("sorts by price either way or by name", () => {
    const a = summarizeModel("a", "A-Klasse", [variant({ priceGross: 36_900 })])!;
    const g = summarizeModel("g", "G-Klasse", [variant({ priceGross: 152_100 })])!;
    const c = summarizeModel("c", "C-Klasse", [variant({ priceGross: 52_300 })])!;
    expect(sortModels([g, a, c], "price-asc").map((model) => model.slug)).toEqual(["a", "c", "g"]);
    expect(sortModels([g, a, c], "price-desc").map((model) => model.slug)).toEqual(["g", "c", "a"]);
    expect(sortModels([g, c, a], "name").map((model) => model.slug)).toEqual(["a", "c", "g"]);
  });
});

describe("model line lookup", () => {
  it("finds own keys only: Object.prototype names are no model lines", () => {
    expect(findModelLine("hyundai", "kona")).toBe("KONA");
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty"]) expect(findModelLine("hyundai", name), name).toBeNull();
    expect(modelLinesOf("smart").map((line) => line.slug)).toEqual(["smart-1", "smart-3", "smart-5"]);
  });
});
