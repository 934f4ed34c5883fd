import { useState } from "react";
import { isGranted, type ConsentPurpose } from "#domain/consent.ts";
import { decideConsent, useConsentState } from "./consent-store.ts";

/**
 * A purpose behind a placeholder (ui/consent/consent-placeholder.tsx), with the two choices it
 * offers. A module of its own so it loads with the embeds, booking widget or chat that use it,
 * not with every page (ADR 0006 budget).
 *
 * @example
 * const gate = useConsentGate("booking");
 * if (!gate.allowed) return <ConsentPlaceholder gate={gate} providerName="…" title="Terminbuchung" anchorId="termin" />;
 */
export interface ConsentGate {
  /** What the visitor is asked to allow; null: only "Einmal laden" (no standing permission). */
  purpose: ConsentPurpose | null;
  /** Granted, or loaded once here: render the third-party content. */
  allowed: boolean;
  /** The visitor chose to load it here just now ("Einmal laden" or "Immer erlauben"): a player may autoplay, focus may move to it. */
  requested: boolean;
  loadOnce: () => void;
  /** "Immer erlauben": grants the purpose; null when the purpose is null (no standing permission). */
  allowAlways: (() => void) | null;
}

export function useConsentGate(purpose: ConsentPurpose | null): ConsentGate {
  const state = useConsentState();
  const granted = isGranted(state, purpose);
  const [requested, setRequested] = useState<"once" | "always" | null>(null);
  return {
    purpose,
    allowed: granted || requested === "once",
    requested: requested !== null,
    loadOnce: () => setRequested("once"),
    allowAlways: purpose
      ? () => {
          setRequested("always");
          // Adds the purpose; the others stay as decided (or rejected when undecided).
          decideConsent([...state.granted, purpose]);
        }
      : null,
  };
}
