import * as z from "zod";

const SiteverifySchema = z.object({ success: z.boolean(), "error-codes": z.array(z.string()).optional() });

const VERIFY_TIMEOUT_MS = 3000;

/**
 * Cloudflare Turnstile siteverify ("siteverify failure = refusal"). A missing
 * token, a "success": false answer, an unreadable answer, a timeout or a network error all refuse.
 */
export async function verifyTurnstile(options: {
  verifyUrl: string;
  secret: string;
  token: string | undefined;
  ip: string;
  idempotencyKey: string;
}): Promise<boolean> {
  if (!options.token) return false;
  try {
    const response = await fetch(options.verifyUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        secret: options.secret,
        response: options.token,
        ...(options.ip !== "unknown" && { remoteip: options.ip }),
        // Lets a retried verification of the same lead be answered again instead of "timeout-or-duplicate".
        idempotency_key: options.idempotencyKey,
      }),
      signal: AbortSignal.timeout(VERIFY_TIMEOUT_MS),
    });
    if (!response.ok) {
      console.warn(`turnstile siteverify answered ${response.status}`);
      return false;
    }
    const result = SiteverifySchema.safeParse(await response.json());
    if (!result.success) return false;
    if (!result.data.success) console.info(`turnstile refused: ${(result.data["error-codes"] ?? []).join(",")}`);
    return result.data.success;
  } catch (error) {
    console.warn(`turnstile siteverify failed: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}
