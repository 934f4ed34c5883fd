import { createContext, createElement, useContext, type ComponentType } from "react";

/**
 * Islands (ADR 0017): on editorial pages (home, content pages without lead forms) the browser
 * hydrates only the interactive parts, each as a root of its own, and keeps everything else as
 * the server's HTML. `<Island>` marks such a part where it is used:
 *
 * - on the worker rendering an editorial page (IslandModeContext set) it wraps the component's
 *   HTML in `<agn-island data-island="name" data-props="{…}">` (CSS `display: contents`);
 * - everywhere else (the app's pages, client navigations, unit tests) it is the component itself.
 *
 * client/islands-entry.tsx finds the markers, loads each island's code by its name and hydrates
 * the component with the same props. Props are JSON: strings, numbers, plain objects, no
 * functions or elements. An island's component must not use React Router's hooks (no router runs
 * above it: read the page through ui/site-context.tsx) nor `useId` (an island root numbers ids
 * differently from the document: take ids from props, e.g. the block's `_uid`). Islands inside
 * an island are part of it.
 *
 * @example
 * <Island name="site-header" component={SiteHeader} props={{}} />
 */

/** Every island the browser can hydrate; client/islands-entry.tsx maps each to its code. */
export type IslandName =
  | "site-header"
  | "consent-banner"
  | "consent-settings-link"
  | "autochat"
  | "carousel-controls"
  | "quick-search"
  | "vehicle-list-toggles"
  | "button-block"
  | "instant-appointments"
  | "embed-video"
  | "embed-iframe"
  | "embed-chat"
  | "employee-overview"
  | "location-overview"
  | "photo-spinner";

/**
 * Set while the worker renders an editorial page: each island's chunks by name
 * (dist/build-info.json, vite.editorial.config.ts). The page's start script preloads the chunks
 * of the islands it finds once the first screen is painted (worker/ssr/first-screen-start.ts), so
 * an island announces nothing in the head. Null elsewhere; an island sets it to null for the
 * islands inside it.
 */
export const IslandModeContext = createContext<ReadonlyMap<string, readonly string[]> | null>(null);

export const ISLAND_TAG = "agn-island";

// biome-ignore lint/suspicious/noExplicitAny: props interfaces without an index signature must fit
export function Island<P extends Record<string, any>>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}) {
  const islandMode = useContext(IslandModeContext);
  if (!islandMode) return <Component {...props} />;
  return createElement(
    ISLAND_TAG,
    { "data-island": name, "data-props": JSON.stringify(props) },
    <IslandModeContext value={null}>
      <Component {...props} />
    </IslandModeContext>,
  );
}
