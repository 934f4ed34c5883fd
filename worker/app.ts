import { Hono, type Context } from "hono";
import type { AppEnv } from "./env.ts";
import { requestContext } from "./middleware/request-context.ts";
import { securityHeaders } from "./middleware/security-headers.ts";
import { requestGuard } from "./middleware/request-guard.ts";
import { previewNoindex, robotsTxt } from "./robots.ts";
import { SPECULATION_RULES_PATHS, speculationRulesResponse } from "./speculation-rules.ts";
import { redirects } from "./middleware/redirects.ts";
import { apiRoutes } from "./api/api-routes.ts";
import { renderPage } from "./ssr/render-page.tsx";
import { pageFormPost } from "./ssr/form-post.ts";
import { staticErrorPage } from "./ssr/static-error-page.ts";
import { storyblokWebhook } from "./webhooks/storyblok-webhook.ts";
import { consentState } from "./middleware/consent-state.ts";
import { consentFormPost } from "./consent/consent-form.ts";
import { embedWrapper } from "./consent/embed-wrapper.ts";
import { CONSENT_SETTINGS_PATH } from "#domain/consent.ts";
import { CSP_REPORT_PATH, cspReport } from "./csp-report.ts";
import { VEHICLE_IMAGE_PREFIX } from "#domain/vehicle-image-path.ts";

/**
 * The redirect administration (ADR 0021) is loaded by the first request for it: ops use it now and
 * then, and its table writer is not worth evaluating in every isolate's startup (docs/limits.md).
 */
type AdminHandler = (c: Context<AppEnv>) => Promise<Response>;
function lazyAdmin(load: () => Promise<AdminHandler>): AdminHandler {
  let handler: Promise<AdminHandler> | undefined;
  return async (c) => {
    handler ??= load().catch((error: unknown) => {
      handler = undefined;
      throw error;
    });
    return (await handler)(c);
  };
}
const redirectsAdmin = lazyAdmin(async () => (await import("./admin/redirects-admin.ts")).redirectsAdminHandler());
/** The stock import's admin (docs/stock-import.md), loaded the same way. */
const stockAdmin = lazyAdmin(async () => (await import("./admin/stock-admin.ts")).stockAdminHandler());

/**
 * Request flow (docs/architecture.md "Request flow"), in registration order:
 * request context → consent state → security headers → request guard → preview noindex;
 * then the endpoints that are never redirected or rendered (/healthz, /robots.txt, the speculation rules, vehicle pictures,
 * /api, the Storyblok webhook, CSP reports, the admin endpoints, the consent form and /_embed);
 * then the legacy redirects; then the sitemap and model price lists; then the SSR catch-all
 * (GET/HEAD render, POST only on pages with a lead form, 405 for everything else).
 * Why this order: the request context comes first so that every answer carries a request id and
 * every error is reported once; the consent state before the security headers, whose CSP frame-src
 * depends on it; the guard after both, so its 400/414 answers get the headers too and nothing
 * behind it sees a malformed URL; the machine endpoints before the redirects, which must never
 * redirect a webhook or an API call. Static assets never reach the worker (Workers static assets
 * serve them first).
 */
export function createApp() {
  // One app per isolate (worker/index.ts). What it keeps from one request to the next is listed,
  // bounded and reset in one place: worker/isolate-state.ts (ADR 0035).
  const app = new Hono<AppEnv>();
  app.use("*", requestContext());
  app.use("*", consentState());
  app.use("*", securityHeaders());
  app.use("*", requestGuard());
  app.use("*", previewNoindex);

  app.get("/healthz", (c) => c.json({ status: "ok" }, 200, { "Cache-Control": "no-store" }));
  app.on(["GET", "HEAD"], "/robots.txt", robotsTxt);
  app.get(SPECULATION_RULES_PATHS.pointer, () => speculationRulesResponse("pointer"));
  app.get(SPECULATION_RULES_PATHS.touch, () => speculationRulesResponse("touch"));
  // Imported vehicles' pictures from the site's own path (docs/stock-import.md "Pictures").
  app.get(`${VEHICLE_IMAGE_PREFIX}/:id/:file`, async (c) => (await import("./vehicle-images.ts")).vehicleImage(c));
  app.route("/api", apiRoutes());
  // Before the redirects and the SSR catch-all: a webhook is never redirected or rendered.
  app.post("/webhooks/storyblok", storyblokWebhook);
  app.post(CSP_REPORT_PATH, cspReport);
  app.all("/admin/redirects", redirectsAdmin);
  app.all("/admin/redirects/*", redirectsAdmin);
  app.all("/admin/stock/*", stockAdmin);
  // Consent (ADR 0010): the no-JS form endpoint and the wrapper for embeds loaded after the page.
  app.post(CONSENT_SETTINGS_PATH, consentFormPost);
  app.get("/_embed", embedWrapper);

  app.use("*", redirects());
  // The sitemap is for crawlers; its builder loads with the first sitemap asked for.
  app.get("/sitemap.xml", async (c) => (await import("./sitemap.ts")).sitemapXml(c));
  app.get("/:part{sitemap-[0-9]+\\.xml}", async (c) => (await import("./sitemap.ts")).sitemapPart(c));
  // A model's price list, linked from its page (routes/model-detail-page.tsx). The PDF writer loads
  // with the first price list asked for, not at every isolate's startup.
  app.on(["GET", "HEAD"], "/:brand/modelle/:model/preisliste.pdf", async (c) => (await import("./model-price-list.ts")).modelPriceList(c));
  app.on(["GET", "HEAD"], "*", renderPage);
  // Pages with a lead form take a plain form post (capped before it is read); all others answer 405.
  app.post("*", pageFormPost);
  app.all("*", (c) => {
    const response = c.req.path.startsWith("/api/")
      ? c.json({ error: "Method not allowed." }, 405)
      : staticErrorPage("something-went-wrong", 405, "Method Not Allowed");
    response.headers.set("Allow", "GET, HEAD");
    return response;
  });

  app.onError((error, c) => {
    const ray = c.req.header("cf-ray");
    console.error(
      `[${c.get("requestId")}${ray ? ` ray ${ray.slice(0, 64)}` : ""}] unhandled`,
      error instanceof Error ? `${error.message} ${error.stack}` : error,
    );
    // An API read that failed is a dependency that failed (D1, KV, the content source): clients are
    // told to come back (503 with Retry-After), and the error is reported once, above.
    if (c.req.path.startsWith("/api/"))
      return c.json({ error: "Temporarily unavailable, please retry.", requestId: c.get("requestId") }, 503, { "Retry-After": "60" });
    return staticErrorPage("something-went-wrong", 500, "Internal Server Error");
  });
  return app;
}
