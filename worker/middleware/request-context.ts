import type { MiddlewareHandler } from "hono";
import { Toucan } from "toucan-js";
import { readEnvVars, type AppEnv } from "../env.ts";

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** What a request reports errors through: the part of toucan-js the worker uses. */
export interface ErrorReporter {
  captureException(error: unknown): void;
}

/**
 * A reporter whose toucan-js client is created on the first report only. Creating the client
 * (scope, hub, request data) for every request cost ~0.2 ms of each page's CPU in the profile
 * (issue 9), and nearly every request reports nothing.
 */
export function lazyErrorReporter(create: () => Toucan): ErrorReporter {
  let client: Toucan | undefined;
  return {
    captureException(error) {
      client ??= create();
      client.captureException(error);
    },
  };
}

/**
 * Per-request context: request id, CSP nonce and an error reporter whose toucan-js client
 * belongs to this request only (STYLE.md habit 3), made when the first error is reported.
 * Unexpected errors are reported once, tagged with the request id; aborted requests are not
 * reported.
 */
export function requestContext(): MiddlewareHandler<AppEnv> {
  return async function requestContextMiddleware(c, next) {
    const vars = readEnvVars(c.env);
    const requestId = c.req.header("cf-ray") ?? crypto.randomUUID();
    const sentry = lazyErrorReporter(() => {
      const client = new Toucan({
        dsn: vars.SENTRY_DSN,
        environment: vars.ENVIRONMENT,
        context: c.executionCtx,
        request: c.req.raw,
        tracesSampleRate: 0.1,
      });
      client.setTag("request_id", requestId);
      return client;
    });
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
