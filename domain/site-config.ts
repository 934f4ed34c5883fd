import { BRAND_KEYS, BRAND_NAMES } from "./brands.ts";
import { modelsPath } from "./site-paths.ts";

export interface NavItem {
  label: string;
  href: string;
}

/**
 * Fixed facts of the group. What the spec's "Site config" names (tagId, brands, navigation,
 * location.showEmployees, hubspot, stickyContact.link, autochat) is a site setting ops change in
 * KV: domain/site-settings.ts. Navigation, top bar, footer links and the info bar are editors'
 * (the Storyblok settings story, content/layout-content.ts).
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
  /** Browser error reporting (Sentry), null unless a browser DSN and the environment are configured (client/error-reporting/). */
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

export const BRAND_NAVIGATION: NavItem[] = BRAND_KEYS.map((brand) => ({
  label: BRAND_NAMES[brand],
  href: modelsPath(brand),
}));
