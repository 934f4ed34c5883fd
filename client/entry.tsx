import "./boot-stack-traces.ts";
import "./zod-jitless.ts";
import "./styles.css";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { createBrowserRouter, matchRoutes, RouterContextProvider, type RouteObject } from "react-router";
import { routes } from "#routes/route-table.ts";
import { portsContext, settingsContext } from "#routes/ports.ts";
import { rootDataOf } from "#ui/root-data.ts";
import { deferredPorts } from "./deferred-ports.ts";
import { isChunkLoadError, reloadOnce } from "./reload-guard.ts";
import type { AfterIdle } from "./after-idle.ts";
import { whenIdle } from "#ui/when-idle.ts";
import { installClickTracking } from "#ui/analytics/click-tracking.ts";

// Where the current client navigation is heading: a chunk fails before the URL changes.
let pendingNavigation: string | null = null;
const currentPath = () => `${window.location.pathname}${window.location.search}`;
// Route preloads, the deploy watcher and error reporting: after the first idle period (client/after-idle.ts).
let afterIdle: AfterIdle | null = null;
const loadedAt = Date.now();
let navigatedBeforeIdle = false;

/** A failed chunk import (typically after a deploy) reloads the navigation target once. */
function guardLazyRoutes(list: RouteObject[]): void {
  for (const route of list) {
    const lazy = route.lazy;
    if (typeof lazy === "function") {
      route.lazy = (async (...args: Parameters<typeof lazy>) => {
        afterIdle?.preload(route.handle?.module);
        try {
          return await lazy(...args);
        } catch (error) {
          if (isChunkLoadError(error) && reloadOnce(pendingNavigation ?? currentPath())) return new Promise(() => {});
          throw error;
        }
      }) as typeof lazy;
    }
    if (route.children) guardLazyRoutes(route.children);
  }
}

/** Resolve the matched lazy routes before hydrating, so the first client render equals the server's. */
async function resolveInitialLazyRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

guardLazyRoutes(routes);
await resolveInitialLazyRoutes();

// The /api fetchers load after hydration (idle) or with the first navigation, whichever comes first.
const pageSearch = window.location.search;
const { ports, warm: warmPorts } = deferredPorts(() =>
  import("./browser-ports.ts").then(({ createBrowserPorts, lazyQueryClient, previewQueryOf }) =>
    createBrowserPorts(lazyQueryClient(), previewQueryOf(pageSearch)),
  ),
);
function routerContext() {
  const context = new RouterContextProvider();
  context.set(portsContext, ports);
  // The root loader's copy; the root never revalidates, so it is the one the page was rendered with.
  const root = rootDataOf(router.state.loaderData);
  if (root) context.set(settingsContext, root.settings);
  return context;
}
const router = createBrowserRouter(routes, { getContext: routerContext });

router.subscribe((state) => {
  const target = state.navigation.location;
  pendingNavigation = target ? `${target.pathname}${target.search}` : null;
  if (state.navigation.state === "loading") {
    if (afterIdle) afterIdle.navigationStarted();
    else navigatedBeforeIdle = true;
  }
  if (state.navigation.state === "idle") afterIdle?.navigationEnded(`${state.location.pathname}${state.location.search}`);
});

// Hydration in a transition is time-sliced: React yields every few milliseconds, so the browser
// paints (the first frame of a prerendered page the visitor just activated) and answers input in
// between. At the default priority the whole page hydrates in one long task. A click on the page
// before it is hydrated still works: React hydrates synchronously first, then dispatches it.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
void whenIdle().then(async () => {
  warmPorts();
  const root = rootDataOf(router.state.loaderData);
  if (root)
    afterIdle = (await import("./after-idle.ts")).startAfterIdle(root, loadedAt, navigatedBeforeIdle, {
      routes,
      context: routerContext,
    });
});
// Clicks that only report an analytics event carry data-track attributes (ADR 0017).
installClickTracking();
