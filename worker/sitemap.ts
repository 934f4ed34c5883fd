import type { Context } from "hono";
import { BRAND_KEYS } from "#domain/brands.ts";
import { MODEL_LINES } from "#domain/model-lines.ts";
import { DEMO_PAGES } from "#content/demo-pages.ts";
import type { AppEnv } from "./env.ts";
import { createServerPorts } from "./adapters/server-ports.ts";

/** /sitemap.xml: content pages, brand model pages and locations (issue 4 adds vehicles and the split). */
export async function sitemapXml(c: Context<AppEnv>): Promise<Response> {
  const origin = c.get("vars").SITE_ORIGIN ?? new URL(c.req.url).origin;
  const paths = ["/", "/carfinder", ...Object.keys(DEMO_PAGES).map((slug) => `/${slug}`)];
  for (const brand of BRAND_KEYS) {
    paths.push(`/${brand}/modelle`);
    for (const model of Object.keys(MODEL_LINES[brand])) paths.push(`/${brand}/modelle/${model}`);
  }
  for (const location of await createServerPorts(c.env).locations.list()) paths.push(`/center/${location.slug}`);
  const urls = paths.map((path) => `<url><loc>${origin}${path}</loc></url>`).join("");
  return new Response(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
