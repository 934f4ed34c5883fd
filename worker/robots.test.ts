import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { BOT_UA } from "./test-support/requests.ts";

const PUBLIC = "https://www.autohaus-gruppe-nord.de";

/** A crawler's request through the real app in the given environment. */
async function crawl(path: string, vars: Record<string, string>, method = "GET"): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await createApp().fetch(
    new Request(`https://evil.example${path}`, { method, headers: { "User-Agent": BOT_UA } }),
    { ...env, ...vars } as Env,
    ctx,
  );
  const body = await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return new Response(body, response);
}

describe("robots.txt and noindex per environment", () => {
  it("production: every page but the machine endpoints, the editor's preview and the form pages; the sitemap at the public origin", async () => {
    const response = await crawl("/robots.txt", { ENVIRONMENT: "production", SITE_ORIGIN: PUBLIC });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    expect(await response.text()).toBe(
      [
        "User-agent: *",
        "Disallow: /api/",
        "Disallow: /admin/",
        "Disallow: /webhooks/",
        "Disallow: /csp-report",
        "Disallow: /_embed",
        "Disallow: /*?_storyblok",
        "Disallow: /*&_storyblok",
        "Disallow: /*/probefahrt$",
        "Disallow: /*/interesse$",
        "",
        `Sitemap: ${PUBLIC}/sitemap.xml`,
        "",
      ].join("\n"),
    );
    expect((await crawl("/robots.txt", { ENVIRONMENT: "production", SITE_ORIGIN: PUBLIC }, "HEAD")).status).toBe(200);
    const page = await crawl("/carfinder", { ENVIRONMENT: "production", SITE_ORIGIN: PUBLIC });
    expect(page.status).toBe(200);
    expect(page.headers.get("X-Robots-Tag")).toBeNull();
  });

  it("staging (preview): no crawler anywhere, and every answer says noindex", async () => {
    const vars = { ENVIRONMENT: "preview", SITE_ORIGIN: "https://staging.example.de" };
    expect(await (await crawl("/robots.txt", vars)).text()).toBe("User-agent: *\nDisallow: /\n");
    for (const path of ["/", "/carfinder", "/carfinder/100001-1-mercedes-benz-a-180-progressive", "/sitemap.xml", "/gibt-es-nicht"]) {
      const response = await crawl(path, vars);
      expect(response.headers.get("X-Robots-Tag"), path).toBe("noindex, nofollow");
    }
  });

  it("the robots file is the worker's, never the HTML 404 page, in every environment", async () => {
    for (const ENVIRONMENT of ["development", "test"]) {
      const response = await crawl("/robots.txt", { ENVIRONMENT });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe("User-agent: *\nDisallow: /\n");
    }
  });
});
