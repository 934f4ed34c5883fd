import * as z from "zod";
import { rows } from "../adapters/d1-batch.ts";

/**
 * D1 access for leads (migrations/0005_leads.sql, 0015_lead_mail.sql). Statuses: pending (to deliver),
 * delivered (every configured channel took it), dead (given up, see last_error), held (no channel configured). Times are epoch milliseconds.
 */

export const LEAD_STATUSES = ["pending", "delivered", "dead", "held"] as const;

const LeadRowSchema = z.object({
  id: z.string(),
  reference: z.string(),
  kind: z.string(),
  payload: z.string().transform((text, context) => {
    try {
      return z.record(z.string(), z.unknown()).parse(JSON.parse(text));
    } catch {
      context.addIssue({ code: "custom", message: "payload is not a JSON object" });
      return z.NEVER;
    }
  }),
  page_url: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.number(),
  delivered_at: z.number().nullable(),
  crm_id: z.string().nullable(),
  // Per-channel acceptance (migrations/0015_lead_mail.sql): a retry skips a channel that took the lead.
  crm_delivered_at: z.number().nullable(),
  mail_sent_at: z.number().nullable(),
  confirmation_sent_at: z.number().nullable(),
});
export type LeadRecord = z.output<typeof LeadRowSchema>;

const AttachmentRowSchema = z.object({
  position: z.number().int(),
  object_key: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});
export type LeadAttachment = z.output<typeof AttachmentRowSchema>;

export interface NewLead {
  id: string;
  reference: string;
  idempotencyKey: string;
  kind: string;
  payload: Record<string, unknown>;
  pageUrl: string | null;
  now: number;
}

/** The lead already stored under this idempotency key, if any. */
export async function findLeadByIdempotencyKey(db: D1Database, key: string): Promise<{ id: string; reference: string } | null> {
  const row = await db.prepare("SELECT id, reference FROM leads WHERE idempotency_key = ?").bind(key).first();
  return row ? z.object({ id: z.string(), reference: z.string() }).parse(row) : null;
}

/**
 * Inserts the lead as pending and handed to the queue (enqueueNewLead clears queued_at if the
 * hand-over fails), unless its idempotency key is taken: the UNIQUE constraint decides between
 * concurrent duplicates, not a read before the write. Returns false for a duplicate.
 */
