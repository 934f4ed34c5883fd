import { isolateCollection } from "../isolate-state.ts";

/**
 * A dependency failing (KV, D1, the content source) is reported once a minute per
 * isolate and kind, not once per request. KV reads fail open through `failOpen`: a read that KV
 * cannot answer is treated as "no entry" — no legacy redirect, no route lookup, no cached copy —
 * and the page renders (Cloudflare KV had a global outage of more than two hours on 2025-06-12; a
 * redirect table must not take the site down with it). The content source and D1 report here too,
 * where their pages show the maintenance notice (docs/availability.md).
 */
export const FAILURE_REPORT_INTERVAL_MS = 60_000;

/** Kinds remembered; a page's kind carries a path segment, so an outage must not grow the map without end. */
const KINDS_LIMIT = 256;

const lastReported = isolateCollection("dependency failures reported", new Map<string, number>());

export function reportDependencyFailure(what: string, error: unknown, report?: (error: Error) => void, now: number = Date.now()): void {
  const last = lastReported.get(what);
  if (last !== undefined && now - last < FAILURE_REPORT_INTERVAL_MS) return;
  // Insertion order is report order: the kind reported longest ago goes first.
  lastReported.delete(what);
  if (lastReported.size >= KINDS_LIMIT) lastReported.delete(lastReported.keys().next().value as string);
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
