import { readSiteSettings } from "../site-settings.ts";
import { readEnvVars, type EnvVars } from "../env.ts";
import { postToWebhook } from "./crm-webhook.ts";
import { photoLinksOf, webhookPayload } from "./crm-payload.ts";
import { hubSpotSubmission, postToHubSpot, type HubSpotTarget } from "./hubspot.ts";
import { fileLinkSecret, signedFileLink } from "./lead-file-links.ts";
import { isDeadLetterQueue, LeadMessageSchema } from "./lead-queue.ts";
import {
  claimLead,
  loadLead,
  markAttemptFailed,
  markDead,
  markDelivered,
  markHeld,
  type LeadAttachment,
  type LeadRecord,
} from "./lead-store.ts";
import { reportLeadProblem } from "./report.ts";
import { retryDelaySeconds, type DeliveryResult } from "./retry-policy.ts";

/** Where leads go: the generic webhook, HubSpot (site settings config.hubspot) or nowhere (held). */
export type CrmTarget = { kind: "webhook"; url: string; secret: string | undefined } | ({ kind: "hubspot" } & HubSpotTarget);

export function crmTargetOf(vars: EnvVars, hubspot: boolean): CrmTarget | null {
  if (hubspot) {
    if (!vars.HUBSPOT_PORTAL_ID || !vars.HUBSPOT_FORM_GUID) return null;
    return {
      kind: "hubspot",
      apiBase: vars.HUBSPOT_API_BASE,
      portalId: vars.HUBSPOT_PORTAL_ID,
      formGuid: vars.HUBSPOT_FORM_GUID,
      accessToken: vars.HUBSPOT_ACCESS_TOKEN,
    };
  }
  return vars.CRM_WEBHOOK_URL ? { kind: "webhook", url: vars.CRM_WEBHOOK_URL, secret: vars.CRM_WEBHOOK_SECRET } : null;
}

/** One delivery attempt owns a lead this long; longer than the CRM timeout. */
const LEASE_SECONDS = 60;

export interface LeadConsumerOptions {
  /** The site settings' config.hubspot unless a test says otherwise. */
  hubspot?: boolean;
}

/**
 * The LEAD_QUEUE consumer (worker/index.ts `queue()`): delivers each lead to the CRM, retries
 * transient failures with backoff, marks permanent failures dead at once. Messages of the
 * dead-letter queue (retries used up) mark their lead dead. Every message is acked or retried
 * on its own; one bad lead never holds up the batch.
 */
export async function handleLeadBatch(
  batch: MessageBatch<unknown>,
  env: Env,
  ctx: ExecutionContext,
  options: LeadConsumerOptions = {},
): Promise<void> {
  const handle = isDeadLetterQueue(batch.queue) ? handleDeadLetter : handleLeadMessage;
  await Promise.all(batch.messages.map((message) => handle(message, env, ctx, options)));
}

let warnedNoCrm = false;
function warnNoCrmOnce(hubspot: boolean): void {
  if (warnedNoCrm) return;
  warnedNoCrm = true;
  console.warn(
    hubspot
      ? "The site settings' config.hubspot is set but HUBSPOT_PORTAL_ID/HUBSPOT_FORM_GUID are not: leads are kept in D1 as held (docs/leads.md)"
      : "No CRM configured (CRM_WEBHOOK_URL): leads are kept in D1 as held and delivered once a CRM is configured (docs/leads.md)",
  );
}

