/**
 * Delivery retries (docs/leads.md "Retries"): the n-th failed attempt waits base · 2^(n-1)
 * seconds, at most an hour, ±20 % jitter so leads that failed together do not all hit a
 * recovering CRM in the same second. A Retry-After from the CRM is honoured if it is longer.
 */
export const MAX_RETRY_DELAY_SECONDS = 3600;

export function retryDelaySeconds(attempt: number, baseSeconds: number, random: () => number = Math.random): number {
  const exponential = Math.min(baseSeconds * 2 ** Math.max(0, attempt - 1), MAX_RETRY_DELAY_SECONDS);
  const jittered = Math.round(exponential * (0.8 + 0.4 * random()));
  return Math.min(Math.max(1, jittered), MAX_RETRY_DELAY_SECONDS);
}

/** Retry-After in seconds (delta form only; a date form is ignored), capped like our delays. */
export function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null || !/^\d{1,6}$/.test(header.trim())) return undefined;
  return Math.min(Number(header.trim()), MAX_RETRY_DELAY_SECONDS);
}

export type DeliveryResult =
  | { ok: true; crmId: string | null }
  | { ok: false; permanent: boolean; error: string; retryAfterSeconds?: number };

/**
 * How an HTTP answer of a CRM counts: 2xx delivered; 408, 429 and 5xx are worth retrying; any
 * other 4xx (bad request, wrong credentials, unknown form) and redirects never heal by waiting.
 */
export function classifyResponse(response: Response, crmId: string | null = null): DeliveryResult {
  if (response.ok) return { ok: true, crmId };
  const status = response.status;
  const transient = status === 408 || status === 429 || status >= 500;
  const retryAfter = retryAfterSeconds(response.headers.get("Retry-After"));
  return { ok: false, permanent: !transient, error: `HTTP ${status}`, ...(retryAfter !== undefined && { retryAfterSeconds: retryAfter }) };
}

/** A network error or timeout: the CRM may well be back later. */
export function networkFailure(error: unknown): DeliveryResult {
  return { ok: false, permanent: false, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
}
