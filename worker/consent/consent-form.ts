import type { Context } from "hono";
import * as z from "zod";
import {
  CONSENT_PURPOSES,
  CONSENT_SETTINGS_PATH,
  consentCookie,
  decidedConsent,
  type ConsentPurpose,
  type ConsentState,
} from "#domain/consent.ts";
import { sameOriginPath } from "#domain/same-origin-path.ts";
import type { AppEnv } from "../env.ts";
import { readCapped } from "../read-capped-body.ts";
import { messagePage } from "../ssr/static-error-page.ts";

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
 * Where the visitor goes back to: the form's `back`, resolved on our origin and judged after that
 * (domain/same-origin-path.ts); anything that would leave the site ("//evil.example",
 * "/.//evil.example", "https://…", "/\\evil", control characters) becomes "/".
 */
export function safeBackPath(back: string | undefined): string {
  return (back && sameOriginPath(back)) || "/";
}

/** A cross-site page must not decide for the visitor (a forged "Alle akzeptieren" would be no consent). */
function isCrossSite(c: Context<AppEnv>): boolean {
  const fetchSite = c.req.header("Sec-Fetch-Site");
  if (fetchSite !== undefined) return fetchSite !== "same-origin";
  const origin = c.req.header("Origin");
  if (origin === undefined) return false;
  return origin !== new URL(c.req.url).origin && origin !== c.get("vars").SITE_ORIGIN;
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

/** A clear German answer for a visitor whose form could not be read (never a 500). */
function refusal(status: 400 | 403 | 413 | 415, reason: string): Response {
  return messagePage({
    status,
    title: "Auswahl nicht gespeichert",
    heading: "Ihre Auswahl wurde nicht gespeichert",
    text: reason,
    action: { href: CONSENT_SETTINGS_PATH, label: "Zu den Cookie-Einstellungen" },
  });
}

export async function consentFormPost(c: Context<AppEnv>): Promise<Response> {
  if (isCrossSite(c)) return refusal(403, "Die Auswahl kam nicht von unserer Website. Bitte treffen Sie sie direkt auf unserer Seite.");
  if (!(c.req.header("Content-Type") ?? "").startsWith("application/x-www-form-urlencoded")) {
    return refusal(415, "Das Formular wurde in einem unbekannten Format gesendet. Bitte versuchen Sie es erneut.");
  }
  const bytes = await readCapped(c.req.raw, MAX_BODY_BYTES);
  const body = bytes && new TextDecoder().decode(bytes);
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
