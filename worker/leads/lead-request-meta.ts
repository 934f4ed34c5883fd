import type { EnvVars } from "../env.ts";

/** What acceptLead needs to know about the request besides the lead itself. */
export interface LeadRequestMeta {
  /** CF-Connecting-IP (set by Cloudflare's edge); only a keyed hash of it is stored, for a day. */
  ip: string;
  /** The Origin header, if the browser sent one. */
  origin: string | null;
  /** The Sec-Fetch-Site header, if the browser sent one. */
  secFetchSite: string | null;
  /** The origin of the request URL. */
  requestOrigin: string;
  /** SITE_ORIGIN, the public origin, when configured. */
  siteOrigin: string | undefined;
}

/** Reads the meta from a request (POST /api/leads and the page actions alike). */
export function leadRequestMeta(request: Request, vars: Pick<EnvVars, "SITE_ORIGIN">): LeadRequestMeta {
  const headers = request.headers;
  return {
    ip: headers.get("CF-Connecting-IP") ?? "unknown",
    origin: headers.get("Origin"),
    secFetchSite: headers.get("Sec-Fetch-Site"),
    requestOrigin: new URL(request.url).origin,
    siteOrigin: vars.SITE_ORIGIN ? new URL(vars.SITE_ORIGIN).origin : undefined,
  };
}

/**
 * Cross-site posts are refused (CSRF): a browser says so in Sec-Fetch-Site, and
 * its Origin names another site. Same-origin, a typed URL ("none") and clients that send neither
 * header (old browsers, curl) are allowed; they cannot carry a visitor's cookies anyway.
 */
export function isCrossSite(meta: LeadRequestMeta): boolean {
  if (meta.secFetchSite === "cross-site" || meta.secFetchSite === "same-site") return true;
  if (meta.origin === null) return false;
  return meta.origin !== meta.requestOrigin && meta.origin !== meta.siteOrigin;
}
