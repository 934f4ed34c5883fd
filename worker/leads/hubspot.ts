import { SALUTATION_LABELS } from "#domain/lead-vocabulary.ts";
import { CRM_TIMEOUT_MS } from "./crm-webhook.ts";
import { kindLabel, leadSummary, type PhotoLink } from "./crm-payload.ts";
import type { LeadRecord } from "./lead-store.ts";
import { classifyResponse, networkFailure, type DeliveryResult } from "./retry-policy.ts";

export interface HubSpotTarget {
  apiBase: string;
  portalId: string;
  formGuid: string;
  /** Private-app token: the authenticated ("secure") endpoint with its higher rate limit. */
  accessToken: string | undefined;
}

/** What the visitor agreed to with the consent checkbox; HubSpot records it with the contact. */
export const HUBSPOT_CONSENT_TEXT = "Ich stimme zu, dass meine Angaben zur Bearbeitung meiner Anfrage verarbeitet und gespeichert werden.";

const CONTACT_OBJECT = "0-1";

/**
 * HubSpot Forms API v3: POST /submissions/v3/integration/[secure/]submit/{portalId}/{formGuid}
 * with { fields: [{ objectTypeId: "0-1", name, value }], context: { pageUri, pageName },
 * legalConsentOptions }. HubSpot refuses fields its form does not define, so the form needs:
 * email, firstname, lastname, phone, salutation, message (docs/leads.md "HubSpot").
 */
export function hubSpotSubmission(lead: LeadRecord, photos: PhotoLink[]) {
  const text = (key: string) => (typeof lead.payload[key] === "string" ? (lead.payload[key] as string) : "");
  const salutation = text("salutation");
  const fields = [
    ["email", text("email")],
    ["firstname", text("firstName")],
    ["lastname", text("lastName")],
    ["phone", text("phone")],
    ["salutation", Object.hasOwn(SALUTATION_LABELS, salutation) ? SALUTATION_LABELS[salutation as keyof typeof SALUTATION_LABELS] : ""],
    ["message", leadSummary(lead, photos)],
  ]
    .filter(([, value]) => value !== "")
    .map(([name, value]) => ({ objectTypeId: CONTACT_OBJECT, name, value }));
  return {
    fields,
    submittedAt: String(lead.created_at),
    context: {
      ...(lead.page_url && { pageUri: lead.page_url }),
      pageName: kindLabel(lead.kind),
    },
    legalConsentOptions: { consent: { consentToProcess: true, text: HUBSPOT_CONSENT_TEXT } },
  };
}

export async function postToHubSpot(target: HubSpotTarget, submission: ReturnType<typeof hubSpotSubmission>): Promise<DeliveryResult> {
  const path = target.accessToken ? "secure/submit" : "submit";
  const url = `${target.apiBase.replace(/\/$/, "")}/submissions/v3/integration/${path}/${target.portalId}/${target.formGuid}`;
  const headers = new Headers({ "Content-Type": "application/json" });
  if (target.accessToken) headers.set("Authorization", `Bearer ${target.accessToken}`);
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify(submission),
      redirect: "manual",
      signal: AbortSignal.timeout(CRM_TIMEOUT_MS),
    });
    const result = classifyResponse(response);
    if (!result.ok) {
      // HubSpot's error JSON says which field or setting it refused: keep it in last_error.
      const detail = (await response.text().catch(() => "")).slice(0, 500);
      return { ...result, error: `${result.error} ${detail}`.trim() };
    }
    await response.body?.cancel();
    return result;
  } catch (error) {
    return networkFailure(error);
  }
}
