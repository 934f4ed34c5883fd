import type { Context } from "hono";
import { LEASE_SECTIONS } from "#domain/lease-choices.ts";
import { FINANCE_SECTIONS } from "#domain/offer-sections.ts";
import { MODEL_LINES } from "#domain/model-lines.ts";
import { carfinderPath, locationPath, modelsPath, vehiclePath } from "#domain/site-paths.ts";
import { offerSectionPath } from "#domain/lease-paths.ts";
import type { AppEnv } from "./env.ts";
import { createServerPorts } from "./adapters/server-ports.ts";
import { reportDependencyFailure } from "./adapters/dependency-failures.ts";
import { createContentService } from "./content/content-service.ts";
import { readSiteSettings } from "./site-settings.ts";
import { STOCK_VERSION_KEY } from "./adapters/stock-version.ts";
import { isolateRecord } from "./isolate-state.ts";

/** sitemaps.org: at most 50,000 URLs per sitemap file; beyond that an index lists the parts. */
export const SITEMAP_URL_LIMIT = 50_000;

export interface SitemapUrl {
  path: string;
  lastModified?: string | null;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/**
 * /sitemap.xml and /sitemap-{n}.xml: content pages (every published story, paged from the content
 * source), the carfinder, every available vehicle (D1), brand model pages, locations and the lease and
 * finance overviews.
 * Up to `limit` URLs it is one urlset; beyond, /sitemap.xml is an index of /sitemap-1.xml … .
 */
export function createSitemapHandlers(limit = SITEMAP_URL_LIMIT) {
  return {
    async index(c: Context<AppEnv>): Promise<Response> {
      const origin = originOf(c);
      const sources = await collectUrls(c);
      if (sources === null) return unavailable();
      const total = sources.before.length + sources.vehicles.rows.length + sources.after.length;
      if (total <= limit) {
        const entries =
          entriesXml(sources.before, origin) + vehicleEntriesXml(sources.vehicles, origin) + entriesXml(sources.after, origin);
        return xml(`${XML_HEAD}<urlset ${NS}>${entries}</urlset>`);
      }
      const parts = Math.ceil(total / limit);
      const entries = Array.from(
        { length: parts },
        (_, index) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${index + 1}.xml`)}</loc></sitemap>`,
      );
      return xml(`${XML_HEAD}<sitemapindex ${NS}>${entries.join("")}</sitemapindex>`);
    },
    async part(c: Context<AppEnv>): Promise<Response> {
      const number = Number(/^sitemap-(\d+)\.xml$/.exec(c.req.param("part") ?? "")?.[1] ?? "0");
      const sources = await collectUrls(c);
      if (sources === null) return unavailable();
      const urls = allUrls(sources);
      const parts = urls.length <= limit ? 0 : Math.ceil(urls.length / limit);
      if (number < 1 || number > parts) return c.text("Not found", 404, { "Cache-Control": "no-store" });
      return xml(urlset(urls.slice((number - 1) * limit, number * limit), originOf(c)));
    },
  };
}

const handlers = createSitemapHandlers();
export const sitemapXml = handlers.index;
export const sitemapPart = handlers.part;

function originOf(c: Context<AppEnv>): string {
  return c.get("vars").SITE_ORIGIN ?? new URL(c.req.url).origin;
}

/**
 * A source failing (content, D1): 503 with Retry-After rather than a sitemap that leaves out
 * pages — crawlers come back, and a half list is never cached.
 */
function unavailable(): Response {
  return new Response("Sitemap vorübergehend nicht verfügbar.", {
    status: 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "600", "Cache-Control": "no-store" },
  });
}

/** The sitemap's URLs in three runs: the vehicles' (most of them) are kept per stock version, see `vehicleEntriesXml`. */
interface SitemapSources {
  before: SitemapUrl[];
  vehicles: KeptVehicles;
  after: SitemapUrl[];
}

function allUrls({ before, vehicles, after }: SitemapSources): SitemapUrl[] {
  return [...before, ...vehicles.rows.map((vehicle) => ({ path: vehiclePath(vehicle) })), ...after];
}

