import { BRAND_NAMES, type BrandKey } from "#domain/brands.ts";

/** A brand filter's options: "Alle Marken" (empty value) first, then each brand by its name. */
export function BrandOptions({ brands }: { brands: readonly BrandKey[] }) {
  return (
    <>
      <option value="">Alle Marken</option>
      {brands.map((key) => (
        <option key={key} value={key}>
          {BRAND_NAMES[key]}
        </option>
      ))}
    </>
  );
}
