import type { Context } from "hono";
import * as z from "zod";
import { iframeSource } from "#content/blocks/embed-sources.ts";
import type { AppEnv } from "../env.ts";
import { escapeHtml } from "../ssr/static-error-page.ts";

/**
 * GET /_embed?src=<allow-listed URL>&title=<title>: a minimal same-origin page that frames one
 * third-party embed (ADR 0010). A page's CSP cannot change after it loaded, and its frame-src
 * lists only the purposes granted when it was rendered; an embed the visitor loads later (or
 * "once") is framed through this page, whose own CSP allows exactly that one origin, runs no
 * script and may itself be framed only by our pages. Without JavaScript, "Einmal laden" is a
 * link here. Only URLs that pass the embed allow-list (embed-sources.ts) are served; anything
 * else is a 400.
 */

const EmbedQuerySchema = z.object({
  src: z
    .string()
    .max(2_048)
    .transform((src, context) => {
      const source = iframeSource(src);
      if (source && !source.sameOrigin) return source;
      context.addIssue({ code: "custom", message: "not an allow-listed third-party embed" });
      return z.NEVER;
    }),
  title: z.string().trim().min(1).max(200).optional().catch(undefined),
});

const WRAPPER_STYLE = "html,body{margin:0;height:100%;background:#0b1f33}iframe{display:block;width:100%;height:100%;border:0}";

function wrapperHeaders(csp: string): Record<string, string> {
  return {
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": csp,
    "X-Frame-Options": "SAMEORIGIN",
    "X-Robots-Tag": "noindex",
    "Cache-Control": "no-store",
  };
}

export function embedWrapper(c: Context<AppEnv>): Response {
  const parsed = EmbedQuerySchema.safeParse({ src: c.req.query("src"), title: c.req.query("title") });
  if (!parsed.success) {
    const body =
      '<!doctype html><html lang="de"><meta charset="utf-8"><title>Inhalt nicht verfügbar</title><p>Dieser Inhalt kann hier nicht angezeigt werden.</p></html>';
    return new Response(body, { status: 400, headers: wrapperHeaders("default-src 'none'; frame-ancestors 'self'") });
  }
  const { src, title: givenTitle } = parsed.data;
  const title = givenTitle ?? `Inhalt von ${src.providerName}`;
  const nonce = c.get("nonce");
  const csp = [
    "default-src 'none'",
    `frame-src ${new URL(src.src).origin}`,
    "script-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join("; ");
  const body = `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">${WRAPPER_STYLE}</style></head>
<body><iframe src="${escapeHtml(src.src)}" title="${escapeHtml(title)}" allow="autoplay; encrypted-media; picture-in-picture; fullscreen" referrerpolicy="strict-origin-when-cross-origin" sandbox="allow-scripts allow-forms allow-popups allow-same-origin"></iframe></body></html>`;
  return new Response(body, { status: 200, headers: wrapperHeaders(csp) });
}
