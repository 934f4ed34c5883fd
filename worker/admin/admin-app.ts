import { Hono, type Context } from "hono";
import type { AppEnv } from "../env.ts";

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
