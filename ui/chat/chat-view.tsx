import { useEffect, useReducer, useRef } from "react";
import { nearestContact, type Contact } from "#domain/contact-fallback.ts";
import { telHref } from "#domain/phone.ts";
import { ConsentPlaceholder } from "../consent/consent-placeholder.tsx";
import { useConsentGate } from "../consent/consent-gate.ts";
import { useExternalServices, useSitePage } from "#ui/site-context.tsx";
import { acquireScript } from "../booking/script-loader.ts";
import { autoChat, chatScriptSrc, chatSession, type AutoChatSession } from "./chat-service.ts";
import { CHAT_LOAD_TIMEOUT_MS, chatTransition, INITIAL_CHAT_STATE } from "#domain/chat-state.ts";

export interface ChatViewProps {
  /** Who to call when the chat cannot help; default: the nearest location (nearestContact). */
  contact?: Contact | null;
  /** `id` for the consent placeholder's no-JS return anchor. */
  anchorId: string;
}

/**
 * The autochat itself, in the bubble's panel (chat-launcher.tsx) and in the embed_chat block
 * (inline-chat.tsx); loaded on demand from its own chunk. Without the "chat" consent it shows the
 * consent gate and the direct contacts, and loads nothing. With it: loading → ready, or error →
 * (retry) → fallback (domain/chat-state.ts). `data-chat-state` exposes the state (tests, support).
 */
export function ChatView({ contact: given, anchorId }: ChatViewProps) {
  const services = useExternalServices();
  const config = services?.chat ?? null;
  const gate = useConsentGate("chat");
  const { routeData } = useSitePage();
  const contact = given ?? nearestContact(routeData);
  const [state, dispatch] = useReducer(chatTransition, INITIAL_CHAT_STATE);
  const mountPoint = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const contactName = useRef(contact.name);
  contactName.current = contact.name;

  const configured = Boolean(config?.scriptUrl);
  useEffect(() => {
    // Not configured: the fallback at once, without asking for consent to nothing.
    if (gate.allowed || !configured) dispatch({ type: "start", configured });
    // The consent buttons under the focus are gone: keep it in the chat (Escape still closes the panel).
    if (gate.allowed && gate.requested) root.current?.focus();
  }, [gate.allowed, gate.requested, configured]);

  useEffect(() => {
    if (state.status === "fallback" && state.attempts === 0) console.info("Autochat unavailable: no chat script URL is configured.");
  }, [state.status, state.attempts]);

  // One run per loading attempt; it keeps the vendor mounted through "ready" and cleans up on unmount or retry.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one run per loading attempt; config is fixed for the page
  useEffect(() => {
    const scriptUrl = config?.scriptUrl;
    if (state.attempts === 0 || !scriptUrl || !config) return;
    let active = true;
    let session: AutoChatSession | null = null;
    const fail = (reason: string) => {
      if (!active) return;
      console.info(`Autochat unavailable (attempt ${state.attempts}): ${reason}.`);
      dispatch({ type: "failed" });
    };
    const timer = setTimeout(() => fail(`not ready after ${CHAT_LOAD_TIMEOUT_MS / 1000} s`), CHAT_LOAD_TIMEOUT_MS);
    const handle = acquireScript(chatScriptSrc({ ...config, scriptUrl }));
    handle.ready
      .then(async () => {
        const api = autoChat();
        if (!api) throw new Error("the script did not register window.AutoChat");
        if (!active || !mountPoint.current) return;
        const mounted = chatSession(await api.mount(mountPoint.current, { chatId: config.chatId, locationName: contactName.current }));
        if (!mounted) throw new Error("mount() did not return a session");
        if (!active) return mounted.unmount();
        session = mounted;
        clearTimeout(timer);
        dispatch({ type: "mounted" });
      })
      .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
    return () => {
      active = false;
      clearTimeout(timer);
      session?.unmount();
      if (mountPoint.current) mountPoint.current.replaceChildren();
      handle.release();
    };
    // The attempt number is the trigger; config comes from the root loader and never changes.
  }, [state.attempts]);

  const status = !gate.allowed && configured ? "idle" : state.status;
  return (
    <div ref={root} tabIndex={-1} className="chat-view" data-chat-state={status}>
      {!gate.allowed && configured && config ? (
        <ConsentPlaceholder gate={gate} providerName={config.providerName} title="Chat" anchorId={anchorId} />
      ) : null}
      <div role="status" className="chat-view__status">
        {status === "loading" ? <p>Der Chat wird geladen …</p> : null}
        {status === "error" ? <p>Der Chat konnte nicht geladen werden.</p> : null}
        {status === "fallback" ? <p>Der Chat ist gerade nicht verfügbar.</p> : null}
      </div>
      {status === "error" ? (
        <button type="button" className="button button--secondary button--small" onClick={() => dispatch({ type: "retry" })}>
          Erneut versuchen
        </button>
      ) : null}
      <div ref={mountPoint} className="chat-view__vendor" hidden={status !== "loading" && status !== "ready"} />
      {status !== "loading" && status !== "ready" ? <DirectContact contact={contact} /> : null}
    </div>
  );
}

function DirectContact({ contact }: { contact: Contact }) {
  return (
    <div className="chat-view__contact">
      <p>So erreichen Sie {contact.name} direkt:</p>
      <ul>
        <li>
          Telefon: <a href={telHref(contact.phone)}>{contact.phone}</a>
        </li>
        {contact.email ? (
          <li>
            E-Mail: <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </li>
        ) : null}
      </ul>
    </div>
  );
}
