import { isOneOf } from "./is-one-of.ts";
/** The six brands of the group (spec section 1); URL segment = brand key. */
export const BRAND_KEYS = ["mercedes-benz", "astonmartin", "hyundai", "smart", "hymer", "iveco"] as const;

export type BrandKey = (typeof BRAND_KEYS)[number];

export const BRAND_NAMES: Record<BrandKey, string> = {
  "mercedes-benz": "Mercedes-Benz",
  astonmartin: "Aston Martin",
  hyundai: "Hyundai",
  smart: "smart",
  hymer: "Hymer",
  iveco: "Iveco",
};

export function isBrandKey(value: string): value is BrandKey {
  return isOneOf(BRAND_KEYS, value);
}
