import { StrictMode, type ReactNode } from "react";
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  RouterContextProvider,
  StaticRouterProvider,
  type StaticHandler,
} from "react-router";
import { isbot } from "isbot";
import { withHeadAdditions } from "./link-preview.ts";
import type { Context } from "hono";
import { routes } from "#routes/route-table.ts";
import { portsContext, requestFlagsContext, settingsContext, siteContext } from "#routes/ports.ts";
import { ModulePreloads } from "#ui/module-preloads.tsx";
import { ServerConsentLayerContext } from "#ui/consent/consent-banner.tsx";
import { ConsentLayer } from "#ui/consent/consent-layer.tsx";
import { ServerFormBlockViewsContext } from "#content/blocks/lead-blocks-lazy.tsx";
import { isEditorialPage } from "#routes/editorial-pages.ts";
import { ServerListTogglesContext } from "#ui/carfinder/vehicle-list-toggles.tsx";
import { LiveVehicleListsSummary, LiveVehicleListToggles } from "#ui/carfinder/vehicle-list-toggles-live.tsx";
import { externalServices, type AppEnv } from "../env.ts";
import { buildInfo } from "../build-info.ts";
import { onFirstUse } from "../on-first-use.ts";
import { createServerPorts, type ServerPorts } from "../adapters/server-ports.ts";
import { leadRequestMeta } from "../leads/lead-request-meta.ts";
import { isPreviewRequest, PREVIEW_RESPONSE_HEADERS } from "../content/preview.ts";
import { STOCK_VERSION_KEY } from "../adapters/stock-version.ts";
import { hydrationScript } from "./hydration-data.ts";
import { IslandModeContext } from "#ui/islands/island.tsx";
import { ServerErrorPanelContext } from "#ui/error-panel-slot.tsx";
import { ErrorPanel } from "#ui/error-panel.tsx";
import { ServerIdleSectionsContext, type ServerIdleSections } from "#ui/idle-section.tsx";
import { LocationEmployees } from "#ui/people/location-employees.tsx";
import { VehicleLocation } from "#ui/vehicle/vehicle-location.tsx";
import { Breadcrumbs } from "#ui/layout/breadcrumbs.tsx";
import { islandPageScript } from "#ui/islands/island-page.ts";
import { keptReads } from "../adapters/kept-reads.ts";
import { failOpen, reportDependencyFailure } from "../adapters/dependency-failures.ts";
import { createContentService, sourceIdOf } from "../content/content-service.ts";
import { readLayoutContent } from "../content/layout-content-reader.ts";
import { noticesCacheKey, pageLayoutAt } from "#content/layout-content.ts";
import { dismissedNotices } from "#ui/layout/notice-cookie.ts";
import {
  acceptsGzip,
  htmlCacheSearch,
  htmlCacheUrl,
  isPersonalSearch,
  readCachedHtml,
  storeHtml,
  storeStaticHtml,
  withNonce,
  type HtmlCacheKey,
} from "./html-cache.ts";
import { consentKey } from "#domain/consent.ts";
import { staticErrorPage } from "./static-error-page.ts";
import { readSiteSettings } from "../site-settings.ts";
import { faviconOf } from "#domain/site-settings.ts";
import { SITE_CONFIG } from "#domain/site-config.ts";
import { openingHoursSummary } from "#domain/opening-hours.ts";

/** The lists' toggles rendered directly, never through `lazy()` on the server. */
const SERVER_LIST_TOGGLES = { Toggles: LiveVehicleListToggles, Summary: LiveVehicleListsSummary };
/** The idle-hydrated sections (ui/idle-section.tsx), rendered directly on the worker. */
const SERVER_IDLE_SECTIONS: ServerIdleSections = {
  "location-employees": LocationEmployees,
  "vehicle-location": VehicleLocation,
  breadcrumbs: Breadcrumbs,
};

// The handler only holds the route table (not request-shaped), so one per isolate.
let staticHandler: StaticHandler | undefined;
function getStaticHandler(): StaticHandler {
  staticHandler ??= createStaticHandler(routes);
  return staticHandler;
}

