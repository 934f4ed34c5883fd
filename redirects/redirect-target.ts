import { isAbsoluteUrl, isUnsafeNavigationTarget } from "./safe-navigation.ts";

/**
 * The one rule for where a legacy redirect may point, shared by the table
 * schema (reject at review/admin time) and the matcher (refuse at request
 * time, because ops can edit KV directly).
 *
 * Spec section 5: external redirects only when flagged external; unsafe
 * protocols are refused. Internal targets are site paths ("/ankauf",
 * "/carfinder?sorting=price-desc"); external ones are absolute http(s) URLs.
 *
 * @example
 * checkRedirectTarget("/ankauf", false, "https://www.example.de");
 * // { ok: true, url: URL("https://www.example.de/ankauf") }
 * checkRedirectTarget("https://www.hyundai.de/", false, "https://www.example.de");
 * // { ok: false, problem: "…only entries flagged external: true may leave the site" }
 */
export type RedirectTargetCheck = { ok: true; url: URL } | { ok: false; problem: string };

// A well-formed target has these percent-encoded; raw ones only serve to hide a scheme.
const WHITESPACE_OR_CONTROL = /[\u0000-\u0020\u007f]/;

const EXTERNAL_PROTOCOLS: ReadonlySet<string> = new Set(["http:", "https:"]);

function parseUrl(input: string, base?: string): URL | null {
  try {
    return new URL(input, base);
  } catch {
    return null;
  }
}

/** `origin` is the site origin exactly as `URL.origin` gives it, e.g. "https://www.example.de". */
export function checkRedirectTarget(target: string, external: boolean, origin: string): RedirectTargetCheck {
  if (isUnsafeNavigationTarget(target)) {
    return { ok: false, problem: "target uses an unsafe protocol (javascript:, data: or vbscript:)" };
  }
  if (WHITESPACE_OR_CONTROL.test(target)) {
    return { ok: false, problem: "target contains whitespace or control characters; percent-encode them" };
  }
  if (external) {
    const url = isAbsoluteUrl(target) ? parseUrl(target) : null;
    if (url === null || !EXTERNAL_PROTOCOLS.has(url.protocol)) {
      return { ok: false, problem: "external: true requires an absolute http(s) target such as https://www.hyundai.de/" };
    }
    if (url.username !== "" || url.password !== "") {
      return { ok: false, problem: "external target must not contain credentials (user@host)" };
    }
    return { ok: true, url };
  }
  if (isAbsoluteUrl(target)) {
    return { ok: false, problem: "target is absolute; only entries flagged external: true may leave the site" };
  }
  if (!target.startsWith("/")) {
    return { ok: false, problem: 'internal target must be a site path starting with "/"' };
  }
  const url = parseUrl(target, origin);
  // "/.//host" resolves to the path "//host", which a browser reads as another host.
  if (url === null || url.origin !== origin || url.pathname.startsWith("//")) {
    return { ok: false, problem: "internal target resolves outside the site" };
  }
  return { ok: true, url };
}

// Targets are checked against a stand-in origin: only whether they stay on "the site" matters
// here, not which host serves it (.invalid is reserved, RFC 2606).
export const STAND_IN_ORIGIN = "https://site.invalid";

const HTTP_URL = /^https?:\/\//i;

/**
 * A server route lookup's target (spec section 2, redirect rule 3: "absolute URL gives a full
 * browser navigation, otherwise an internal redirect"): an http(s) URL is checked as an external
 * target, anything else as a site path, with the rules of the redirect table. So
 * "//evil.example/" (neither) is refused, as it is in the table.
 */
export function checkLookupTarget(target: string): RedirectTargetCheck {
  return checkRedirectTarget(target, HTTP_URL.test(target), STAND_IN_ORIGIN);
}
