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

export const NONCE_PLACEHOLDER = "__agn_nonce_placeholder__";
const MEMORY_LIMIT_BYTES = 16 * 1024 * 1024;
const CACHE_HOST = "https://html-cache.internal";

export interface HtmlCacheKey {
  origin: string;
  /** pathname + search */
  path: string;
  buildId: string;
  cv: number;
  stockVersion: string;
  /** consentKey() of the visitor's consent state: "undecided", "none", "maps-video", … */
  consent: string;
}

export function htmlCacheUrl(key: HtmlCacheKey): string {
  const parts = [encodeURIComponent(key.origin), key.buildId, String(key.cv), encodeURIComponent(key.stockVersion), key.consent].join("/");
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
