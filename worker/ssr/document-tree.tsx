import { StrictMode, type ContextType, type ReactNode } from "react";
import { createStaticRouter, StaticRouterProvider, type StaticHandler, type StaticHandlerContext } from "react-router";
import type { ConsentState } from "#domain/consent.ts";
import type { SiteSettings } from "#domain/site-settings.ts";
import { isEditorialPage } from "#routes/editorial-pages.ts";
import { ServerFormBlockViewsContext } from "#content/blocks/lead-blocks-lazy.tsx";
import { ServerConsentLayerContext } from "#ui/consent/consent-banner.tsx";
import { ConsentLayer } from "#ui/consent/consent-layer.tsx";
import { ServerListTogglesContext } from "#ui/carfinder/vehicle-list-toggles.tsx";
import { LiveVehicleListsSummary, LiveVehicleListToggles } from "#ui/carfinder/vehicle-list-toggles-live.tsx";
import { ServerErrorPanelContext } from "#ui/error-panel-slot.tsx";
import { ErrorPanel } from "#ui/error-panel.tsx";
import { ServerIdleSectionsContext } from "#ui/idle-section.tsx";
import { IslandModeContext } from "#ui/islands/island.tsx";
import { islandPageScript } from "#ui/islands/island-page.ts";
import { LocationEmployees } from "#ui/people/location-employees.tsx";
import { VehicleLocation } from "#ui/vehicle/vehicle-location.tsx";
import { EnergyLabel } from "#ui/vehicle/energy-label.tsx";
import { Breadcrumbs } from "#ui/layout/breadcrumbs.tsx";
import type { ExternalServices } from "#domain/site-config.ts";
import { startAfterFirstScreen } from "./first-screen-start.ts";
import { buildInfo } from "../build-info.ts";
import { onFirstUse } from "../on-first-use.ts";
import { hydrationScript } from "./hydration-data.ts";

/**
 * The React tree of a page and the scripts that start it in the browser. Nothing the server
 * renders may suspend (ADR 0015): what the browser loads through `lazy()` the worker renders
 * directly, handed to the ui through server-only contexts. Each ui module owns its context (the
 * browser reads none of them, so its code is unchanged); the worker fills all of them from one
 * ServerRegistry.
 */

/** The values of the server-only contexts, one field per context. */
export interface ServerRegistry {
  /** The consent banner's layer (ui/consent/consent-banner.tsx). */
  consentLayer: ContextType<typeof ServerConsentLayerContext>;
  /** The lead form blocks, server-rendered in place; null on an editorial page, which holds none. */
  formBlockViews: ContextType<typeof ServerFormBlockViewsContext>;
  /** The compare/favourite toggles of the vehicle lists (ui/carfinder/vehicle-list-toggles.tsx). */
  listToggles: ContextType<typeof ServerListTogglesContext>;
  /** The error page's panel (ui/error-panel-slot.tsx). */
  errorPanel: ContextType<typeof ServerErrorPanelContext>;
  /** The idle-hydrated sections (ui/idle-section.tsx). */
  idleSections: ContextType<typeof ServerIdleSectionsContext>;
  /** An editorial page's islands and their chunks (ADR 0017): set, the islands are marked; null on app pages. */
  islandPreloads: ContextType<typeof IslandModeContext>;
}

/** What every page renders directly instead of through `lazy()`. */
const SERVER_COMPONENTS = {
  consentLayer: ConsentLayer,
  listToggles: { Toggles: LiveVehicleListToggles, Summary: LiveVehicleListsSummary },
  errorPanel: ErrorPanel,
  idleSections: {
    "location-employees": LocationEmployees,
    "vehicle-location": VehicleLocation,
    "energy-label": EnergyLabel,
    breadcrumbs: Breadcrumbs,
  },
} satisfies Partial<ServerRegistry>;

// Both registries hold only module constants (the components above, the build's island chunks, the
// form views' module): made once per isolate, the same for every request, never stale, so there is
// nothing to forget between tests.
const editorialRegistry = onFirstUse(
  (): ServerRegistry => ({
    ...SERVER_COMPONENTS,
    formBlockViews: null,
    islandPreloads: new Map(Object.entries(buildInfo().editorial.islands)),
  }),
);
let appRegistry: ServerRegistry | undefined;

