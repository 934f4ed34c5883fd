import type { ArticleList } from "./content-page-schema.ts";
import type { Block } from "./story-schema.ts";
import type { EmployeePage, LocationSummary } from "#domain/data-schemas.ts";
import { EMPLOYEES_PER_PAGE, type EmployeeFilter } from "#domain/employees.ts";
import type { SearchResult } from "#domain/vehicle-search-result.ts";
import type { BrandKey } from "#domain/brands.ts";
import type { Vehicle } from "#domain/vehicle.ts";

/**
 * Live data some blocks show (stock, locations, articles). A block never fetches: the route
 * loader asks `collectDataNeeds(page.content)`, resolves each need through its data ports and
 * passes the answers by block `_uid` in `BlockRenderContext.data`. A block without its data
 * renders a German empty state. Zod-free: the loader runs in the browser too (ADR 0006).
 *
 * @example
 * const needs = collectDataNeeds(page.content);
 * // → [{ kind: "vehicles", uid: "a1", query: "brand=smart&fuel=electric", limit: 4 }, …]
 */

export type BlockDataNeed =
  /** stock_overview, stock_preview, hero_stock, lease_overview: a carfinder search (query string as on /carfinder). */
  | { kind: "vehicles"; uid: string; query: string; limit: number }
  /** location_grid, location_overview, stock_location_detail, workshop_appointment: every location (the block filters by slug or brand). */
  | { kind: "locations"; uid: string }
  /**
   * employee_overview, employee_grid without hand-picked people: the directory's data narrowed by the
   * block's presets; the overview also takes the visitor's filter from the page URL (?standort=…) and pages.
   */
  | { kind: "employees"; uid: string; preset: EmployeeFilter; fromUrl: boolean; limit: number }
  /** article_latest, article_overview: stories below a folder, newest first. */
  | { kind: "articles"; uid: string; startsWith: string; perPage: number; tag?: string; paged?: boolean }
  /** stock_media_gallery, stock_photo_spinner, stock_lease_detail: one vehicle by its number. */
  | { kind: "vehicle"; uid: string; id: number };

export type BlockDataEntry =
  | { kind: "vehicles"; result: SearchResult }
  | { kind: "locations"; locations: LocationSummary[] }
  | { kind: "articles"; list: ArticleList }
  | { kind: "employees"; page: EmployeePage }
  /** null: sold or unknown (the block says so). */
  | { kind: "vehicle"; vehicle: Vehicle | null }
  /** The port failed: the block says so ("… konnten nicht geladen werden") instead of an empty list. */
  | { kind: "error"; need: BlockDataNeed["kind"] };

/** Answers by block `_uid`. */
export type BlockData = Record<string, BlockDataEntry | undefined>;

/** What the route hands the block renderer. */
export interface BlockRenderContext {
  /** Resolved data needs by block `_uid`; missing entries render empty states. */
  data: BlockData;
  /** Visual-editor preview: invalid blocks show as visible markers. */
  preview: boolean;
  /** Level of a top-level block's own headline (default 2: the page title is the one h1). */
  headingLevel?: number;
  /** Brand of a brand-scoped page (quick search "car-company" variant). */
  brand?: BrandKey;
}

export const DEFAULT_ARTICLE_FOLDER = "uber-uns/journal/";
export const STOCK_LIMITS = { stock_overview: 12, stock_results: 12, stock_preview: 4, hero_stock: 3, lease_overview: 6 } as const;
export const MAX_STOCK_LIMIT = 24;
export const ARTICLE_LIMITS = { article_latest: 3, article_overview: 12 } as const;
export const MAX_ARTICLES = 50;
/** The lease overview lists vehicles with a lease offer; an editor's own price type wins. */
export const LEASE_DEFAULT_QUERY = "pricetype=private_lease";

/** Walks the (validated) root and lists what its blocks need, once per block, in page order. */
export function collectDataNeeds(root: Block): BlockDataNeed[] {
  const needs: BlockDataNeed[] = [];
  const seen = new Set<string>();
  visit(root, (block) => {
    if (seen.has(block._uid)) return;
    const need = needOf(block);
    if (need) {
      seen.add(block._uid);
      needs.push(need);
    }
  });
  return needs;
}

