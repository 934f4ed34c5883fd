import { useRouteLoaderData } from "react-router";
import type { ConsentState } from "#domain/consent.ts";
import type { ExternalServices } from "#domain/site-config.ts";
import type { SiteSettings } from "#domain/site-settings.ts";
import type { PageLayout } from "./layout/page-layout.ts";

/** Site-wide values known to the worker at render time (build id, asset URLs, origin, public service settings). */
export interface SiteEnvironment {
  buildId: string;
  origin: string;
  stylesheets: string[];
  lowercaseCanonical: boolean;
  /** Booking widget, autochat, map, Turnstile and error-reporting settings (worker/env.ts), public. */
  services: ExternalServices;
  /** Site config and stock settings (KV, worker/site-settings.ts), public. */
  settings: SiteSettings;
  /** The favicon URL the settings make (domain/site-settings.ts faviconOf). */
  favicon: string;
  /**
   * When the central customer service answers: SITE_CONFIG.stickyContact.location's showroom hours
   * from the location data (worker/ssr/render-page.tsx); null when that data is unavailable.
   */
  contactHours: string | null;
  /**
   * What editors own of the layout (navigation, top bar, info bar notices, footer links): the
   * Storyblok settings story parsed on the worker, or the built-in layout (content/layout-content.ts).
   */
  layout: PageLayout;
}

/**
 * The root route's loader data (routes/document-root.tsx rootLoader): the site environment plus the
 * consent state the document was rendered with. The root never revalidates in the browser.
 */
export interface RootData extends SiteEnvironment {
  /** From the consent cookie: the server renders banner and embeds for it, the browser starts from it. */
  consent: ConsentState;
}

/**
 * The root's data from any component below the root route; undefined only when the root loader
 * itself failed (DocumentErrorBoundary). The one place that names the root's data type.
 */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}

/** The same outside React (client/entry.tsx), from the router's loader data. */
export function rootDataOf(loaderData: Record<string, unknown>): RootData | undefined {
  return loaderData.root as RootData | undefined;
}