async function collectUrls(c: Context<AppEnv>): Promise<SitemapSources | null> {
  const content = createContentService(c.env, { waitUntil: (promise) => c.executionCtx.waitUntil(promise) });
  const sources = await Promise.all([
    content.listSitemapEntries(),
    createServerPorts(c.env).locations.list(),
    availableVehicles(c.env),
  ]).catch((error: unknown) => {
    reportDependencyFailure("sitemap sources", error, (report) => c.get("sentry").captureException(report));
    return null;
  });
  if (sources === null) return null;
  const [pages, locations, vehicles] = sources;
  // Only the brands the site carries: another brand's pages are brand-not-found (an honest sitemap).
  // Read after the sources, so a sitemap that cannot be built reads (and reports) nothing more.
  const { brands } = (await readSiteSettings(c.env.REDIRECTS, (error) => c.get("sentry").captureException(error))).settings.config;
  const before: SitemapUrl[] = pages.map((page) => ({ path: page.path, lastModified: page.lastModified }));
  if (!before.some((url) => url.path === "/")) before.unshift({ path: "/" });
  before.push({ path: carfinderPath() });
  const urls: SitemapUrl[] = [];
  for (const brand of brands) {
    urls.push({ path: modelsPath(brand) });
    for (const model of Object.keys(MODEL_LINES[brand])) urls.push({ path: modelsPath(brand, model) });
  }
  urls.push({ path: "/standorte" });
  for (const location of locations) urls.push({ path: locationPath(location.slug) });
  // The lease and finance overviews; their detail pages are the vehicles' offers, listed above as
  // vehicles. Each brand's own overviews too (/{brand}/stock/{section}).
  for (const brand of [null, ...brands])
    for (const section of [...LEASE_SECTIONS, ...FINANCE_SECTIONS]) urls.push({ path: offerSectionPath(section.key, brand) });
  return { before, vehicles, after: urls };
}

interface VehicleRow {
  id: number;
  slug: string;
}

/**
 * Available vehicles of one read: the stock version they are of (null when it could not be known),
 * and their <url> entries once written for an origin.
 */
interface KeptVehicles {
  stockVersion: string | null;
  rows: readonly VehicleRow[];
  xml?: { origin: string; entries: string };
}

/** The available vehicles of the last sitemap this isolate built. */
const kept = isolateRecord("sitemap vehicles", (): { vehicles: KeptVehicles | undefined } => ({ vehicles: undefined }));

/**
 * The available vehicles' ids and slugs, read from D1 once per stock version (an import or a seed
 * writes a new one): turning thousands of D1 rows into objects was most of a sitemap request's CPU
 * (≈6 ms of 9 here, bench:cpu), and crawlers ask for the sitemap again and again between imports.
 * Without a stock version (KV failing, nothing seeded) the rows are read every time.
 */
async function availableVehicles(env: Env): Promise<KeptVehicles> {
  const stockVersion = await env.REDIRECTS.get(STOCK_VERSION_KEY).catch(() => null);
  if (stockVersion !== null && kept.vehicles?.stockVersion === stockVersion) return kept.vehicles;
  // raw(): arrays, not one object per row.
  const rows = await env.DB.prepare("SELECT id, slug FROM vehicles WHERE status = 'available' ORDER BY id").raw<[number, string]>();
  const vehicles: KeptVehicles = { stockVersion, rows: rows.map(([id, slug]) => ({ id, slug })) };
  if (stockVersion !== null) kept.vehicles = vehicles;
  return vehicles;
}

/**
 * The vehicles' <url> entries, written once per stock version and origin: writing 3,000 escaped
 * entries was the other half of a sitemap request's CPU (≈1.5 ms of 3, bench:cpu profile).
 */
function vehicleEntriesXml(vehicles: KeptVehicles, origin: string): string {
  if (vehicles.xml?.origin === origin) return vehicles.xml.entries;
  const entries = entriesXml(
    vehicles.rows.map((vehicle) => ({ path: vehiclePath(vehicle) })),
    origin,
  );
  vehicles.xml = { origin, entries };
  return entries;
}

function entriesXml(urls: readonly SitemapUrl[], origin: string): string {
  let entries = "";
  for (const url of urls) {
    entries += `<url><loc>${escapeXml(`${origin}${url.path}`)}</loc>${url.lastModified ? `<lastmod>${escapeXml(url.lastModified)}</lastmod>` : ""}</url>`;
  }
  return entries;
}

export function urlset(urls: SitemapUrl[], origin: string): string {
  return `${XML_HEAD}<urlset ${NS}>${entriesXml(urls, origin)}</urlset>`;
}

function xml(body: string): Response {
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