function needOf(block: Block): BlockDataNeed | null {
  const fields = block as Record<string, unknown>;
  switch (block.component) {
    case "stock_overview":
    case "stock_results":
    case "stock_preview":
    case "hero_stock":
      return {
        kind: "vehicles",
        uid: block._uid,
        query: stockQuery(fields.query),
        limit: limit(fields.limit, STOCK_LIMITS[block.component], MAX_STOCK_LIMIT),
      };
    case "lease_overview": {
      const query = stockQuery(fields.query);
      const withPriceType = /(^|&)pricetype=/.test(query) ? query : [query, LEASE_DEFAULT_QUERY].filter(Boolean).join("&");
      return {
        kind: "vehicles",
        uid: block._uid,
        query: withPriceType,
        limit: limit(fields.limit, STOCK_LIMITS.lease_overview, MAX_STOCK_LIMIT),
      };
    }
    case "stock_media_gallery":
    case "stock_photo_spinner":
    case "stock_lease_detail":
      return typeof fields.vehicle === "number" ? { kind: "vehicle", uid: block._uid, id: fields.vehicle } : null;
    case "location_grid":
    case "location_overview":
    case "stock_location_detail":
    case "workshop_appointment":
      return { kind: "locations", uid: block._uid };
    case "employee_overview":
    case "employee_grid": {
      // Hand-picked people (employee blocks inside) are shown as they are; none: the directory's.
      if (Array.isArray(fields.employees) && fields.employees.length > 0) return null;
      const preset: EmployeeFilter = {
        ...(typeof fields.location === "string" && fields.location && { location: fields.location }),
        ...(typeof fields.department === "string" &&
          fields.department && { department: fields.department as EmployeeFilter["department"] }),
        ...(typeof fields.brand === "string" && fields.brand && { brand: fields.brand as EmployeeFilter["brand"] }),
      };
      const overview = block.component === "employee_overview";
      return {
        kind: "employees",
        uid: block._uid,
        preset,
        fromUrl: overview,
        limit: overview ? EMPLOYEES_PER_PAGE : limit(fields.limit, 8, 48),
      };
    }
    case "article_latest":
    case "article_overview": {
      const tag = typeof fields.tag === "string" && fields.tag.trim() ? fields.tag.trim() : undefined;
      const perPage = limit(
        block.component === "article_latest" ? fields.count : fields.per_page,
        ARTICLE_LIMITS[block.component],
        MAX_ARTICLES,
      );
      // The news overview pages through the folder (?seite=2); the latest-articles teaser does not.
      const paged = block.component === "article_overview";
      return {
        kind: "articles",
        uid: block._uid,
        startsWith: articleFolder(fields.folder),
        perPage,
        ...(tag && { tag }),
        ...(paged && { paged }),
      };
    }
    default:
      return null;
  }
}

/** A carfinder query string without "?" (also taken from a pasted "/carfinder?…" URL). */
export function stockQuery(value: unknown): string {
  if (typeof value !== "string") return "";
  const trimmed = value.trim();
  const query = trimmed.includes("?") ? trimmed.slice(trimmed.indexOf("?") + 1) : trimmed;
  return query.replace(/^[?&]+|&+$/g, "").replace(/#.*$/, "");
}

/** Folder slug as cdn/stories `starts_with` wants it: no leading slash, one trailing slash. */
export function articleFolder(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") return DEFAULT_ARTICLE_FOLDER;
  return `${value.trim().replace(/^\/+|\/+$/g, "")}/`;
}

function limit(value: unknown, fallback: number, max: number): number {
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) return fallback;
  return Math.min(max, Math.max(1, Math.round(number)));
}

/** True when any block in the tree (rich-text bloks included) is one of `names`. */
export function containsComponent(root: unknown, names: ReadonlySet<string>): boolean {
  let found = false;
  visit(root, (block) => {
    if (names.has(block.component)) found = true;
  });
  return found;
}

/** Every block in the tree: block fields, lists of blocks, and bloks embedded in rich text. */
function visit(value: unknown, onBlock: (block: Block) => void, depth = 0): void {
  if (depth > 40 || typeof value !== "object" || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) visit(item, onBlock, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  if (typeof record.component === "string" && typeof record._uid === "string") onBlock(record as Block);
  for (const [key, child] of Object.entries(record)) {
    if (key === "_editable") continue;
    visit(child, onBlock, depth + 1);
  }
}
