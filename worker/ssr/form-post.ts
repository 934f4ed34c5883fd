import type { Context, Next } from "hono";
import { matchRoutes } from "react-router";
import { routes } from "#routes/route-table.ts";
import { APP_ONLY_BLOCKS } from "#routes/editorial-pages.ts";
import { containsComponent } from "#content/block-data.ts";
import { ContentSlugSchema } from "#domain/route-params.ts";
import { LEAD_REFUSAL_MESSAGES } from "#domain/lead-outcome.ts";
import { requestPath } from "#domain/same-origin-path.ts";
import type { AppEnv } from "../env.ts";
import { createContentService } from "../content/content-service.ts";
import { isPreviewRequest } from "../content/preview.ts";
import { isCrossSite, leadRequestMeta } from "../leads/lead-request-meta.ts";
import { LEAD_FORM_LIMITS } from "../leads/read-lead-body.ts";
import { readFormBody, type FormBody } from "../read-capped-body.ts";
import { leafHandleOf } from "./page-route.ts";
import { renderDocument } from "./render-page.tsx";
import { messagePage } from "./static-error-page.ts";

/** The route module of the content catch-all: it takes a post only where its story has a form. */
const CONTENT_MODULE = "routes/content-page.tsx";

type Refusal = Exclude<FormBody, { ok: true }>["problem"] | "cross-site";

const REFUSALS: ReadonlyMap<Refusal, { status: number; text: string }> = new Map([
  ["cross-site", { status: 403, text: LEAD_REFUSAL_MESSAGES.cross_site }],
  ["too-large", { status: 413, text: LEAD_REFUSAL_MESSAGES.too_large }],
  ["malformed", { status: 400, text: LEAD_REFUSAL_MESSAGES.malformed }],
  [
    "unsupported-type",
    {
      status: 415,
      text: "Das Formular wurde in einem unbekannten Format gesendet. Bitte laden Sie die Seite neu und versuchen Sie es erneut.",
    },
  ],
]);

/** A clear German page for a form post refused before the page's action ran: nothing was stored. */
function refusal(problem: Refusal, back: string): Response {
  const { status, text } = REFUSALS.get(problem) ?? { status: 400, text: LEAD_REFUSAL_MESSAGES.malformed };
  return messagePage({
    status,
    title: "Anfrage nicht gesendet",
    heading: "Ihre Anfrage wurde nicht gesendet",
    text,
    action: { href: back, label: "Zurück zum Formular" },
  });
}

/**
 * Whether a content page takes a form post: its story exists and holds a lead form block. A path
 * without one (a 404 path, /sitemap.xml) answers 405 like every page without a form. When the
 * content source cannot answer, the post goes on: a lead is not lost because a story was unreadable.
 */
async function contentPageTakesPost(c: Context<AppEnv>, url: URL): Promise<boolean> {
  const slug = matchRoutes(routes, url.pathname)?.at(-1)?.params["*"] ?? "";
  if (!ContentSlugSchema.safeParse(slug).success) return false;
  try {
    // In the visual editor the draft is what the visitor (the editor) sees and posts from.
    const preview = await isPreviewRequest(url, c.get("vars"));
    const content = createContentService(c.env, { preview, waitUntil: (promise) => c.executionCtx.waitUntil(promise) }).content;
    const page = await content.getPage(slug.toLowerCase());
    return page !== null && containsComponent(page.content, APP_ONLY_BLOCKS);
  } catch {
    return true;
  }
}

/**
 * A plain form post to a page (a lead form without JavaScript, ADR 0013). Everything that can be
 * decided without the body is decided first: a page without a form goes on to the 405, a
 * cross-site post is refused (403); then the body is read with the limits of POST /api/leads
 * (bytes and fields, 413) before the router's action parses it. The action gets the request
 * again with the bytes that were read, under the Content-Type they were counted for.
 */
export async function pageFormPost(c: Context<AppEnv>, next: Next): Promise<Response | void> {
  const request = c.req.raw;
  const url = new URL(request.url);
  const handle = leafHandleOf(url.pathname);
  if (handle?.acceptsPost !== true) return next();
  const back = requestPath(url);
  if (isCrossSite(leadRequestMeta(request, c.get("vars")))) {
    await request.body?.cancel();
    return refusal("cross-site", back);
  }
  if (handle.module === CONTENT_MODULE && !(await contentPageTakesPost(c, url))) {
    await request.body?.cancel();
    return next();
  }
  const body = await readFormBody(request, LEAD_FORM_LIMITS);
  if (!body.ok) return refusal(body.problem, back);
  const headers = new Headers(request.headers);
  headers.set("Content-Type", body.contentType);
  return renderDocument(c, new Request(request.url, { method: "POST", headers, body: body.bytes }));
}
