import { Hono, type Context } from "hono";
import * as z from "zod";
import { ContentSlugSchema } from "#domain/route-params.ts";
import { LocationParamSchema } from "#domain/route-params.ts";
import { BrandKeySchema } from "#domain/brand-schema.ts";
import { EMPLOYEES_PER_PAGE, parseEmployeeFilter } from "#domain/employees.ts";
import { API_PATH_METHODS, API_PATHS } from "#domain/api-paths.ts";
import type { AppEnv } from "../env.ts";
import { createServerPorts } from "../adapters/server-ports.ts";
import { MAX_VEHICLES_PER_REQUEST } from "../adapters/stock-limits.ts";
import { CONTENT_PAGE_SIZE, MAX_PAGE_SIZE } from "../content/content-source.ts";
import { HOME_STORY_SLUG } from "../content/content-service.ts";
import { isPreviewRequest, PREVIEW_RESPONSE_HEADERS } from "../content/preview.ts";
import { leadRoutes } from "../leads/lead-api.ts";

const PathQuerySchema = z.object({ path: z.string().startsWith("/").max(2048) });
const IdSchema = z.coerce.number().int().positive().max(999_999_999_999);
const IdListSchema = z
  .string()
  .regex(/^\d{1,12}(,\d{1,12})*$/)
  .transform((value) => value.split(",").map(Number))
  .pipe(z.array(z.number().int().positive().max(999_999_999_999)).min(1).max(MAX_VEHICLES_PER_REQUEST));

const ArticleListQuerySchema = z.object({
  starts_with: z
    .string()
    .max(500)
    .regex(/^(?:[A-Za-z0-9][A-Za-z0-9._-]*\/)*(?:[A-Za-z0-9][A-Za-z0-9._-]*)?$/),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(CONTENT_PAGE_SIZE),
  tag: z.string().min(1).max(100).optional(),
});
const ModelQuerySchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
  .optional();
const PerPageSchema = z.coerce.number().int().min(1).max(100).default(EMPLOYEES_PER_PAGE);
const ID_LIST_ERROR = `Query parameter 'ids' must list 1 to ${MAX_VEHICLES_PER_REQUEST} positive integers, comma-separated.`;
const VEHICLE_ID_ERROR = "Vehicle id must be a positive integer.";

/**
 * `value` as `schema` reads it, or the 400 answer naming what the request got wrong: how every
 * API endpoint refuses input. The caller returns a Response it gets back.
 */
function parseOr400<S extends z.ZodType>(c: Context<AppEnv>, schema: S, value: unknown, error: string): z.output<S> | Response {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : c.json({ error }, 400);
}

/** A publish must show on the next request (ADR 0007): caches revalidate, the worker answers from its cv cache. */
const CONTENT_API_CACHING = { "Cache-Control": "public, max-age=0, must-revalidate" };

/**
 * Client navigation inside the visual editor sends the page's `_storyblok_tk` along
 * (client/browser-ports.ts): a valid token reads drafts here too, uncached and not indexed.
 */
async function contentPorts(c: Context<AppEnv>) {
  const preview = await isPreviewRequest(new URL(c.req.url), c.get("vars"));
  const ports = createServerPorts(c.env, { preview, waitUntil: (promise) => c.executionCtx.waitUntil(promise) }).content;
  return { ports, headers: preview ? PREVIEW_RESPONSE_HEADERS : CONTENT_API_CACHING };
}

async function contentPageResponse(c: Context<AppEnv>, slug: string): Promise<Response> {
  const { ports, headers } = await contentPorts(c);
  const page = await ports.getPage(slug);
  return page ? c.json(page, 200, headers) : c.json({ error: "Page not found." }, 404);
}

/**
 * JSON for the browser ports (routes/ports.ts): the same adapters the SSR loaders use,
 * so both sides see the same data. The paths are domain/api-paths.ts's table, which the browser
 * ports build their URLs from. Invalid input is a 400 with a message (parseOr400), never a 500.
 */