export async function insertLead(db: D1Database, lead: NewLead): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO leads (id, reference, idempotency_key, kind, payload, page_url, status, created_at, updated_at, queued_at)
       VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?) ON CONFLICT (idempotency_key) DO NOTHING`,
    )
    .bind(lead.id, lead.reference, lead.idempotencyKey, lead.kind, JSON.stringify(lead.payload), lead.pageUrl, lead.now, lead.now, lead.now)
    .run();
  return result.meta.changes === 1;
}

export async function insertAttachments(db: D1Database, leadId: string, attachments: LeadAttachment[]): Promise<void> {
  if (attachments.length === 0) return;
  await db.batch(
    attachments.map((attachment) =>
      db
        .prepare("INSERT INTO lead_attachments (lead_id, position, object_key, content_type, size) VALUES (?, ?, ?, ?, ?)")
        .bind(leadId, attachment.position, attachment.object_key, attachment.content_type, attachment.size),
    ),
  );
}

// Id lists travel as one JSON parameter (json_each): D1 allows only 100 bound parameters.
export async function markQueued(db: D1Database, ids: string[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .prepare("UPDATE leads SET queued_at = ?, updated_at = ? WHERE id IN (SELECT value FROM json_each(?))")
    .bind(now, now, JSON.stringify(ids))
    .run();
}

export async function clearQueued(db: D1Database, id: string): Promise<void> {
  await db.prepare("UPDATE leads SET queued_at = NULL WHERE id = ?").bind(id).run();
}

export async function loadLead(db: D1Database, id: string): Promise<{ lead: LeadRecord; attachments: LeadAttachment[] } | null> {
  const results = await db.batch([
    db
      .prepare(
        "SELECT id, reference, kind, payload, page_url, status, attempts, last_error, created_at, delivered_at, crm_id, crm_delivered_at, mail_sent_at, confirmation_sent_at FROM leads WHERE id = ?",
      )
      .bind(id),
    db.prepare("SELECT position, object_key, content_type, size FROM lead_attachments WHERE lead_id = ? ORDER BY position").bind(id),
  ]);
  const row = rows(results, 0)[0];
  if (!row) return null;
  return { lead: LeadRowSchema.parse(row), attachments: z.array(AttachmentRowSchema).parse(rows(results, 1)) };
}

/**
 * Takes a pending lead for one delivery attempt until `leaseUntil`. Two messages for the same lead
 * (a sweeper re-enqueue racing the original) cannot both deliver it.
 */
export async function claimLead(db: D1Database, id: string, now: number, leaseUntil: number): Promise<boolean> {
  const result = await db
    .prepare("UPDATE leads SET lease_until = ? WHERE id = ? AND status = 'pending' AND (lease_until IS NULL OR lease_until < ?)")
    .bind(leaseUntil, id, now)
    .run();
  return result.meta.changes === 1;
}

/** Every configured channel has the lead: delivered. */
export async function markDelivered(db: D1Database, id: string, now: number): Promise<void> {
  await db
    .prepare(
      "UPDATE leads SET status = 'delivered', attempts = attempts + 1, delivered_at = ?, updated_at = ?, last_error = NULL, lease_until = NULL WHERE id = ?",
    )
    .bind(now, now, id)
    .run();
}

/** The CRM accepted the lead (crm_id if it answered one); written before anything else can fail. */
export async function markCrmAccepted(db: D1Database, id: string, now: number, crmId: string | null): Promise<void> {
  await db.prepare("UPDATE leads SET crm_delivered_at = ?, crm_id = ?, updated_at = ? WHERE id = ?").bind(now, crmId, now, id).run();
}

/** The mail transport accepted the center's e-mail: a retry must not send it again. */
export async function markMailSent(db: D1Database, id: string, now: number, to: string, messageId: string | null): Promise<void> {
  await db
    .prepare("UPDATE leads SET mail_sent_at = ?, mail_to = ?, mail_message_id = ?, updated_at = ? WHERE id = ?")
    .bind(now, to, messageId, now, id)
    .run();
}

export async function markConfirmationSent(db: D1Database, id: string, now: number): Promise<void> {
  await db.prepare("UPDATE leads SET confirmation_sent_at = ? WHERE id = ?").bind(now, id).run();
}

/** A failed attempt that will be retried: the lead stays pending. */
export async function markAttemptFailed(db: D1Database, id: string, now: number, error: string): Promise<void> {
  await db
    .prepare("UPDATE leads SET attempts = attempts + 1, last_error = ?, updated_at = ?, lease_until = NULL WHERE id = ?")
    .bind(error, now, id)
    .run();
}

/** Given up: the dead-letter record. `countAttempt` is false when no attempt was made now. */
export async function markDead(db: D1Database, id: string, now: number, error: string, countAttempt: boolean): Promise<boolean> {
  const result = await db
    .prepare(
      `UPDATE leads SET status = 'dead', attempts = attempts + ?, last_error = ?, updated_at = ?, lease_until = NULL WHERE id = ? AND status = 'pending'`,
    )
    .bind(countAttempt ? 1 : 0, error, now, id)
    .run();
  return result.meta.changes === 1;
}

export async function markHeld(db: D1Database, id: string, now: number): Promise<void> {
  await db
    .prepare("UPDATE leads SET status = 'held', updated_at = ?, lease_until = NULL WHERE id = ? AND status = 'pending'")
    .bind(now, id)
    .run();
}

/**
 * Pending leads the queue may not have: never handed over (queued_at NULL) for `graceMs`, or
 * untouched for `staleMs` (longer than any retry delay: their message is lost).
 */
export async function findLeadsToRequeue(db: D1Database, now: number, graceMs: number, staleMs: number, limit: number): Promise<string[]> {
  const { results } = await db
    .prepare(
      "SELECT id FROM leads WHERE status = 'pending' AND ((queued_at IS NULL AND created_at < ?) OR updated_at < ?) ORDER BY created_at LIMIT ?",
    )
    .bind(now - graceMs, now - staleMs, limit)
    .all();
  return z
    .array(z.object({ id: z.string() }))
    .parse(results)
    .map((row) => row.id);
}

/** Held leads (no channel was configured) become pending again once a CRM or e-mail is. */
export async function releaseHeldLeads(db: D1Database, now: number): Promise<number> {
  const result = await db
    .prepare("UPDATE leads SET status = 'pending', queued_at = NULL, updated_at = ? WHERE status = 'held'")
    .bind(now)
    .run();
  return result.meta.changes;
}

/** Up to `limit` leads created before `cutoff`, with the R2 keys of their photos. */
export async function findExpiredLeads(db: D1Database, cutoff: number, limit: number): Promise<{ ids: string[]; objectKeys: string[] }> {
  const { results } = await db.prepare("SELECT id FROM leads WHERE created_at < ? ORDER BY created_at LIMIT ?").bind(cutoff, limit).all();
  const ids = z
    .array(z.object({ id: z.string() }))
    .parse(results)
    .map((row) => row.id);
  if (ids.length === 0) return { ids, objectKeys: [] };
  const keys = await db
    .prepare("SELECT object_key FROM lead_attachments WHERE lead_id IN (SELECT value FROM json_each(?))")
    .bind(JSON.stringify(ids))
    .all();
  return {
    ids,
    objectKeys: z
      .array(z.object({ object_key: z.string() }))
      .parse(keys.results)
      .map((row) => row.object_key),
  };
}

/** Deletes leads; their attachment rows go with them (ON DELETE CASCADE). */
export async function deleteLeads(db: D1Database, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.prepare("DELETE FROM leads WHERE id IN (SELECT value FROM json_each(?))").bind(JSON.stringify(ids)).run();
  return result.meta.changes;
}

export async function purgeRateLimit(db: D1Database, before: number): Promise<number> {
  const result = await db.prepare("DELETE FROM lead_rate_limit WHERE at < ?").bind(before).run();
  return result.meta.changes;
}
