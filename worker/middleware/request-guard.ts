import type { MiddlewareHandler } from "hono";
import { isbot } from "isbot";
import type { AppEnv } from "../env.ts";
import { staticErrorPage } from "../ssr/static-error-page.ts";

/** Limits chosen well above any real link of the site, well below what hurts the worker. */
export const MAX_PATH_LENGTH = 2_048;
export const MAX_QUERY_LENGTH = 4_096;
// Control characters (incl. NUL) never appear in our URLs; browsers percent-encode them.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

export type RejectReason = "uri-too-long" | "malformed-path";

/** Pure check, exported for unit tests: why a URL is refused before routing, if it is. */
export function rejectUrl(url: URL): RejectReason | null {
  if (url.pathname.length > MAX_PATH_LENGTH || url.search.length > MAX_QUERY_LENGTH) return "uri-too-long";
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return "malformed-path";
  }
  if (CONTROL_CHARACTERS.test(decoded)) return "malformed-path";
  return null;
}

/**
 * Bad input gets a clear German 4xx page, never a 500: over-long URLs (414),
 * invalid percent-encoding or control characters (400).
 */
export function requestGuard(): MiddlewareHandler<AppEnv> {
  return async function requestGuardMiddleware(c, next) {
    const url = new URL(c.req.url);
    const reason = rejectUrl(url);
    if (reason === null) return next();
    const bot = isbot(c.req.header("user-agent") ?? "");
    if (c.req.path.startsWith("/api/")) {
      return c.json({ error: reason === "uri-too-long" ? "URI too long" : "Malformed URL" }, reason === "uri-too-long" ? 414 : 400);
    }
    return reason === "uri-too-long"
      ? staticErrorPage("broken-link", 414, "URI Too Long", bot)
      : staticErrorPage("broken-link", 400, "Bad Request", bot);
  };
}
