import "./zod-jitless.ts";
import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { createPath, createStaticRouter, matchRoutes, StaticRouterProvider, type RouteObject, type StaticHandlerContext, type To } from "react-router";
import { DocumentErrorBoundary, DocumentRoot } from "#routes/document-root.tsx";
import { PageErrorBoundary } from "#routes/page-error-boundary.tsx";
import { Component as HomePage } from "#routes/home-page.tsx";
import { Component as ContentPage } from "#routes/content-page.tsx";
import { EDITORIAL_LEAF_IDS } from "#routes/editorial-pages.ts";

/**
 * The browser entry of editorial pages (ADR 0016): home and content pages without lead forms.
 * It hydrates the same tree the worker rendered, through React Router's static router filled
 * from the hydration data — no data router, so `createRouter` and the route table are not in this
 * bundle (a build of its own, vite.editorial.config.ts). Hooks read the state as in the app
 * (useLoaderData, useRouteLoaderData, useMatches, useLocation, useSearchParams); every
 * navigation is a document load (`navigate` → `location.assign`), which the HTML cache answers.
 *
 * Which pages come here is decided by the worker (worker/ssr/editorial.ts); the route ids below
 * are the ones the worker's static handler gives the same routes (routes/editorial-pages.ts).
 */

interface HydrationData {
  loaderData: Record<string, unknown>;
  actionData: null;
  errors: null;
}

const data = (window as unknown as { __staticRouterHydrationData: HydrationData }).__staticRouterHydrationData;
const leafId = Object.keys(data.loaderData).at(-1) ?? "";

const leaf: RouteObject = leafId === EDITORIAL_LEAF_IDS.home ? { id: EDITORIAL_LEAF_IDS.home, index: true, Component: HomePage } : { id: EDITORIAL_LEAF_IDS.content, path: "*", Component: ContentPage };
const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    Component: DocumentRoot,
    ErrorBoundary: DocumentErrorBoundary,
    children: [{ id: "page", ErrorBoundary: PageErrorBoundary, children: [leaf] }],
  },
];

const location = { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash, state: null, key: "default" };
const context = {
  basename: "/",
  location,
  matches: (matchRoutes(routes, location) ?? []) as StaticHandlerContext["matches"],
  loaderData: data.loaderData,
  actionData: null,
  errors: null,
  statusCode: 200,
  loaderHeaders: {},
  actionHeaders: {},
  _match: (target: Parameters<typeof matchRoutes>[1]) => matchRoutes(routes, target),
} as StaticHandlerContext;
const router = createStaticRouter(routes, context);

/** Every navigation from an editorial page loads the target document. */
function documentNavigate(to: To | number | null): Promise<void> {
  if (typeof to === "number") window.history.go(to);
  else if (to !== null) window.location.assign(typeof to === "string" ? to : createPath(to));
  return Promise.resolve();
}
Object.assign(router, {
  navigate: documentNavigate,
  // The browser restores the scroll position of a document load itself.
  enableScrollRestoration: () => () => {},
});

hydrateRoot(
  document,
  <StrictMode>
    <StaticRouterProvider router={router} context={context} hydrate={false} />
  </StrictMode>,
);
