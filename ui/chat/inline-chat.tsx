import { useState, type ComponentType } from "react";
import { useFocusWhen } from "#ui/focus-when.ts";
import type { Contact } from "#domain/contact-fallback.ts";
import type { ChatViewProps } from "./chat-view.tsx";

/**
 * The chat inside a page (embed_chat block): "Chat starten" loads the same chat view as the
 * bubble (chat-view.tsx, its own chunk), which then asks for consent or loads the vendor. Focus
 * moves to the chat, since the button under it is gone.
 */
export function InlineChat({ contact, anchorId }: { contact: Contact | null; anchorId: string }) {
  const [View, setView] = useState<ComponentType<ChatViewProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const box = useFocusWhen<HTMLDivElement>(View);
  if (View) {
    return (
      <div ref={box} tabIndex={-1} className="inline-chat">
        <View contact={contact} anchorId={anchorId} />
      </div>
    );
  }
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--medium"
        onClick={() =>
          import("./chat-view.tsx").then(
            (module) => setView(() => module.ChatView),
            () => setFailed(true),
          )
        }
      >
        Chat starten
      </button>
      <div role="status">{failed ? <p>Der Chat ist gerade nicht verfügbar. Bitte laden Sie die Seite neu.</p> : null}</div>
    </>
  );
}
