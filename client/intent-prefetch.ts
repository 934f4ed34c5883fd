import { matchRoutes, type LoaderFunctionArgs, type RouteMatch, type RouteObject } from "react-router";

/**
 * Intent prefetch for client navigations (ADR 0043). After hydration a click on a result or a
 * vehicle card is a React Router navigation, which Speculation Rules cannot help: the router loads
 * the page's lazy module, then runs its loader against /api. When a pointer rests on such a link
 * (~80 ms), a finger touches it or the keyboard focuses it, this does both ahead of the click: the
 * route's lazy module (with its modulepreloads, client/route-preloads.ts) and the loader, whose port
 * reads land in the query cache (staleTime 60 s, client/browser-ports.ts) — the click then renders
 * from memory. Only links to a vehicle page on our own origin, each path once per page life, never
 * with Save-Data or on a 2G connection. Part of the after-idle chunk, not of any first load.
 */

/** The route modules worth warming: the vehicle pages (routes/route-table.ts). */
const VEHICLE_PAGE_MODULES: ReadonlySet<unknown> = new Set(["routes/vehicle-detail-page.tsx", "routes/offer-detail-page.tsx"]);

/** How long a mouse pointer rests on a link before it counts as intent (a pass over the list does not). */
export const HOVER_DELAY_MS = 80;

export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

/** Speculative loads only without Save-Data and faster than 2G. */
export function connectionAllowsPrefetch(connection: ConnectionHints | undefined): boolean {
  return connection?.saveData !== true && connection?.effectiveType !== "2g" && connection?.effectiveType !== "slow-2g";
}

export interface VehicleTarget {
  url: URL;
  match: RouteMatch<string, RouteObject>;
}

/** The vehicle page an href leads to, or null: another origin, a query, or any other page. */
export function vehicleTargetOf(href: string | null, base: string, routes: RouteObject[]): VehicleTarget | null {
  if (!href) return null;
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.origin !== new URL(base).origin || url.search !== "") return null;
  const match = matchRoutes(routes, url.pathname)?.at(-1);
  return match && VEHICLE_PAGE_MODULES.has(match.route.handle?.module) ? { url, match } : null;
}

/** Calls `warm` once per vehicle page path an intent points at, when the connection allows it. */
export function createIntentPrefetch(options: {
  routes: RouteObject[];
  base: () => string;
  connection: () => ConnectionHints | undefined;
  warm: (target: VehicleTarget) => Promise<unknown>;
}): (href: string | null) => boolean {
  const warmed = new Set<string>();
  return (href) => {
    if (!connectionAllowsPrefetch(options.connection())) return false;
    const target = vehicleTargetOf(href, options.base(), options.routes);
    if (!target || warmed.has(target.url.pathname)) return false;
    warmed.add(target.url.pathname);
    // A failure leaves the click as it would be without this: the router loads what it needs.
    void options.warm(target).catch(() => undefined);
    return true;
  };
}

/**
 * Warms a route the way the router would run it: its lazy module (the entry's guarded `lazy` also
 * adds the chunks' modulepreloads) and then its loader with the router's context (the /api ports).
 */
export function routeWarmer(context: () => LoaderFunctionArgs["context"]) {
  return async ({ url, match }: VehicleTarget): Promise<unknown> => {
    const { route } = match;
    const module = typeof route.lazy === "function" ? await route.lazy() : undefined;
    const loader = module?.loader ?? route.loader;
    if (typeof loader !== "function") return undefined;
    return loader({ request: new Request(url), params: match.params, context: context() } as LoaderFunctionArgs, undefined);
  };
}

type Listen = Pick<Document, "addEventListener">;

/** Pointer rest, touch and keyboard focus on links: each hands the link's href to `prefetch`. */
export function listenForIntent(doc: Listen, prefetch: (href: string | null) => unknown, delay = HOVER_DELAY_MS): void {
  let pending: Element | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Text nodes and the document have no closest(); only elements can be, or be inside, a link.
  const linkOf = (target: EventTarget | null) => (target as Partial<Element> | null)?.closest?.("a[href]") ?? null;
  const rest = (event: Event) => {
    const link = linkOf(event.target);
    if (!link || link === pending || (event as PointerEvent).pointerType === "touch") return;
    clearTimeout(timer);
    pending = link;
    timer = setTimeout(() => prefetch(link.getAttribute("href")), delay);
  };
  const leave = (event: Event) => {
    const next = (event as FocusEvent | PointerEvent).relatedTarget as Node | null;
    if (pending && !(next && pending.contains(next))) {
      clearTimeout(timer);
      pending = null;
    }
  };
  const options = { passive: true, capture: true };
  doc.addEventListener("pointerover", rest, options);
  doc.addEventListener("pointerout", leave, options);
  doc.addEventListener("focusin", rest, options);
  doc.addEventListener("focusout", leave, options);
  doc.addEventListener(
    "touchstart",
    (event) => {
      const link = linkOf(event.target);
      if (link) prefetch(link.getAttribute("href"));
    },
    options,
  );
}
