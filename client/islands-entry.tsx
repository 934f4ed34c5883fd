import "./boot-stack-traces.ts";
import { StrictMode, startTransition, useEffect, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { ISLAND_TAG, type IslandName } from "#ui/islands/island.tsx";
import { documentNavigate, SitePageProvider, type SitePage } from "#ui/site-context.tsx";
import { ConsentProvider } from "#ui/consent/consent-store.ts";
import { trackEvent } from "#ui/analytics/analytics.ts";
import { installClickTracking } from "#ui/analytics/click-tracking.ts";
import { startErrorReporting } from "./error-reporting/start-error-reporting.ts";
import { warnIfMockData } from "#ui/mock-data-warning.ts";
import { startTagManager } from "./tag-manager.ts";
import { deferIdleUntil } from "#ui/when-idle.ts";
import { ISLAND_PAGE_GLOBAL, type IslandPageData } from "#ui/islands/island-page.ts";

/**
 * The browser entry of editorial pages (ADR 0017, replacing ADR 0016's editorial entry): home and
 * content pages without lead forms. Nothing hydrates the document; each `<agn-island>` the worker
 * marked (ui/islands/island.tsx) becomes a React root of its own, with its component's code loaded
 * by name from the table below and the props the server rendered it with. Everything else stays
 * the server's HTML: links load documents (the HTML cache answers), clicks that report analytics
 * events carry data-track attributes (ui/analytics/click-tracking.ts).
 *
 * The worker writes the page's data before this script (ui/islands/island-page.ts): the consent
 * state the document was rendered with and the external services' settings.
 */

// Each island's code is a chunk of its own: a page loads only the islands it has.
// biome-ignore lint/suspicious/noExplicitAny: each island takes its own props, read from the page's JSON
type AnyComponent = ComponentType<any>;
const ISLANDS: Record<IslandName, () => Promise<AnyComponent>> = {
  "site-header": () => import("#ui/layout/site-header.tsx").then((module) => module.SiteHeader),
  "consent-banner": () => import("#ui/consent/consent-banner.tsx").then((module) => module.ConsentBanner),
  "consent-settings-link": () => import("#ui/consent/consent-settings-link.tsx").then((module) => module.ConsentSettingsLink),
  autochat: () => import("#ui/chat/autochat.tsx").then((module) => module.AutoChat),
  "carousel-controls": () => import("#content/blocks/carousel.tsx").then((module) => module.CarouselControls),
  "quick-search": () => import("#ui/carfinder/quick-search.tsx").then((module) => module.QuickSearch),
  "vehicle-list-toggles": () => import("#ui/carfinder/vehicle-list-toggles.tsx").then((module) => module.VehicleListToggles),
  "button-block": () => import("#content/blocks/button-block.tsx").then((module) => module.ButtonBlockContent),
  "instant-appointments": () => import("#content/blocks/embed-blocks.tsx").then((module) => module.InstantAppointmentsButton),
  "embed-video": () => import("#content/blocks/embed-blocks.tsx").then((module) => module.EmbedVideo),
  "embed-iframe": () => import("#content/blocks/embed-blocks.tsx").then((module) => module.EmbedIframe),
  "embed-chat": () => import("#ui/chat/inline-chat.tsx").then((module) => module.InlineChat),
  "employee-overview": () => import("#content/blocks/people-blocks.tsx").then((module) => module.FilteredEmployees),
  "location-overview": () => import("#content/blocks/place-blocks.tsx").then((module) => module.FilteredLocations),
  "photo-spinner": () => import("#ui/vehicle/photo-spinner-teaser.tsx").then((module) => module.PhotoSpinnerTeaser),
};

declare global {
  interface Window {
    /** Written by the worker's inline script (islandPageScript) before this module, on island pages only. */
    [ISLAND_PAGE_GLOBAL]?: IslandPageData;
  }
}

function pageData(): IslandPageData {
  const written = window[ISLAND_PAGE_GLOBAL];
  // Without it there is nothing to hydrate with: the server's HTML stays as it is.
  if (!written) throw new Error(`islands-entry: window.${ISLAND_PAGE_GLOBAL} is missing`);
  return written;
}

const data = pageData();
const page: SitePage = {
  pathname: window.location.pathname,
  search: window.location.search,
  routeData: [],
  services: data.services,
  settings: data.settings,
};

installClickTracking();
startErrorReporting(data.services.errorReporting, data.consent);
warnIfMockData(data.services);
startTagManager(data.services.tagManager, data.settings?.config.tagManagerId, data.consent);
trackEvent("page_view", { page_path: `${page.pathname}${page.search}` });

/** Resolves after the island's first commit. */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: React.ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

async function hydrateIsland(element: HTMLElement, index: number): Promise<void> {
  const name = element.dataset.island ?? "";
  const load = Object.hasOwn(ISLANDS, name) ? ISLANDS[name as IslandName] : undefined;
  if (!load) return;
  let props: Record<string, unknown>;
  try {
    props = JSON.parse(element.dataset.props ?? "{}") as Record<string, unknown>;
  } catch {
    return;
  }
  // Read once: the page's text in an attribute would otherwise sit in the DOM that a session
  // replay records (replays mask text, not attributes).
  element.removeAttribute("data-props");
  // A failed chunk leaves the server's HTML in place: links and GET forms keep working.
  const Component = await load().catch(() => null);
  if (!Component) return;
  // Time-sliced, as in client/entry.tsx: frames and input get their turn between slices.
  await new Promise<void>((resolve) => {
    startTransition(() => {
      hydrateRoot(
        element,
        <StrictMode>
          <Hydrated onHydrated={resolve}>
            <SitePageProvider page={page} navigate={documentNavigate}>
              <ConsentProvider initial={data.consent}>
                <Component {...props} />
              </ConsentProvider>
            </SitePageProvider>
          </Hydrated>
        </StrictMode>,
        // Ids made in the browser (after hydration) stay unique across the roots.
        { identifierPrefix: `i${index}-` },
      );
    });
  });
}

// Work deferred to the first idle period (the stock toggles' store, the chat bubble's delay) waits
// for the last island: between islands the main thread has idle gaps.
let allHydrated!: () => void;
deferIdleUntil(new Promise<void>((resolve) => (allHydrated = resolve)));

const islands = [...document.querySelectorAll<HTMLElement>(ISLAND_TAG)];
// One island failing (its chunk, its render) leaves its server HTML; the others still count.
void Promise.allSettled(islands.map(hydrateIsland)).then(() => {
  // Playwright waits for this before clicking (TOOLCHAIN.md "Wait for hydration").
  document.documentElement.dataset.hydrated = "true";
  allHydrated();
});
