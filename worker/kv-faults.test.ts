import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { BROWSER_UA, ORIGIN } from "./test-support/requests.ts";
import { expectConsoleError } from "./test-support/setup.ts";

/** KV that fails every operation, as during Cloudflare's KV outage of 2025-06-12. */
function failingKv(): KVNamespace {
  const fail = () => Promise.reject(new Error("KV GET failed: 503 Service Unavailable"));
  return new Proxy(env.REDIRECTS, {
    get(target, property) {
      if (property === "get" || property === "list" || property === "getWithMetadata" || property === "put" || property === "delete")
        return fail;
      const member = Reflect.get(target, property);
      return typeof member === "function" ? member.bind(target) : member;
    },
  });
}

async function fetchWithKv(path: string): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await createApp().fetch(
    new Request(`${ORIGIN}${path}`, { headers: { "User-Agent": BROWSER_UA } }),
    { ...env, REDIRECTS: failingKv() } as Env,
    ctx,
  );
  const body = await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(body, response);
}

/** Every "failing open" report of this test, each kind once. */
function expectReported(...kinds: RegExp[]) {
  for (const kind of kinds) expectConsoleError(kind);
}

describe("KV down: redirects and route lookups fail open, every page still answers", () => {
  it("app pages render from D1 with the built-in settings; each failure is reported once, not per request", async () => {
    for (const path of [
      "/carfinder",
      "/carfinder/100001-1-mercedes-benz-a-180-progressive",
      "/standorte",
      "/center/center-goslar",
      "/mercedes-benz/modelle",
      "/carfinder?brand=smart",
    ]) {
      const response = await fetchWithKv(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("X-Html-Cache"), path).toBeNull();
    }
    // The layout's settings story (the demo space lives in KV): the built-in layout, reported once.
    expectReported(
      /^KV: legacy redirects unavailable, failing open: KV GET failed/,
      /^site settings: KV read failed/,
      /^content source unavailable, failing open: KV GET failed/,
    );
  });

  it("editorial pages: the home page falls back to its built-in version with a notice, a content page shows the maintenance notice (503)", async () => {
    const home = await fetchWithKv("/");
    expect(home.status).toBe(200);
    const homeHtml = await home.text();
    expect(homeHtml).toContain("Ihr nächstes Fahrzeug wartet schon");
    expect(homeHtml).toContain("Einige Inhalte unserer Startseite sind gerade nicht erreichbar.");
    const page = await fetchWithKv("/impressum");
    expect(page.status).toBe(503);
    expect(page.headers.get("Retry-After")).toBe("60");
    const pageHtml = await page.text();
    expect(pageHtml).toContain("Diese Seite ist gerade nicht erreichbar");
    expect(pageHtml).not.toMatch(/KV GET failed|at Proxy|stack/);
    expectReported(
      /^KV: legacy redirects unavailable/,
      /^site settings: KV read failed/,
      /^KV: HTML cache versions unavailable/,
      /^KV: route lookup unavailable/,
      /^content source unavailable/,
      /^page data \(impressum\) unavailable/,
    );
    expect((await fetchWithKv("/impressum")).status).toBe(503); // not reported again within the minute
  });

  it("the APIs: route lookups answer 'no entry', content answers 503 with Retry-After; the sitemap 503 rather than half a list", async () => {
    const lookup = await fetchWithKv("/api/route-lookup?path=/impressum");
    expect(lookup.status).toBe(200);
    expect(await lookup.json()).toBeNull();
    const content = await fetchWithKv("/api/content/pages/impressum");
    expect(content.status).toBe(503);
    expect(content.headers.get("Retry-After")).toBe("60");
    expect(await content.json()).toMatchObject({ error: "Temporarily unavailable, please retry." });
    const sitemap = await fetchWithKv("/sitemap.xml");
    expect(sitemap.status).toBe(503);
    expect(sitemap.headers.get("Cache-Control")).toBe("no-store");
    expectReported(
      /^KV: route lookup unavailable/,
      /unhandled/,
      /^content source unavailable/,
      /^KV: legacy redirects unavailable/,
      /^sitemap sources unavailable/,
    );
  });
});
