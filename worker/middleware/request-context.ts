import type { MiddlewareHandler } from "hono";
import type { Toucan } from "toucan-js";
import { isbot } from "isbot";
import { HTTPException } from "hono/http-exception";
import { readEnvVars, type AppEnv } from "../env.ts";
import { isolateRecord } from "../isolate-state.ts";

const NONCE_BYTES = 16;
const NONCES_PER_DRAW = 64;
const NO_BYTES = new Uint8Array(0);
// Random bytes drawn ahead and not yet used; each byte goes into one nonce only.
const pool = isolateRecord("nonce pool", () => ({ bytes: NO_BYTES, offset: 0 }));

/**
 * A CSP nonce: 16 bytes from the CSPRNG, base64. The bytes are drawn 64 nonces at a time (one
 * getRandomValues call, ~0.14 ms each in the profile of a page) and every byte is used once, so
 * each nonce is as unpredictable as if drawn alone.
 */
export function randomNonce(): string {
  if (pool.offset + NONCE_BYTES > pool.bytes.length) {
    pool.bytes = crypto.getRandomValues(new Uint8Array(NONCE_BYTES * NONCES_PER_DRAW));
    pool.offset = 0;
  }
  const bytes = pool.bytes.subarray(pool.offset, pool.offset + NONCE_BYTES);
  pool.offset += NONCE_BYTES;
  return btoa(String.fromCharCode(...bytes));
}

/** What a request reports errors through: the part of toucan-js the worker uses. */
export interface ErrorReporter {
  captureException(error: unknown): void;
}

/** Reports nothing: error reporting is on only when SENTRY_DSN (and so an environment) is configured. */
export const NO_REPORTER: ErrorReporter = { captureException: () => undefined };

/** The request's reporter: lazy toucan-js with a DSN, nothing without one. */
export function errorReporterFor(
  dsn: string | undefined,
  create: () => Promise<ReportingClient>,
  waitUntil: (promise: Promise<unknown>) => void,
): ErrorReporter {
  return dsn ? lazyErrorReporter(create, waitUntil) : NO_REPORTER;
}

/** The part of a toucan-js client a reporter calls. */
export type ReportingClient = Pick<Toucan, "captureException">;

/**
 * A reporter whose toucan-js client is created on the first report only. Creating the client
 * (scope, hub, request data) for every request cost ~0.2 ms of each page's CPU in the profile,
 * and nearly every request reports nothing; the module itself (toucan-js and Sentry's core, 130 KB)
 * is imported then too, so no isolate parses it at startup (docs/limits.md). Reports are kept in
 * order and the request is kept alive until each is handed to the client (`waitUntil`).
 */
export function lazyErrorReporter(create: () => Promise<ReportingClient>, waitUntil: (promise: Promise<unknown>) => void): ErrorReporter {
  let client: Promise<ReportingClient> | undefined;
  return {
    captureException(error) {
      client ??= create();
      waitUntil(
        client
          .then((made) => {
            made.captureException(error);
          })
          .catch((failure: unknown) => console.error("error reporter unavailable", failure)),
      );
    },
  };
}

/**
 * Errors that are part of normal operation and not reported: the visitor went
 * away (aborted request), a client error the app raised on purpose (HTTPException below 500,
 * e.g. a 404), and anything a bot's request ran into. Everything else is reported, once.
 */
export function isExpectedServerError(error: unknown, request: Request): boolean {
  if (request.signal.aborted) return true;
  if (error instanceof HTTPException && error.status < 500) return true;
  return isbot(request.headers.get("User-Agent") ?? "");
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
    // Our own id (never an echo of a request header); Cloudflare's ray id is kept beside it in reports.
    const requestId = crypto.randomUUID();
    const ray = c.req.header("cf-ray");
    const sentry = errorReporterFor(
      vars.environmentConfigured ? vars.SENTRY_DSN : undefined,
      async () => {
        const { Toucan } = await import("toucan-js");
        const client = new Toucan({
          dsn: vars.SENTRY_DSN,
          environment: vars.ENVIRONMENT,
          context: c.executionCtx,
          request: c.req.raw,
          tracesSampleRate: 0.1,
        });
        client.setTag("request_id", requestId);
        if (ray) client.setTag("cf_ray", ray.slice(0, 64));
        return client;
      },
      (promise) => c.executionCtx.waitUntil(promise),
    );
    c.set("vars", vars);
    c.set("requestId", requestId);
    c.set("nonce", randomNonce());
    c.set("sentry", sentry);
    await next();
    c.header("X-Request-Id", requestId);
    if (c.error && !isExpectedServerError(c.error, c.req.raw)) {
      sentry.captureException(c.error);
    }
  };
}
