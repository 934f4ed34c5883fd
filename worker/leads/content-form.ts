import { CONTENT_FORM_UNAVAILABLE } from "#domain/lead-outcome.ts";
import type { LeadSubmission } from "#domain/lead-schemas.ts";

type ContentFormLead = Extract<LeadSubmission, { kind: "content_form" }>;

/**
 * Editor-defined forms (embed_form blocks) are checked against their block definition by the
 * validation engine (domain/form-validation). Until it is wired in, such a lead is not taken:
 * the visitor reads a form-level message with the phone number instead of a silent loss.
 */
export async function contentFormErrors(_env: Env, _lead: ContentFormLead): Promise<Record<string, string> | null> {
  return { form: CONTENT_FORM_UNAVAILABLE };
}
