/**
 * What the lead pipeline answers (issue 8 item 3), zod-free: the form pages show it on first load.
 * The worker's acceptLead() returns it; POST /api/leads sends it as JSON (202/422/4xx/503).
 */
export type LeadRefusalReason = "rate_limited" | "cross_site" | "too_large" | "malformed" | "turnstile" | "unavailable";

export type LeadOutcome =
  | { status: "accepted"; leadId: string; reference: string }
  | { status: "invalid"; fieldErrors: Record<string, string> }
  | { status: "refused"; reason: LeadRefusalReason; message: string };

/** Shown when the answer never arrives (network, 5xx): the spec's form error text (section 8). */
export const LEAD_UNAVAILABLE_MESSAGE = "Es ist etwas schiefgelaufen... Bitte versuchen Sie es erneut oder rufen Sie uns an.";
