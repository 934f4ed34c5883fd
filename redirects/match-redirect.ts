import { DEFAULT_REDIRECT_CODE, type RedirectKvValue } from "./redirect-entry-schema.ts";
import { checkRedirectTarget } from "./redirect-target.ts";

/**
 * Pure redirect decisions of spec section 2 ("Redirect rules, in order"):
 * rule 1 (legacy table) and rule 2 (trailing slash). The worker does the KV
 * read and turns the result into a Response.
 *
 * Location format: internal targets give a path-absolute reference
 * ("/ankauf?utm_source=x", RFC 9110 section 10.2.2 allows relative Location),
 * so the answer does not depend on which host name served the request;
 * it never starts with "//", which browsers would read as another host.
 * External targets give the absolute URL.
 *
 * Query: the target's own query is kept byte for byte (so
 * "/carfinder?bodystyle=containertransport,chassiscab,…" keeps its commas);
 * request parameters whose name the target does not set are appended after it,
 * so utm_* and gclid survive the hop. Fragment: the target's, else the
 * request's (what browsers do for a Location without fragment, RFC 9110).
 *
 * @example
 * resolveLegacyRedirect(
 *   { target: "/Aktionsangebote", code: 301, external: false },
 *   new URL("https://www.example.de/angebote?utm_source=newsletter"),
 * );
 * // { kind: "redirect", location: "/Aktionsangebote?utm_source=newsletter", status: 301 }
 * resolveTrailingSlashRedirect(new URL("https://www.example.de/pkw/?a=1#top"));
 * // { location: "/pkw?a=1#top", status: 301 }
 */

export type LegacyRedirectResolution = { kind: "redirect"; location: string; status: number } | { kind: "not-found" };

export type TrailingSlashRedirect = { location: string; status: 301 };

const NOT_FOUND: LegacyRedirectResolution = { kind: "not-found" };

// The statuses Response.redirect() accepts. Other codes the table allows
// (spec section 9: 100..999) cannot redirect from a Worker: new Response()
// throws outside 200..599 and browsers do not follow Location on non-3xx.
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * Rule 1: what to answer for a legacy table hit. A value without target, or
 * one whose target breaks the target rules (external without an absolute
 * http(s) URL, absolute without the external flag, unsafe protocol) answers
 * 404 page-not-found: KV can be edited by ops, so the rules are checked again here.
 */
export function resolveLegacyRedirect(value: RedirectKvValue, requestUrl: URL): LegacyRedirectResolution {
  if (value.target === null) return NOT_FOUND;
  const check = checkRedirectTarget(value.target, value.external, requestUrl.origin);
  if (!check.ok) return NOT_FOUND;
  const { url } = check;
  const base = value.external ? url.origin + url.pathname : url.pathname;
  return {
    kind: "redirect",
    location: base + mergeQuery(url.search, requestUrl.search) + (url.hash || requestUrl.hash),
    status: REDIRECT_STATUSES.has(value.code) ? value.code : DEFAULT_REDIRECT_CODE,
  };
}

/** Rule 2: a path ending in "/" (other than "/") answers 301 to the path without the trailing slash(es). */
export function resolveTrailingSlashRedirect(requestUrl: URL): TrailingSlashRedirect | null {
  const { pathname } = requestUrl;
  if (pathname === "/" || !pathname.endsWith("/")) return null;
  // Leading slashes collapse too: "//evil.example/" must not become the protocol-relative "//evil.example".
  const path = `/${pathname.replace(/^[/\\]+/, "").replace(/\/+$/, "")}`;
  return { location: path + requestUrl.search + requestUrl.hash, status: 301 };
}

function mergeQuery(targetSearch: string, requestSearch: string): string {
  const targetNames = new Set(new URLSearchParams(targetSearch).keys());
  const carriedPairs = requestSearch
    .slice(1)
    .split("&")
    .filter((pair) => pair !== "" && !targetNames.has(parameterName(pair)));
  const pairs = [targetSearch.slice(1), ...carriedPairs].filter((part) => part !== "");
  return pairs.length === 0 ? "" : `?${pairs.join("&")}`;
}

/** The decoded name of one raw "name=value" pair, decoded the way URLSearchParams decodes it. */
function parameterName(pair: string): string {
  return new URLSearchParams(pair).keys().next().value ?? "";
}
