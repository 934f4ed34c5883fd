import type { ErrorKind } from "#domain/error-catalogue.ts";
import { ERROR_COPY } from "#domain/error-copy.ts";
import { documentTitle, errorTitle } from "#domain/page-title.ts";
import { buildInfo } from "../build-info.ts";

const ESCAPES = new Map([
  ["&", "&amp;"],
  ["<", "&lt;"],
  [">", "&gt;"],
  ['"', "&quot;"],
  ["'", "&#39;"],
]);
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES.get(char) ?? char);

/** What a self-contained message document says: its heading, an optional sentence and one way on. */
export interface MessagePage {
  status: number;
  /** The document title (before the site name). */
  title: string;
  heading: string;
  text?: string;
  action: { href: string; label: string };
  /** The page's data-error-type (the error catalogue's kind), if it is an error page of the catalogue. */
  kind?: ErrorKind;
  /** Extra response headers (e.g. Allow on a 405). */
  headers?: Record<string, string>;
}

/**
 * A small German document for answers the React app never renders (malformed URLs, unsupported
 * methods, refused form posts) and for the case where rendering itself failed. Same stylesheet and
 * error markup as the React error page; no scripts; never cached.
 */
export function messagePage(page: MessagePage, bot = false): Response {
  const title = escapeHtml(documentTitle(page.title));
  const headers = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", ...page.headers };
  if (bot) {
    return new Response(`<!doctype html><html lang="de"><title>${title}</title></html>`, { status: page.status, headers });
  }
  const css = buildInfo()
    .stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`)
    .join("");
  const text = page.text ? `<p class="error-page__text">${escapeHtml(page.text)}</p>` : "";
  const kind = page.kind ? ` data-error-type="${page.kind}"` : "";
  const body = `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex"><title>${title}</title><link rel="icon" href="/favicon.ico" sizes="any">${css}</head>
<body><main id="inhalt" class="site-main"><section class="error-page"${kind} aria-labelledby="error-title">
<h1 id="error-title" class="error-page__title">${escapeHtml(page.heading)}</h1>${text}
<a class="button button--primary button--large" href="${escapeHtml(page.action.href)}">${escapeHtml(page.action.label)}</a>
</section></main></body></html>`;
  return new Response(body, { status: page.status, headers });
}

/** The error catalogue's page of `kind` as a static document (messagePage). */
export function staticErrorPage(kind: ErrorKind, status: number, message: string, bot = false): Response {
  const copy = ERROR_COPY[kind];
  return messagePage(
    {
      status,
      title: errorTitle(status, message),
      heading: copy.title,
      ...(copy.description && { text: copy.description }),
      action: copy.action,
      kind,
    },
    bot,
  );
}
