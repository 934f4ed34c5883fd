/**
 * The autochat's states (spec section 4 "Autochat: loading, ready, error, fallback (chat
 * unavailable)"), as a pure transition function the chat view drives (ADR 0014):
 *
 * - idle: nothing loaded yet (waiting for the "chat" consent or for the visitor to open the chat);
 * - loading: the vendor script is loading and mounting (at most CHAT_LOAD_TIMEOUT_MS);
 * - ready: the vendor's chat is mounted;
 * - error: this attempt failed (script error, no `window.AutoChat`, mount failed, timeout); the
 *   visitor may try again, and sees phone and e-mail meanwhile;
 * - fallback: the chat is unavailable – not configured, or it failed CHAT_MAX_ATTEMPTS times;
 *   phone and e-mail of the nearest location only.
 *
 * @example
 * chatTransition({ status: "loading", attempts: 1 }, { type: "failed" }) // → { status: "error", attempts: 1 }
 */
export type ChatStatus = "idle" | "loading" | "ready" | "error" | "fallback";

export interface ChatState {
  status: ChatStatus;
  /** Loading attempts started so far; each one loads the script afresh. */
  attempts: number;
}

export type ChatEvent =
  /** Consent is there and the chat is wanted: load it (or report it unconfigured). */
  { type: "start"; configured: boolean } | { type: "mounted" } | { type: "failed" } | { type: "retry" };

export const CHAT_MAX_ATTEMPTS = 2;
/** A vendor that has not mounted after this long counts as failed. */
export const CHAT_LOAD_TIMEOUT_MS = 10_000;

export const INITIAL_CHAT_STATE: ChatState = { status: "idle", attempts: 0 };

export function chatTransition(state: ChatState, event: ChatEvent): ChatState {
  switch (event.type) {
    case "start":
      if (state.status !== "idle") return state;
      return event.configured ? { status: "loading", attempts: 1 } : { status: "fallback", attempts: 0 };
    case "mounted":
      return state.status === "loading" ? { ...state, status: "ready" } : state;
    case "failed":
      if (state.status !== "loading") return state;
      return { ...state, status: state.attempts < CHAT_MAX_ATTEMPTS ? "error" : "fallback" };
    case "retry":
      return state.status === "error" ? { status: "loading", attempts: state.attempts + 1 } : state;
  }
}
