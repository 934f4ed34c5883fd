import type { BrandKey } from "./brands.ts";
import type { OptionalFilter } from "./equipment.ts";

/**
 * The site's settings (spec section 3 "Site config" and "Stock settings"): what ops may change
 * without a deploy. They live in KV under `SITE_SETTINGS_KEY` as JSON, are validated with zod by
 * the worker (domain/site-settings-schema.ts, worker/site-settings.ts) and merged over
 * `BUILT_IN_SITE_SETTINGS`, which is also what the site runs on when KV is unreachable or the
 * value is broken. Pages read them from the root loader's data (the app) or the page data of an
 * editorial page (islands) through `useSiteSettings()` (ui/site-context.tsx). No zod here: the
 * browser gets this module.
 */

/** Extra carfinder and lease filters beyond the equipment ones (spec: "customFilters"). */
export const CUSTOM_FILTERS = ["wheels"] as const;
export type CustomFilter = (typeof CUSTOM_FILTERS)[number];

export interface SiteConfig {
  /** The manufacturer tag of the site (TAG_MANUFACTURERS); null: a multi-brand group site without a lead brand. */
  tagId: string | null;
  /**
   * The tag manager's container id (`GTM-…`), loaded as `{TAG_MANAGER_SCRIPT_URL}?id={id}`; null:
   * no tag manager. Its own setting: the brand tag above is not a container id (ADR 0032).
   */
  tagManagerId: string | null;
  /** The brands the site carries, in navigation order; other brand paths are brand-not-found. */
  brands: BrandKey[];
  /** The lead brand (tagId) has its own favicon (/favicons/{brand}.svg). */
  brandHasCustomFavicon: boolean;
  navigation: { showBreadcrumbs: boolean; disabledBrandLogos: BrandKey[] };
  location: { showEmployees: boolean };
  /** Leads go to HubSpot's Forms API instead of the CRM webhook (docs/leads.md). */
  hubspot: boolean;
  stickyContact: { link: string };
  autochat: { enabled: boolean; showChatBubble: boolean; showChatBubbleDelay: number };
}

export interface StockSettings {
  /** Show the WLTP consumption and emission values (Pkw-EnVKV) on vehicle pages and in the comparison. */
  wltp: boolean;
  /** Show the CO₂ class as the A–G scale graphic (otherwise as text). */
  co2Image: boolean;
  /** Offer the trade-in valuation ("Inzahlungnahme") next to a vehicle. */
  autoproffTradeIn: boolean;
  /** The equipment filters the carfinder offers. */
  optionalFilters: OptionalFilter[];
  /** Further filters (the alloy wheel size on the lease overviews). */
  customFilters: CustomFilter[];
  /** Visitors may switch the carfinder's price display (purchase, finance, lease). */
  multiPrice: boolean;
  /** The vehicle page's calls to action; a missing one is not offered. */
  ctaActions: { testdrive?: "form"; interest?: "form" };
  /** The vehicle page names the sales contacts of the vehicle's center. */
  showEmployees: boolean;
}

export interface SiteSettings {
  config: SiteConfig;
  stock: StockSettings;
}

export const SITE_SETTINGS_KEY = "config:site";

/** The group's own settings (spec section 9 for the current brand set); the fallback when KV fails. */
export const BUILT_IN_SITE_SETTINGS: SiteSettings = {
  config: {
    tagId: null,
    tagManagerId: null,
    brands: ["mercedes-benz", "astonmartin", "hyundai", "smart", "hymer", "iveco"],
    brandHasCustomFavicon: false,
    navigation: { showBreadcrumbs: true, disabledBrandLogos: [] },
    location: { showEmployees: true },
    hubspot: false,
    stickyContact: { link: "/directcontact" },
    autochat: { enabled: true, showChatBubble: true, showChatBubbleDelay: 1 },
  },
  stock: {
    wltp: true,
    co2Image: true,
    autoproffTradeIn: false,
    optionalFilters: ["towbar", "cruise_control", "parking", "airbags", "security", "air_conditioning"],
    customFilters: ["wheels"],
    multiPrice: true,
    ctaActions: { testdrive: "form", interest: "form" },
    showEmployees: true,
  },
};

/** Manufacturer tags (the `tagId` of a brand site) and their brand. */
export const TAG_MANUFACTURERS: ReadonlyMap<string, BrandKey> = new Map([
  ["mercedes-benz", "mercedes-benz"],
  ["aston-martin", "astonmartin"],
  ["hyundai", "hyundai"],
  ["smart", "smart"],
  ["hymer", "hymer"],
  ["iveco", "iveco"],
]);

/** The error text of spec section 8 for a tag without a manufacturer. */
export function noManufacturerMessage(tagId: string): string {
  return `Kein Markenhersteller für Tag-ID ${tagId} gefunden.`;
}

/** The lead brand of the site, or null (no tag, or an unknown one: see `noManufacturerMessage`). */
export function leadBrandOf(config: Pick<SiteConfig, "tagId">): BrandKey | null {
  return config.tagId === null ? null : (TAG_MANUFACTURERS.get(config.tagId) ?? null);
}

/** The favicon of the site: the lead brand's own where it has one, the group's otherwise. */
export function faviconOf(config: Pick<SiteConfig, "tagId" | "brandHasCustomFavicon">): string {
  const brand = config.brandHasCustomFavicon ? leadBrandOf(config) : null;
  return brand ? `/favicons/${brand}.svg` : "/favicon.svg";
}