/** The locale cookie (spec section 9: 365 days, path /); Secure whenever the page came over https. */
export function localeCookie(secure: boolean): string {
  return `locale=de; Max-Age=31536000; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

function modulesFor(context: { matches: Array<{ route: { handle?: unknown } }> }): string[] {
  const files = new Set<string>();
  for (const match of context.matches) {
    const module = (match.route.handle as { module?: string } | undefined)?.module;
    for (const file of (module && buildInfo().modules[module]) || []) files.add(file);
  }
  return [...files];
}

/**
 * App pages whose last rendered copy is kept as a fallback for when their data source (D1) is
 * down: served with `X-Html-Cache: stale` instead of the maintenance notice, never otherwise.
 * Refreshed at most every STALE_REFRESH_MS per path and isolate.
 */
const STALE_FALLBACK_MODULES = new Set(["routes/vehicle-detail-page.tsx"]);
const STALE_REFRESH_MS = 10 * 60_000;
const staleWrites = new Map<string, number>();

function shouldKeepStaleCopy(url: string, now = Date.now()): boolean {
  const last = staleWrites.get(url);
  if (last !== undefined && now - last < STALE_REFRESH_MS) return false;
  if (staleWrites.size >= 2_000) staleWrites.clear();
  staleWrites.set(url, now);
  return true;
}

/** Tests: every render may write its stale copy again. */
export function forgetStaleWrites(): void {
  staleWrites.clear();
}

/** What every HTML cache key of this request shares: where and for whom the page is rendered. */
function renderedFor(c: Context<AppEnv>, url: URL): Pick<HtmlCacheKey, "origin" | "environment" | "siteOrigin"> {
  const vars = c.get("vars");
  return { origin: url.origin, environment: vars.ENVIRONMENT, siteOrigin: vars.SITE_ORIGIN ?? "request" };
}

function staleKeyOf(c: Context<AppEnv>, url: URL, settingsVersion: string): HtmlCacheKey {
  return {
    ...renderedFor(c, url),
    source: "stale",
    path: url.pathname,
    buildId: buildInfo().buildId,
    cv: 0,
    stockVersion: "any",
    settings: settingsVersion,
    consent: consentKey(c.get("consent")),
  };
}

/** A loader's "data source down" answer (routes/route-errors.ts orUnavailable, the content loader). */
function isUnavailableError(error: unknown): boolean {
  return (error as { data?: { kind?: unknown } } | null)?.data?.kind === "temporarily-unavailable";
}

function isUnavailable(errors: Record<string, unknown> | null): boolean {
  return errors !== null && Object.values(errors).some(isUnavailableError);
}

/** The kind a page's data failure is reported under: its first path segment. */
function pageDataOf(url: URL): string {
  return `page data (${url.pathname.split("/")[1] || "home"})`;
}

/** Editorial pages whose HTML depends only on content (cv), stock (version) and the build. */
const HTML_CACHED_MODULES = new Set(["routes/content-page.tsx", "routes/home-page.tsx"]);

/**
 * The HTML cache key of this request, or null when the page must be rendered: not an editorial
 * page, a preview, a legacy-gone path, a personal query (htmlCacheSearch), or a path the server
 * route lookup has an entry for (redirects and middleware settings are decided by the loader,
 * every time). Reads through the request's own ports (nothing is built twice), at most once a
 * second per isolate (worker/adapters/kept-reads.ts).
 */
async function htmlCacheKeyOf(
  c: Context<AppEnv>,
  url: URL,
  preview: boolean,
  ports: ServerPorts,
  settingsVersion: string,
): Promise<HtmlCacheKey | null> {
  if (preview || c.req.method !== "GET" || c.get("legacyGone") === true || c.get("vars").HTML_CACHE === "off") return null;
  const module = leafHandleOf(url.pathname)?.module;
  if (!module || !HTML_CACHED_MODULES.has(module)) return null;
  const search = htmlCacheSearch(url.search);
  if (search === null) return null;
  // Kept per isolate for a second (worker/adapters/kept-reads.ts): a hit reads no KV at all.
  // KV down: no key, the page is rendered (the HTML cache is bypassed, adapters/dependency-failures.ts).
  const [hasLookup, versions] = await Promise.all([
    url.pathname === "/" ? false : ports.routeLookup.lookup(url.pathname).then((lookup) => lookup !== null),
    failOpen(
      "KV: HTML cache versions",
      () =>
        sourceIdOf(c.get("vars")).then(async (source) => {
          const kept = await keptReads.versions(source, () => Promise.all([ports.currentCv(), c.env.REDIRECTS.get(STOCK_VERSION_KEY)]));
          return kept && { source, ...kept };
        }),
      null,
    ),
  ]);
  if (hasLookup || versions === null) return null;
  return {
    ...renderedFor(c, url),
    path: `${url.pathname}${search}`,
    buildId: buildInfo().buildId,
    ...versions,
    settings: settingsVersion,
    consent: consentKey(c.get("consent")),
  };
}

/**
 * The headers of a rendered page: "public", revalidated every time, unless it shows a visitor's
 * own reference (?anfrage=…) or an error (not stored). One that sets the visitor's locale cookie is
 * made "private" by the security-headers middleware, as every response with a cookie is.
 */
function htmlHeaders(request: Request, status: number): Headers {
  const url = new URL(request.url);
  const setsLocale = !/(?:^|;\s*)locale=/.test(request.headers.get("Cookie") ?? "");
  const cacheControl = status !== 200 || isPersonalSearch(url.searchParams) ? "no-store" : "public, max-age=0, must-revalidate";
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": cacheControl,
    // The banner, the embeds and the CSP follow the consent cookie (ADR 0010).
    Vary: "Cookie",
  });
  if (setsLocale) headers.append("Set-Cookie", localeCookie(url.protocol === "https:"));
  return headers;
}

/** React's marker of a Suspense boundary left for the client to render (renderToString on suspension). */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

/**
 * The whole document as one string, with the scripts the streaming renderer's bootstrap options
 * would add (hydration data, then the entry module) before </body>. Null when anything suspended
 * or threw on the way: the caller then streams, which waits for lazy modules and reports errors.
 * `renderToString` is React's (react-dom/server), handed in because that module loads on first use.
 */
export function renderBuffered(
  renderToString: (tree: ReactNode) => string,
  tree: ReactNode,
  bootstrapScript: string,
  nonce: string | null,
  entry: string = buildInfo().entry,
): string | null {
  let body: string;
  try {
    body = renderToString(tree);
  } catch {
    return null;
  }
  const end = body.lastIndexOf("</body>");
  if (end === -1 || body.includes(CLIENT_RENDERED_BOUNDARY)) return null;
  // Without a nonce (an islands page, ADR 0018) the one inline script loads the entry itself.
  const scripts =
    nonce === null
      ? `<script id="_R_">${bootstrapScript}</script>`
      : `<script nonce="${nonce}" id="_R_">${bootstrapScript}</script><script type="module" src="${entry}" nonce="${nonce}" async=""></script>`;
  return `<!DOCTYPE html>${body.slice(0, end)}${scripts}${body.slice(end)}`;
}

/**
 * The one inline script of an islands page rendered without a nonce (ADR 0018): the page data,
 * then the entry as a module script. The CSP allows this script by its hash, and 'strict-dynamic'
 * trusts what it inserts; the entry is already fetched through its modulepreload link.
 */
function islandsBootstrapScript(pageScript: string, entry: string): string {
  return `${pageScript}(function(){var s=document.createElement("script");s.type="module";s.src=${JSON.stringify(entry)};document.body.appendChild(s)})();`;
}

/** The CSP source that allows exactly this inline script: 'sha256-{base64 of its UTF-8 bytes' SHA-256}'. */
async function scriptHashSource(script: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

const islandPreloads = onFirstUse((): ReadonlyMap<string, readonly string[]> => new Map(Object.entries(buildInfo().editorial.islands)));

type LeafHandle = { module?: string; acceptsPost?: boolean } | undefined;
const LEAF_MEMO_LIMIT = 1000;
const leafHandles = new Map<string, LeafHandle>();

/**
 * The matched leaf route's handle. matchRoutes flattens and ranks the whole route table on every
 * call (~0.4 ms, the largest item of an HTML-cache hit in the profile); the answer depends on the
 * path alone, so an isolate keeps the last 1,000.
 */
export function leafHandleOf(pathname: string): LeafHandle {
  if (leafHandles.has(pathname)) return leafHandles.get(pathname);
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as LeafHandle;
  if (leafHandles.size >= LEAF_MEMO_LIMIT) leafHandles.delete(leafHandles.keys().next().value as string);
  leafHandles.set(pathname, handle);
  return handle;
}

/**
 * SSR catch-all: react-router's static handler runs the loaders, React streams the
 * document. Bots get the complete document (allReady) and, on errors, only the status
 * with a minimal body (spec section 2: "For bots the error page is not shown").
 */
export function renderPage(c: Context<AppEnv>): Promise<Response> {
  return renderDocument(c, c.req.raw);
}

/** renderPage for `request` in place of the one that came in (a form post whose body was read already, ssr/form-post.ts). */
export async function renderDocument(c: Context<AppEnv>, request: Request): Promise<Response> {
  const bot = isbot(request.headers.get("user-agent") ?? "");
  const vars = c.get("vars");
  const origin = vars.SITE_ORIGIN ?? new URL(request.url).origin;

  // Storyblok's visual editor: drafts, no caches, noindex, framing by the editor only.
  const preview = await isPreviewRequest(new URL(request.url), vars);
  if (preview) c.set("preview", true);

  const url = new URL(request.url);
  const lead = request.method === "POST" ? leadRequestMeta(request, vars) : undefined;
  const ports = createServerPorts(c.env, { preview, waitUntil: (promise) => c.executionCtx.waitUntil(promise) }, lead);
  // The site settings (KV, zod; built-in ones when KV fails): what the layout and pages show depends on them.
  const { settings, version: settingsVersion } = await readSiteSettings(c.env.REDIRECTS, (error) =>
    c.get("sentry").captureException(error),
  );
  c.set("tagManagerId", settings.config.tagManagerId);
  // The editor-owned layout (navigation, footer, top bar, info bar): kept per isolate by cv, the
  // built-in one when it cannot be read. Which notices show depends on the time (Europe/Berlin
  // validity) and the visitor's dismissals, so the HTML cache key names them.
  const layoutSource = createContentService(c.env, { preview, waitUntil: (promise) => c.executionCtx.waitUntil(promise) });
  const layoutRead = await readLayoutContent(layoutSource, await sourceIdOf(vars));
  const layout = pageLayoutAt(layoutRead.content, Date.now(), dismissedNotices(request.headers.get("Cookie")));
  const baseKey = await htmlCacheKeyOf(c, url, preview, ports, settingsVersion);
  const htmlKey = baseKey && { ...baseKey, notices: noticesCacheKey(layout.notices) };
  if (htmlKey) {
    const cached = await readCachedHtml(htmlKey);
    if (cached !== null) {
      const headers = htmlHeaders(request, 200);
      headers.set("X-Html-Cache", "hit");
      if (cached.kind === "nonce") return new Response(withNonce(cached.template, c.get("nonce")), { status: 200, headers });
      // The same bytes for everyone with this key: handed out as they are, gzipped once at store time.
      c.set("scriptHash", cached.scriptHash);
      headers.set("Vary", "Cookie, Accept-Encoding");
      if (!acceptsGzip(request.headers.get("Accept-Encoding"))) return new Response(cached.body, { status: 200, headers });
      headers.set("Content-Encoding", "gzip");
      return new Response(cached.gzip, { status: 200, headers, encodeBody: "manual" });
    }
  }

  const services = externalServices(vars);
  // The location list is kept per isolate (a minute); D1 failing costs the footer's hours line only.
  const contactHours = await ports.locations
    .getBySlug(SITE_CONFIG.stickyContact.location)
    .then((central) => (central?.openingHours ? openingHoursSummary(central.openingHours.showroom) : null))
    .catch(() => null);
  const requestContext = new RouterContextProvider();
  requestContext.set(portsContext, ports);
  requestContext.set(settingsContext, settings);
  requestContext.set(requestFlagsContext, { legacyGone: c.get("legacyGone") === true, documentRequest: true, consent: c.get("consent") });
  requestContext.set(siteContext, {
    buildId: buildInfo().buildId,
    origin,
    stylesheets: buildInfo().stylesheets,
    lowercaseCanonical: vars.CANONICAL_LOWERCASE,
    services,
    settings,
    favicon: faviconOf(settings.config),
    contactHours,
    layout,
  });

  const handler = getStaticHandler();
  // A cacheable page is rendered under its cache key's URL: what is stored is exactly that page.
  const rendered =
    htmlKey && htmlKey.path !== `${url.pathname}${url.search}` ? new Request(`${url.origin}${htmlKey.path}`, request) : request;
  const context = await handler.query(rendered, { requestContext });
  if (context instanceof Response) return context;

  const status = context.statusCode;
  // A vehicle page whose data source is down: the last copy this location rendered, if any.
  const staleKey =
    STALE_FALLBACK_MODULES.has(leafHandleOf(url.pathname)?.module ?? "") && request.method === "GET" && !preview
      ? staleKeyOf(c, url, settingsVersion)
      : null;
  if (staleKey && status === 503 && isUnavailable(context.errors)) {
    const stale = await readCachedHtml(staleKey).catch(() => null);
    if (stale?.kind === "nonce") {
      reportDependencyFailure(pageDataOf(url), "served the stale copy", (report) => c.get("sentry").captureException(report));
      const headers = htmlHeaders(request, 200);
      headers.set("Cache-Control", "no-store");
      headers.set("X-Html-Cache", "stale");
      return new Response(withNonce(stale.template, c.get("nonce")), { status: 200, headers });
    }
  }
  if (bot && context.errors) {
    const [error] = Object.values(context.errors);
    return staticErrorPage(
      status === 404 ? "page-not-found" : "something-went-wrong",
      status,
      String((error as { statusText?: string })?.statusText ?? "Error"),
      true,
    );
  }
  if (context.errors && status >= 500) {
    for (const error of Object.values(context.errors)) {
      // The maintenance notice (a data source down): reported once a minute, not per request.
      if (isUnavailableError(error)) {
        reportDependencyFailure(pageDataOf(url), (error as { statusText?: string }).statusText ?? "unavailable", (report) =>
          c.get("sentry").captureException(report),
        );
        continue;
      }
      c.get("sentry").captureException(error);
      console.error(`[${c.get("requestId")}] loader error`, error);
    }
  }

  const router = createStaticRouter(handler.dataRoutes, context);
  const nonce = c.get("nonce");
  // Home and content pages without lead forms hydrate only their islands (ADR 0017).
  const leafId = context.matches.at(-1)?.route.id;
  const editorial = isEditorialPage(leafId, leafId === undefined ? undefined : context.loaderData[leafId], status, context.errors !== null);
  const entry = editorial ? buildInfo().editorial.entry : buildInfo().entry;
  // The form blocks (and their validation engine) are server-rendered in place on the pages that
  // can hold them; an editorial page holds none by definition, so it never loads them.
  const formBlockViews = editorial ? null : (await import("#content/blocks/server-form-block-views.ts")).SERVER_FORM_BLOCK_VIEWS;
  const preloads = editorial ? buildInfo().editorial.preloads : modulesFor(context);
  const tree = (
    <StrictMode>
      <ModulePreloads hrefs={preloads} entry={entry} />
      <ServerConsentLayerContext value={ConsentLayer}>
        <ServerFormBlockViewsContext value={formBlockViews}>
          <ServerListTogglesContext value={SERVER_LIST_TOGGLES}>
            <ServerErrorPanelContext value={ErrorPanel}>
              <ServerIdleSectionsContext value={SERVER_IDLE_SECTIONS}>
                <IslandModeContext value={editorial ? islandPreloads() : null}>
                  <StaticRouterProvider router={router} context={context} hydrate={false} nonce={nonce} />
                </IslandModeContext>
              </ServerIdleSectionsContext>
            </ServerErrorPanelContext>
          </ServerListTogglesContext>
        </ServerFormBlockViewsContext>
      </ServerConsentLayerContext>
    </StrictMode>
  );
  // React's server renderers (Fizz and the legacy string renderer, 540 KB) load with the first page
  // an isolate renders: API calls, redirects, the sitemap and cached pages never need them, and the
  // global scope runs at every isolate's startup (docs/limits.md "Startup"). import() evaluates the
  // module once per isolate; each request awaits its own import, never another request's promise.
  let server: typeof import("react-dom/server");
  try {
    server = await import("react-dom/server");
  } catch {
    return staticErrorPage("something-went-wrong", 500, "Internal Server Error", bot);
  }
  const bootstrapScript = editorial
    ? islandPageScript({ consent: c.get("consent"), services, settings })
    : hydrationScript(context, vars.ENVIRONMENT === "development");
  // An islands page is rendered without a nonce: its one inline script is allowed by its hash (ADR 0018).
  const staticScript = editorial ? islandsBootstrapScript(bootstrapScript, entry) : null;
  const headers = htmlHeaders(request, status);
  // The maintenance notice (content source down, nothing cached): come back in a minute.
  if (status === 503) headers.set("Retry-After", "60");
  const leaf = context.matches.at(-1);
  const loaderHeaders = leaf ? context.loaderHeaders[leaf.route.id] : undefined;
  loaderHeaders?.forEach((value, name) => headers.set(name, value));
  if (preview) for (const [name, value] of Object.entries(PREVIEW_RESPONSE_HEADERS)) headers.set(name, value);
  // A page with the built-in layout because the settings could not be read is not kept (like a failed block).
  const storeKey = htmlKey !== null && status === 200 && !loaderHeaders?.has("Cache-Control") && !layoutRead.degraded ? htmlKey : null;

  // Buffered first (docs/decisions/0015-buffered-ssr.md): the loaders have all finished, so a
  // stream has nothing to send early, and Fizz's stream encoding costs about as much CPU again as
  // the render. Only a page where something suspends (a lazy module's first use in this isolate)
  // goes the streaming way, which waits for it.
  const leafData = {
    module: leafHandleOf(url.pathname)?.module,
    data: leafId === undefined ? undefined : context.loaderData[leafId],
    brands: settings.config.brands,
  };
  const document =
    staticScript === null
      ? renderBuffered(server.renderToString, tree, bootstrapScript, nonce, entry)
      : renderBuffered(server.renderToString, tree, staticScript, null, entry);
  const buffered = document === null ? null : await withHeadAdditions(document, leafData);
  if (buffered !== null) {
    if (staticScript !== null) {
      const scriptHash = await scriptHashSource(staticScript);
      c.set("scriptHash", scriptHash);
      if (storeKey) c.executionCtx.waitUntil(storeStaticHtml(storeKey, buffered, scriptHash).catch(() => undefined));
    } else if (storeKey) {
      c.executionCtx.waitUntil(storeHtml(storeKey, buffered, nonce).catch(() => undefined));
    }
    if (staleKey && status === 200 && !layoutRead.degraded && shouldKeepStaleCopy(htmlCacheUrl(staleKey)))
      c.executionCtx.waitUntil(storeHtml(staleKey, buffered, nonce).catch(() => undefined));
    if (storeKey) headers.set("X-Html-Cache", "miss");
    return new Response(buffered, { status, headers });
  }

  let stream: ReadableStream & { allReady: Promise<void> };
  try {
    stream = await server.renderToReadableStream(tree, {
      nonce,
      bootstrapScriptContent: bootstrapScript,
      bootstrapModules: [entry],
      // A Suspense boundary that has finished rendering is written in place, never moved out
      // behind a script once the response passed ~12.8 KB (React 19.2's default): the consent
      // banner and the lazily hydrated parts must be in the HTML without JavaScript (ADR 0010).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: request.signal,
      onError(error) {
        if (!request.signal.aborted) {
          c.get("sentry").captureException(error);
          console.error(`[${c.get("requestId")}] render error`, error);
        }
      },
    });
  } catch {
    return staticErrorPage("something-went-wrong", 500, "Internal Server Error", bot);
  }
  if (bot) {
    // A crawler or a link-preview fetcher gets the whole document, with the preview tags.
    await stream.allReady;
    const html = await withHeadAdditions(await new Response(stream).text(), leafData);
    if (storeKey) c.executionCtx.waitUntil(storeHtml(storeKey, html, nonce).catch(() => undefined));
    return new Response(html, { status, headers });
  }

  if (storeKey) {
    // The visitor gets the stream at once; the copy is stored when it has finished.
    const [forVisitor, forCache] = stream.tee();
    c.executionCtx.waitUntil(
      new Response(forCache)
        .text()
        .then((html) => storeHtml(storeKey, html, nonce))
        .catch(() => undefined),
    );
    headers.set("X-Html-Cache", "miss");
    return new Response(forVisitor, { status, headers });
  }
  return new Response(stream, { status, headers });
}
