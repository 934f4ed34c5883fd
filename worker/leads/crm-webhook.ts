import * as z from "zod";
import { hmacHex } from "./hmac.ts";
import { classifyResponse, networkFailure, type DeliveryResult } from "./retry-policy.ts";

export const CRM_TIMEOUT_MS = 15_000;

const WebhookAnswerSchema = z.object({ id: z.union([z.string().max(200), z.number()]).transform(String) });

/**
 * POSTs one lead to the generic CRM webhook. Headers (docs/leads.md):
 * - Idempotency-Key: the lead id, the same on every retry, so the CRM can drop repeats;
 * - X-Lead-Timestamp: seconds since 1970; X-Lead-Signature: "sha256=" + hex HMAC-SHA256 of
 *   "{timestamp}.{body}" under CRM_WEBHOOK_SECRET (the timestamp lets the CRM refuse replays).
 * A JSON answer with an `id` is kept as the lead's crm_id.
 */
export async function postToWebhook(options: {
  url: string;
  secret: string | undefined;
  leadId: string;
  body: unknown;
  now: number;
}): Promise<DeliveryResult> {
  const body = JSON.stringify(options.body);
  const timestamp = String(Math.floor(options.now / 1000));
  const headers = new Headers({ "Content-Type": "application/json", "Idempotency-Key": options.leadId, "X-Lead-Timestamp": timestamp });
  if (options.secret) headers.set("X-Lead-Signature", `sha256=${await hmacHex(options.secret, `${timestamp}.${body}`)}`);
  try {
    const response = await fetch(options.url, {
      method: "POST",
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(CRM_TIMEOUT_MS),
    });
    const answer = response.ok ? WebhookAnswerSchema.safeParse(await response.json().catch(() => null)) : undefined;
    if (!response.ok) await response.body?.cancel();
    return classifyResponse(response, answer?.success ? answer.data.id : null);
  } catch (error) {
    return networkFailure(error);
  }
}
