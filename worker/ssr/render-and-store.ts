import type { ReactNode } from "react";
import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { storeHtml, storeStaticHtml, type HtmlCacheKey } from "./html-cache.ts";
import { withHeadAdditions, type RenderedLeaf } from "./link-preview.ts";
import { pageLinkHeader, takesLinkHeader } from "./link-header.ts";
import type { PageDocument } from "./document-tree.tsx";
import { keepStaleCopy } from "./stale-fallback.ts";
import { staticErrorPage } from "./static-error-page.ts";

/**
 * Renders a page's document to the response and keeps its copies: buffered first (ADR 0015), the
 * stream when something suspended or threw; the HTML cache copy (storeKey) and the stale copy
 * (staleKey) are written in the background.
 */

type ReactServer = typeof import("react-dom/server");

/**
 * React's server renderers (Fizz and the legacy string renderer, 540 KB) load with the first page
 * an isolate renders (ADR 0026): API calls, redirects, the sitemap and cached pages never need them,
 * and the global scope runs at every isolate's startup (docs/limits.md "Startup"). import()
 * evaluates the module once per isolate; each request awaits its own import, never another
 * request's promise.
 */
function reactServer(): Promise<ReactServer> {
  return import("react-dom/server");
}

/** React's marker of a Suspense boundary left for the client to render (renderToString on suspension). */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

/**
 * The whole document as one string, with the page's one inline script (its data, then the code
 * that starts the entry after the first screen, first-screen-start.ts) before </body>, as the
 * streaming renderer's bootstrapScriptContent would add it. Null when anything suspended or threw
 * on the way: the caller then streams, which waits for lazy modules and reports errors.
 * `renderToString` is React's (react-dom/server), handed in because that module loads on first use.
 */
export function renderBuffered(
  renderToString: (tree: ReactNode) => string,
  tree: ReactNode,
  bootstrapScript: string,
  nonce: string | null,
): string | null {
  let body: string;
  try {
    body = renderToString(tree);
  } catch {
    return null;
  }
  const end = body.lastIndexOf("</body>");
  if (end === -1 || body.includes(CLIENT_RENDERED_BOUNDARY)) return null;
  // Without a nonce (an islands page, ADR 0018) the CSP allows the script by its hash.
  const scripts =
    nonce === null ? `<script id="_R_">${bootstrapScript}</script>` : `<script nonce="${nonce}" id="_R_">${bootstrapScript}</script>`;
  return `<!DOCTYPE html>${body.slice(0, end)}${scripts}${body.slice(end)}`;
}

/** The CSP source that allows exactly this inline script: 'sha256-{base64 of its UTF-8 bytes' SHA-256}'. */
async function scriptHashSource(script: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/** How a rendered page is answered and kept. */
export interface PageResponse {
  status: number;
  headers: Headers;
  /** A crawler or link-preview fetcher: it gets the whole document at once, and errors without the page. */
  bot: boolean;
  /** The HTML cache copy to write, or null (not cacheable, not a 200, a degraded layout, a loader's own Cache-Control). */
  storeKey: HtmlCacheKey | null;
  /** The stale fallback copy to refresh (stale-fallback.ts), or null. */
  staleKey: HtmlCacheKey | null;
  /** What the head additions read (link-preview.ts). */
  leaf: RenderedLeaf;
}

/** The document rendered and answered; the copies written in the background. */
export async function renderAndStore(c: Context<AppEnv>, request: Request, document: PageDocument, page: PageResponse): Promise<Response> {
  let server: ReactServer;
  try {
    server = await reactServer();
  } catch {
    return staticErrorPage("something-went-wrong", 500, "Internal Server Error", page.bot);
  }
  const nonce = c.get("nonce");
  // Buffered first (ADR 0015): the loaders have all finished, so a stream has nothing to send early,
  // and Fizz's stream encoding costs about as much CPU again as the render. Only a page where
  // something suspends (a lazy module's first use in this isolate) goes the streaming way.
  const html = renderBuffered(server.renderToString, document.tree, document.bootstrapScript, document.allowedByHash ? null : nonce);
  const buffered = html === null ? null : await withHeadAdditions(html, page.leaf);
  const link = takesLinkHeader(request, page.status, page.headers);
  if (buffered !== null) {
    setLink(page.headers, link ? pageLinkHeader(buffered) : null);
    return storeBuffered(c, buffered, document.allowedByHash ? document.bootstrapScript : null, page);
  }
  // A streamed page's head is not known before its headers go: the LCP image is left out.
  if (link && !page.bot) setLink(page.headers, pageLinkHeader(null));
  return renderStreamed(c, request, server, document, { ...page, link });
}

/** The Link header (link-header.ts) for Early Hints, when the page takes one. */
function setLink(headers: Headers, value: string | null): void {
  if (value !== null) headers.set("Link", value);
}

async function storeBuffered(c: Context<AppEnv>, html: string, hashedScript: string | null, page: PageResponse): Promise<Response> {
  const nonce = c.get("nonce");
  if (hashedScript !== null) {
    const scriptHash = await scriptHashSource(hashedScript);
    c.set("scriptHash", scriptHash);
    if (page.storeKey) c.executionCtx.waitUntil(storeStaticHtml(page.storeKey, html, scriptHash).catch(() => undefined));
  } else if (page.storeKey) {
    c.executionCtx.waitUntil(storeHtml(page.storeKey, html, nonce).catch(() => undefined));
  }
  if (page.staleKey) keepStaleCopy(c, page.staleKey, html, nonce);
  if (page.storeKey) page.headers.set("X-Html-Cache", "miss");
  return new Response(html, { status: page.status, headers: page.headers });
}

/**
 * The streaming fallback: with the nonce and React's own bootstrap options on every page (an
 * islands page too: React's inline scripts need the nonce, ADR 0018).
 */
async function renderStreamed(
  c: Context<AppEnv>,
  request: Request,
  server: ReactServer,
  document: PageDocument,
  page: PageResponse & { link: boolean },
): Promise<Response> {
  const nonce = c.get("nonce");
  let stream: ReadableStream & { allReady: Promise<void> };
  try {
    stream = await server.renderToReadableStream(document.tree, {
      nonce,
      // The data, then the start after the first screen: no module script tag (first-screen-start.ts).
      bootstrapScriptContent: document.bootstrapScript,
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
    return staticErrorPage("something-went-wrong", 500, "Internal Server Error", page.bot);
  }
  const { status, headers, storeKey } = page;
  if (page.bot) {
    // A crawler or a link-preview fetcher gets the whole document, with the preview tags.
    await stream.allReady;
    const html = await withHeadAdditions(await new Response(stream).text(), page.leaf);
    if (page.link) setLink(headers, pageLinkHeader(html));
    if (storeKey) c.executionCtx.waitUntil(storeHtml(storeKey, html, nonce).catch(() => undefined));
    return new Response(html, { status, headers });
  }
  if (!storeKey) return new Response(stream, { status, headers });
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
