import { BRAND_NAMES, type BrandKey } from "#domain/brands.ts";
import { modelsPath } from "#domain/site-paths.ts";
import { SiteLink } from "#ui/site-link.tsx";

const BRAND_COLORS: Record<BrandKey, string> = {
  "mercedes-benz": "#1d1d1b",
  astonmartin: "#00503c",
  hyundai: "#002c5f",
  smart: "#3a3a3a",
  hymer: "#8a1a1f",
  iveco: "#003f7d",
};

/** Self-contained word-mark badge per brand: no external image host (decorative text is the name). */
export function BrandLogo({ brand, decorative = false }: { brand: BrandKey; decorative?: boolean }) {
  const name = BRAND_NAMES[brand];
  const label = decorative ? { "aria-hidden": true } : { role: "img", "aria-label": name };
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: named by aria-label (role="img") or hidden when decorative
    <svg className="brand-logo" viewBox="0 0 120 32" focusable="false" {...label}>
      <rect x="0.5" y="0.5" width="119" height="31" rx="6" fill="#fff" stroke={BRAND_COLORS[brand]} />
      <text
        x="60"
        y="21"
        textAnchor="middle"
        fontSize={name.length > 10 ? 11 : 13}
        fontWeight="700"
        fill={BRAND_COLORS[brand]}
        fontFamily="system-ui, sans-serif"
      >
        {name}
      </text>
    </svg>
  );
}

/** The brands' logos, each a link to the brand's models (the header's brand bar, the brand logos block). */
export function BrandLogoLinks({
  brands,
  listClassName,
  linkClassName,
}: {
  brands: readonly BrandKey[];
  listClassName: string;
  linkClassName: string;
}) {
  return (
    <ul className={listClassName}>
      {brands.map((brand) => (
        <li key={brand}>
          <SiteLink to={modelsPath(brand)} className={linkClassName}>
            <BrandLogo brand={brand} />
          </SiteLink>
        </li>
      ))}
    </ul>
  );
}
