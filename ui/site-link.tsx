import { useContext, type AnchorHTMLAttributes, type MouseEvent } from "react";
import { SiteNavigateContext } from "./site-context.tsx";

/**
 * A link to a page of the site: an `<a href>` that navigates with the router on a plain click.
 *
 * React Router's `<Link>` resolves its target against the route matches on every render
 * (useResolvedPath → resolveTo) and registers its own click handler hooks: ~1 ms of server CPU
 * on a content page and more on the carfinder (56 links of 24 cards), the largest single item
 * in the SSR profile after React itself (docs/performance.md). Every target here is an
 * absolute site path, so nothing needs resolving: one context read per link, the router's
 * `navigate` shared by all of them (SiteNavigationProvider, in the document shell; in an island
 * of an editorial page a document load, ADR 0017). No React Router import: islands use it.
 *
 * Behaviour on click matches `<Link>`: only an unmodified left click without a target or
 * download is taken over; the same URL replaces the history entry instead of pushing one.
 * Without the provider (unit tests, a broken root) it is a plain link.
 */

export type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** An absolute path of this site ("/carfinder?brand=smart"); anything else is a plain link. */
  to: string;
  replace?: boolean;
  /** Keep the scroll position (e.g. resetting filters). */
  preventScrollReset?: boolean;
};

export function SiteLink({ to, replace, preventScrollReset, onClick, ...anchor }: SiteLinkProps) {
  const navigate = useContext(SiteNavigateContext);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!navigate || !takesOver(event, to, anchor.target, anchor.download)) return;
    event.preventDefault();
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    navigate(to, { replace: replace ?? here === to, preventScrollReset });
  };
  return <a {...anchor} href={to} onClick={handleClick} />;
}

/** Only a plain left click on a same-site path is a client navigation. */
export function takesOver(
  event: Pick<MouseEvent, "defaultPrevented" | "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey">,
  to: string,
  target?: string,
  download?: unknown,
): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return false;
  if (target && target !== "_self") return false;
  if (download !== undefined && download !== false) return false;
  return to.startsWith("/") && !to.startsWith("//");
}
