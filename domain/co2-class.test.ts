import { expect, it } from "vitest";
import { co2ClassFor } from "./co2-class.ts";

it.each([
  [0, "A"],
  [1, "B"],
  [95, "B"],
  [96, "C"],
  [115, "C"],
  [116, "D"],
  [135, "D"],
  [136, "E"],
  [155, "E"],
  [156, "F"],
  [175, "F"],
  [176, "G"],
  [320, "G"],
])("%i g/km CO2 is class %s (Pkw-EnVKV)", (grams, expected) => {
  expect(co2ClassFor(grams)).toBe(expected);
});

it("rounds fractional grams before classifying", () => {
  expect(co2ClassFor(95.4)).toBe("B");
  expect(co2ClassFor(95.6)).toBe("C");
});