async function registryFor(editorial: boolean): Promise<ServerRegistry> {
  if (editorial) return editorialRegistry();
  // The form blocks and their validation engine load with the first app page an isolate renders
  // (scripts/ops/environments.test.ts DEFERRED_AT_STARTUP); each request awaits its own import().
  const { SERVER_FORM_BLOCK_VIEWS } = await import("#content/blocks/server-form-block-views.ts");
  appRegistry ??= { ...SERVER_COMPONENTS, formBlockViews: SERVER_FORM_BLOCK_VIEWS, islandPreloads: null };
  return appRegistry;
}

/** The chunks an app page preloads when its JavaScript starts: every matched route's module (build info). */
function modulesFor(context: StaticHandlerContext): string[] {
  const files = new Set<string>();
  for (const match of context.matches) {
    const module = (match.route.handle as { module?: string } | undefined)?.module;
    for (const file of (module && buildInfo().modules[module]) || []) files.add(file);
  }
  return [...files];
}

/**
 * The page wrapped in the server-only contexts, filled from `registry`. No modulepreloads: the
 * page's JavaScript is asked for once the first screen is painted (first-screen-start.ts). The
 * nesting order is irrelevant (no context reads another); it is kept as it always was.
 */
function documentTree(registry: ServerRegistry, page: ReactNode): ReactNode {
  return (
    <StrictMode>
      <ServerConsentLayerContext value={registry.consentLayer}>
        <ServerFormBlockViewsContext value={registry.formBlockViews}>
          <ServerListTogglesContext value={registry.listToggles}>
            <ServerErrorPanelContext value={registry.errorPanel}>
              <ServerIdleSectionsContext value={registry.idleSections}>
                <IslandModeContext value={registry.islandPreloads}>{page}</IslandModeContext>
              </ServerIdleSectionsContext>
            </ServerErrorPanelContext>
          </ServerListTogglesContext>
        </ServerFormBlockViewsContext>
      </ServerConsentLayerContext>
    </StrictMode>
  );
}

/** A page ready to render. */
export interface PageDocument {
  tree: ReactNode;
  /**
   * The page's one inline script: React Router's hydration data or an islands page's data, then
   * the code that starts the entry (the islands entry on an editorial page, ADR 0017; the app's
   * otherwise) once the first screen is painted (first-screen-start.ts).
   */
  bootstrapScript: string;
  /** An islands page: the CSP allows the script by its hash instead of the nonce (ADR 0018). */
  allowedByHash: boolean;
}

/** What the page data scripts carry besides the loaders' data. */
export interface PageScriptInputs {
  consent: ConsentState;
  services: ExternalServices;
  settings: SiteSettings;
  /** Unexpected errors' messages go to the browser (development only; hydration-data.ts). */
  exposeErrors: boolean;
}

/**
 * The document of a routed page: home and content pages without lead forms hydrate only their
 * islands (ADR 0017, routes/editorial-pages.ts), every other page the whole document.
 */
export async function pageDocument(
  handler: StaticHandler,
  context: StaticHandlerContext,
  nonce: string,
  inputs: PageScriptInputs,
): Promise<PageDocument> {
  const leafId = context.matches.at(-1)?.route.id;
  const status = context.statusCode;
  const editorial = isEditorialPage(leafId, leafId === undefined ? undefined : context.loaderData[leafId], status, context.errors !== null);
  const entry = editorial ? buildInfo().editorial.entry : buildInfo().entry;
  const registry = await registryFor(editorial);
  const router = createStaticRouter(handler.dataRoutes, context);
  const tree = documentTree(registry, <StaticRouterProvider router={router} context={context} hydrate={false} nonce={nonce} />);
  if (!editorial) {
    const bootstrapScript = `${hydrationScript(context, inputs.exposeErrors)}${startAfterFirstScreen(entry, modulesFor(context))}`;
    return { tree, bootstrapScript, allowedByHash: false };
  }
  const { preloads, islands } = buildInfo().editorial;
  const pageScript = islandPageScript({ consent: inputs.consent, services: inputs.services, settings: inputs.settings });
  const bootstrapScript = `${pageScript}${startAfterFirstScreen(entry, preloads, islands)}`;
  return { tree, bootstrapScript, allowedByHash: true };
}