async function handleLeadMessage(message: Message<unknown>, env: Env, ctx: ExecutionContext, options: LeadConsumerOptions): Promise<void> {
  const body = LeadMessageSchema.safeParse(message.body);
  if (!body.success) {
    console.warn("lead queue: message without a lead id dropped");
    message.ack();
    return;
  }
  const vars = readEnvVars(env);
  // The site settings' hubspot flag (KV, worker/site-settings.ts; built-in settings when KV fails).
  const hubspot = options.hubspot ?? (await readSiteSettings(env.REDIRECTS, () => undefined)).settings.config.hubspot;
  const target = crmTargetOf(vars, hubspot);
  const { leadId } = body.data;
  try {
    const stored = await loadLead(env.DB, leadId);
    // Gone (retention) or settled by an earlier message: nothing to do.
    if (stored?.lead.status !== "pending") return message.ack();
    const now = Date.now();
    if (!target) {
      warnNoCrmOnce(hubspot);
      await markHeld(env.DB, leadId, now);
      return message.ack();
    }
    // Another message for this lead is being delivered right now: look again after its lease.
    if (!(await claimLead(env.DB, leadId, now, now + LEASE_SECONDS * 1000))) return message.retry({ delaySeconds: LEASE_SECONDS });
    const result = await deliver(target, stored.lead, stored.attachments, vars, now);
    await settle(result, stored.lead, message, env, ctx, vars);
  } catch (error) {
    // D1 unreachable: the lead is safe there; try again later.
    console.warn(`lead ${leadId}: delivery postponed: ${error instanceof Error ? error.message : String(error)}`);
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts, vars.LEAD_RETRY_BASE_SECONDS) });
  }
}

async function settle(
  result: DeliveryResult,
  lead: LeadRecord,
  message: Message<unknown>,
  env: Env,
  ctx: ExecutionContext,
  vars: EnvVars,
): Promise<void> {
  const now = Date.now();
  if (result.ok) {
    await markDelivered(env.DB, lead.id, now, result.crmId);
    return message.ack();
  }
  if (result.permanent) {
    await markDead(env.DB, lead.id, now, result.error, true);
    reportLeadProblem(env, ctx, `lead ${lead.reference} (${lead.id}) is dead: the CRM refused it permanently: ${result.error}`);
    return message.ack();
  }
  await markAttemptFailed(env.DB, lead.id, now, result.error);
  const delaySeconds = Math.max(retryDelaySeconds(message.attempts, vars.LEAD_RETRY_BASE_SECONDS), result.retryAfterSeconds ?? 0);
  console.warn(`lead ${lead.reference}: delivery attempt ${message.attempts} failed (${result.error}); next attempt in ${delaySeconds} s`);
  message.retry({ delaySeconds });
}

async function deliver(
  target: CrmTarget,
  lead: LeadRecord,
  attachments: LeadAttachment[],
  vars: EnvVars,
  now: number,
): Promise<DeliveryResult> {
  const secret = fileLinkSecret(vars);
  const origin = vars.SITE_ORIGIN ?? (lead.page_url ? new URL(lead.page_url).origin : undefined);
  const sign = secret && origin ? (position: number) => signedFileLink({ origin, secret, leadId: lead.id, position, now }) : undefined;
  const photos = await photoLinksOf(attachments, sign);
  if (target.kind === "hubspot") return postToHubSpot(target, hubSpotSubmission(lead, photos));
  return postToWebhook({ url: target.url, secret: target.secret, leadId: lead.id, body: webhookPayload(lead, photos), now });
}

/** Retries used up (wrangler.toml max_retries): the lead is dead, and someone must look at it. */
async function handleDeadLetter(message: Message<unknown>, env: Env, ctx: ExecutionContext): Promise<void> {
  const body = LeadMessageSchema.safeParse(message.body);
  if (!body.success) return message.ack();
  try {
    const stored = await loadLead(env.DB, body.data.leadId);
    if (stored?.lead.status !== "pending") return message.ack();
    const { lead } = stored;
    const error = `retries used up after ${lead.attempts} attempts; last error: ${lead.last_error ?? "none"}`;
    if (await markDead(env.DB, lead.id, Date.now(), error, false))
      reportLeadProblem(env, ctx, `lead ${lead.reference} (${lead.id}) is dead: ${error}`);
    message.ack();
  } catch (error) {
    console.warn(`dead-letter lead ${body.data.leadId}: not recorded yet: ${error instanceof Error ? error.message : String(error)}`);
    message.retry();
  }
}
