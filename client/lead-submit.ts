import { LEAD_UNAVAILABLE_MESSAGE, type LeadOutcome } from "#domain/lead-outcome.ts";

const schemas = () => import("./api-schemas.ts");

/** A lead as the body of POST /api/leads: JSON, or multipart when photos come along. */
function leadBody(input: Record<string, unknown>, files: File[]): { body: BodyInit; headers: HeadersInit } {
  if (files.length === 0)
    return { body: JSON.stringify(input), headers: { "Content-Type": "application/json", Accept: "application/json" } };
  const form = new FormData();
  for (const [name, value] of Object.entries(input)) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== undefined && item !== null) form.append(name, String(item));
  }
  for (const file of files) form.append("photos", file);
  return { body: form, headers: { Accept: "application/json" } };
}

/** Sends a lead; a lost connection or a server fault is an outcome the form shows, never a throw. */
export async function submitLead(input: Record<string, unknown>, files: File[]): Promise<LeadOutcome> {
  const unavailable: LeadOutcome = { status: "refused", reason: "unavailable", message: LEAD_UNAVAILABLE_MESSAGE };
  try {
    const [response, loaded] = await Promise.all([fetch("/api/leads", { method: "POST", ...leadBody(input, files) }), schemas()]);
    if (response.status >= 500 && response.status !== 503) return unavailable;
    const parsed = loaded.LeadResponseSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : unavailable;
  } catch {
    return unavailable;
  }
}
