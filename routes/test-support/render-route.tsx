import { StrictMode } from "react";
import { renderToReadableStream } from "react-dom/server";
import { createStaticHandler, createStaticRouter, RouterContextProvider, StaticRouterProvider, type StaticHandler } from "react-router";
import { routes } from "#routes/route-table.ts";
import { portsContext, requestFlagsContext, settingsContext, siteContext, type DataPorts } from "#routes/ports.ts";
import { BUILT_IN_SITE_SETTINGS } from "#domain/site-settings.ts";
import type { SiteSettings } from "#domain/site-settings.ts";
import { UNDECIDED } from "#domain/consent.ts";
import { FALLBACK_LAYOUT, pageLayoutAt } from "#content/layout-content.ts";
import { ServerFormBlockViewsContext } from "#content/blocks/lead-blocks-lazy.tsx";
import { SERVER_FORM_BLOCK_VIEWS } from "#content/blocks/server-form-block-views.ts";
import { ServerConsentLayerContext } from "#ui/consent/consent-banner.tsx";
import { ConsentLayer } from "#ui/consent/consent-layer.tsx";
import { ServerListTogglesContext } from "#ui/carfinder/vehicle-list-toggles.tsx";
import { LiveVehicleListsSummary, LiveVehicleListToggles } from "#ui/carfinder/vehicle-list-toggles-live.tsx";
import { ServerErrorPanelContext } from "#ui/error-panel-slot.tsx";
import { ErrorPanel } from "#ui/error-panel.tsx";
import { ServerIdleSectionsContext } from "#ui/idle-section.tsx";
import { LocationEmployees } from "#ui/people/location-employees.tsx";
import { VehicleLocation } from "#ui/vehicle/vehicle-location.tsx";
import { EnergyLabel } from "#ui/vehicle/energy-label.tsx";
import { Breadcrumbs } from "#ui/layout/breadcrumbs.tsx";
import { fakePorts } from "./fake-ports.ts";
import { parseHtml, type HtmlDom } from "#ui/test-support/html-dom.ts";

/**
 * A URL through the route table as the worker answers a document request
 * (worker/ssr/render-page.tsx): react-router's static handler runs the loaders with the data ports
 * in the router context, React renders the matched page inside the document root. What only the
 * worker adds (caches, headers, preloads, hydration data, D1 and KV adapters) is left out.
 */
export interface RenderedRoute {
  status: number;
  /** The whole document, queried by role and text (ui/test-support/html-dom.ts). */
  page: HtmlDom;
  /** The page's <main>: what the route renders, without header and footer. */
  main: HtmlDom;
  /** Where a loader redirected (301/302), else null. */
  location: string | null;
  html: string;
}

let handler: StaticHandler | undefined;

const SERVICES = {
  appointments: { scriptUrl: null, app: "", appCode: "", settings: "", providerName: "Terminbuchung" },
  chat: { scriptUrl: null, chatId: "", providerName: "Chat" },
  maps: { tileUrl: null, attribution: "", providerName: "Karte" },
  turnstile: null,
  errorReporting: null,
  mockData: false,
  tagManager: null,
};

interface RouteOptions {
  ports?: DataPorts;
  settings?: SiteSettings;
  legacyGone?: boolean;
  /** The request's Cookie header (the list pages render the list their cookie names). */
  cookie?: string;
}

function requestFor(path: string, options: RouteOptions): Request {
  return new Request(`https://www.autohaus.test${path}`, { headers: options.cookie ? { Cookie: options.cookie } : {} });
}

function requestContextFor(options: RouteOptions): RouterContextProvider {
  const settings = options.settings ?? BUILT_IN_SITE_SETTINGS;
  const requestContext = new RouterContextProvider();
  requestContext.set(portsContext, options.ports ?? fakePorts());
  requestContext.set(settingsContext, settings);
  requestContext.set(requestFlagsContext, { legacyGone: options.legacyGone === true, documentRequest: true, consent: UNDECIDED });
  requestContext.set(siteContext, {
    buildId: "test",
    origin: "https://www.autohaus.test",
    stylesheets: [],
    lowercaseCanonical: false,
    services: SERVICES,
    settings,
    favicon: "/favicon.svg",
    contactHours: null,
    layout: pageLayoutAt(FALLBACK_LAYOUT, Date.now(), new Set()),
  });
  return requestContext;
}

/**
 * The matched leaf route's loader data for `path`, as a fetcher or a client navigation asks for it
 * (the compare and favourites lists load their vehicles this way). A thrown response is returned.
 */
export async function loadRoute(path: string, options: RouteOptions = {}): Promise<unknown> {
  handler ??= createStaticHandler(routes);
  try {
    return await handler.queryRoute(requestFor(path, options), { requestContext: requestContextFor(options) });
  } catch (thrown) {
    return thrown;
  }
}

export async function renderRoute(path: string, options: RouteOptions = {}): Promise<RenderedRoute> {
  handler ??= createStaticHandler(routes);
  const requestContext = requestContextFor(options);
  const context = await handler.query(requestFor(path, options), { requestContext });
  if (context instanceof Response) {
    return { status: context.status, page: parseHtml(""), main: parseHtml(""), location: context.headers.get("Location"), html: "" };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const stream = await renderToReadableStream(
    <StrictMode>
      <ServerConsentLayerContext value={ConsentLayer}>
        <ServerFormBlockViewsContext value={SERVER_FORM_BLOCK_VIEWS}>
          <ServerListTogglesContext value={{ Toggles: LiveVehicleListToggles, Summary: LiveVehicleListsSummary }}>
            <ServerErrorPanelContext value={ErrorPanel}>
              <ServerIdleSectionsContext
                value={{
                  "location-employees": LocationEmployees,
                  "vehicle-location": VehicleLocation,
                  "energy-label": EnergyLabel,
                  breadcrumbs: Breadcrumbs,
                }}
              >
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </ServerIdleSectionsContext>
            </ServerErrorPanelContext>
          </ServerListTogglesContext>
        </ServerFormBlockViewsContext>
      </ServerConsentLayerContext>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  await stream.allReady;
  const html = await new Response(stream).text();
  const page = parseHtml(html);
  const main = page.within(page.getByRole("main"));
  return { status: context.statusCode, page, main, location: null, html };
}
