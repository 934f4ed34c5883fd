import { setAnalyticsConsent, type ConsentDecision } from "./analytics.ts";

/**
 * The visitor's cookie decision (statistics yes/no), kept in localStorage for a year. Read only
 * in the browser after hydration, so the server and the first client render agree.
 */
export const CONSENT_STORAGE_KEY = "agn-consent";
const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/** The stored shape, checked by hand: the banner is on every page's first load (ADR 0006). */
function parseStoredConsent(value: unknown): { analytics: boolean; decidedAt: number } | null {
  if (typeof value !== "object" || value === null) return null;
  const { analytics, decidedAt } = value as Record<string, unknown>;
  return typeof analytics === "boolean" && Number.isSafeInteger(decidedAt) && (decidedAt as number) > 0 ? { analytics, decidedAt: decidedAt as number } : null;
}

export function readConsent(storage: Pick<Storage, "getItem">, now = Date.now()): ConsentDecision | null {
  try {
    const stored = parseStoredConsent(JSON.parse(storage.getItem(CONSENT_STORAGE_KEY) ?? "null"));
    if (!stored || now - stored.decidedAt > CONSENT_MAX_AGE_MS) return null;
    return stored.analytics ? "granted" : "denied";
  } catch {
    return null;
  }
}

export function storeConsent(storage: Pick<Storage, "setItem">, decision: ConsentDecision, now = Date.now()): void {
  try {
    storage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ analytics: decision === "granted", decidedAt: now }));
  } catch {
    // Storage full or blocked: the decision holds for this page view only.
  }
  setAnalyticsConsent(decision);
}
