import { Hono, type Context } from "hono";
import * as z from "zod";
import { ContentSlugSchema } from "#domain/route-params.ts";
import { LocationParamSchema } from "#domain/route-params.ts";
import { BrandKeySchema } from "#domain/brand-schema.ts";
import { EMPLOYEES_PER_PAGE, parseEmployeeFilter } from "#domain/employees.ts";
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

/** The read-only API paths (GET and HEAD only). */
const READ_ONLY_API =
  /^\/api\/(?:route-lookup|content\/(?:home|pages\/.+|articles)|vehicles(?:\/search|\/\d+(?:\/prices)?)?|locations(?:\/[\w-]+)?|models\/[\w-]+|employees|places\/locate)$/;

/**
 * JSON for the browser ports (routes/ports.ts): the same adapters the SSR loaders use,
 * so both sides see the same data. Invalid input is a 400 with a message, never a 500.
 */
export function apiRoutes() {
  const api = new Hono<AppEnv>();

  api.get("/route-lookup", async (c) => {
    const query = PathQuerySchema.safeParse({ path: c.req.query("path") });
    if (!query.success) return c.json({ error: "Query parameter 'path' must be an absolute path." }, 400);
    const result = await createServerPorts(c.env).routeLookup.lookup(query.data.path);
    return c.json(result);
  });

  // Content: exactly what the content port answers on the server (ContentPage,
  // ArticleList); the browser's ports call these (client/browser-ports.ts). "home" = the home story.
  api.get("/content/home", async (c) => contentPageResponse(c, ""));
  api.get("/content/pages/:slug{.+}", async (c) => {
    const slug = ContentSlugSchema.safeParse(c.req.param("slug"));
    if (!slug.success) return c.json({ error: "Invalid slug." }, 400);
    const lower = slug.data.toLowerCase();
    return contentPageResponse(c, lower === HOME_STORY_SLUG ? "" : lower);
  });

  api.get("/content/articles", async (c) => {
    const query = ArticleListQuerySchema.safeParse(c.req.query());
    if (!query.success) {
      return c.json(
        { error: "Query: starts_with must be a folder slug; page 1-1000, per_page 1-100 and tag up to 100 characters are optional." },
        400,
      );
    }
    const { starts_with: startsWith, page, per_page: perPage, tag } = query.data;
    const { ports, headers } = await contentPorts(c);
    const list = await ports.listArticles({ startsWith, page, perPage, ...(tag && { tag }) });
    return c.json(list, 200, headers);
  });

  // The carfinder search: the query string is the carfinder URL state (domain/vehicle-search-query.ts).
  api.get("/vehicles/search", async (c) => {
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
  api.get("/vehicles", async (c) => {
    const ids = IdListSchema.safeParse(c.req.query("ids") ?? "");
    if (!ids.success)
      return c.json({ error: `Query parameter 'ids' must list 1 to ${MAX_VEHICLES_PER_REQUEST} positive integers, comma-separated.` }, 400);
    return c.json(await createServerPorts(c.env).vehicles.getMany(ids.data));
  });

  api.get("/vehicles/adverts", async (c) => {
    const ids = IdListSchema.safeParse(c.req.query("ids") ?? "");
    if (!ids.success)
      return c.json({ error: `Query parameter 'ids' must list 1 to ${MAX_VEHICLES_PER_REQUEST} positive integers, comma-separated.` }, 400);
    return c.json(await createServerPorts(c.env).vehicles.adverts(ids.data), 200, { "Cache-Control": "public, max-age=60" });
  });

  api.get("/vehicles/:id/prices", async (c) => {
    const id = IdSchema.safeParse(c.req.param("id"));
    if (!id.success) return c.json({ error: "Vehicle id must be a positive integer." }, 400);
    return c.json(await createServerPorts(c.env).vehicles.priceHistory(id.data), 200, { "Cache-Control": "public, max-age=300" });
  });

  api.get("/vehicles/:id", async (c) => {
    const id = IdSchema.safeParse(c.req.param("id"));
    if (!id.success) return c.json({ error: "Vehicle id must be a positive integer." }, 400);
    const vehicle = await createServerPorts(c.env).vehicles.getById(id.data);
    return vehicle ? c.json(vehicle) : c.json({ error: "Vehicle not found." }, 404);
  });

  api.get("/locations", async (c) => c.json(await createServerPorts(c.env).locations.list()));

  api.get("/locations/:slug", async (c) => {
    const slug = LocationParamSchema.safeParse(c.req.param("slug"));
    if (!slug.success) return c.json({ error: "Invalid location slug." }, 400);
    const location = await createServerPorts(c.env).locations.getBySlug(slug.data);
    return location ? c.json(location) : c.json({ error: "Location not found." }, 404);
  });

  // The model catalogue: a brand's variants, or one model line's with ?model=.
  api.get("/models/:brand", async (c) => {
    const brand = BrandKeySchema.safeParse(c.req.param("brand"));
    if (!brand.success) return c.json({ error: "Unknown brand." }, 404);
    const model = c.req.query("model");
    if (model !== undefined && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(model))
      return c.json({ error: "Query parameter 'model' must be a model slug." }, 400);
    return c.json(await createServerPorts(c.env).models.variants(brand.data, model), 200, { "Cache-Control": "public, max-age=300" });
  });

  // The contact-person directory: the filter of /ansprechpartner?standort=…; per_page 1–100.
  api.get("/employees", async (c) => {
    const url = new URL(c.req.url);
    const { filter, page } = parseEmployeeFilter(url.searchParams);
    const perPage = Number(url.searchParams.get("per_page") ?? EMPLOYEES_PER_PAGE);
    if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100)
      return c.json({ error: "Query parameter 'per_page' must be an integer from 1 to 100." }, 400);
    return c.json(await createServerPorts(c.env).employees.search(filter, { page, perPage }), 200, {
      "Cache-Control": "public, max-age=60",
    });
  });

  // The nearest-center search: where a postal code or place is; 404 when unknown.
  api.get("/places/locate", async (c) => {
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

  // Leads: POST /api/leads and signed photo links, docs/leads.md.
  api.route("/leads", leadRoutes());

  // A read-only resource asked with another method: 405 with Allow; unknown paths: 404.
  api.all("*", (c) => {
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD" && c.req.path !== "/api" && READ_ONLY_API.test(c.req.path)) {
      return c.json({ error: "Method not allowed." }, 405, { Allow: "GET, HEAD" });
    }
    return c.json({ error: "Not found." }, 404);
  });
  return api;
}
