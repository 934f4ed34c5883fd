import { expect, expectTypeOf, it } from "vitest";
import { isOneOf } from "./is-one-of.ts";

const SORTINGS = ["price-asc", "price-desc"] as const;

it("narrows a value checked against a const list, without a cast", () => {
  const value: unknown = "price-asc";
  expect(isOneOf(SORTINGS, value)).toBe(true);
  if (isOneOf(SORTINGS, value)) expectTypeOf(value).toEqualTypeOf<"price-asc" | "price-desc">();
  for (const other of ["price", "__proto__", "constructor", null, undefined, 1]) expect(isOneOf(SORTINGS, other)).toBe(false);
  expect(isOneOf([12, 24, 36] as const, 24)).toBe(true);
  expect(isOneOf([12, 24, 36] as const, "24")).toBe(false);
});
