import { htmlCacheUrl, type HtmlCacheKey } from "./html-cache.ts";
import { htmlHeaders } from "./page-headers.ts";

/**
 * HTTP validators of the pages the HTML cache keeps (docs/rendering.md, ADR 0044): a weak ETag
 * named by the page's cache key — never by anything of one response, such as its CSP nonce — and
 * the 304 a browser gets when it already holds that page. No Last-Modified: a page's copy is named
 * by versions (content cv, stock, build, settings, consent, notices), not by a time, and a date
 * would say "not modified" to a browser holding another consent variant written earlier.
 */

/**
 * How long one ETag may name a page: a day, as long as the copy in the data centre's Cache API
 * lives (html-cache.ts). What the key does not name (a dealership location's hours from D1) is then
 * no older in a revalidated browser copy than in a copy the worker would send.
 */
const ETAG_PERIOD_MS = 86_400_000;

/**
 * The page's ETag: weak (`W/"…"`), because the same key's document differs between responses in
 * its nonce and may be compressed by the edge (Cloudflare keeps weak ETags as they are, and turns
 * strong ones weak or drops them when it changes the body); 24 hex digits of the SHA-256 of the key
 * and the day, so the header tells nobody the key's parts (the visitor's consent state).
 */
export async function htmlETag(key: HtmlCacheKey, now: number = Date.now()): Promise<string> {
  const period = Math.floor(now / ETAG_PERIOD_MS);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${htmlCacheUrl(key)}#${period}`));
  const hex = Array.from(new Uint8Array(digest, 0, 12), (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `W/"${hex}"`;
}

/**
 * RFC 9110 §13.1.2: If-None-Match compared weakly (W/ ignored). `*` ("any current page") is not
 * taken: whether the path is a page at all is known only once it is rendered (a content path that
 * does not exist has a cache key too), and browsers never send it for a page.
 */
export function ifNoneMatchHits(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const ours = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === ours);
}

/**
 * The 304 for a browser that holds the page: no body, and only what a cache may update its stored
 * headers with (RFC 9111 §4.3.4): ETag, Cache-Control, Vary (Accept-Encoding too: a hit may be
 * answered gzipped), the locale cookie as on any page. No Content-Type, and no CSP (the
 * security-headers middleware leaves 304s alone): the browser keeps the body it stored, whose
 * scripts carry that response's nonce, and a new nonce in its stored CSP would block all of them.
 */
export function notModifiedResponse(request: Request, etag: string): Response {
  const headers = htmlHeaders(request, 200);
  headers.delete("Content-Type");
  headers.set("Vary", "Cookie, Accept-Encoding");
  headers.set("ETag", etag);
  headers.set("X-Html-Cache", "not-modified");
  return new Response(null, { status: 304, headers });
}
