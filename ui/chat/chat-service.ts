import type { ExternalServices } from "#domain/site-config.ts";
import { withQuery } from "../booking/script-loader.ts";

/**
 * Adapter of the autochat vendor (ADR 0014). The protocol (documented in
 * docs/third-party-protocols.md, implemented by the local stand-in client/public/demo/chat-widget.js):
 *
 * - the script URL carries the site's chat id as `id`;
 * - it registers `window.AutoChat = { mount(element, options) }`; `mount` renders the chat into
 *   `element` and returns (a promise of) `{ unmount() }` once the chat is ready.
 *
 * A real vendor replaces the script URL (worker vars) and, if its API differs, this file.
 */
export interface AutoChatOptions {
  chatId: string;
  /** The location the visitor is looking at (vehicle or location page), for routing the chat. */
  locationName: string;
}

export interface AutoChatSession {
  unmount(): void;
}

export interface AutoChatApi {
  mount(element: HTMLElement, options: AutoChatOptions): AutoChatSession | Promise<AutoChatSession>;
}

declare global {
  interface Window {
    AutoChat?: unknown;
  }
}

export function chatScriptSrc(config: ExternalServices["chat"] & { scriptUrl: string }): string {
  return withQuery(config.scriptUrl, { id: config.chatId });
}

/** The vendor's global, or null when absent or not shaped like the protocol (third-party value: hand-written guard, it holds functions). */
export function autoChat(value: unknown = typeof window === "undefined" ? undefined : window.AutoChat): AutoChatApi | null {
  if (typeof value !== "object" || value === null) return null;
  return typeof (value as Record<string, unknown>).mount === "function" ? (value as AutoChatApi) : null;
}

/** What `mount` resolved to, checked: a session needs `unmount`. */
export function chatSession(value: unknown): AutoChatSession | null {
  if (typeof value !== "object" || value === null) return null;
  return typeof (value as Record<string, unknown>).unmount === "function" ? (value as AutoChatSession) : null;
}
