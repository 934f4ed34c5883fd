import { CANONICAL_QUERY_WHITELIST } from "#domain/canonical-url.ts";

/**
 * Rendered HTML of editorial pages, cached by (origin, path, build, content cv, stock version,
 * consent state) (ARCHITECTURE.md "cache rendered HTML at the edge keyed by (path, cv, build)";
 * issue 4 budget: a warm content page ≤ 2 ms CPU). A publish changes the cv and a stock import
 * the stock version, so entries are never purged, only left behind. The document differs by the
 * consent state (banner, embeds, the state the browser starts from; ADR 0010), so that is in the
 * key too: at most 33 variants per page (undecided, or one of 32 sets of purposes). The
 * per-response CSP nonce is stored as a placeholder and put back on every hit, so a cached page
 * still carries a fresh nonce.
 *
 * Two tiers: a small per-isolate map (no I/O at all) and the location's Cache API.
 */

const CANONICAL_PARAMS: ReadonlySet<string> = new Set(CANONICAL_QUERY_WHITELIST);

/** Query parameters that make an editorial page the visitor's own (a lead confirmation, a typed-in licence plate): never cached. */
const PERSONAL_PARAMS = ["anfrage", "kennzeichen"];

const SAFE_VALUE = /^[\w.,-]{1,40}$/;

/**
 * The query string an editorial page is cached and rendered under, or null when it must not be
 * cached. Only what the page shows stays: the canonical set (CANONICAL_QUERY_WHITELIST, which the
 * canonical link carries; short plain values only) and `seite` (the article list's page, 2–500 as
 * the loader reads it), sorted like the canonical link. Anything else — tracking parameters,
 * random strings — is dropped, so it neither bypasses nor fills the cache, and no visitor's query
 * string ends up in HTML served to others (the page is rendered under the normalised URL).
 *
 * @example
 * htmlCacheSearch("?utm_source=x&seite=2&gclid=y")   // → "?seite=2"
 * htmlCacheSearch("?sorting=price&bodystyle=suv")     // → "?bodystyle=suv&sorting=price"
 * htmlCacheSearch("?anfrage=K7M3-Q9PX")               // → null
 */
export function htmlCacheSearch(search: string): string | null {
  const params = new URLSearchParams(search);
  if (PERSONAL_PARAMS.some((name) => params.has(name))) return null;
  const kept: Array<[string, string]> = [];
  for (const [name, value] of params) {
    if (name === "seite") {
      const page = Number(value);
      if (Number.isInteger(page) && page >= 2 && page <= 500) kept.push([name, String(page)]);
    } else if (CANONICAL_PARAMS.has(name) && SAFE_VALUE.test(value)) kept.push([name, value]);
  }
  kept.sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a < b ? -1 : 1));
  const query = new URLSearchParams(kept).toString();
  return query ? `?${query}` : "";
}

export const NONCE_PLACEHOLDER = "__agn_nonce_placeholder__";
const MEMORY_LIMIT_BYTES = 16 * 1024 * 1024;
const CACHE_HOST = "https://html-cache.internal";

export interface HtmlCacheKey {
  origin: string;
  /** The content source ("demo" or "sb-…", content-service.ts sourceIdOf): a token change never serves another space's pages. */
  source: string;
  /** pathname + search */
  path: string;
  buildId: string;
  cv: number;
  stockVersion: string;
  /** consentKey() of the visitor's consent state: "undecided", "none", "maps-video", … */
  consent: string;
}

export function htmlCacheUrl(key: HtmlCacheKey): string {
  const parts = [encodeURIComponent(key.origin), key.source, key.buildId, String(key.cv), encodeURIComponent(key.stockVersion), key.consent].join("/");
  return `${CACHE_HOST}/${parts}${key.path.startsWith("/") ? key.path : `/${key.path}`}`;
}

/** Least recently used first; sizes in UTF-16 code units are close enough for a budget. */
const memory = new Map<string, string>();
let memoryBytes = 0;

function remember(url: string, html: string): void {
  const previous = memory.get(url);
  if (previous !== undefined) memoryBytes -= previous.length;
  memory.delete(url);
  memory.set(url, html);
  memoryBytes += html.length;
  for (const [oldest, value] of memory) {
    if (memoryBytes <= MEMORY_LIMIT_BYTES) break;
    memory.delete(oldest);
    memoryBytes -= value.length;
  }
}

export function clearHtmlMemory(): void {
  memory.clear();
  memoryBytes = 0;
}

function edgeCache(): Cache | null {
  return typeof caches === "undefined" ? null : (caches as unknown as { default: Cache }).default;
}

/** The cached document with the placeholder still in it, or null. */
export async function readCachedHtml(key: HtmlCacheKey): Promise<string | null> {
  const url = htmlCacheUrl(key);
  const inMemory = memory.get(url);
  if (inMemory !== undefined) {
    remember(url, inMemory);
    return inMemory;
  }
  const cache = edgeCache();
  if (!cache) return null;
  const hit = await cache.match(url);
  if (!hit) return null;
  const html = await hit.text();
  remember(url, html);
  return html;
}

/** Stores a rendered document: the request's nonce becomes the placeholder. */
export async function storeHtml(key: HtmlCacheKey, html: string, nonce: string): Promise<void> {
  const url = htmlCacheUrl(key);
  const template = html.replaceAll(nonce, NONCE_PLACEHOLDER);
  remember(url, template);
  const cache = edgeCache();
  if (cache) {
    // Cache API needs a cacheable response; a day is plenty, the key changes on publish anyway.
    await cache.put(url, new Response(template, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=86400" } }));
  }
}

export function withNonce(template: string, nonce: string): string {
  return template.replaceAll(NONCE_PLACEHOLDER, nonce);
}
