import type { Context } from "hono";
import { RouterContextProvider } from "react-router";
import { portsContext, requestFlagsContext, settingsContext, siteContext } from "#routes/ports.ts";
import type { PageLayout } from "#content/layout-content.ts";
import { faviconOf, type SiteSettings } from "#domain/site-settings.ts";
import { SITE_CONFIG, type ExternalServices } from "#domain/site-config.ts";
import { openingHoursSummary } from "#domain/opening-hours.ts";
import type { AppEnv } from "../env.ts";
import { buildInfo } from "../build-info.ts";
import type { ServerPorts } from "../adapters/server-ports.ts";

/**
 * The router's request context of a page (routes/ports.ts): the loaders' data ports, the site
 * settings, what the worker learnt about the request before routing, and the site environment the
 * root loader hands to the document (ui/root-data.ts SiteEnvironment).
 */

/**
 * When the central customer service answers (the footer's hours line): the showroom hours of
 * SITE_CONFIG.stickyContact.location. The location list is kept per isolate (a minute); D1
 * failing costs that line only (null).
 */
export function readContactHours(ports: ServerPorts): Promise<string | null> {
  return ports.locations
    .getBySlug(SITE_CONFIG.stickyContact.location)
    .then((central) => (central?.openingHours ? openingHoursSummary(central.openingHours.showroom) : null))
    .catch(() => null);
}

/** What a page's site environment is made of besides the build and the request's variables. */
export interface PageSite {
  /** The public origin: SITE_ORIGIN, or the request's when unset. */
  origin: string;
  services: ExternalServices;
  settings: SiteSettings;
  layout: PageLayout;
  contactHours: string | null;
}

export function pageRequestContext(c: Context<AppEnv>, ports: ServerPorts, site: PageSite): RouterContextProvider {
  const vars = c.get("vars");
  const requestContext = new RouterContextProvider();
  requestContext.set(portsContext, ports);
  requestContext.set(settingsContext, site.settings);
  requestContext.set(requestFlagsContext, { legacyGone: c.get("legacyGone") === true, documentRequest: true, consent: c.get("consent") });
  requestContext.set(siteContext, {
    buildId: buildInfo().buildId,
    origin: site.origin,
    stylesheets: buildInfo().stylesheets,
    lowercaseCanonical: vars.CANONICAL_LOWERCASE,
    services: site.services,
    settings: site.settings,
    favicon: faviconOf(site.settings.config),
    contactHours: site.contactHours,
    layout: site.layout,
  });
  return requestContext;
}
