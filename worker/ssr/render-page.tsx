import type { Context } from "hono";
import { isbot } from "isbot";
import { pageLayoutAt } from "#content/layout-content.ts";
import { dismissedNotices } from "#ui/layout/notice-cookie.ts";
import { externalServices, type AppEnv } from "../env.ts";
import { createServerPorts } from "../adapters/server-ports.ts";
import { leadRequestMeta } from "../leads/lead-request-meta.ts";
import { isPreviewRequest } from "../content/preview.ts";
import { createContentService, sourceIdOf } from "../content/content-service.ts";
import { readLayoutContent } from "../content/layout-content-reader.ts";
import { readSiteSettings } from "../site-settings.ts";
import { readCachedHtml } from "./html-cache.ts";
import { pageCacheKeyOf } from "./page-cache-key.ts";
import { cachedPageResponse } from "./cached-page.ts";
import { htmlETag, ifNoneMatchHits, notModifiedResponse } from "./html-validators.ts";
import { pageRequestContext, readContactHours } from "./page-request-context.ts";
import { leafHandleOf, pageHandler } from "./page-route.ts";
import { isUnavailable, staleCopyResponse, staleKeyFor } from "./stale-fallback.ts";
import { botErrorPage, reportLoaderErrors } from "./page-errors.ts";
import { pageDocument } from "./document-tree.tsx";
import { renderedPageHeaders } from "./page-headers.ts";
import { renderAndStore } from "./render-and-store.ts";

/**
 * SSR of a page, in the order the modules below run (each holds one job):
 *
 * 1. the page's inputs: preview (content/preview.ts), data ports, site settings, editor-owned layout;
 * 2. page-cache-key.ts: the HTML cache key (ADR 0008); html-validators.ts: its ETag, a 304 when the
 *    browser holds the page; a hit is answered by cached-page.ts;
 * 3. page-request-context.ts: the router's request context; page-route.ts: the static handler
 *    runs the loaders (react-router data mode);
 * 4. stale-fallback.ts: a page whose data source is down gets its last copy; page-errors.ts: a
 *    bot gets only the error status, server errors are reported once;
 * 5. document-tree.tsx: the React tree with the server-only contexts filled from one registry,
 *    the entry and the page data scripts (ADR 0017, 0018);
 * 6. page-headers.ts: the response headers; render-and-store.ts: buffered render (ADR 0015), the
 *    stream when something suspends, React loaded on first use (ADR 0026), the copies written.
 *
 * The per-isolate state they keep: pageHandler and leafHandleOf's memo (page-route.ts, route
 * table only), the stale copies' write times (stale-fallback.ts, forgetStaleWrites), the
 * server-only registries (document-tree.tsx, module constants), and the HTML cache (html-cache.ts).
 */

// Imported from here by the tests written before the split (html-cache.test.ts, render-buffered.test.tsx).
export { leafHandleOf } from "./page-route.ts";
export { renderBuffered } from "./render-and-store.ts";

/**
 * SSR catch-all: react-router's static handler runs the loaders, React renders the document. Bots
 * get the complete document and, on errors, only the status with a minimal body (spec section 2:
 * "For bots the error page is not shown").
 */
export function renderPage(c: Context<AppEnv>): Promise<Response> {
  return renderDocument(c, c.req.raw);
}

/** renderPage for `request` in place of the one that came in (a form post whose body was read already, ssr/form-post.ts). */
export async function renderDocument(c: Context<AppEnv>, request: Request): Promise<Response> {
  const bot = isbot(request.headers.get("user-agent") ?? "");
  const vars = c.get("vars");
  const url = new URL(request.url);
  // Storyblok's visual editor: drafts, no caches, noindex, framing by the editor only.
  const preview = await isPreviewRequest(url, vars);
  if (preview) c.set("preview", true);
  const contentOptions = { preview, waitUntil: (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise) };
  const ports = createServerPorts(c.env, contentOptions, request.method === "POST" ? leadRequestMeta(request, vars) : undefined);
  // The site settings (KV, zod; built-in ones when KV fails): what the layout and pages show depends on them.
  const { settings, version: settingsVersion } = await readSiteSettings(c.env.REDIRECTS, (error) =>
    c.get("sentry").captureException(error),
  );
  c.set("tagManagerId", settings.config.tagManagerId);
  // The editor-owned layout (navigation, footer, top bar, info bar): kept per isolate by cv, the
  // built-in one when it cannot be read. Which notices show depends on the time (Europe/Berlin
  // validity) and the visitor's dismissals, so the HTML cache key names them.
  const layoutRead = await readLayoutContent(createContentService(c.env, contentOptions), await sourceIdOf(vars));
  const layout = pageLayoutAt(layoutRead.content, Date.now(), dismissedNotices(request.headers.get("Cookie")));
  const variant = { settings: settingsVersion, consent: c.get("consent"), notices: layout.notices };
  const htmlKey = await pageCacheKeyOf(c, url, preview, ports, variant);
  // The copy the HTML cache keeps is named by its key: so is the ETag (html-validators.ts).
  const etag = htmlKey && (await htmlETag(htmlKey));
  if (htmlKey && etag) {
    // A browser that holds this very page gets a 304 before anything is read.
    if (ifNoneMatchHits(request.headers.get("If-None-Match"), etag)) return notModifiedResponse(request, etag);
    const cached = await readCachedHtml(htmlKey);
    if (cached) return cachedPageResponse(c, request, cached, etag);
  }

  const services = externalServices(vars);
  const contactHours = await readContactHours(ports);
  const origin = vars.SITE_ORIGIN ?? url.origin;
  const requestContext = pageRequestContext(c, ports, { origin, services, settings, layout, contactHours });
  const handler = pageHandler();
  // A cacheable page is rendered under its cache key's URL: what is stored is exactly that page.
  const rendered =
    htmlKey && htmlKey.path !== `${url.pathname}${url.search}` ? new Request(`${url.origin}${htmlKey.path}`, request) : request;
  const context = await handler.query(rendered, { requestContext });
  if (context instanceof Response) return context;

  const status = context.statusCode;
  const staleKey = staleKeyFor(c, request, url, preview, settingsVersion);
  if (staleKey && status === 503 && isUnavailable(context.errors)) {
    const stale = await staleCopyResponse(c, request, url, staleKey);
    if (stale) return stale;
  }
  if (bot && context.errors) return botErrorPage(context, context.errors);
  reportLoaderErrors(c, url, context);

  const exposeErrors = vars.ENVIRONMENT === "development";
  const document = await pageDocument(handler, context, c.get("nonce"), { consent: c.get("consent"), services, settings, exposeErrors });
  const leafId = context.matches.at(-1)?.route.id;
  const loaderHeaders = leafId === undefined ? undefined : context.loaderHeaders[leafId];
  // A page with the built-in layout because the settings could not be read is not kept (like a failed block).
  const keep = status === 200 && !layoutRead.degraded;
  const storeKey = htmlKey !== null && keep && !loaderHeaders?.has("Cache-Control") ? htmlKey : null;
  const headers = renderedPageHeaders(request, status, loaderHeaders, preview);
  if (storeKey && etag) headers.set("ETag", etag);
  return renderAndStore(c, request, document, {
    status,
    headers,
    bot,
    storeKey,
    staleKey: keep ? staleKey : null,
    leaf: {
      module: leafHandleOf(url.pathname)?.module,
      data: leafId === undefined ? undefined : context.loaderData[leafId],
      brands: settings.config.brands,
    },
  });
}
