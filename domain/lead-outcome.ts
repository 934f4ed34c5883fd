import { SITE_CONFIG } from "./site-config.ts";

/**
 * What the worker answers to a lead, shared by POST /api/leads and the page
 * actions, zod-free so a form page can show the messages on first load (ADR 0006). The zod
 * schema the browser port parses answers with is in lead-outcome-schema.ts.
 *
 * @example
 * if (outcome.status === "accepted") show(`${LEAD_REFERENCE_LABEL}: ${outcome.reference}`);
 */

export const LEAD_REFUSAL_REASONS = ["rate_limited", "cross_site", "too_large", "malformed", "turnstile", "unavailable"] as const;
export type LeadRefusalReason = (typeof LEAD_REFUSAL_REASONS)[number];

export type LeadOutcome =
  | { status: "accepted"; leadId: string; reference: string }
  | { status: "invalid"; fieldErrors: Record<string, string> }
  | { status: "refused"; reason: LeadRefusalReason; message: string };

/** Shown with the reference after a successful submission ("Ihre Vorgangsnummer: K7M3-Q9PX"). */
export const LEAD_REFERENCE_LABEL = "Ihre Vorgangsnummer";

const CALL_US = `rufen Sie uns an: ${SITE_CONFIG.stickyContact.phoneLabel}`;

/** The German sentence a visitor reads when a lead is refused, per reason. */
export const LEAD_REFUSAL_MESSAGES: Record<LeadRefusalReason, string> = {
  rate_limited: "Sie haben in kurzer Zeit sehr viele Anfragen gesendet. Bitte versuchen Sie es in einigen Minuten erneut.",
  cross_site:
    "Diese Anfrage kam nicht von unserer Website und wurde deshalb nicht angenommen. Bitte nutzen Sie das Formular auf unserer Website.",
  too_large: "Ihre Anfrage ist zu groß. Bitte kürzen Sie Ihre Nachricht oder senden Sie höchstens 5 Fotos mit je bis zu 5 MB.",
  malformed: "Ihre Anfrage konnte nicht gelesen werden. Bitte laden Sie die Seite neu und versuchen Sie es erneut.",
  turnstile: "Die Sicherheitsprüfung ist fehlgeschlagen. Bitte laden Sie die Seite neu und versuchen Sie es erneut.",
  unavailable: `Ihre Anfrage konnte gerade nicht gespeichert werden. Bitte versuchen Sie es in einigen Minuten erneut oder ${CALL_US}.`,
};

/** HTTP status of each outcome on POST /api/leads (never a 500). */
export const LEAD_REFUSAL_STATUS: Record<LeadRefusalReason, number> = {
  rate_limited: 429,
  cross_site: 403,
  too_large: 413,
  malformed: 400,
  turnstile: 403,
  unavailable: 503,
};

export function leadRefusal(reason: LeadRefusalReason): LeadOutcome & { status: "refused" } {
  return { status: "refused", reason, message: LEAD_REFUSAL_MESSAGES[reason] };
}

export function leadOutcomeStatus(outcome: LeadOutcome): number {
  if (outcome.status === "accepted") return 202;
  if (outcome.status === "invalid") return 422;
  return LEAD_REFUSAL_STATUS[outcome.reason];
}

/** Shown when the answer never arrives (network, 5xx): the spec's form error text (section 8). */
export const LEAD_UNAVAILABLE_MESSAGE = "Es ist etwas schiefgelaufen... Bitte versuchen Sie es erneut oder rufen Sie uns an.";

/** Field messages for trade-in photos (TRADE_IN_PHOTOS). */
export const PHOTO_MESSAGES = {
  tooMany: "Bitte wählen Sie höchstens 5 Fotos aus.",
  tooLarge: "Jedes Foto darf höchstens 5 MB groß sein.",
  wrongType: "Bitte laden Sie nur Fotos im Format JPEG, PNG oder WebP hoch.",
  notAllowed: "Fotos können nur bei einer Inzahlungnahme mitgesendet werden.",
} as const;

/** Form-level message when the editor-defined form a lead names is not (or no longer) on its page. */
export const CONTENT_FORM_UNKNOWN = `Dieses Formular gibt es so nicht mehr. Bitte laden Sie die Seite neu oder ${CALL_US}.`;
