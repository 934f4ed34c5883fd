import { CANONICAL_QUERY_WHITELIST } from "#domain/canonical-url.ts";
import { hasEmployeeFilter } from "#domain/employees.ts";
import { edgeCache } from "../adapters/edge-cache.ts";
import { registerIsolateState } from "../isolate-state.ts";

/**
 * Rendered HTML of editorial pages, cached by (origin, environment, SITE_ORIGIN, path, build,
 * content cv, stock version, settings, consent state, info bar notices shown) (ARCHITECTURE.md "cache rendered HTML at the edge keyed by (path, cv, build)";
 * budget: a warm content page ≤ 2 ms CPU). A publish changes the cv and a stock import
 * the stock version, so entries are never purged, only left behind. The document differs by the
 * consent state (banner, embeds, the state the browser starts from; ADR 0010), so that is in the
 * key too: at most 33 variants per page (undecided, or one of 32 sets of purposes). The
 * per-response CSP nonce is stored as a placeholder and put back on every hit, so a cached page
 * still carries a fresh nonce — unless the page is an islands page, whose one inline script is
 * allowed by its hash instead (ADR 0018): that document is the same for everyone with its key and is
 * kept gzipped.
 *
 * Two tiers: a small per-isolate map (no I/O at all) and the location's Cache API.
 */

const CANONICAL_PARAMS: ReadonlySet<string> = new Set(CANONICAL_QUERY_WHITELIST);

/** Query parameters that make an editorial page the visitor's own (a lead confirmation, a typed-in licence plate): never cached. */
const PERSONAL_PARAMS = ["anfrage", "kennzeichen"];

/** Whether a query string makes the page one visitor's own (a lead reference, a licence plate). */
export function isPersonalSearch(params: URLSearchParams): boolean {
  return PERSONAL_PARAMS.some((name) => params.has(name));
}

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
  if (isPersonalSearch(params)) return null;
  // A filtered contact-person directory (?standort=…&suche=…) is rendered for its filter, not cached.
  if (hasEmployeeFilter(search)) return null;
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
  /** The request's origin. */
  origin: string;
  /**
   * The environment (ENVIRONMENT) and the public origin pages are rendered for (SITE_ORIGIN, or
   * "request" when unset): runs of other environments may share a location's cache, and a copy a
   * development run rendered for a forged Host must never be served by production.
   */
  environment: string;
  siteOrigin: string;
  /** The content source ("demo" or "sb-…", content-service.ts sourceIdOf): a token change never serves another space's pages. */
  source: string;
  /** pathname + search */
  path: string;
  buildId: string;
  cv: number;
  stockVersion: string;
  /** The site settings' version (worker/site-settings.ts): a settings change renders the pages anew. */
  settings?: string;
  /** consentKey() of the visitor's consent state: "undecided", "none", "maps-video", … */
  consent: string;
  /**
   * The info bar's notices the page shows (content/layout-content.ts noticesCacheKey): valid now in
   * Europe/Berlin and not dismissed by the visitor, so a notice appears and ends on time and a
   * dismissal is never served a copy with the notice.
   */
  notices?: string;
}

export function htmlCacheUrl(key: HtmlCacheKey): string {
  const parts = [
    encodeURIComponent(key.origin),
    key.environment,
    encodeURIComponent(key.siteOrigin),
    key.source,
    key.buildId,
    String(key.cv),
    encodeURIComponent(key.stockVersion),
    key.settings ?? "built-in",
    key.consent,
    key.notices ?? "-",
  ].join("/");
  return `${CACHE_HOST}/${parts}${key.path.startsWith("/") ? key.path : `/${key.path}`}`;
}

/**
 * A cached document, of one of two kinds:
 * - `nonce`: a page that hydrates through the app's entry (its inline scripts carry the CSP nonce):
 *   stored with the placeholder, the request's nonce put back on every hit;
 * - `static`: an islands page (ADR 0017) whose one inline script is allowed by its hash (ADR 0018):
 *   the same bytes for every visitor with this key, so they are kept UTF-8-encoded and gzipped
 *   once, and a hit only hands them out.
 */
