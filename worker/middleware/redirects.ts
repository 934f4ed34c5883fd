import type { MiddlewareHandler } from "hono";
import { normalizeRedirectKey } from "#redirects/normalize-path.ts";
import { resolveLegacyRedirect, resolveTrailingSlashRedirect } from "#redirects/match-redirect.ts";
import type { AppEnv } from "../env.ts";
import { findLegacyRedirect } from "../adapters/kv-redirect-store.ts";
import { failOpen } from "../adapters/dependency-failures.ts";

/**
 * Redirect rules 1 and 2 of the spec, in order: (1) the legacy table in KV, (2) a trailing
 * slash. Rule 3, the dynamic lookup, runs in the content catch-all route's loader.
 * Only GET and HEAD are redirected.
 */
export function redirects(): MiddlewareHandler<AppEnv> {
  return async function redirectsMiddleware(c, next) {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const url = new URL(c.req.url);
    const key = normalizeRedirectKey(url.pathname);
    if (key !== null) {
      // KV down: no legacy redirect, the page renders (reported once a minute, adapters/dependency-failures.ts).
      const entry = await failOpen(
        "KV: legacy redirects",
        () => findLegacyRedirect(c.env.REDIRECTS, key, { keepIndexInIsolate: c.get("vars").ENVIRONMENT !== "development" }),
        null,
        (error) => c.get("sentry").captureException(error),
      );
      if (entry) {
        const resolution = resolveLegacyRedirect(entry, url);
        if (resolution.kind === "not-found") {
          c.set("legacyGone", true);
        } else {
          return new Response(null, {
            status: resolution.status,
            headers: { Location: resolution.location, "Cache-Control": "public, max-age=300" },
          });
        }
      }
    }
    const slash = resolveTrailingSlashRedirect(url);
    if (slash) return new Response(null, { status: slash.status, headers: { Location: slash.location } });
    return next();
  };
}
