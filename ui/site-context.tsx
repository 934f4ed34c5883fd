import { createContext, useContext, type ReactNode } from "react";
import type { ExternalServices } from "#domain/site-config.ts";
import type { SiteSettings } from "#domain/site-settings.ts";

/**
 * What interactive parts need to know about the page they are on, without React Router: the
 * app provides it from the router (SiteNavigationProvider, ui/site-navigation-provider.tsx), an island of an
 * editorial page (ADR 0017) from the document it hydrates in. Components that run as islands
 * read the page through these hooks, never through `useLocation`, `useMatches`,
 * `useRouteLoaderData` or `useNavigate`: an island has no router above it.
 */
export interface SitePage {
  pathname: string;
  search: string;
  /** The loader data of the matched routes, outermost first (nearestContact reads a location from it). */
  routeData: readonly unknown[];
  /** Booking widget, autochat and Turnstile settings (root loader; worker/env.ts). */
  services: ExternalServices | null;
  /** Site config and stock settings (root loader; worker/site-settings.ts); null outside a page. */
  settings: SiteSettings | null;
}

export type SiteNavigate = (to: string, options: { replace?: boolean; preventScrollReset?: boolean }) => void;

const NO_PAGE: SitePage = { pathname: "/", search: "", routeData: [], services: null, settings: null };

export const SitePageContext = createContext<SitePage>(NO_PAGE);
export const SiteNavigateContext = createContext<SiteNavigate | null>(null);

/** The page's path and query (the router's location in the app, the document's in an island). */
export function useSitePage(): SitePage {
  return useContext(SitePageContext);
}

/** Booking, chat and Turnstile settings; null outside a page (tests rendering a block alone). */
export function useExternalServices(): ExternalServices | null {
  return useContext(SitePageContext).services;
}

let settingsOutsidePages: SiteSettings | null = null;

/**
 * What `useSiteSettings` answers outside a page (a component rendered alone in a unit test;
 * vitest.setup.ts sets the built-in settings). Pages always carry theirs, so the browser bundle
 * holds no copy of the built-in settings.
 */
export function setSettingsOutsidePages(settings: SiteSettings | null): void {
  settingsOutsidePages = settings;
}

/** The site settings of the page (root loader data in the app, the page data of an island). */
export function useSiteSettings(): SiteSettings {
  const settings = useContext(SitePageContext).settings ?? settingsOutsidePages;
  if (!settings) throw new Error("useSiteSettings: no site settings outside a page");
  return settings;
}

/**
 * Navigates to a path of the site: the router's `navigate` in the app, a document load in an
 * island. Null outside both (unit tests).
 */
export function useSiteNavigate(): SiteNavigate | null {
  return useContext(SiteNavigateContext);
}

/** Every navigation from an island loads the target document (the HTML cache answers it). */
export const documentNavigate: SiteNavigate = (to, { replace }) => {
  if (replace) window.location.replace(to);
  else window.location.assign(to);
};

/** The providers an island root hydrates inside (client/islands-entry.tsx). */
export function SitePageProvider({ page, navigate, children }: { page: SitePage; navigate: SiteNavigate; children: ReactNode }) {
  return (
    <SitePageContext value={page}>
      <SiteNavigateContext value={navigate}>{children}</SiteNavigateContext>
    </SitePageContext>
  );
}
