import type { Co2Class } from "./vehicle-vocabulary.ts";

/**
 * CO2 class from combined WLTP CO2 emissions, Pkw-EnVKV (2024) Anlage 1:
 * A 0 g/km, B 1–95, C 96–115, D 116–135, E 136–155, F 156–175, G ≥ 176.
 * Plug-in hybrids get a second class for the discharged battery, computed the same way.
 */
const UPPER_BOUNDS: Array<[number, Co2Class]> = [
  [0, "A"],
  [95, "B"],
  [115, "C"],
  [135, "D"],
  [155, "E"],
  [175, "F"],
];

export function co2ClassFor(co2GramsPerKm: number): Co2Class {
  const grams = Math.round(co2GramsPerKm);
  for (const [upper, co2Class] of UPPER_BOUNDS) if (grams <= upper) return co2Class;
  return "G";
}
