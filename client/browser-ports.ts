import type { QueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { DataPorts } from "#routes/ports.ts";
import { apiUrl } from "#domain/api-paths.ts";

// The schemas (and zod with them) load with the first client navigation, not with the page:
// hydration needs no /api call (ADR 0006).
const schemas = () => import("./api-schemas.ts");

class ApiError extends Error {
  declare readonly status: number;
  constructor(status: number, url: string) {
    super(`GET ${url} answered ${status}`);
    this.status = status;
  }
}

function raise(url: string): never {
  throw new ApiError(404, url);
}

/** GET JSON from our /api, parsed by the same schema the worker used; 404 means "none". */
async function getJson<S extends z.ZodType>(
  url: string,
  pick: (loaded: Awaited<ReturnType<typeof schemas>>) => S,
): Promise<z.output<S> | null> {
  const [response, loaded] = await Promise.all([fetch(url, { headers: { Accept: "application/json" } }), schemas()]);
  const schema = pick(loaded);
  if (response.status === 404) return null;
  if (!response.ok) throw new ApiError(response.status, url);
  return schema.parse(await response.json());
}

/**
 * The query cache, created with the first /api call: hydration needs none, so TanStack Query
 * is not part of the first load (ADR 0006).
 */
export function lazyQueryClient(): () => Promise<QueryClient> {
  let client: Promise<QueryClient> | null = null;
  return () =>
    (client ??= import("@tanstack/react-query").then(
      ({ QueryClient }) => new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } }),
    ));
}

/**
 * The visual editor's token of the page the browser opened (`_storyblok_tk[…]`), passed on to the
 * content API so client navigation inside the preview shows drafts too; "" for visitors.
 */
export function previewQueryOf(search: string): string {
  const params = new URLSearchParams(search);
  const token = new URLSearchParams();
  for (const [name, value] of params) if (name.startsWith("_storyblok_tk[")) token.append(name, value);
  return token.toString();
}

/** Browser side of the data ports: /api calls, cached by TanStack Query across navigations. */
export function createBrowserPorts(queryClient: () => Promise<QueryClient>, previewQuery = ""): DataPorts {
  // In the visual editor every read is fresh: the editor just changed something.
  const staleTime = previewQuery ? 0 : 60_000;
  const withPreview = (url: string) => (previewQuery ? `${url}${url.includes("?") ? "&" : "?"}${previewQuery}` : url);
  const cached = async <T>(queryKey: unknown[], load: () => Promise<T>): Promise<T> =>
    (await queryClient()).fetchQuery({ queryKey, queryFn: load, staleTime });
  return {
    content: {
      getPage: (slug) =>
        cached(["content-page", slug, previewQuery], () =>
          getJson(withPreview(slug ? apiUrl("contentPage", { slug }) : apiUrl("contentHome")), (s) => s.ContentPageSchema),
        ),
      listArticles: ({ startsWith, page, perPage, tag }) => {
        const params = new URLSearchParams({ starts_with: startsWith, page: String(page), per_page: String(perPage), ...(tag && { tag }) });
        const url = withPreview(`${apiUrl("articles")}?${params}`);
        return cached(
          ["articles", url],
          async () => (await getJson(url, (s) => s.ArticleListSchema)) ?? { articles: [], total: 0, page, perPage },
        );
      },
    },
    routeLookup: {
      lookup: (path) =>
        cached(["route-lookup", path], () =>
          getJson(`${apiUrl("routeLookup")}?path=${encodeURIComponent(path)}`, (s) => s.RouteLookupSchema.nullable()),
        ),
    },
    vehicles: {
      getById: (id) => cached(["vehicle", id], () => getJson(apiUrl("vehicle", { id }), (s) => s.VehicleSchema)),
      getMany: (ids) => {
        if (ids.length === 0) return Promise.resolve([]);
        const url = `${apiUrl("vehicles")}?ids=${ids.join(",")}`;
        return cached(["vehicles", ids.join(",")], async () => (await getJson(url, (s) => s.VehicleListSchema)) ?? []);
      },
      adverts: (ids) => {
        if (ids.length === 0) return Promise.resolve([]);
        const url = `${apiUrl("adverts")}?ids=${ids.join(",")}`;
        return cached(["vehicle-adverts", ids.join(",")], async () => (await getJson(url, (s) => s.VehicleAdvertListSchema)) ?? []);
      },
      priceHistory: (id) =>
        cached(["vehicle-prices", id], async () => (await getJson(apiUrl("priceHistory", { id }), (s) => s.PriceHistorySchema)) ?? []),
      search: async (query, scope) => {
        // Search URLs are built only on client navigation; the module stays off the first load.
        const { serializeSearchQuery } = await import("#domain/vehicle-search-query.ts");
        const params = serializeSearchQuery(query, scope);
        if (scope.brand) params.set("scope", scope.brand);
        const url = `${apiUrl("vehicleSearch")}?${params}`;
        return cached(["vehicle-search", url], async () => (await getJson(url, (s) => s.SearchResultSchema)) ?? raise(url));
      },
    },
    locations: {
      getBySlug: (slug) => cached(["location", slug], () => getJson(apiUrl("location", { slug }), (s) => s.LocationSummarySchema)),
      list: () => cached(["locations"], async () => (await getJson(apiUrl("locations"), (s) => s.LocationListSchema)) ?? []),
    },
    models: {
      variants: (brand, model) => {
        const url = `${apiUrl("models", { brand })}${model === undefined ? "" : `?model=${encodeURIComponent(model)}`}`;
        return cached(["models", url], async () => (await getJson(url, (s) => s.ModelVariantListSchema)) ?? []);
      },
    },
    employees: {
      search: async (filter, { page, perPage }) => {
        const { employeeFilterQuery } = await import("#domain/employees.ts");
        const url = `${apiUrl("employees")}?${employeeFilterQuery(filter, page)}&per_page=${perPage}`;
        return cached(["employees", url], async () => (await getJson(url, (s) => s.EmployeePageSchema)) ?? raise(url));
      },
    },
    places: {
      locate: (query) => {
        const url = `${apiUrl("placeLocate")}?${query.kind === "postal" ? `plz=${query.code}` : `ort=${encodeURIComponent(query.key)}`}`;
        return cached(["place", url], () => getJson(url, (s) => s.PlaceMatchSchema));
      },
    },
    // Sending a lead is rare next to reading: its code loads with the first submit.
    leads: { submit: async (input, files) => (await import("./lead-submit.ts")).submitLead(input, files) },
  };
}
