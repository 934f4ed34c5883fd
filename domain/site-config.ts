import { BRAND_KEYS, BRAND_NAMES } from "./brands.ts";
import { carfinderPath, COMPARE_PATH, FAVOURITES_PATH, modelsPath } from "./site-paths.ts";

export interface NavItem {
  label: string;
  href: string;
}

/**
 * Fixed facts of the group. What the spec's "Site config" names (tagId, brands, navigation,
 * location.showEmployees, hubspot, stickyContact.link, autochat) is a site setting ops change in
 * KV: domain/site-settings.ts.
 */
export const SITE_CONFIG = {
  /**
   * The central customer service: its number, and the center whose showroom hours it keeps (the
   * footer and the direct-contact page show those hours from the location data, not a constant).
   */
  stickyContact: { phone: "+49 40 123456-0", phoneLabel: "040 123456-0", location: "center-hamburg-am-rothenbaum" },
} as const;

/**
 * Public settings of the two third-party services: the appointments service's
 * booking widget and the autochat vendor. Parsed from worker vars (worker/env.ts), handed to the
 * browser in the root loader's data (routes/document-root.tsx). Not secrets: every page carries
 * them. A null script URL means "not configured": the booking plugin counts as missing and the
 * chat shows its fallback.
 */
export interface ExternalServices {
  appointments: {
    scriptUrl: string | null;
    /** Query parameters of the widget script (spec section 7): `app`, `appcode`, `settings`. */
    app: string;
    appCode: string;
    settings: string;
    /** Named to visitors in the consent placeholder (DSGVO Art. 13). */
    providerName: string;
  };
  chat: { scriptUrl: string | null; chatId: string; providerName: string };
  /** The locations map: an XYZ tile template, or null for the demo map (country outlines from this site). */
  maps: { tileUrl: string | null; attribution: string; providerName: string };
  /** Cloudflare Turnstile on the lead forms; null when no site key is configured. */
  turnstile: { siteKey: string; scriptUrl: string } | null;
  /** Browser error reporting (Sentry), null unless a browser DSN and the environment are configured (ui/error-reporting/). */
  errorReporting: BrowserErrorReporting | null;
  /** The spec's mock-data mode (PUBLIC_MOCK_DATA = "true"): the browser warns in its console. */
  mockData: boolean;
  /** The tag manager's script (the site config's tagManagerId is its container id); null: none configured. */
  tagManager: { scriptUrl: string } | null;
}

export interface BrowserErrorReporting {
  dsn: string;
  environment: string;
}

export const MAIN_NAVIGATION: NavItem[] = [
  { label: "Fahrzeugsuche", href: carfinderPath() },
  { label: "Pkw", href: "/pkw" },
  { label: "Transporter", href: "/transporter" },
  { label: "Reisemobile", href: "/unsere-reisemobile" },
  { label: "Werkstatt & Service", href: "/werkstatt" },
  { label: "Karriere", href: "/karriere" },
  { label: "Über uns", href: "/ueber-uns" },
];

export const TOP_BAR_LINKS: NavItem[] = [
  { label: "Standorte", href: "/standorte" },
  { label: "Ansprechpartner", href: "/ansprechpartner" },
  { label: "Online-Werkstatttermin", href: "/werkstatt/online-werkstatttermin" },
  { label: "Favoriten", href: FAVOURITES_PATH },
  { label: "Vergleich", href: COMPARE_PATH },
];

export const FOOTER_COLUMNS: Array<{ heading: string; links: NavItem[] }> = [
  {
    heading: "Fahrzeuge",
    links: [
      { label: "Fahrzeugsuche", href: carfinderPath() },
      { label: "Aktionsangebote", href: "/Aktionsangebote" },
      { label: "Junge Sterne", href: "/junge-sterne" },
      { label: "Ankauf & Inzahlungnahme", href: "/ankauf" },
      { label: "Probefahrt", href: "/probefahrt" },
    ],
  },
  {
    heading: "Service",
    links: [
      { label: "Werkstatt", href: "/werkstatt" },
      { label: "Online-Werkstatttermin", href: "/werkstatt/online-werkstatttermin" },
      { label: "Schadensmanagement", href: "/werkstatt/schadensmanagement" },
      { label: "Teile & Zubehör", href: "/werkstatt/teile-zubehoer" },
    ],
  },
  {
    heading: "Unternehmen",
    links: [
      { label: "Über uns", href: "/ueber-uns" },
      { label: "Karriere", href: "/karriere" },
      { label: "Standorte", href: "/standorte" },
      { label: "Ansprechpartner", href: "/ansprechpartner" },
      { label: "Pressekontakt", href: "/pressekontakt" },
    ],
  },
];

export const LEGAL_LINKS: NavItem[] = [
  { label: "Impressum", href: "/impressum" },
  { label: "Datenschutz", href: "/datenschutz" },
  { label: "Lieferkettensorgfaltspflicht", href: "/lieferkettensorgfaltspflicht" },
];

export const BRAND_NAVIGATION: NavItem[] = BRAND_KEYS.map((brand) => ({
  label: BRAND_NAMES[brand],
  href: modelsPath(brand),
}));
