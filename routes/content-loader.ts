import { data, redirect, type LoaderFunctionArgs } from "react-router";
import { collectDataNeeds, DEFAULT_ARTICLE_FOLDER, type BlockData, type BlockDataEntry, type BlockDataNeed } from "#content/block-data.ts";
import type { ContentPage } from "#content/content-page-schema.ts";
import { ContentSlugSchema } from "#domain/route-params.ts";
import { parseSearchQuery } from "#domain/vehicle-search-query.ts";
import { parseEmployeeFilter } from "#domain/employees.ts";
import { portsContext, type DataPorts } from "./ports.ts";
import { expectedError, pageNotFound } from "./route-errors.ts";

/**
 * Loader of editorial pages, shared by the catch-all /{slug…} and the home page:
 * the server route lookup first (redirect rule 3), then the story, then the live data its blocks
 * ask for (stock, locations, articles) in parallel. Imported lazily by the route modules so zod
 * stays off the first load (ADR 0006).
 */
export interface ContentRouteData {
  page: ContentPage;
  blockData: BlockData;
  noindex: boolean;
}

/** ?seite=2 pages the news overview; anything else is page 1. */
function pageParam(request: Request): number {
  const value = Number(new URL(request.url).searchParams.get("seite"));
  return Number.isInteger(value) && value >= 1 && value <= 500 ? value : 1;
}

async function loadNeed(need: BlockDataNeed, ports: DataPorts, request: Request): Promise<BlockDataEntry> {
  switch (need.kind) {
    case "vehicles": {
      // A block shows its first cards and no filters: neither 24 cards nor facet counts.
      const result = await ports.vehicles.search(
        parseSearchQuery(new URLSearchParams(need.query)),
        {},
        { limit: need.limit, facets: false },
      );
      return { kind: "vehicles", result: { ...result, vehicles: result.vehicles.slice(0, need.limit) } };
    }
    case "locations":
      return { kind: "locations", locations: await ports.locations.list() };
    case "employees": {
      // The visitor's filter narrows the editor's presets, never widens them.
      const fromUrl = need.fromUrl ? parseEmployeeFilter(new URL(request.url).searchParams) : { filter: {}, page: 1 };
      const filter = { ...fromUrl.filter, ...need.preset };
      return { kind: "employees", page: await ports.employees.search(filter, { page: fromUrl.page, perPage: need.limit }) };
    }
    case "vehicle":
      return { kind: "vehicle", vehicle: await ports.vehicles.getById(need.id) };
    case "articles":
      return {
        kind: "articles",
        list: await ports.content.listArticles({
          startsWith: need.startsWith,
          page: need.paged ? pageParam(request) : 1,
          perPage: need.perPage,
          ...(need.tag && { tag: need.tag }),
        }),
      };
  }
}

/** One failing data source costs its block, never the page: the block says it could not load. */
async function resolveNeed(need: BlockDataNeed, ports: DataPorts, request: Request): Promise<[string, BlockDataEntry]> {
  try {
    return [need.uid, await loadNeed(need, ports, request)];
  } catch (error) {
    console.warn(`block data for ${need.kind} (${need.uid}) failed:`, error instanceof Error ? error.message : error);
    return [need.uid, { kind: "error", need: need.kind }];
  }
}

export async function loadContentRoute(
  { request, context }: LoaderFunctionArgs,
  slug: string,
): Promise<ReturnType<typeof data<ContentRouteData>>> {
  if (slug !== "" && !ContentSlugSchema.safeParse(slug).success) pageNotFound(request);
  const ports = context.get(portsContext);
  const url = new URL(request.url);
  const lookup = slug === "" ? null : await ports.routeLookup.lookup(url.pathname);
  if (lookup?.target) throw redirect(lookup.target, 301);
  const key = slug.toLowerCase();
  const page = await readPage(ports, key);
  if (page === "unavailable") expectedError("temporarily-unavailable", "Content unavailable", 503);
  if (!page) {
    // Below the journal a missing story is a news article that is gone (spec section 8 error kinds).
    if (key.startsWith(DEFAULT_ARTICLE_FOLDER)) {
      expectedError("news-article-not-found", `News article not found: ${url.pathname}`);
    }
    pageNotFound(request);
  }
  return withBlockData(page, ports, request, lookup?.middleware);
}

/**
 * The story, null when the space has none, or "unavailable" when the content source failed and
 * nothing was cached (the worker reported it, worker/content/cached-content.ts): a page then
 * shows the maintenance notice (503), the home page its built-in version — never a 500.
 */
async function readPage(ports: DataPorts, slug: string): Promise<ContentPage | null | "unavailable"> {
  try {
    return await ports.content.getPage(slug);
  } catch {
    return "unavailable";
  }
}

/** The home page: its story when the space has one, else null (the route shows its built-in home). */
export async function loadHomeRoute({
  context,
  request,
}: LoaderFunctionArgs): Promise<ReturnType<typeof data<ContentRouteData>> | ReturnType<typeof data<{ unavailable: true }>> | null> {
  const ports = context.get(portsContext);
  const page = await readPage(ports, "");
  // The content source down: the built-in home with a notice, not kept in the HTML cache.
  if (page === "unavailable") return data({ unavailable: true as const }, { headers: { "Cache-Control": "no-store" } });
  return page ? withBlockData(page, ports, request) : null;
}

async function withBlockData(
  page: ContentPage,
  ports: DataPorts,
  request: Request,
  middleware: { noindex?: boolean; noStore?: boolean } = {},
) {
  const blockData: BlockData = Object.fromEntries(
    await Promise.all(collectDataNeeds(page.content).map((need) => resolveNeed(need, ports, request))),
  );
  // A page whose block data failed in part is shown as it is but never kept in the HTML cache:
  // the next visitor gets a fresh render, not the degraded one until the next publish.
  const degraded = Object.values(blockData).some((entry) => entry?.kind === "error");
  const noStore = page.preview || middleware.noStore === true || degraded;
  return data(
    { page, blockData, noindex: page.noindex || page.preview || middleware.noindex === true },
    noStore ? { headers: { "Cache-Control": "no-store" } } : undefined,
  );
}
