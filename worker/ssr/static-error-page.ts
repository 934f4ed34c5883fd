import type { ErrorKind } from "#domain/error-catalogue.ts";
import { ERROR_COPY } from "#domain/error-copy.ts";
import { documentTitle, errorTitle } from "#domain/page-title.ts";
import { buildInfo } from "../build-info.ts";

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/**
 * A small, self-contained German error document for requests the React app never sees
 * (malformed URLs, unsupported methods) and for the case where rendering itself failed.
 * Same stylesheet and error markup as the React error page; no scripts.
 */
export function staticErrorPage(kind: ErrorKind, status: number, message: string, bot = false): Response {
  const copy = ERROR_COPY[kind];
  const title = escapeHtml(documentTitle(errorTitle(status, message)));
  const headers = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" };
  if (bot) {
    return new Response(`<!doctype html><html lang="de"><title>${title}</title></html>`, { status, headers });
  }
  const css = buildInfo.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join("");
  const description = copy.description ? `<p class="error-page__text">${escapeHtml(copy.description)}</p>` : "";
  const body = `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex"><title>${title}</title><link rel="icon" href="/favicon.ico" sizes="any">${css}</head>
<body><main id="inhalt" class="site-main"><section class="error-page" data-error-type="${kind}" aria-labelledby="error-title">
<h1 id="error-title" class="error-page__title">${escapeHtml(copy.title)}</h1>${description}
<a class="button button--primary button--large" href="${escapeHtml(copy.action.href)}">${escapeHtml(copy.action.label)}</a>
</section></main></body></html>`;
  return new Response(body, { status, headers });
}
