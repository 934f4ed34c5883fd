import { z } from "zod";
import { setAnalyticsConsent, type ConsentDecision } from "./analytics.ts";

/**
 * The visitor's cookie decision (statistics yes/no), kept in localStorage for a year. Read only
 * in the browser after hydration, so the server and the first client render agree.
 */
export const CONSENT_STORAGE_KEY = "agn-consent";
const CONSENT_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

const StoredConsentSchema = z.object({ analytics: z.boolean(), decidedAt: z.number().int().positive() });

export function readConsent(storage: Pick<Storage, "getItem">, now = Date.now()): ConsentDecision | null {
  try {
    const parsed = StoredConsentSchema.safeParse(JSON.parse(storage.getItem(CONSENT_STORAGE_KEY) ?? "null"));
    if (!parsed.success || now - parsed.data.decidedAt > CONSENT_MAX_AGE_MS) return null;
    return parsed.data.analytics ? "granted" : "denied";
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
