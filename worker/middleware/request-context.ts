import type { MiddlewareHandler } from "hono";
import { Toucan } from "toucan-js";
import { readEnvVars, type AppEnv } from "../env.ts";

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Per-request context: request id, CSP nonce and a toucan-js client created for this
 * request only (STYLE.md habit 3). Unexpected errors are reported once, tagged with the
 * request id; aborted requests are not reported.
 */
export function requestContext(): MiddlewareHandler<AppEnv> {
  return async function requestContextMiddleware(c, next) {
    const vars = readEnvVars(c.env);
    const requestId = c.req.header("cf-ray") ?? crypto.randomUUID();
    const sentry = new Toucan({
      dsn: vars.SENTRY_DSN,
      environment: vars.ENVIRONMENT,
      context: c.executionCtx,
      request: c.req.raw,
      tracesSampleRate: 0.1,
    });
    sentry.setTag("request_id", requestId);
    c.set("vars", vars);
    c.set("requestId", requestId);
    c.set("nonce", randomNonce());
    c.set("sentry", sentry);
    await next();
    c.header("X-Request-Id", requestId);
    if (c.error && !c.req.raw.signal.aborted) {
      sentry.captureException(c.error);
    }
  };
}
