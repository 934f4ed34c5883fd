import { berlinToday, fieldErrorsOf, leadSubmissionSchema, type LeadSubmission } from "#domain/lead-schemas.ts";
import { HONEYPOT_FIELD } from "#domain/lead-vocabulary.ts";
import { leadRefusal, type LeadOutcome } from "#domain/lead-outcome.ts";
import { readEnvVars } from "../env.ts";
import { checkLeadReferences } from "./lead-target-check.ts";
import { hmacHex } from "./hmac.ts";
import { checkPhotos, PHOTO_EXTENSIONS, type CheckedPhoto } from "./lead-photos.ts";
import { enqueueNewLead } from "./lead-queue.ts";
import { newLeadReference } from "./lead-reference.ts";
import { isCrossSite, type LeadRequestMeta } from "./lead-request-meta.ts";
import { findLeadByIdempotencyKey, insertAttachments, insertLead, type LeadAttachment } from "./lead-store.ts";
import { rateLimitSubject, takeRateLimitSlot } from "./rate-limit.ts";
import { verifyTurnstile } from "./turnstile.ts";

export interface AcceptLeadOptions {
  /** Background work after the answer (the queue hand-over): ExecutionContext.waitUntil. */
  waitUntil: (promise: Promise<unknown>) => void;
  /** Trade-in photos from a multipart post. */
  files?: File[];
}

/**
 * The one server entry for leads, used by POST /api/leads and by the form pages'
 * actions: checks origin, honeypot, fields, idempotency key, Turnstile and the per-IP limit, then
 * stores the lead in D1 before answering and hands it to the queue. Never throws.
 *
 * @example
 * const outcome = await acceptLead(c.env, body, leadRequestMeta(c.req.raw, vars), { waitUntil });
 * // { status: "accepted", leadId, reference: "K7M3-Q9PX" } | { status: "invalid", fieldErrors } | { status: "refused", … }
 */
