import type { MiddlewareHandler } from "hono";
import type { AppEnv, EnvVars } from "../env.ts";
import { NO_STORE } from "./admin-app.ts";

const utf8 = new TextEncoder();

/** SHA-256 of both sides first: timingSafeEqual needs equal lengths, and the lengths then say nothing. */
async function tokenMatches(presented: string, expected: string): Promise<boolean> {
  const [a, b] = await Promise.all([
    crypto.subtle.digest("SHA-256", utf8.encode(presented)),
    crypto.subtle.digest("SHA-256", utf8.encode(expected)),
  ]);
  return crypto.subtle.timingSafeEqual(a, b);
}

/**
 * An admin endpoint's own bearer token (a secret of at least 32 characters, worker/env.ts): without
 * it configured the endpoint does not exist (404), without the right one 401 with a challenge.
 * Answers are JSON `{ error, issues: [] }`, never cached.
 */
export function adminAuth(token: keyof EnvVars & `${string}_ADMIN_TOKEN`, realm: string): MiddlewareHandler<AppEnv> {
  return async function adminAuthMiddleware(c, next) {
    const expected = c.get("vars")[token];
    if (typeof expected !== "string") return c.json({ error: "Not found.", issues: [] }, 404, NO_STORE);
    const header = c.req.header("Authorization") ?? "";
    const presented = /^Bearer +(\S+)\s*$/i.exec(header)?.[1];
    if (presented === undefined || !(await tokenMatches(presented, expected))) {
      const challenge = presented === undefined ? `Bearer realm="${realm}"` : `Bearer realm="${realm}", error="invalid_token"`;
      return c.json({ error: "A valid bearer token is required.", issues: [] }, 401, { ...NO_STORE, "WWW-Authenticate": challenge });
    }
    await next();
  };
}
