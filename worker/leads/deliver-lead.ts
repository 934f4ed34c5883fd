import { readSiteSettings } from "../site-settings.ts";
import { readEnvVars, type EnvVars } from "../env.ts";
import { isolateRecord } from "../isolate-state.ts";
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
  markCrmAccepted,
  markDelivered,
  markHeld,
  type LeadAttachment,
  type LeadRecord,
} from "./lead-store.ts";
import { deliverByMail, mailConfigOf, type MailConfig } from "./mail-channel.ts";
import type { MailResult } from "./mail-transport.ts";
import { reportLeadProblem } from "./report.ts";
import { networkFailure, retryDelaySeconds, type DeliveryResult } from "./retry-policy.ts";

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
 * The LEAD_QUEUE consumer (worker/index.ts `queue()`): delivers each lead to every configured
 * channel (the CRM, an e-mail to the responsible center; ADR 0033), retries
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

const said = isolateRecord("lead channel warned", () => ({ noChannel: false }));
function warnNoChannelOnce(hubspot: boolean): void {
  if (said.noChannel) return;
  said.noChannel = true;
  console.warn(
    hubspot
      ? "The site settings' config.hubspot is set but HUBSPOT_PORTAL_ID/HUBSPOT_FORM_GUID are not, and no e-mail is configured: leads are kept in D1 as held (docs/leads.md)"
      : "No CRM configured (CRM_WEBHOOK_URL) and no e-mail (LEAD_MAIL_FROM): leads are kept in D1 as held and delivered once a channel is configured (docs/leads.md)",
  );
}

type Channel = "crm" | "mail";
type ChannelResult = { channel: Channel; result: DeliveryResult | MailResult };

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
  const mail = mailConfigOf(env, vars);
  const { leadId } = body.data;
  try {
    const stored = await loadLead(env.DB, leadId);
    // Gone (retention) or settled by an earlier message: nothing to do.
    if (stored?.lead.status !== "pending") return message.ack();
    const now = Date.now();
    if (!target && !mail) {
      warnNoChannelOnce(hubspot);
      await markHeld(env.DB, leadId, now);
      return message.ack();
    }
    // Another message for this lead is being delivered right now: look again after its lease.
    if (!(await claimLead(env.DB, leadId, now, now + LEASE_SECONDS * 1000))) return message.retry({ delaySeconds: LEASE_SECONDS });
    const results = await deliver({ crm: target, mail }, stored.lead, stored.attachments, env, vars, now);
    await settle(results, stored.lead, message, env, ctx, vars);
  } catch (error) {
    // D1 unreachable: the lead is safe there; try again later.
    console.warn(`lead ${leadId}: delivery postponed: ${error instanceof Error ? error.message : String(error)}`);
    message.retry({ delaySeconds: retryDelaySeconds(message.attempts, vars.LEAD_RETRY_BASE_SECONDS) });
  }
}

/**
 * Delivered when every configured channel has accepted the lead; a channel's failure says nothing
 * about the other, whose acceptance is already recorded. Any permanent refusal makes the lead dead
 * (a re-drive sends only to the channels that have not taken it); otherwise the message is retried.
 */
async function settle(
  results: ChannelResult[],
  lead: LeadRecord,
  message: Message<unknown>,
  env: Env,
  ctx: ExecutionContext,
  vars: EnvVars,
): Promise<void> {
  const now = Date.now();
  const failed = results.flatMap(({ channel, result }) => (result.ok ? [] : [{ channel, ...result }]));
  if (failed.length === 0) {
    await markDelivered(env.DB, lead.id, now);
    return message.ack();
  }
  // The CRM's errors keep their plain form ("HTTP 503"); the e-mail's say so.
  const error = failed.map((failure) => (failure.channel === "mail" ? `e-mail: ${failure.error}` : failure.error)).join("; ");
  const permanent = failed.filter((failure) => failure.permanent);
  if (permanent.length > 0) {
    await markDead(env.DB, lead.id, now, error, true);
    const refusals = permanent
      .map((failure) =>
        failure.channel === "mail" ? `the e-mail could not be sent: ${failure.error}` : `the CRM refused it permanently: ${failure.error}`,
      )
      .join("; ");
    reportLeadProblem(env, ctx, `lead ${lead.reference} (${lead.id}) is dead: ${refusals}`);
    return message.ack();
  }
  await markAttemptFailed(env.DB, lead.id, now, error);
  const retryAfter = Math.max(0, ...failed.map((failure) => failure.retryAfterSeconds ?? 0));
  const delaySeconds = Math.max(retryDelaySeconds(message.attempts, vars.LEAD_RETRY_BASE_SECONDS), retryAfter);
  console.warn(`lead ${lead.reference}: delivery attempt ${message.attempts} failed (${error}); next attempt in ${delaySeconds} s`);
  message.retry({ delaySeconds });
}

/** Each configured channel that has not yet accepted the lead, at the same time; each records its own success. */
async function deliver(
  channels: { crm: CrmTarget | null; mail: MailConfig | null },
  lead: LeadRecord,
  attachments: LeadAttachment[],
  env: Env,
  vars: EnvVars,
  now: number,
): Promise<ChannelResult[]> {
  const secret = fileLinkSecret(vars);
  const origin = vars.SITE_ORIGIN ?? (lead.page_url ? new URL(lead.page_url).origin : undefined);
  const sign = secret && origin ? (position: number) => signedFileLink({ origin, secret, leadId: lead.id, position, now }) : undefined;
  const photos = await photoLinksOf(attachments, sign);
  const pending: Array<Promise<ChannelResult>> = [];
  const target = channels.crm;
  if (target && lead.crm_delivered_at === null) {
    pending.push(
      (target.kind === "hubspot"
        ? postToHubSpot(target, hubSpotSubmission(lead, photos))
        : postToWebhook({ url: target.url, secret: target.secret, leadId: lead.id, body: webhookPayload(lead, photos), now })
      ).then(async (result) => {
        if (result.ok) await markCrmAccepted(env.DB, lead.id, now, result.crmId);
        return { channel: "crm", result } satisfies ChannelResult;
      }),
    );
  }
  if (channels.mail && lead.mail_sent_at === null)
    pending.push(
      deliverByMail(env, channels.mail, lead, photos, origin, now).then(
        (result): ChannelResult => ({ channel: "mail", result }),
        // The center or vehicle could not be read (D1): worth another try, like a network error.
        (error: unknown): ChannelResult => ({ channel: "mail", result: networkFailure(error) }),
      ),
    );
  return Promise.all(pending);
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
