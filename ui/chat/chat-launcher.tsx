import { useRef, useState } from "react";
import { useFocusWhen } from "#ui/focus-when.ts";
import { ChatView } from "./chat-view.tsx";

/**
 * The site-wide autochat (spec sections 4 and 9), loaded by autochat.tsx after the bubble delay:
 * a fixed bubble in the bottom corner (an overlay: it never moves content) that opens a labelled,
 * non-modal dialog panel. Escape or "Chat schließen" closes it and focus returns to the bubble.
 * The panel stays mounted once opened, so a running conversation survives closing it.
 */
export function ChatLauncher() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const bubble = useRef<HTMLButtonElement>(null);
  const panel = useFocusWhen<HTMLElement>(open);

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
        onClick={() => {
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
            <ChatView anchorId="autochat" />
          </div>
        </section>
      ) : (
        <span id="autochat-panel" hidden />
      )}
    </>
  );
}
