import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { createApp } from "../app.ts";
import { BROWSER_UA, ORIGIN } from "./requests.ts";

/** The real local D1, except that statements whose SQL matches `pattern` fail as D1 does (fault injection). */
export function failingD1(pattern: RegExp): D1Database {
  return new Proxy(env.DB, {
    get(target, property) {
      if (property === "prepare") {
        return (sql: string) => {
          if (pattern.test(sql)) throw new Error("D1_ERROR: injected failure");
          return target.prepare(sql);
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** A response of the real app with `DB` replaced (e.g. by failingD1); the body is read before the background work is awaited. */
export async function fetchWithDb(path: string, db: D1Database = env.DB): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await createApp().fetch(
    new Request(`${ORIGIN}${path}`, { headers: { "User-Agent": BROWSER_UA } }),
    { ...env, DB: db } as Env,
    ctx,
  );
  const body = await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(body, response);
}

/** A page through the real app with `DB` replaced (e.g. by failingD1), read to the end. */
export async function getWithDb(path: string, db: D1Database = env.DB): Promise<{ status: number; html: string }> {
  const response = await fetchWithDb(path, db);
  return { status: response.status, html: await response.text() };
}

/**
 * A page through the real app while the statements matching `pattern` fail: it must still render (200)
 * and say `notice` where the failing data would be. Returns the HTML for what else must stay.
 */
export async function getDegradedPage(path: string, pattern: RegExp, notice: string): Promise<string> {
  const { status, html } = await getWithDb(path, failingD1(pattern));
  expect(status, `${path} with D1 failing on ${pattern}`).toBe(200);
  expect(html, path).toContain(notice);
  return html;
}
