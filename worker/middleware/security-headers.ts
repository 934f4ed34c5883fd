import type { MiddlewareHandler } from "hono";
import { cspSourcesFor } from "#domain/consent-purposes.ts";
import { errorReportingOrigins, serviceOrigins, tagManagerSources, turnstileOrigins, type AppEnv } from "../env.ts";
import { PREVIEW_FRAME_ANCESTORS } from "../content/preview.ts";
import { CSP_REPORT_PATH } from "../csp-report.ts";
import { addSpeculationRules } from "../speculation-rules.ts";

/**
 * Security headers for every worker response; HTML gets a CSP whose script-src is the
 * per-response nonce ('strict-dynamic' lets the nonce'd entry load its own chunks) — or, for an
 * islands page, the hash of its one inline script (ADR 0018: the same bytes for every visitor, so
 * the HTML cache can keep them gzipped) — and whose
 * frame-src is our own origin plus exactly the origins of the consent purposes the visitor
 * granted (ADR 0010; embeds granted after load go through the /_embed wrapper, whose own CSP
 * the route sets and this middleware leaves alone). The booking widget and the autochat add
 * their vendor's origin to script-, style-, connect- and frame-src the same way, only when their
 * purpose is granted (ADR 0014); the local stand-ins are 'self' and need nothing. Turnstile's
 * origin, when a site key is set, is in script-src and frame-src regardless of consent (ADR 0013).
 * The tag manager's script and collect origins are added only with "Statistiken" granted at load
 * and a container id in the site config (ADRs 0022, 0032).
 */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async function securityHeadersMiddleware(c, next) {
    await next();
    const privateCacheControl = cacheControlForCookie(c.res.headers);
    if (privateCacheControl !== null) c.header("Cache-Control", privateCacheControl);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
    // HTTPS only, from then on for a year, subdomains included (never sent over plain http).
    if (new URL(c.req.url).protocol === "https:") c.header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    const type = c.res.headers.get("Content-Type") ?? "";
    // A 304 updates the headers the browser stored with its copy (RFC 9111 §4.3.4): a new nonce there
    // would block every script of the body it keeps (worker/ssr/html-validators.ts).
    if (type.startsWith("text/html") && c.res.status !== 304 && !c.res.headers.has("Content-Security-Policy")) {
      // Only a verified visual-editor preview may be framed, and only by the Storyblok app.
      const preview = c.get("preview") === true;
      const granted = cspSourcesFor(c.get("consent").granted, serviceOrigins(c.get("vars")));
      const turnstile = turnstileOrigins(c.get("vars"));
      const tagManager = tagManagerSources(c.get("vars"), c.get("tagManagerId") ?? null, c.get("consent").granted);
      const sources = (directive: string, own: string, extra: readonly string[]) => [directive, own, ...extra].join(" ");
      c.header(
        "Content-Security-Policy",
        [
          "default-src 'self'",
          sources("script-src", `${c.get("scriptHash") ?? `'nonce-${c.get("nonce")}'`} 'strict-dynamic'`, [
            ...granted.script,
            ...turnstile,
            ...tagManager.script,
          ]),
          sources("style-src", "'self' 'unsafe-inline'", granted.style),
          "img-src 'self' data: https:",
          "font-src 'self'",
          sources("frame-src", "'self'", [...granted.frame, ...turnstile]),
          sources("connect-src", preview ? `'self' https://api.storyblok.com ${PREVIEW_FRAME_ANCESTORS}` : "'self'", [
            ...granted.connect,
            ...errorReportingOrigins(c.get("vars"), c.get("consent").granted),
            ...tagManager.connect,
          ]),
          "object-src 'none'",
          "base-uri 'none'",
          "form-action 'self'",
          preview ? `frame-ancestors ${PREVIEW_FRAME_ANCESTORS}` : "frame-ancestors 'self'",
          // Violations are reported to us (worker/csp-report.ts): report-to where the Reporting API is, report-uri elsewhere.
          `report-uri ${CSP_REPORT_PATH}`,
          "report-to csp",
        ].join("; "),
      );
      c.header("Reporting-Endpoints", `csp="${CSP_REPORT_PATH}"`);
      // Islands pages name their Speculation Rules (ADR 0043).
      addSpeculationRules(c);
      // Our pages keep their own browsing context group: no cross-origin window can reach them.
      c.header("Cross-Origin-Opener-Policy", "same-origin");
      // X-Frame-Options cannot name another origin; CSP frame-ancestors governs the preview alone.
      if (preview) c.res.headers.delete("X-Frame-Options");
      else c.header("X-Frame-Options", "SAMEORIGIN");
    }
  };
}

/**
 * A response that sets a cookie is the visitor's own: whatever made it, a shared cache must never
 * keep it. The Cache-Control it needs instead ("public" becomes "private"), or null when it is
 * private already, not stored, or sets no cookie.
 */
export function cacheControlForCookie(headers: Headers): string | null {
  if (!headers.has("Set-Cookie")) return null;
  const cacheControl = headers.get("Cache-Control") ?? "";
  if (/\b(?:private|no-store)\b/i.test(cacheControl)) return null;
  const rest = cacheControl
    .split(",")
    .map((directive) => directive.trim())
    .filter((directive) => directive !== "" && !/^public$/i.test(directive));
  return ["private", ...(rest.length > 0 ? rest : ["no-cache"])].join(", ");
}
