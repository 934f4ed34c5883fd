import type { LoaderFunctionArgs, RouteObject } from "react-router";
import type { RootData } from "#ui/root-data.ts";
import { startErrorReporting } from "./error-reporting/start-error-reporting.ts";
import { warnIfMockData } from "#ui/mock-data-warning.ts";
import { startTagManager } from "./tag-manager.ts";
import { createBuildWatcher } from "./build-watcher.ts";
import { createRoutePreloader, routePreloadsUrl } from "./route-preloads.ts";
import { createIntentPrefetch, listenForIntent, routeWarmer, type ConnectionHints } from "./intent-prefetch.ts";
import { whenActivated } from "#ui/when-activated.ts";

/**
 * What the app needs only after its first idle period, in a chunk of its own so no page's first
 * load carries it (the budgets): the route preload table (ADR 0020; fetched now, used by the
 * next client navigation), the deploy watcher (a navigation after a new deploy becomes a full load),
 * browser error reporting (only with a DSN and statistics consent; like the tag manager, not before
 * a prerendered page is shown, ADR 0043) and the intent prefetch of vehicle pages
 * (client/intent-prefetch.ts). Before this chunk is there navigations simply go without them: the
 * table would not have been loaded yet either, and a deploy within the first second of a visit is
 * caught at the next navigation.
 */
export interface AfterIdle {
  preload(module: unknown): void;
  /** A navigation started: check for a new deploy (at most once a minute). */
  navigationStarted(): void;
  /** A navigation ended at `path`: reload it once when a new deploy is live. */
  navigationEnded(path: string): void;
}

/** What the intent prefetch needs of the entry: the route table and the router's context (the ports). */
export interface RouterParts {
  routes: RouteObject[];
  context: () => LoaderFunctionArgs["context"];
}

/**
 * `loadedAt`: when the entry started; `navigating`: a navigation started before this chunk was
 * there; `router`: for the intent prefetch.
 */
export function startAfterIdle(root: RootData, loadedAt: number, navigating: boolean, router: RouterParts): AfterIdle {
  const preloader = createRoutePreloader(document, () =>
    fetch(routePreloadsUrl(root.buildId)).then((response) => (response.ok ? response.json() : null)),
  );
  void preloader.warm();
  const watcher = createBuildWatcher(root.buildId, loadedAt);
  if (navigating) void watcher.check();
  void whenActivated().then(() => startErrorReporting(root.services.errorReporting, root.consent, root.buildId));
  warnIfMockData(root.services);
  startTagManager(root.services.tagManager, root.settings.config.tagManagerId, root.consent);
  listenForIntent(
    document,
    createIntentPrefetch({
      routes: router.routes,
      base: () => window.location.href,
      connection: () => (navigator as Navigator & { connection?: ConnectionHints }).connection,
      warm: routeWarmer(router.context),
    }),
  );
  return {
    preload: preloader.preload,
    navigationStarted: () => void watcher.check(),
    navigationEnded: watcher.reloadIfStale,
  };
}
