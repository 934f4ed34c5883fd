import { BRAND_NAMES, type BrandKey } from "#domain/brands.ts";
import { Options } from "#ui/forms/options.tsx";

/** A brand filter's options: "Alle Marken" (empty value) first, then each brand by its name. */
export function BrandOptions({ brands }: { brands: readonly BrandKey[] }) {
  return <Options empty="Alle Marken" choices={brands.map((key) => ({ value: key, label: BRAND_NAMES[key] }))} />;
}
