import { BRAND_NAMES, isBrandKey } from "./brands.ts";
import { titleFromPath } from "./page-title.ts";
import { VEHICLE_SEGMENT_PATTERN } from "./site-paths.ts";
import { SEGMENTS as S } from "./url-segments.ts";

export interface Breadcrumb {
  path: string;
  label: string;
  /** Only crumbs whose path is a page of its own become links (no links into 404s). */
  linkable: boolean;
}

/**
 * German labels of fixed path segments (the localized ones spelled by domain/url-segments.ts); a
 * Map, so a segment named after Object.prototype ("constructor") is no label.
 */
const SEGMENT_LABELS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    [S.carfinder]: "Fahrzeugsuche",
    [S.compare]: "Vergleich",
    [S.favorite]: "Favoriten",
    [S.models]: "Modelle",
    [S.interest]: "Interesse",
    [S.testDrive]: "Probefahrt",
    kontakt: "Kontakt",
    center: "Standorte",
    [S.locations]: "Standorte",
    [S.leaseCalculator]: "Leasingrechner",
    [S.privateLease]: "Privat-Leasing",
    [S.businessLease]: "Gewerbe-Leasing",
    [S.privateFinance]: "Privat-Finanzierung",
    [S.businessFinance]: "Gewerbe-Finanzierung",
    directcontact: "Direktkontakt",
    "uber-uns": "Über uns",
    "ueber-uns": "Über uns",
    aktionsangebote: "Aktionsangebote",
    "service-angebote-mercedes-benz": "Service-Angebote Mercedes-Benz",
    "teile-zubehoer": "Teile & Zubehör",
  }),
);

// Segments are [a-z0-9-] (url-segments.test.ts), so they need no escaping in a pattern.
const LINKABLE_PATTERNS = [
  `(/[a-z-]+)?/${S.carfinder}`,
  `/[a-z-]+/${S.models}(/[a-z0-9-]+)?`,
  `(/[a-z-]+)?/${S.carfinder}/${VEHICLE_SEGMENT_PATTERN}`,
  `(/[a-z-]+)?/${S.stock}/(${S.privateLease}|${S.businessLease}|${S.privateFinance}|${S.businessFinance})`,
].map((pattern) => new RegExp(`^${pattern}$`));

function labelFor(segment: string): string {
  if (isBrandKey(segment)) return BRAND_NAMES[segment];
  return SEGMENT_LABELS.get(segment.toLowerCase()) ?? titleFromPath(segment);
}

/**
 * Home plus one crumb per path segment; the last one may carry the page's own label, and
 * `labels` names segments by their path (e.g. a vehicle's title for /carfinder/{id}-1-{slug}).
 */
export function buildBreadcrumbs(pathname: string, leafLabel?: string, labels: Record<string, string> = {}): Breadcrumb[] {
  const segments = pathname.split("/").filter(Boolean);
  const crumbs: Breadcrumb[] = [{ path: "/", label: "Startseite", linkable: true }];
  let path = "";
  segments.forEach((segment, index) => {
    path += `/${segment}`;
    const isLast = index === segments.length - 1;
    crumbs.push({
      path,
      label: isLast && leafLabel ? leafLabel : (labels[path] ?? labelFor(segment)),
      linkable: LINKABLE_PATTERNS.some((pattern) => pattern.test(path)),
    });
  });
  return crumbs;
}
