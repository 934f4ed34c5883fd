import { EmailMessage } from "cloudflare:email";
import * as z from "zod";
import { CRM_TIMEOUT_MS } from "./crm-webhook.ts";
import { buildMime, headerText, type MimeMail } from "./mail-mime.ts";
import { classifyResponse, networkFailure } from "./retry-policy.ts";

/**
 * The two ways a lead e-mail leaves (docs/leads.md "E-mail"): Cloudflare's send_email binding with a
 * message we build (RFC 5322), or a Postmark-style HTTP API. Both answer like a CRM does: accepted,
 * worth retrying (rate limits, outages, timeouts) or refused for good (unverified sender or
 * recipient, invalid message) — the queue consumer retries or gives up accordingly.
 */
export type MailResult =
  | { ok: true; messageId: string | null }
  | { ok: false; permanent: boolean; error: string; retryAfterSeconds?: number };

export type MailTransport = { kind: "binding"; binding: SendEmail } | { kind: "http"; url: string; token: string };

/**
 * Email Service error codes that no retry heals (developers.cloudflare.com/email-service, "Error
 * codes"); rate and daily limits, internal errors and delivery failures are retried.
 */
const PERMANENT_CODES = new Set([
  "E_VALIDATION_ERROR",
  "E_FIELD_MISSING",
  "E_TOO_MANY_RECIPIENTS",
  "E_SENDER_NOT_VERIFIED",
  "E_RECIPIENT_NOT_ALLOWED",
  "E_RECIPIENT_SUPPRESSED",
  "E_SENDER_DOMAIN_NOT_AVAILABLE",
  "E_CONTENT_TOO_LARGE",
  "E_HEADER_NOT_ALLOWED",
  "E_HEADER_USE_API_FIELD",
  "E_HEADER_VALUE_INVALID",
  "E_HEADER_VALUE_TOO_LONG",
  "E_HEADER_NAME_INVALID",
  "E_HEADERS_TOO_LARGE",
  "E_HEADERS_TOO_MANY",
]);
/** Email Routing's (and miniflare's) refusals carry no code: an unverified or disallowed address, a message it cannot parse. */
const PERMANENT_MESSAGE = /not allowed|not verified|could not parse|invalid message-id|does not match|invalid headers/i;

export function classifyMailError(error: unknown): MailResult {
  const code = typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" ? error.code : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const permanent = (code !== undefined && PERMANENT_CODES.has(code)) || PERMANENT_MESSAGE.test(message);
  // Addresses out: the error goes to last_error and the logs, which name leads by reference only.
  const text = `${code ? `${code} ` : ""}${message}`.replace(/[^\s<>"']+@[^\s<>"']+/g, "<address>");
  return { ok: false, permanent, error: text.slice(0, 300) };
}

const PostmarkAnswerSchema = z.object({ MessageID: z.string().max(200).optional(), ErrorCode: z.number().optional() });

export async function sendMail(transport: MailTransport, mail: MimeMail): Promise<MailResult> {
  if (transport.kind === "binding") {
    try {
      const sent = await transport.binding.send(new EmailMessage(mail.from.address, mail.to.address, buildMime(mail)));
      return { ok: true, messageId: typeof sent?.messageId === "string" ? sent.messageId : null };
    } catch (error) {
      return classifyMailError(error);
    }
  }
  // Postmark's /email: the provider writes the headers; ours are cleaned all the same.
  const body = {
    From: `"${headerText(mail.from.name ?? "").replace(/[\\"]/g, "")}" <${mail.from.address}>`,
    To: mail.to.address,
    ...(mail.replyTo && { ReplyTo: mail.replyTo }),
    Subject: headerText(mail.subject),
    TextBody: mail.text,
    ...(mail.html !== undefined && { HtmlBody: mail.html }),
    MessageStream: "outbound",
  };
  try {
    const response = await fetch(transport.url, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json", "X-Postmark-Server-Token": transport.token },
      body: JSON.stringify(body),
      redirect: "manual",
      signal: AbortSignal.timeout(CRM_TIMEOUT_MS),
    });
    const answer = PostmarkAnswerSchema.safeParse(await response.json().catch(() => null));
    const result = classifyResponse(response);
    // The error code says why (300 invalid request, 406 inactive recipient …); its message may name an address: not kept.
    const errorCode = answer.data?.ErrorCode;
    if (!result.ok) return errorCode ? { ...result, error: `${result.error} (ErrorCode ${errorCode})` } : result;
    return { ok: true, messageId: answer.data?.MessageID ?? null };
  } catch (error) {
    // A timeout or network error: the provider may well be back later.
    return networkFailure(error) as MailResult;
  }
}
