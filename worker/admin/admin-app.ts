import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type * as z from "zod";
import type { AppEnv } from "../env.ts";

/** Admin answers are never cached. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** An admin's refusal: JSON `{ error, issues }`, never cached. */
export function adminProblem(c: Context<AppEnv>, status: ContentfulStatusCode, error: string, issues: readonly object[] = []): Response {
  return c.json({ error, issues }, status, NO_STORE);
}

/** The query by `schema`, or a 400 naming each parameter that does not fit. */
export function adminQuery<T extends z.ZodType>(
  c: Context<AppEnv>,
  schema: T,
): { ok: true; data: z.output<T> } | { ok: false; response: Response } {
  const result = schema.safeParse(c.req.query());
  if (result.success) return { ok: true, data: result.data };
  const issues = result.error.issues.map((issue) => ({ message: `${issue.path.join(".") || "query"}: ${issue.message}` }));
  return { ok: false, response: adminProblem(c, 400, "Invalid query parameters.", issues) };
}

/**
 * An admin as an app of its own under its path: app.ts loads the admin's module on its first
 * request and hands the request over, so no isolate evaluates an admin's writer at startup
 * (docs/limits.md "Startup"). The handed-over request keeps the app's context (vars, request id,
 * error reporter): one id per request, in the response and in every report.
 */
export function adminApp(basePath: string, admin: Hono<AppEnv>): (c: Context<AppEnv>) => Promise<Response> {
  const outerContexts = new WeakMap<Request, Context<AppEnv>>();
  const app = new Hono<AppEnv>()
    .use("*", async (c, next) => {
      const outer = outerContexts.get(c.req.raw);
      if (outer) for (const [name, value] of Object.entries(outer.var)) c.set(name as keyof AppEnv["Variables"], value as never);
      await next();
    })
    .route(basePath, admin);
  return (c) => {
    outerContexts.set(c.req.raw, c);
    return Promise.resolve(app.fetch(c.req.raw, c.env, c.executionCtx));
  };
}
