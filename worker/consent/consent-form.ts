import type { Context } from "hono";
import { z } from "zod";
import {
  CONSENT_PURPOSES,
  CONSENT_SETTINGS_PATH,
  consentCookie,
  decidedConsent,
  type ConsentPurpose,
  type ConsentState,
} from "#domain/consent.ts";
import { documentTitle } from "#domain/page-title.ts";
import type { AppEnv } from "../env.ts";
import { buildInfo } from "../build-info.ts";

/**
 * POST /cookie-einstellungen: every consent form of the site (banner, details layer, settings
 * page, "Immer erlauben" on a placeholder) posts here when the browser runs no JavaScript
 * (ADR 0010). Sets the `agn_consent` cookie and answers 303 back to the page the form was on.
 */

/** A urlencoded form of a few short fields; anything bigger is not one of ours. */
const MAX_BODY_BYTES = 4_096;

const ConsentFormSchema = z.object({
  /** all · none · selection (exactly the ticked purposes) · grant (add them to the current ones) */
  choice: z.enum(["all", "none", "selection", "grant"]),
  purposes: z.array(z.enum(CONSENT_PURPOSES)).max(CONSENT_PURPOSES.length),
  back: z.string().max(2_048).optional(),
});
type ConsentForm = z.output<typeof ConsentFormSchema>;

/**
 * Only a same-origin relative path (optionally with query and fragment) is a place to go back
 * to; anything else ("//evil.example", "https://…", "/\\evil", control characters) becomes "/".
 */
export function safeBackPath(back: string | undefined): string {
  if (!back?.startsWith("/") || back.startsWith("//") || /[\\\u0000-\u001f\u007f]/.test(back)) return "/";
  const base = "https://dealership.invalid";
  const url = new URL(back, base);
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : "/";
}

/** A cross-site page must not decide for the visitor (a forged "Alle akzeptieren" would be no consent). */
function isCrossSite(c: Context<AppEnv>): boolean {
  const fetchSite = c.req.header("Sec-Fetch-Site");
  if (fetchSite !== undefined) return fetchSite !== "same-origin";
  const origin = c.req.header("Origin");
  if (origin === undefined) return false;
  return origin !== new URL(c.req.url).origin && origin !== c.get("vars").SITE_ORIGIN;
}

async function readBody(request: Request): Promise<string | null> {
  if (Number(request.headers.get("Content-Length") ?? 0) > MAX_BODY_BYTES) return null;
  const reader = request.body?.getReader();
  if (!reader) return "";
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
}

function grantedBy(form: ConsentForm, current: ConsentState): ConsentPurpose[] {
  switch (form.choice) {
    case "all":
      return [...CONSENT_PURPOSES];
    case "none":
      return [];
    case "selection":
      return form.purposes;
    case "grant":
      return decidedConsent([...current.granted, ...form.purposes]).granted;
  }
}

const ESCAPES = new Map([
  ["&", "&amp;"],
  ["<", "&lt;"],
  [">", "&gt;"],
  ['"', "&quot;"],
  ["'", "&#39;"],
]);
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES.get(char) ?? char);

/** A clear German answer for a visitor whose form could not be read (never a 500). */
function refusal(status: 400 | 403 | 413 | 415, reason: string): Response {
  const css = buildInfo.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`).join("");
  const body = `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(documentTitle("Auswahl nicht gespeichert"))}</title>${css}</head>
<body><main id="inhalt" class="site-main"><section class="error-page" aria-labelledby="error-title">
<h1 id="error-title" class="error-page__title">Ihre Auswahl wurde nicht gespeichert</h1>
<p class="error-page__text">${escapeHtml(reason)}</p>
<a class="button button--primary button--large" href="${CONSENT_SETTINGS_PATH}">Zu den Cookie-Einstellungen</a>
</section></main></body></html>`;
  return new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

export async function consentFormPost(c: Context<AppEnv>): Promise<Response> {
  if (isCrossSite(c)) return refusal(403, "Die Auswahl kam nicht von unserer Website. Bitte treffen Sie sie direkt auf unserer Seite.");
  if (!(c.req.header("Content-Type") ?? "").startsWith("application/x-www-form-urlencoded")) {
    return refusal(415, "Das Formular wurde in einem unbekannten Format gesendet. Bitte versuchen Sie es erneut.");
  }
  const body = await readBody(c.req.raw);
  if (body === null) return refusal(413, "Das Formular war zu groß. Bitte versuchen Sie es erneut.");
  const params = new URLSearchParams(body);
  const parsed = ConsentFormSchema.safeParse({
    choice: params.get("choice") ?? undefined,
    purposes: params.getAll("purpose"),
    back: params.get("back") ?? undefined,
  });
  if (!parsed.success) return refusal(400, "Das Formular enthielt eine unbekannte Auswahl. Bitte wählen Sie erneut.");
  const secure = new URL(c.req.url).protocol === "https:";
  return new Response(null, {
    status: 303,
    headers: {
      Location: safeBackPath(parsed.data.back),
      "Set-Cookie": consentCookie(grantedBy(parsed.data, c.get("consent")), Date.now(), secure),
      "Cache-Control": "no-store",
    },
  });
}
