import { documentNavigate, type SiteNavigate } from "./site-context.tsx";

/**
 * Programmatic navigation (spec section 5 "External redirects only when flagged external;
 * navigation to unsafe protocols is refused", section 8 error catalogue). Links are plain `<a>`
 * elements and need none of this; code that sends the visitor somewhere by itself (the booking
 * button's fallback when the appointments widget is unavailable) goes through `navigateTo`, which
 * refuses another origin unless the caller says `external: true`, and any protocol but http(s).
 *
 * @example
 * navigateTo("/werkstatt", { navigate });                   // the router (app) or a document load (island)
 * navigateTo("https://partner.example/termin");             // throws EXTERNAL_NAVIGATION_REFUSED
 * navigateTo("https://partner.example/termin", { external: true }); // window.location.assign
 */

export const EXTERNAL_NAVIGATION_REFUSED =
  "Navigating to an external URL is not allowed by default. Use `navigateTo(url, { external: true })`.";

export type NavigationTarget = { kind: "internal"; path: string } | { kind: "external"; href: string };

/** Where `url` leads from a page of `origin`; throws for another origin without `external` and for unsafe protocols. */
export function navigationTarget(url: string, origin: string, { external = false }: { external?: boolean } = {}): NavigationTarget {
  const resolved = new URL(url, origin);
  if (resolved.protocol !== "https:" && resolved.protocol !== "http:") {
    throw new Error(`Navigating to a ${resolved.protocol} URL is refused.`);
  }
  if (resolved.origin === origin) return { kind: "internal", path: `${resolved.pathname}${resolved.search}${resolved.hash}` };
  if (!external) throw new Error(EXTERNAL_NAVIGATION_REFUSED);
  return { kind: "external", href: resolved.href };
}

export function navigateTo(url: string, options: { external?: boolean; replace?: boolean; navigate?: SiteNavigate | null } = {}): void {
  const target = navigationTarget(url, window.location.origin, options);
  if (target.kind === "external") window.location.assign(target.href);
  else (options.navigate ?? documentNavigate)(target.path, { replace: options.replace });
}

/** True when `href` leads to the page at `pathname` itself (query and fragment aside). */
export function isSamePage(href: string, pathname: string): boolean {
  return href.split(/[?#]/)[0] === pathname;
}
