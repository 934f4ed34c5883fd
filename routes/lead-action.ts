import { data, redirect, type ActionFunctionArgs } from "react-router";
import { formDataToLeadInput, leadFieldNames } from "#domain/lead-schemas.ts";
import { leadOutcomeStatus, leadRefusal, type LeadOutcome } from "#domain/lead-outcome.ts";
import { HONEYPOT_FIELD } from "#domain/lead-vocabulary.ts";
import { requestPath } from "#domain/same-origin-path.ts";
import { portsContext, requestFlagsContext } from "./ports.ts";

/** What a form page gets back from its action: the outcome and, for a page without JavaScript, the values to refill. */
export interface LeadActionData {
  outcome: LeadOutcome;
  values: Record<string, string | string[]>;
}

/** The query parameter of the page a plain form post is redirected to after success (PRG). */
export const LEAD_SENT_PARAM = "anfrage";

/**
 * The submitted text values of the form's own fields (no files, no honeypot, nothing the form does
 * not have), so a re-rendered form keeps what the visitor typed and nothing else comes back.
 */
function keptValues(form: FormData): Record<string, string | string[]> {
  const values = new Map<string, string | string[]>();
  const kind = form.get("kind");
  const own = typeof kind === "string" ? leadFieldNames(kind) : null;
  if (own === null) return {};
  // An editor's form (`fields.*`) is checked against its block on the worker and never refilled
  // from here, so none of its values come back.
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string" || name === HONEYPOT_FIELD || name === "turnstileToken" || name === "fields" || !own.has(name)) continue;
    const previous = values.get(name);
    values.set(name, previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value]);
  }
  return Object.fromEntries(values);
}

/**
 * The one action of every page with a lead form. In the browser it runs for an enhanced submit and
 * sends the lead through the /api port; on the worker it answers a plain form post (no
 * JavaScript): success redirects to the page with `?anfrage={reference}` (a reload never posts
 * twice), problems re-render the page with the messages and the values kept. On the worker the
 * body was read with its limits before the router ran (worker/ssr/form-post.ts).
 */
export async function leadAction({ request, context }: ActionFunctionArgs) {
  const { documentRequest } = context.get(requestFlagsContext);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<LeadActionData>({ outcome: leadRefusal("malformed"), values: {} }, { status: 400 });
  }
  // A plain post carries no key (the browser adds one after hydration): one key per post then;
  // the redirect after success keeps a reload from posting again.
  if (!form.get("idempotencyKey")) form.set("idempotencyKey", crypto.randomUUID());
  const files = form.getAll("photos").filter((value): value is File => typeof value !== "string" && value.size > 0);
  const input = formDataToLeadInput(form);
  let outcome: LeadOutcome;
  try {
    outcome = await context.get(portsContext).leads.submit(input, files);
  } catch {
    outcome = leadRefusal("unavailable");
  }
  if (documentRequest && outcome.status === "accepted") {
    // Built from the normalised path: a post to "//evil.example/x" must not send the visitor there.
    const url = new URL(request.url);
    const page = new URL(requestPath(url), url.origin);
    page.searchParams.set(LEAD_SENT_PARAM, outcome.reference);
    throw redirect(`${page.pathname}${page.search}`, 303);
  }
  return data<LeadActionData>({ outcome, values: keptValues(form) }, { status: leadOutcomeStatus(outcome) });
}
