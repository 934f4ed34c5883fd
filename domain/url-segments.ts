/**
 * Localized URL segments (spec section 2): "configurable per locale; defaults: stock, compare,
 * favorite, interest, test-drive, lease-calculator, private-lease, private-finance, business-lease,
 * business-finance (all under the stock section), locations, and a models segment". One table per
 * locale, checked complete by the type; the route table (routes/route-table.ts), the link builders
 * and the sitemap read the site locale's table, so a locale's words change every route and link at
 * once. The site is de-DE only: `SEGMENTS` is the de table, which keeps the spec's defaults except
 * where the spec's own German routes differ (/carfinder/vergleichen, /favoriten, /interesse,
 * /probefahrt, /{brand}/modelle). `carfinder` names the vehicle search section itself.
 *
 * @example `/${SEGMENTS.carfinder}/${SEGMENTS.compare}` // "/carfinder/vergleichen"
 */
export interface UrlSegments {
  carfinder: string;
  stock: string;
  compare: string;
  favorite: string;
  interest: string;
  testDrive: string;
  leaseCalculator: string;
  privateLease: string;
  privateFinance: string;
  businessLease: string;
  businessFinance: string;
  locations: string;
  models: string;
}

/** The spec's defaults, for a locale that does not name its own words. */
export const DEFAULT_URL_SEGMENTS: Readonly<UrlSegments> = {
  carfinder: "carfinder",
  stock: "stock",
  compare: "compare",
  favorite: "favorite",
  interest: "interest",
  testDrive: "test-drive",
  leaseCalculator: "lease-calculator",
  privateLease: "private-lease",
  privateFinance: "private-finance",
  businessLease: "business-lease",
  businessFinance: "business-finance",
  locations: "locations",
  models: "models",
};

/** Written out in full (no spread of the defaults: this table is in every page's first load). */
export const URL_SEGMENTS = {
  de: {
    carfinder: "carfinder",
    stock: "stock",
    compare: "vergleichen",
    favorite: "favoriten",
    interest: "interesse",
    testDrive: "probefahrt",
    leaseCalculator: "lease-calculator",
    privateLease: "private-lease",
    privateFinance: "private-finance",
    businessLease: "business-lease",
    businessFinance: "business-finance",
    locations: "locations",
    models: "modelle",
  },
} as const satisfies Record<string, UrlSegments>;

export type SiteLocale = keyof typeof URL_SEGMENTS;

/** The site's locale (de-DE only, ADR 0009). */
export const SEGMENTS: Readonly<UrlSegments> = URL_SEGMENTS.de;
