/**
 * Sends a content form to the lead pipeline: `POST /api/leads` with JSON, answered
 * 202 accepted, 422 invalid (German message per field path), 400/403/429 refused (German message).
 * A network failure, a 5xx or an answer of the wrong shape is an error: the form keeps its values
 * and offers to send again with the same idempotency key, so a lead stored before the failure is
 * not stored twice. The answer is parsed with zod, loaded with the first submission (ADR 0006).
 *
 * @example
 * const outcome = await submitContentForm({ kind: "content_form", idempotencyKey: newIdempotencyKey(), … });
 * if (outcome.kind === "accepted") showThanks();
 */

export const LEADS_ENDPOINT = "/api/leads";

export interface ContentFormSubmission {
  kind: "content_form";
  /** UUID v4, once per form render (and per reset): a retry sends the same key. */
  idempotencyKey: string;
  /** Honeypot: people never see it, so it stays empty. */
  website: string;
  formId: string;
  /** The story's full slug, "" for the home page. */
  pageSlug: string;
  blockUid: string;
  fields: Record<string, string | boolean | string[]>;
  /** Cloudflare Turnstile's token, when a site key is configured (ui/forms/turnstile.tsx). */
  turnstileToken?: string;
}

export type SubmitOutcome =
  | { kind: "accepted"; leadId: string }
  | { kind: "invalid"; fieldErrors: Map<string, string> }
  | { kind: "refused"; message: string }
  | { kind: "error" };

type Fetcher = (input: string, init: RequestInit) => Promise<Response>;

export async function submitContentForm(
  body: ContentFormSubmission,
  fetcher: Fetcher = (input, init) => fetch(input, init),
): Promise<SubmitOutcome> {
  try {
    const response = await fetcher(LEADS_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    if (response.status >= 500) return { kind: "error" };
    const answer: unknown = await response.json();
    const { interpretLeadAnswer } = await import("./form-submit-schema.ts");
    return interpretLeadAnswer(response.status, answer);
  } catch {
    // Offline, aborted, not JSON, or the schema chunk did not load: nothing was confirmed.
    return { kind: "error" };
  }
}

/** A UUID v4 from the platform's random source (crypto.randomUUID needs a secure context). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const view = new DataView(bytes.buffer);
  view.setUint8(6, (view.getUint8(6) & 0x0f) | 0x40); // version 4
  view.setUint8(8, (view.getUint8(8) & 0x3f) | 0x80); // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The story's full slug from the page path: "/werkstatt/x/" → "werkstatt/x", "/" → "". */
export function pageSlugOf(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, "");
  try {
    return decodeURIComponent(trimmed);
  } catch {
    return trimmed;
  }
}
