import type { Context } from "hono";
import type { AppEnv } from "./env.ts";

/**
 * GET /robots.txt. Production: crawlers may read every page, not the machine endpoints (/api,
 * /admin, webhooks, CSP reports, the consent embed wrapper), not the visual editor's preview
 * (`?_storyblok…`) and not the lead forms' pages (a form is no landing page; a sent form's
 * confirmation is the answer to a POST, which crawlers do not make); the sitemap is named with the
 * site's public origin. Every other environment (staging is "preview") keeps all crawlers out,
 * and its pages say noindex as well (`previewNoindex`), since a link to staging can still get a
 * page listed without being crawled.
 */
export function robotsTxt(c: Context<AppEnv>): Response {
  const vars = c.get("vars");
  const body =
    vars.ENVIRONMENT === "production"
      ? [
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
          `Sitemap: ${vars.SITE_ORIGIN ?? new URL(c.req.url).origin}/sitemap.xml`,
        ]
      : ["User-agent: *", "Disallow: /"];
  return new Response(`${body.join("\n")}\n`, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

/** Staging and other non-production deployments: every answer says noindex (X-Robots-Tag). */
export async function previewNoindex(c: Context<AppEnv>, next: () => Promise<void>): Promise<void> {
  await next();
  if (c.get("vars").ENVIRONMENT === "preview") c.header("X-Robots-Tag", "noindex, nofollow");
}
