import { PREVIEW_RESPONSE_HEADERS } from "../content/preview.ts";
import { isPersonalSearch } from "./html-cache.ts";

/** The locale cookie (spec section 9: 365 days, path /); Secure whenever the page came over https. */
export function localeCookie(secure: boolean): string {
  return `locale=de; Max-Age=31536000; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/**
 * The headers of a rendered page: "public", revalidated every time, unless it shows a visitor's
 * own reference (?anfrage=…) or an error (not stored). One that sets the visitor's locale cookie is
 * made "private" by the security-headers middleware, as every response with a cookie is.
 */
export function htmlHeaders(request: Request, status: number): Headers {
  const url = new URL(request.url);
  const setsLocale = !/(?:^|;\s*)locale=/.test(request.headers.get("Cookie") ?? "");
  const cacheControl = status !== 200 || isPersonalSearch(url.searchParams) ? "no-store" : "public, max-age=0, must-revalidate";
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": cacheControl,
    // The banner, the embeds and the CSP follow the consent cookie (ADR 0010).
    Vary: "Cookie",
  });
  if (setsLocale) headers.append("Set-Cookie", localeCookie(url.protocol === "https:"));
  return headers;
}

/**
 * The headers of a page React rendered: htmlHeaders, then Retry-After on the maintenance notice,
 * what the leaf route's loader set, and a preview's own headers (framing by the editor, noindex).
 */
export function renderedPageHeaders(request: Request, status: number, loaderHeaders: Headers | undefined, preview: boolean): Headers {
  const headers = htmlHeaders(request, status);
  // The maintenance notice (content source down, nothing cached): come back in a minute.
  if (status === 503) headers.set("Retry-After", "60");
  loaderHeaders?.forEach((value, name) => headers.set(name, value));
  if (preview) for (const [name, value] of Object.entries(PREVIEW_RESPONSE_HEADERS)) headers.set(name, value);
  return headers;
}
