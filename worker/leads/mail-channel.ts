import { vehiclePath } from "#domain/site-paths.ts";
import { d1Vehicles } from "../adapters/d1-stock.ts";
import { isMailAddress, type EnvVars } from "../env.ts";
import { isolateRecord } from "../isolate-state.ts";
import type { PhotoLink } from "./crm-payload.ts";
import { markConfirmationSent, markMailSent, type LeadRecord } from "./lead-store.ts";
import { confirmationMail, leadMail, type LeadMailInput } from "./mail-content.ts";
import type { MailAddress } from "./mail-mime.ts";
import { brandOfMake, departmentOf, isBrand, loadCenter, recipientOf } from "./mail-routing.ts";
import { sendMail, type MailResult, type MailTransport } from "./mail-transport.ts";

/** The e-mail channel's settings (worker/env.ts LEAD_MAIL_*); null = e-mail is off. */
export interface MailConfig {
  transport: MailTransport;
  from: MailAddress;
  fallbackTo: string | undefined;
  confirmation: boolean;
}

const said = isolateRecord("mail binding warned", () => ({ noBinding: false }));

export function mailConfigOf(env: Env, vars: EnvVars): MailConfig | null {
  if (!vars.LEAD_MAIL_FROM) return null;
  const common = {
    from: { address: vars.LEAD_MAIL_FROM, name: vars.LEAD_MAIL_FROM_NAME },
    fallbackTo: vars.LEAD_MAIL_FALLBACK_TO,
    confirmation: vars.LEAD_MAIL_CONFIRMATION === "on",
  };
  if (vars.LEAD_MAIL_TRANSPORT === "http")
    // env.ts requires the token with this transport.
    return vars.LEAD_MAIL_API_TOKEN
      ? { ...common, transport: { kind: "http", url: vars.LEAD_MAIL_API_URL, token: vars.LEAD_MAIL_API_TOKEN } }
      : null;
  const binding: SendEmail | undefined = env.LEAD_MAIL;
  if (!binding) {
    if (!said.noBinding)
      console.warn("LEAD_MAIL_FROM is set but the send_email binding LEAD_MAIL is missing: leads are not e-mailed (docs/leads.md)");
    said.noBinding = true;
    return null;
  }
  return { ...common, transport: { kind: "binding", binding } };
}

/** What the mail needs besides the lead: the vehicle (still for sale) and the responsible center. */
async function mailInput(env: Env, lead: LeadRecord, photos: PhotoLink[], origin: string | undefined) {
  const { payload } = lead;
  const found = typeof payload.vehicleId === "number" ? await d1Vehicles(env.DB, env.REDIRECTS).getById(payload.vehicleId) : null;
  const slug = typeof payload.location === "string" && payload.location !== "" ? payload.location : found?.locationSlug;
  const center = slug ? await loadCenter(env.DB, slug) : null;
  const department = departmentOf(lead.kind, payload);
  const brand = found?.brand ?? (isBrand(payload.brand) ? payload.brand : department === "service" ? brandOfMake(payload.make) : undefined);
  const input: LeadMailInput = {
    lead,
    vehicle: found && {
      id: found.id,
      title: found.title,
      price: found.price,
      url: origin ? `${origin}${vehiclePath(found)}` : null,
    },
    centerName: center?.name ?? null,
    photos,
  };
  return { input, department, center, brand, slug };
}

/**
 * Sends the lead to the responsible center and records it (mail_sent_at) the moment the transport
 * accepts it, so a retry for the CRM never sends it twice. With LEAD_MAIL_CONFIRMATION=on the
 * visitor then gets one confirmation attempt; its failure is logged and never holds up the lead.
 * No address at all is a permanent failure: the lead is dead and reported, never silently dropped.
 */
export async function deliverByMail(
  env: Env,
  config: MailConfig,
  lead: LeadRecord,
  photos: PhotoLink[],
  origin: string | undefined,
  now: number,
): Promise<MailResult> {
  const { input, department, center, brand, slug } = await mailInput(env, lead, photos, origin);
  const to = recipientOf(center, department, brand, config.fallbackTo);
  if (!to)
    return {
      ok: false,
      permanent: true,
      error: `no e-mail address for ${slug ? `center ${slug}${center ? "" : " (unknown)"}` : "a lead without a center"} (${department}) and no LEAD_MAIL_FALLBACK_TO`,
    };
  const domain = config.from.address.split("@")[1];
  const visitor = typeof lead.payload.email === "string" && isMailAddress(lead.payload.email) ? lead.payload.email : undefined;
  const content = leadMail(input);
  const result = await sendMail(config.transport, {
    from: config.from,
    to: { address: to },
    ...(visitor && { replyTo: visitor }),
    ...content,
    // The same id on every attempt: a mail system that got it before can drop the repeat.
    messageId: `<lead-${lead.id}@${domain}>`,
    date: new Date(now),
  });
  if (!result.ok) return result;
  await markMailSent(env.DB, lead.id, now, to, result.messageId);
  if (config.confirmation && visitor && lead.confirmation_sent_at === null) {
    const confirmation = confirmationMail(input);
    const sent = await sendMail(config.transport, {
      from: config.from,
      to: { address: visitor },
      ...confirmation,
      messageId: `<lead-${lead.id}-confirmation@${domain}>`,
      date: new Date(now),
    });
    if (sent.ok) await markConfirmationSent(env.DB, lead.id, now);
    else console.warn(`lead ${lead.reference}: confirmation e-mail not sent (${sent.error}); the lead goes on without it`);
  }
  return result;
}
