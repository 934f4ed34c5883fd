import type { Context } from "hono";
import { SEGMENTS as S } from "#domain/url-segments.ts";
import { VEHICLE_SEGMENT_PATTERN } from "#domain/site-paths.ts";
import { BRAND_KEYS } from "#domain/brands.ts";
import type { AppEnv } from "./env.ts";

/**
 * Speculation Rules for the links of editorial (islands) pages to vehicle pages (ADR 0043): a
 * visitor who hovers a vehicle card of a stock block (~200 ms) or presses on it gets the vehicle
 * page prerendered, so the click shows it at once. Only islands pages carry them: on an app page a
 * click on the same link is a client navigation (React Router), and a prerendered document would be
 * thrown away. The rules name only the vehicle detail pages (`[/{brand}]/carfinder/{id}-1-{slug}`,
 * `[/{brand}]/stock/{offer section}/{id}-1-{slug}`) of our own origin without a query: never the
 * compare or favourites pages, the interest and test-drive forms, /admin or /api.
 *
 * Delivered as an external rule set named by the `Speculation-Rules` response header, served here as
 * `application/speculationrules+json`: the islands page's bytes stay the same for everyone (the HTML
 * cache keeps them gzipped, ADR 0018), and the header's fetch is not subject to the page's CSP.
 *
 * Phones get fewer speculations: Chrome on Android starts "moderate" ones for links that scroll into
 * view, so there only the document is prefetched that way, and a prerender waits for the touch
 * ("conservative"). Which one a browser gets is decided by the `Sec-CH-UA-Mobile` client hint
 * Chromium sends with every request (the only engine that reads these rules).
 */
export const SPECULATION_RULES_PATHS = { pointer: "/speculation-rules.json", touch: "/speculation-rules-touch.json" } as const;

const VEHICLE = `:vehicle(${VEHICLE_SEGMENT_PATTERN})`;
// The brands the route params accept (domain/route-params.ts), so /api/… or /admin/… never match.
const BRAND = `:brand(${BRAND_KEYS.join("|")})`;
const OFFER_SECTION = `:offerSection(${[S.privateLease, S.businessLease, S.privateFinance, S.businessFinance].join("|")})`;

/** URL pattern paths (URLPattern syntax) of the vehicle detail pages, as routes/route-table.ts spells them. */
export const VEHICLE_PAGE_PATTERNS: readonly string[] = [
  `/${S.carfinder}/${VEHICLE}`,
  `/${BRAND}/${S.carfinder}/${VEHICLE}`,
  `/${S.stock}/${OFFER_SECTION}/${VEHICLE}`,
  `/${BRAND}/${S.stock}/${OFFER_SECTION}/${VEHICLE}`,
];

type Eagerness = "moderate" | "conservative";

/** The rule set; relative to the document, so protocol, host and port are the page's own. */
export function speculationRules(kind: keyof typeof SPECULATION_RULES_PATHS) {
  const where = { href_matches: VEHICLE_PAGE_PATTERNS.map((pathname) => ({ pathname, search: "" })), relative_to: "document" };
  const rule = (eagerness: Eagerness) => ({ where, eagerness });
  return {
    prerender: [rule(kind === "touch" ? "conservative" : "moderate")],
    // The fallback when Chrome declines a prerender (its limit, memory): at least the document is there.
    prefetch: [rule("moderate")],
  };
}

/** GET /speculation-rules[-touch].json. */
export function speculationRulesResponse(kind: keyof typeof SPECULATION_RULES_PATHS): Response {
  return new Response(JSON.stringify(speculationRules(kind)), {
    headers: { "Content-Type": "application/speculationrules+json", "Cache-Control": "public, max-age=3600" },
  });
}

/**
 * Names the rule set on an islands page's response (called from the security headers middleware
 * for every HTML answer): the one with a script hash is an islands page (ADR 0018). Its links are
 * document navigations; every other HTML answer is left alone.
 */
export function addSpeculationRules(c: Context<AppEnv>): void {
  if (c.get("scriptHash") === undefined || c.res.status !== 200) return;
  const kind = c.req.header("Sec-CH-UA-Mobile") === "?1" ? "touch" : "pointer";
  // No Vary on the hint: a device always sends the same one, HTML is max-age=0 in shared caches and
  // the edge does not keep the worker's HTML; a mix-up would cost only the other eagerness.
  c.header("Speculation-Rules", `"${SPECULATION_RULES_PATHS[kind]}"`);
}
