import { SiteLink } from "#ui/site-link.tsx";
import type { BrandLogosBlock, BrandOverviewBlock } from "../block-schemas.ts";
import { BrandLogo, BrandLogoLinks } from "#ui/layout/brand-logo.tsx";
import { BRAND_KEYS, BRAND_NAMES } from "#domain/brands.ts";
import type { BlockProps } from "./block-props.ts";
import { childLevel, Heading, NamedSection, SectionWithHeader } from "./block-parts.tsx";
import { modelsPath } from "#domain/site-paths.ts";

/** Page-builder blocks about the brands the group carries: the logo row and the brand overview. */

export function BrandLogosView({ block, level }: BlockProps<BrandLogosBlock>) {
  const brands = block.brands.length > 0 ? block.brands : [...BRAND_KEYS];
  return (
    <NamedSection uid={block._uid} className="block brand-logos" headline={block.headline} fallbackLabel="Unsere Marken" level={level}>
      <BrandLogoLinks brands={brands} listClassName="brand-logos__list" linkClassName="brand-logos__link" />
    </NamedSection>
  );
}

export function BrandOverviewView({ block, level, render }: BlockProps<BrandOverviewBlock>) {
  const brands = block.brands.length > 0 ? block.brands : [...BRAND_KEYS];
  const inner = childLevel(level, block.headline);
  return (
    <SectionWithHeader block={block} className="block brand-overview" level={level} render={render}>
      <ul className="brand-overview__list">
        {brands.map((brand) => (
          <li key={brand} className="brand-overview__item">
            <BrandLogo brand={brand} decorative />
            <Heading level={inner}>{BRAND_NAMES[brand]}</Heading>
            <ul className="brand-overview__links">
              <li>
                <SiteLink to={modelsPath(brand)}>
                  Modelle<span className="visually-hidden"> von {BRAND_NAMES[brand]}</span>
                </SiteLink>
              </li>
              <li>
                <SiteLink to={`/${brand}/carfinder`}>
                  Fahrzeuge im Bestand<span className="visually-hidden">: {BRAND_NAMES[brand]}</span>
                </SiteLink>
              </li>
            </ul>
          </li>
        ))}
      </ul>
    </SectionWithHeader>
  );
}
