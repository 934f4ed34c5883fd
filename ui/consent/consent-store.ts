import { createContext, createElement, useContext, useEffect, useSyncExternalStore } from "react";
import { consentCookie, decidedConsent, isGranted, UNDECIDED, type ConsentPurpose, type ConsentState } from "#domain/consent.ts";
import { setAnalyticsConsent } from "../analytics/analytics.ts";

/**
 * The consent API for the whole site (ADR 0010). The worker reads the `agn_consent` cookie and
 * renders with that state (root loader → ConsentProvider), so server HTML and the first client
 * render agree; after hydration this store owns the state and writes the cookie itself.
 *
 * Consumers (embeds, booking widget, autochat) use:
 * - `useConsent("booking")`: true once the visitor granted the purpose (re-renders on change);
 * - `useConsentGate("chat")` (consent-gate.ts) with `<ConsentPlaceholder>` (consent-placeholder.tsx):
 *   "Einmal laden" (this component, this page view) and "Immer erlauben" (the purpose);
 * - `decideConsent(["maps"])`: replaces the decision (writes the cookie);
 * - `openConsentSettings()`: reopens the details layer (the footer's "Cookie-Einstellungen").
 *
 * Zod-free and tiny: it is on every page's first load (ADR 0006).
 *
 * @example
 * const chatAllowed = useConsent("chat"); // re-renders when the visitor decides
 */

/** The state the document was rendered with: its CSP frame-src allows exactly these purposes. */
const DocumentConsentContext = createContext<ConsentState>(UNDECIDED);

type Listener = () => void;
const listeners = new Set<Listener>();
// Browser only: written by visitor actions, never during SSR (nothing request-shaped lives at
// module scope on the worker).
let changed: ConsentState | null = null;
/** undefined: the details layer is closed; otherwise the element that opened it (focus returns there). */
let settingsOpener: HTMLElement | null | undefined;

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function ConsentProvider({ initial, children }: { initial: ConsentState; children: React.ReactNode }) {
  useEffect(() => {
    // Analytics follows the statistics purpose from the first page on (its queue waits until then).
    if (initial.decided && changed === null) setAnalyticsConsent(isGranted(initial, "statistics") ? "granted" : "denied");
  }, [initial]);
  return createElement(DocumentConsentContext.Provider, { value: initial }, children);
}

/** The current decision; the server's until the visitor changes it. */
export function useConsentState(): ConsentState {
  const initial = useContext(DocumentConsentContext);
  return useSyncExternalStore(
    subscribe,
    () => changed ?? initial,
    () => initial,
  );
}

export function useConsent(purpose: ConsentPurpose | null): boolean {
  return isGranted(useConsentState(), purpose);
}

/**
 * Whether this document's CSP lets the purpose's origins be framed directly (granted when the
 * page was rendered). Embeds granted later go through the /_embed wrapper instead.
 */
export function useConsentAtLoad(purpose: ConsentPurpose | null): boolean {
  return isGranted(useContext(DocumentConsentContext), purpose);
}

/** Replaces the decision: writes the cookie (365 days), tells analytics and every consumer. */
export function decideConsent(granted: readonly ConsentPurpose[]): void {
  if (typeof document === "undefined") return;
  changed = decidedConsent(granted);
  document.cookie = consentCookie(changed.granted, Date.now(), window.location.protocol === "https:");
  setAnalyticsConsent(isGranted(changed, "statistics") ? "granted" : "denied");
  closeConsentSettings();
  notify();
}

/** Opens the details layer over the page; focus returns to `opener` when it closes. */
export function openConsentSettings(opener?: HTMLElement | null): void {
  settingsOpener = opener ?? null;
  notify();
}

export function closeConsentSettings(): void {
  const opener = settingsOpener;
  if (opener === undefined) return;
  settingsOpener = undefined;
  notify();
  opener?.focus();
}

export function useConsentSettingsOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => settingsOpener !== undefined,
    () => false,
  );
}
