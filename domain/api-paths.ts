/**
 * The read API under /api, one entry per path: its route pattern in Hono's syntax, which the worker
 * registers (worker/api/api-routes.ts, mounted at API_PREFIX) and the browser ports build their URLs
 * from (client/browser-ports.ts). Every path answers GET and HEAD; any other method on one of them is
 * a 405 with `Allow: GET, HEAD`. POST /api/leads belongs to the lead API (worker/leads/lead-api.ts).
 * Zod-free and a few hundred bytes: it travels in the browser ports' chunk (ADR 0006).
 *
 * @example apiUrl("priceHistory", { id: 100001 }) // "/api/vehicles/100001/prices"
 */
export const API_PATHS = {
  routeLookup: "/route-lookup",
  contentHome: "/content/home",
  // A story's full slug spans segments (uber-uns/journal/…).
  contentPage: "/content/pages/:slug{.+}",
  articles: "/content/articles",
  // Before /vehicles/:id, which would take "search" and "adverts" for an id.
  vehicleSearch: "/vehicles/search",
  vehicles: "/vehicles",
  adverts: "/vehicles/adverts",
  priceHistory: "/vehicles/:id/prices",
  vehicle: "/vehicles/:id",
  locations: "/locations",
  location: "/locations/:slug",
  models: "/models/:brand",
  employees: "/employees",
  placeLocate: "/places/locate",
} as const;

export type ApiPathName = keyof typeof API_PATHS;

export const API_PREFIX = "/api";

/** What every path of API_PATHS answers to (the Allow header of its 405). */
export const API_PATH_METHODS = "GET, HEAD";

type ParamName<Segment> = Segment extends `${infer Name}{${string}` ? Name : Segment;
/** The parameter names of a route pattern: "id" for "/vehicles/:id/prices", "slug" for ":slug{.+}". */
type ParamsOf<Pattern> = Pattern extends `${string}:${infer Rest}`
  ? Rest extends `${infer Segment}/${infer Tail}`
    ? ParamName<Segment> | ParamsOf<Tail>
    : ParamName<Rest>
  : never;
type ApiUrlArgs<N extends ApiPathName> = [ParamsOf<(typeof API_PATHS)[N]>] extends [never]
  ? []
  : [params: Readonly<Record<ParamsOf<(typeof API_PATHS)[N]>, string | number>>];

/**
 * The URL of an API path with its parameters filled in: each one percent-encoded, except a
 * multi-segment one (`{.+}`), whose slashes are the path's. The query string is the caller's.
 */
export function apiUrl<N extends ApiPathName>(name: N, ...params: ApiUrlArgs<N>): string;
export function apiUrl(name: ApiPathName, params?: Readonly<Record<string, string | number>>): string {
  // The keys come from the table's patterns, never from input.
  return `${API_PREFIX}${API_PATHS[name].replace(/:(\w+)(\{[^}]*\})?/g, (_, key: string, multiSegment?: string) => {
    const value = String(params?.[key]);
    return multiSegment ? value : encodeURIComponent(value);
  })}`;
}
