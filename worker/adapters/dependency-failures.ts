/**
 * A dependency failing (KV, D1, the content source) is reported once a minute per
 * isolate and kind, not once per request. KV reads fail open through `failOpen`: a read that KV
 * cannot answer is treated as "no entry" — no legacy redirect, no route lookup, no cached copy —
 * and the page renders (Cloudflare KV had a global outage of more than two hours on 2025-06-12; a
 * redirect table must not take the site down with it). The content source and D1 report here too,
 * where their pages show the maintenance notice (docs/availability.md).
 */
export const FAILURE_REPORT_INTERVAL_MS = 60_000;

const lastReported = new Map<string, number>();

export function reportDependencyFailure(what: string, error: unknown, report?: (error: Error) => void, now: number = Date.now()): void {
  const last = lastReported.get(what);
  if (last !== undefined && now - last < FAILURE_REPORT_INTERVAL_MS) return;
  lastReported.set(what, now);
  const message = `${what} unavailable, failing open: ${error instanceof Error ? error.message : String(error)}`;
  console.error(message);
  report?.(new Error(message));
}

/** The value of `read`, or `fallback` when KV fails (reported as `what`). */
export async function failOpen<T>(what: string, read: () => Promise<T>, fallback: T, report?: (error: Error) => void): Promise<T> {
  try {
    return await read();
  } catch (error) {
    reportDependencyFailure(what, error, report);
    return fallback;
  }
}

/** Tests: every failure is reported again. */
export function forgetDependencyFailures(): void {
  lastReported.clear();
}
