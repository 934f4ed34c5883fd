import type { MiddlewareHandler } from "hono";
import { readConsentCookie } from "#domain/consent.ts";
import type { AppEnv } from "../env.ts";

/**
 * Reads the visitor's consent cookie once per request (ADR 0010): the CSP's frame-src, the HTML
 * cache key and the root loader all use this one value. A missing, expired or hostile cookie is
 * "undecided"; the parser never throws, whatever the Cookie header holds.
 */
export function consentState(): MiddlewareHandler<AppEnv> {
  return async function consentStateMiddleware(c, next) {
    c.set("consent", readConsentCookie(c.req.header("Cookie"), Date.now()));
    await next();
  };
}
