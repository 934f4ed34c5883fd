import { isOneOf } from "./is-one-of.ts";
/**
 * The visitor's consent decision per purpose (§ 25 TDDDG, formerly TTDSG; DSGVO Art. 7), kept in
 * the first-party cookie `agn_consent` so the worker renders the right state (banner or not,
 * embeds loaded or not, CSP frame-src) and the first client render matches it.
 *
 * Cookie value: `v1.<purposes>.<decidedAt>`: the format version, the granted purposes joined by
 * "-" in CONSENT_PURPOSES order ("none" when all were rejected) and the decision time in Unix
 * seconds. Anything else – another version, an unknown or repeated purpose, a time in the future
 * or over 365 days ago – reads as "undecided", so the banner asks again; parsing never throws.
 *
 * Zod-free on purpose: this module is on every page's first load (ADR 0006).
 *
 * @example
 * readConsentCookie("locale=de; agn_consent=v1.maps-video.1764000000", Date.now())
 * // → { decided: true, granted: ["maps", "video"] } (within 365 days of the decision)
 */

export const CONSENT_PURPOSES = ["statistics", "maps", "chat", "booking", "video"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** Short German names (buttons, placeholders); the details layer adds what each one loads. */
export const PURPOSE_LABELS: Readonly<Record<ConsentPurpose, string>> = {
  statistics: "Statistik",
  maps: "Karten",
  chat: "Chat",
  booking: "Terminbuchung",
  video: "Videos",
};

export interface ConsentState {
  decided: boolean;
  /** Granted purposes in CONSENT_PURPOSES order; empty unless decided. */
  granted: ConsentPurpose[];
}

export const CONSENT_COOKIE = "agn_consent";
/** The settings page (GET) and the endpoint every consent form posts to without JavaScript. */
export const CONSENT_SETTINGS_PATH = "/cookie-einstellungen";
/** Bump when purposes change in a way visitors must be asked again about. */
export const CONSENT_VERSION = "v1";
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Clock skew tolerated for a decision time slightly in the future (the browser writes it). */
const FUTURE_TOLERANCE_SECONDS = 24 * 60 * 60;
/** Longest well-formed value ("v1." + all purposes + "." + seconds) is 56 characters. */
const MAX_VALUE_LENGTH = 80;

const VALUE_PATTERN = new RegExp(`^${CONSENT_VERSION}\\.([a-z-]+)\\.(\\d{1,12})$`);

export const UNDECIDED: ConsentState = { decided: false, granted: [] };

export function isConsentPurpose(value: unknown): value is ConsentPurpose {
  return typeof value === "string" && isOneOf(CONSENT_PURPOSES, value);
}

/** A decision granting exactly the known purposes among `purposes` (unknown ones are ignored). */
export function decidedConsent(purposes: Iterable<unknown>): ConsentState {
  const wanted = new Set(purposes);
  return { decided: true, granted: CONSENT_PURPOSES.filter((purpose) => wanted.has(purpose)) };
}

export function isGranted(state: ConsentState, purpose: ConsentPurpose | null): boolean {
  return purpose !== null && state.granted.includes(purpose);
}

/** The cookie's value, or UNDECIDED for anything we did not write ourselves within the last 365 days. */
export function parseConsentValue(value: string, nowMs: number): ConsentState {
  if (value.length > MAX_VALUE_LENGTH) return UNDECIDED;
  const [, purposes, decidedAtText] = VALUE_PATTERN.exec(value) ?? [];
  if (purposes === undefined || decidedAtText === undefined) return UNDECIDED;
  const decidedAt = Number(decidedAtText);
  const now = Math.floor(nowMs / 1000);
  if (decidedAt > now + FUTURE_TOLERANCE_SECONDS || decidedAt <= now - CONSENT_MAX_AGE_SECONDS) return UNDECIDED;
  if (purposes === "none") return { decided: true, granted: [] };
  const listed = purposes.split("-");
  const state = decidedConsent(listed);
  // Only the canonical spelling counts: no unknown, repeated or reordered purposes.
  return state.granted.join("-") === purposes && listed.length === state.granted.length ? state : UNDECIDED;
}

/** Reads `agn_consent` from a Cookie header (or document.cookie); a missing or hostile header is UNDECIDED. */
export function readConsentCookie(cookieHeader: string | null | undefined, nowMs: number): ConsentState {
  if (!cookieHeader) return UNDECIDED;
  const prefix = `${CONSENT_COOKIE}=`;
  for (const part of cookieHeader.split(";")) {
    const pair = part.trim();
    // The first one wins: browsers send the cookie with the most specific path first.
    if (pair.startsWith(prefix)) return parseConsentValue(pair.slice(prefix.length), nowMs);
  }
  return UNDECIDED;
}

/** The cookie value for a decision taken at `nowMs`. */
export function consentValue(granted: readonly ConsentPurpose[], nowMs: number): string {
  const purposes = decidedConsent(granted).granted;
  return `${CONSENT_VERSION}.${purposes.length > 0 ? purposes.join("-") : "none"}.${Math.floor(nowMs / 1000)}`;
}

/** A Set-Cookie header value (worker) or a `document.cookie` assignment (browser). */
export function consentCookie(granted: readonly ConsentPurpose[], nowMs: number, secure: boolean): string {
  return `${CONSENT_COOKIE}=${consentValue(granted, nowMs)}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** A short stable name of the state, for cache keys: "undecided", "none" or e.g. "maps-video". */
export function consentKey(state: ConsentState): string {
  if (!state.decided) return "undecided";
  return state.granted.length > 0 ? state.granted.join("-") : "none";
}