export type CachedDocument =
  | { kind: "nonce"; template: string }
  | { kind: "static"; body: Uint8Array; gzip: Uint8Array; scriptHash: string };

function sizeOf(document: CachedDocument): number {
  return document.kind === "nonce" ? document.template.length * 2 : document.body.byteLength + document.gzip.byteLength;
}

/** Least recently used first. */
const memory = new Map<string, CachedDocument>();
let memoryBytes = 0;

function remember(url: string, document: CachedDocument): void {
  const previous = memory.get(url);
  if (previous !== undefined) memoryBytes -= sizeOf(previous);
  memory.delete(url);
  memory.set(url, document);
  memoryBytes += sizeOf(document);
  for (const [oldest, value] of memory) {
    if (memoryBytes <= MEMORY_LIMIT_BYTES) break;
    memory.delete(oldest);
    memoryBytes -= sizeOf(value);
  }
}

export function clearHtmlMemory(): void {
  memory.clear();
  memoryBytes = 0;
}
registerIsolateState("html memory", { reset: clearHtmlMemory, isEmpty: () => memory.size === 0 && memoryBytes === 0 });

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function staticDocument(html: string, scriptHash: string): Promise<CachedDocument> {
  const body = new TextEncoder().encode(html);
  return { kind: "static", body, gzip: await gzip(body), scriptHash };
}

/** What the Cache API copy says about its kind (it holds the HTML text either way). */
const KIND_HEADER = "X-Html-Kind";
const SCRIPT_HASH_HEADER = "X-Html-Script-Hash";
const SCRIPT_HASH = /^'sha256-[A-Za-z0-9+/]{43}='$/;

/** The cached document, or null. */
export async function readCachedHtml(key: HtmlCacheKey): Promise<CachedDocument | null> {
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
  const scriptHash = hit.headers.get(SCRIPT_HASH_HEADER) ?? "";
  let document: CachedDocument;
  if (hit.headers.get(KIND_HEADER) === "static") {
    // A copy whose hash is not well-formed would be served without a working CSP: render instead.
    if (!SCRIPT_HASH.test(scriptHash)) return null;
    document = await staticDocument(html, scriptHash);
  } else {
    document = { kind: "nonce", template: html };
  }
  remember(url, document);
  return document;
}

async function putInEdgeCache(url: string, html: string, headers: Record<string, string>): Promise<void> {
  const cache = edgeCache();
  if (!cache) return;
  // Cache API needs a cacheable response; a day is plenty, the key changes on publish anyway.
  await cache.put(
    url,
    new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=86400", ...headers } }),
  );
}

/** Stores a document that carries the request's nonce: the nonce becomes the placeholder. */
export async function storeHtml(key: HtmlCacheKey, html: string, nonce: string): Promise<void> {
  const url = htmlCacheUrl(key);
  const template = html.replaceAll(nonce, NONCE_PLACEHOLDER);
  remember(url, { kind: "nonce", template });
  await putInEdgeCache(url, template, { [KIND_HEADER]: "nonce" });
}

/** Stores a document without a nonce whose inline script the CSP allows by `scriptHash` ('sha256-…'). */
export async function storeStaticHtml(key: HtmlCacheKey, html: string, scriptHash: string): Promise<void> {
  const url = htmlCacheUrl(key);
  remember(url, await staticDocument(html, scriptHash));
  await putInEdgeCache(url, html, { [KIND_HEADER]: "static", [SCRIPT_HASH_HEADER]: scriptHash });
}

/** Whether a request's Accept-Encoding takes gzip (q=0 refuses it). */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  for (const part of (acceptEncoding ?? "").toLowerCase().split(",")) {
    const [coding, ...params] = part.trim().split(";");
    if (coding !== "gzip" && coding !== "*") continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    return q === undefined || Number(q) > 0;
  }
  return false;
}

export function withNonce(template: string, nonce: string): string {
  return template.replaceAll(NONCE_PLACEHOLDER, nonce);
}