export async function acceptLead(env: Env, input: unknown, meta: LeadRequestMeta, options: AcceptLeadOptions): Promise<LeadOutcome> {
  if (isCrossSite(meta)) return leadRefusal("cross_site");
  if (honeypotFilled(input)) {
    console.info("lead honeypot filled: answered like a success, nothing stored");
    return { status: "accepted", leadId: crypto.randomUUID(), reference: newLeadReference() };
  }
  const parsed = leadSubmissionSchema(berlinToday()).safeParse(input);
  if (!parsed.success) return { status: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
  let lead = parsed.data;

  const references = await checkLeadReferences(env, lead);
  if (!references.ok)
    return "unavailable" in references ? leadRefusal("unavailable") : { status: "invalid", fieldErrors: references.fieldErrors };
  const photos = await checkPhotos(options.files ?? [], lead.kind);
  if (!photos.ok) return { status: "invalid", fieldErrors: { photos: photos.message } };
  if (lead.kind === "content_form") {
    // Editor-defined forms are rare among leads; their check (with every block schema) loads with the first.
    const { checkContentForm } = await import("./content-form.ts");
    const checked = await checkContentForm(env, lead, options.waitUntil);
    if (!checked.ok) return "unavailable" in checked ? leadRefusal("unavailable") : { status: "invalid", fieldErrors: checked.fieldErrors };
    lead = { ...lead, fields: checked.fields };
  }

  try {
    // A double click or a retried request: the first lead's answer, nothing new stored.
    const existing = await findLeadByIdempotencyKey(env.DB, lead.idempotencyKey);
    if (existing) return { status: "accepted", leadId: existing.id, reference: existing.reference };
    const refusal = await abuseRefusal(env, lead, meta);
    if (refusal) return refusal;
    return await storeLead(env, lead, photos.photos, meta, options);
  } catch (error) {
    console.error("lead not stored (D1 unavailable):", error instanceof Error ? error.message : String(error));
    return leadRefusal("unavailable");
  }
}

function honeypotFilled(input: unknown): boolean {
  if (typeof input !== "object" || input === null || !Object.hasOwn(input, HONEYPOT_FIELD)) return false;
  const value: unknown = (input as Record<string, unknown>)[HONEYPOT_FIELD];
  return typeof value === "string" && value.trim() !== "";
}

/** Turnstile first (a bot without a token must not use up its IP's slots), then the rate limit. */
async function abuseRefusal(env: Env, lead: LeadSubmission, meta: LeadRequestMeta): Promise<LeadOutcome | null> {
  const vars = readEnvVars(env);
  if (vars.TURNSTILE_SECRET_KEY) {
    const passed = await verifyTurnstile({
      verifyUrl: vars.TURNSTILE_VERIFY_URL,
      secret: vars.TURNSTILE_SECRET_KEY,
      token: lead.turnstileToken,
      ip: meta.ip,
      idempotencyKey: lead.idempotencyKey,
    });
    if (!passed) return leadRefusal("turnstile");
  }
  const ipHash = await hmacHex(vars.LEAD_IP_HASH_SECRET, rateLimitSubject(meta.ip));
  const allowed = await takeRateLimitSlot(env.DB, ipHash, Date.now(), {
    max: vars.LEAD_RATE_LIMIT_MAX,
    windowSeconds: vars.LEAD_RATE_LIMIT_WINDOW_SECONDS,
  });
  return allowed ? null : leadRefusal("rate_limited");
}

/** The fields the CRM gets: the lead without the envelope (key, honeypot, token, page). */
function leadPayload(lead: LeadSubmission): Record<string, unknown> {
  const { idempotencyKey: _key, website: _honeypot, turnstileToken: _token, pagePath: _page, kind: _kind, ...fields } = lead;
  return fields;
}

async function storeLead(
  env: Env,
  lead: LeadSubmission,
  photos: CheckedPhoto[],
  meta: LeadRequestMeta,
  options: AcceptLeadOptions,
): Promise<LeadOutcome> {
  const id = crypto.randomUUID();
  const now = Date.now();
  // Always an absolute URL: its origin is where the CRM fetches photo links from.
  const pageUrl = `${meta.siteOrigin ?? meta.requestOrigin}${lead.pagePath ?? "/"}`;
  const newLead = { id, idempotencyKey: lead.idempotencyKey, kind: lead.kind, payload: leadPayload(lead), pageUrl, now };
  const reference = await insertWithFreshReference(env.DB, newLead);
  if (reference === null) {
    // A concurrent request with the same key won the UNIQUE constraint: answer with its lead.
    const winner = await findLeadByIdempotencyKey(env.DB, lead.idempotencyKey);
    if (!winner) throw new Error("idempotency conflict without a stored lead");
    return { status: "accepted", leadId: winner.id, reference: winner.reference };
  }
  await storePhotos(env, id, photos);
  options.waitUntil(enqueueNewLead(env, id));
  return { status: "accepted", leadId: id, reference };
}

/** The reference is random; a collision (one in 10^12) takes a new one instead of failing. */
async function insertWithFreshReference(db: D1Database, lead: Omit<Parameters<typeof insertLead>[1], "reference">): Promise<string | null> {
  for (let attempt = 1; ; attempt += 1) {
    const reference = newLeadReference();
    try {
      return (await insertLead(db, { ...lead, reference })) ? reference : null;
    } catch (error) {
      if (attempt >= 3 || !String(error).includes("leads.reference")) throw error;
    }
  }
}

/**
 * Photos go to R2 under the lead id, then into lead_attachments. Losing them must not lose the
 * lead (already stored): the failure is reported and the lead goes on without photos.
 */
async function storePhotos(env: Env, leadId: string, photos: CheckedPhoto[]): Promise<void> {
  if (photos.length === 0) return;
  const stored = photos.map((photo, index) => ({
    photo,
    attachment: {
      position: index + 1,
      object_key: `leads/${leadId}/${index + 1}.${PHOTO_EXTENSIONS[photo.contentType]}`,
      content_type: photo.contentType,
      size: photo.bytes.byteLength,
    } satisfies LeadAttachment,
  }));
  const attachments: LeadAttachment[] = stored.map(({ attachment }) => attachment);
  try {
    await Promise.all(
      stored.map(({ photo, attachment }) =>
        env.LEAD_FILES.put(attachment.object_key, photo.bytes, { httpMetadata: { contentType: photo.contentType } }),
      ),
    );
    await insertAttachments(env.DB, leadId, attachments);
  } catch (error) {
    console.error(
      `lead ${leadId}: photos not stored, the lead goes on without them:`,
      error instanceof Error ? error.message : String(error),
    );
    await env.LEAD_FILES.delete(attachments.map((attachment) => attachment.object_key)).catch(() => undefined);
  }
}
