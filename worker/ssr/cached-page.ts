import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { acceptsGzip, withNonce, type CachedDocument } from "./html-cache.ts";
import { cachedPageLinkHeader } from "./link-header.ts";
import { htmlHeaders } from "./page-headers.ts";

/**
 * An HTML cache hit as the response (`X-Html-Cache: hit`): a nonce page gets this request's nonce
 * back in place of the placeholder; an islands page (ADR 0018) is the same bytes for everyone with
 * its key, handed out as they are, gzipped once at store time. `etag` names the key (html-validators.ts);
 * the Link header is read from the stored head once per copy an isolate holds (link-header.ts).
 */
export function cachedPageResponse(c: Context<AppEnv>, request: Request, cached: CachedDocument, etag: string): Response {
  const headers = htmlHeaders(request, 200);
  headers.set("X-Html-Cache", "hit");
  headers.set("ETag", etag);
  const link = cachedPageLinkHeader(cached);
  if (link !== null) headers.set("Link", link);
  if (cached.kind === "nonce") return new Response(withNonce(cached.template, c.get("nonce")), { status: 200, headers });
  c.set("scriptHash", cached.scriptHash);
  headers.set("Vary", "Cookie, Accept-Encoding");
  if (!acceptsGzip(request.headers.get("Accept-Encoding"))) return new Response(cached.body, { status: 200, headers });
  headers.set("Content-Encoding", "gzip");
  return new Response(cached.gzip, { status: 200, headers, encodeBody: "manual" });
}
