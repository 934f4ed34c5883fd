import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";

/**
 * Security headers for every worker response; HTML gets a CSP whose script-src is the
 * per-response nonce ('strict-dynamic' lets the nonce'd entry load its own chunks).
 */
export function securityHeaders(): MiddlewareHandler<AppEnv> {
  return async function securityHeadersMiddleware(c, next) {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    c.header("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
    const type = c.res.headers.get("Content-Type") ?? "";
    if (type.startsWith("text/html")) {
      c.header(
        "Content-Security-Policy",
        [
          "default-src 'self'",
          `script-src 'nonce-${c.get("nonce")}' 'strict-dynamic'`,
          "style-src 'self' 'unsafe-inline'",
          "img-src 'self' data: https:",
          "font-src 'self'",
          "connect-src 'self'",
          "object-src 'none'",
          "base-uri 'none'",
          "form-action 'self'",
          "frame-ancestors 'self'",
        ].join("; "),
      );
      c.header("X-Frame-Options", "SAMEORIGIN");
    }
  };
}
