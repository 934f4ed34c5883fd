import { useEffect, useRef, useState, type ComponentType } from "react";
import type { ChatViewProps } from "./chat-view.tsx";

let loading: Promise<ComponentType<ChatViewProps>> | null = null;

/**
 * The chat view's chunk (with the consent gate and the script loader it needs), fetched once per
 * page, when the visitor reaches for the bubble, not with the bubble: most visitors never open the
 * chat, and every fetch started on the main thread is a piece of a long task on a phone
 * (docs/decisions/0055-the-chat-view-loads-when-reached-for.md). The bubble's module shares nothing
 * with other chunks but React, so it stays one fetch (the inline chat has its own loader).
 */
function loadChatView(): Promise<ComponentType<ChatViewProps>> {
  loading ??= import("./chat-view.tsx").then(
    (module) => module.ChatView,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** What the bubble says when the chat view's chunk could not be fetched (as the inline chat does). */
const CHAT_VIEW_FAILED = "Der Chat ist gerade nicht verfügbar. Bitte laden Sie die Seite neu.";

/**
 * The site-wide autochat (spec sections 4 and 9), loaded by autochat.tsx after the bubble delay:
 * a fixed bubble in the bottom corner (an overlay: it never moves content) that opens a labelled,
 * non-modal dialog panel. Escape or "Chat schließen" closes it and focus returns to the bubble.
 * The panel stays mounted once opened, so a running conversation survives closing it. The chat
 * view inside it is fetched when the visitor reaches for the bubble (pointer over it, touch, focus)
 * and shown once it is in; until then the panel says it is loading.
 */
export function ChatLauncher() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const bubble = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  // useFocusWhen's effect, written out: importing it would make the bubble two fetches, since the
  // booking session and the inline chat share that module (ADR 0055).
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);
  const [View, setView] = useState<ComponentType<ChatViewProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const prefetch = () => void loadChatView().catch(() => {});

  function showView() {
    setFailed(false);
    loadChatView().then(
      (component) => setView(() => component),
      () => setFailed(true),
    );
  }

  function close() {
    setOpen(false);
    bubble.current?.focus();
  }

  return (
    <>
      <button
        ref={bubble}
        type="button"
        className="chat-bubble"
        aria-expanded={open}
        aria-controls="autochat-panel"
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        onFocus={prefetch}
        onClick={() => {
          if (!View) showView();
          setOpened(true);
          if (open) close();
          else setOpen(true);
        }}
      >
        <svg className="chat-bubble__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
        <span>Chat</span>
      </button>
      {opened ? (
        <section
          ref={panel}
          id="autochat-panel"
          className="chat-panel"
          role="dialog"
          aria-modal="false"
          aria-labelledby="autochat-title"
          tabIndex={-1}
          hidden={!open}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.stopPropagation();
              close();
            }
          }}
        >
          <header className="chat-panel__header">
            <h2 id="autochat-title">Chat mit uns</h2>
            <button type="button" className="chat-panel__close" aria-label="Chat schließen" onClick={close}>
              <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M5 5l10 10M15 5 5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </header>
          <div className="chat-panel__body">
            {View ? (
              <View anchorId="autochat" />
            ) : (
              <div role="status" className="chat-view__status">
                <p>{failed ? CHAT_VIEW_FAILED : "Der Chat wird geladen …"}</p>
              </div>
            )}
          </div>
        </section>
      ) : (
        <span id="autochat-panel" hidden />
      )}
    </>
  );
}
