import { LEAD_KIND_LABELS, type LeadKind } from "#domain/lead-vocabulary.ts";
import type { LeadAttachment, LeadRecord } from "./lead-store.ts";

export interface PhotoLink {
  position: number;
  contentType: string;
  size: number;
  /** Signed, valid for FILE_LINK_TTL_MS; absent when no signing key is configured. */
  url?: string;
}

export const kindLabel = (kind: string): string => (Object.hasOwn(LEAD_KIND_LABELS, kind) ? LEAD_KIND_LABELS[kind as LeadKind] : kind);

/**
 * The generic CRM webhook's JSON (docs/leads.md "CRM payloads"). `leadId` is also sent as the
 * Idempotency-Key header: a CRM that saw it before must not create a second lead.
 */
export function webhookPayload(lead: LeadRecord, photos: PhotoLink[]) {
  return {
    event: "lead.created",
    leadId: lead.id,
    reference: lead.reference,
    kind: lead.kind,
    kindLabel: kindLabel(lead.kind),
    createdAt: new Date(lead.created_at).toISOString(),
    pageUrl: lead.page_url,
    fields: lead.payload,
    photos,
  };
}

export function photoLinksOf(
  attachments: LeadAttachment[],
  sign: ((position: number) => Promise<string>) | undefined,
): Promise<PhotoLink[]> {
  return Promise.all(
    attachments.map(async (attachment) => ({
      position: attachment.position,
      contentType: attachment.content_type,
      size: attachment.size,
      ...(sign && { url: await sign(attachment.position) }),
    })),
  );
}

/** A German plain-text summary of everything but the contact fields (HubSpot's "message"). */
export function leadSummary(lead: LeadRecord, photos: PhotoLink[]): string {
  const lines = [`${kindLabel(lead.kind)} – Vorgangsnummer ${lead.reference}`];
  if (lead.page_url) lines.push(`Gesendet von: ${lead.page_url}`);
  const message = lead.payload.message;
  if (typeof message === "string" && message !== "") lines.push("", message, "");
  for (const [key, value] of Object.entries(lead.payload)) {
    if (CONTACT_KEYS.has(key) || value === undefined || value === null || value === "") continue;
    lines.push(`${key}: ${Array.isArray(value) ? value.join(", ") : typeof value === "object" ? JSON.stringify(value) : String(value)}`);
  }
  for (const photo of photos) lines.push(`Foto ${photo.position}: ${photo.url ?? "(gespeichert, Link nicht konfiguriert)"}`);
  return lines.join("\n");
}

/** Fields HubSpot receives as contact properties of their own. */
export const CONTACT_KEYS = new Set(["salutation", "firstName", "lastName", "email", "phone", "message", "privacyAccepted"]);