// Long on purpose: the API's route table, one short handler per path, read as one list.
export function apiRoutes() {
  const api = new Hono<AppEnv>();

  api.get(API_PATHS.routeLookup, async (c) => {
    const query = parseOr400(c, PathQuerySchema, { path: c.req.query("path") }, "Query parameter 'path' must be an absolute path.");
    if (query instanceof Response) return query;
    const result = await createServerPorts(c.env).routeLookup.lookup(query.path);
    return c.json(result);
  });

  // Content: exactly what the content port answers on the server (ContentPage,
  // ArticleList); the browser's ports call these (client/browser-ports.ts). "home" = the home story.
  api.get(API_PATHS.contentHome, async (c) => contentPageResponse(c, ""));
  api.get(API_PATHS.contentPage, async (c) => {
    const slug = parseOr400(c, ContentSlugSchema, c.req.param("slug"), "Invalid slug.");
    if (slug instanceof Response) return slug;
    const lower = slug.toLowerCase();
    return contentPageResponse(c, lower === HOME_STORY_SLUG ? "" : lower);
  });

  api.get(API_PATHS.articles, async (c) => {
    const query = parseOr400(
      c,
      ArticleListQuerySchema,
      c.req.query(),
      "Query: starts_with must be a folder slug; page 1-1000, per_page 1-100 and tag up to 100 characters are optional.",
    );
    if (query instanceof Response) return query;
    const { starts_with: startsWith, page, per_page: perPage, tag } = query;
    const { ports, headers } = await contentPorts(c);
    const list = await ports.listArticles({ startsWith, page, perPage, ...(tag && { tag }) });
    return c.json(list, 200, headers);
  });

  // The carfinder search: the query string is the carfinder URL state (domain/vehicle-search-query.ts).
  api.get(API_PATHS.vehicleSearch, async (c) => {
    const url = new URL(c.req.url);
    const brand = BrandKeySchema.safeParse(url.searchParams.get("scope"));
    // The search (query parser, index, D1 fallback) loads with the first search, not at startup.
    const [{ parseSearchQuery }, { vehicleSearchIndex }] = await Promise.all([
      import("#domain/vehicle-search-query.ts"),
      import("../adapters/vehicle-search-index.ts"),
    ]);
    const query = parseSearchQuery(url.searchParams, brand.success ? { brand: brand.data } : {});
    return c.json(await vehicleSearchIndex.search(c.env.DB, c.env.REDIRECTS, query), 200, { "Cache-Control": "public, max-age=60" });
  });

  // Compare and favourites: ?ids=1,2,3 → the available ones, in that order (sold ones are left out).
  api.get(API_PATHS.vehicles, async (c) => {
    const ids = parseOr400(c, IdListSchema, c.req.query("ids") ?? "", ID_LIST_ERROR);
    if (ids instanceof Response) return ids;
    return c.json(await createServerPorts(c.env).vehicles.getMany(ids));
  });

  api.get(API_PATHS.adverts, async (c) => {
    const ids = parseOr400(c, IdListSchema, c.req.query("ids") ?? "", ID_LIST_ERROR);
    if (ids instanceof Response) return ids;
    return c.json(await createServerPorts(c.env).vehicles.adverts(ids), 200, { "Cache-Control": "public, max-age=60" });
  });

  api.get(API_PATHS.priceHistory, async (c) => {
    const id = parseOr400(c, IdSchema, c.req.param("id"), VEHICLE_ID_ERROR);
    if (id instanceof Response) return id;
    return c.json(await createServerPorts(c.env).vehicles.priceHistory(id), 200, { "Cache-Control": "public, max-age=300" });
  });

  api.get(API_PATHS.vehicle, async (c) => {
    const id = parseOr400(c, IdSchema, c.req.param("id"), VEHICLE_ID_ERROR);
    if (id instanceof Response) return id;
    const vehicle = await createServerPorts(c.env).vehicles.getById(id);
    return vehicle ? c.json(vehicle) : c.json({ error: "Vehicle not found." }, 404);
  });

  api.get(API_PATHS.locations, async (c) => c.json(await createServerPorts(c.env).locations.list()));

  api.get(API_PATHS.location, async (c) => {
    const slug = parseOr400(c, LocationParamSchema, c.req.param("slug"), "Invalid location slug.");
    if (slug instanceof Response) return slug;
    const location = await createServerPorts(c.env).locations.getBySlug(slug);
    return location ? c.json(location) : c.json({ error: "Location not found." }, 404);
  });

  // The model catalogue: a brand's variants, or one model line's with ?model=.
  api.get(API_PATHS.models, async (c) => {
    // An unknown brand is a resource that does not exist, not malformed input.
    const brand = BrandKeySchema.safeParse(c.req.param("brand"));
    if (!brand.success) return c.json({ error: "Unknown brand." }, 404);
    const model = parseOr400(c, ModelQuerySchema, c.req.query("model"), "Query parameter 'model' must be a model slug.");
    if (model instanceof Response) return model;
    return c.json(await createServerPorts(c.env).models.variants(brand.data, model), 200, { "Cache-Control": "public, max-age=300" });
  });

  // The contact-person directory: the filter of /ansprechpartner?standort=…; per_page 1–100.
  api.get(API_PATHS.employees, async (c) => {
    const url = new URL(c.req.url);
    const { filter, page } = parseEmployeeFilter(url.searchParams);
    const perPage = parseOr400(
      c,
      PerPageSchema,
      url.searchParams.get("per_page") ?? undefined,
      "Query parameter 'per_page' must be an integer from 1 to 100.",
    );
    if (perPage instanceof Response) return perPage;
    return c.json(await createServerPorts(c.env).employees.search(filter, { page, perPage }), 200, {
      "Cache-Control": "public, max-age=60",
    });
  });

  // The nearest-center search: where a postal code or place is; 404 when unknown.
  api.get(API_PATHS.placeLocate, async (c) => {
    const plz = c.req.query("plz");
    const ort = c.req.query("ort");
    // The geo helpers (with their number formats) load with the first place search, not at startup.
    const { parseLocationQuery } = await import("#domain/geo.ts");
    const query = plz !== undefined ? parseLocationQuery(plz) : ort !== undefined ? parseLocationQuery(ort) : { kind: "empty" as const };
    if (query.kind !== "postal" && query.kind !== "place")
      return c.json({ error: "Query parameter 'plz' must be a five-digit postal code or 'ort' a place name of up to 80 characters." }, 400);
    const place = await createServerPorts(c.env).places.locate(
      query.kind === "postal" ? { kind: "postal", code: query.code } : { kind: "place", key: query.key },
    );
    return place ? c.json(place, 200, { "Cache-Control": "public, max-age=86400" }) : c.json({ error: "Place not found." }, 404);
  });

  // A path of the table asked with another method: 405 with Allow. Registered after every GET
  // handler above, so a GET never reaches one of these.
  for (const path of Object.values(API_PATHS)) {
    api.all(path, (c) => c.json({ error: "Method not allowed." }, 405, { Allow: API_PATH_METHODS }));
  }

  // Leads: POST /api/leads and signed photo links, docs/leads.md.
  api.route("/leads", leadRoutes());

  api.all("*", (c) => c.json({ error: "Not found." }, 404));
  return api;
}
