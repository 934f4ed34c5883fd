import type { Context } from "hono";
import { consentKey, type ConsentState } from "#domain/consent.ts";
import { noticesCacheKey, type InfoNotice } from "#content/layout-content.ts";
import type { AppEnv, EnvVars } from "../env.ts";
import { buildInfo } from "../build-info.ts";
import type { ServerPorts } from "../adapters/server-ports.ts";
import { keptReads } from "../adapters/kept-reads.ts";
import { failOpen } from "../adapters/dependency-failures.ts";
import { STOCK_VERSION_KEY } from "../adapters/stock-version.ts";
import { sourceIdOf } from "../content/content-service.ts";
import { htmlCacheSearch, type HtmlCacheKey } from "./html-cache.ts";
import { leafHandleOf } from "./page-route.ts";

/**
 * The HTML cache key of a page request (ADR 0008, ADR 0018): whether the page may be cached at all,
 * and the versions that name its copy. The key's parts are documented on HtmlCacheKey (html-cache.ts).
 */

/** Editorial pages whose HTML depends only on content (cv), stock (version) and the build. */
const HTML_CACHED_MODULES: ReadonlySet<string> = new Set(["routes/content-page.tsx", "routes/home-page.tsx"]);

/** What every HTML cache key of a request shares: where and for whom the page is rendered. */
export type CacheScope = Pick<HtmlCacheKey, "origin" | "environment" | "siteOrigin">;

export function cacheScopeOf(url: URL, vars: Pick<EnvVars, "ENVIRONMENT" | "SITE_ORIGIN">): CacheScope {
  return { origin: url.origin, environment: vars.ENVIRONMENT, siteOrigin: vars.SITE_ORIGIN ?? "request" };
}

/** What decides whether a request's page can be cached, before any read. */
export interface PageRequest {
  url: URL;
  method: string;
  preview: boolean;
  /** The legacy redirect table says the path is gone (redirect middleware). */
  legacyGone: boolean;
  htmlCache: EnvVars["HTML_CACHE"];
}

/**
 * The path and query an editorial page is cached and rendered under, or null when the page must be
 * rendered: not an editorial page, a preview, not a GET, a legacy-gone path, the cache switched
 * off, or a personal query (htmlCacheSearch).
 *
 * @example
 * cachedPagePath({ url: new URL("https://x.de/werkstatt?utm_source=a"), method: "GET", … }) // → "/werkstatt"
 */
export function cachedPagePath(request: PageRequest): string | null {
  if (request.preview || request.method !== "GET" || request.legacyGone || request.htmlCache === "off") return null;
  const module = leafHandleOf(request.url.pathname)?.module;
  if (!module || !HTML_CACHED_MODULES.has(module)) return null;
  const search = htmlCacheSearch(request.url.search);
  return search === null ? null : `${request.url.pathname}${search}`;
}

/** The content source and the versions a cached page was rendered from. */
export type PageVersions = Pick<HtmlCacheKey, "source" | "cv" | "stockVersion">;

/** What names a page's copy besides its path and versions. */
export interface PageVariant {
  /** The site settings' version (worker/site-settings.ts). */
  settings: string;
  consent: ConsentState;
  /** The info bar's notices the page shows (valid now, not dismissed): the key names them (noticesCacheKey). */
  notices: readonly InfoNotice[];
}

/** The HTML cache key of a cacheable page: its scope, path, the build and versions it was rendered from, and its variant. */
export function pageCacheKey(scope: CacheScope, path: string, versions: PageVersions, variant: PageVariant): HtmlCacheKey {
  return {
    ...scope,
    path,
    buildId: buildInfo().buildId,
    ...versions,
    settings: variant.settings,
    consent: consentKey(variant.consent),
    notices: noticesCacheKey(variant.notices),
  };
}

/**
 * The HTML cache key of this request, or null when the page must be rendered: cachedPagePath said
 * no, the path has a server route-lookup entry (redirects and middleware settings are decided by
 * the loader, every time), or the versions cannot be read. Reads through the request's own ports
 * (nothing is built twice), at most once a second per isolate (worker/adapters/kept-reads.ts).
 */
export async function pageCacheKeyOf(
  c: Context<AppEnv>,
  url: URL,
  preview: boolean,
  ports: ServerPorts,
  variant: PageVariant,
): Promise<HtmlCacheKey | null> {
  const vars = c.get("vars");
  const path = cachedPagePath({ url, method: c.req.method, preview, legacyGone: c.get("legacyGone") === true, htmlCache: vars.HTML_CACHE });
  if (path === null) return null;
  // Kept per isolate for a second (worker/adapters/kept-reads.ts): a hit reads no KV at all.
  // KV down: no key, the page is rendered (the HTML cache is bypassed, adapters/dependency-failures.ts).
  const [hasLookup, versions] = await Promise.all([
    url.pathname === "/" ? false : ports.routeLookup.lookup(url.pathname).then((lookup) => lookup !== null),
    failOpen(
      "KV: HTML cache versions",
      () =>
        sourceIdOf(vars).then(async (source) => {
          const kept = await keptReads.versions(source, () => Promise.all([ports.currentCv(), c.env.REDIRECTS.get(STOCK_VERSION_KEY)]));
          return kept && { source, ...kept };
        }),
      null,
    ),
  ]);
  if (hasLookup || versions === null) return null;
  return pageCacheKey(cacheScopeOf(url, vars), path, versions, variant);
}
