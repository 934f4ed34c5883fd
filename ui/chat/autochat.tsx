import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";
import { SITE_CONFIG } from "#domain/site-config.ts";

// Its own chunk, fetched only when the bubble is due: nothing of the chat is on the first load
// (ADR 0006 budget; the vehicle detail page has ~0.4 KB left). A failed chunk shows no bubble.
const ChatLauncher = lazy<ComponentType>(() =>
  import("./chat-launcher.tsx").then(
    (module) => ({ default: module.ChatLauncher }),
    () => ({ default: () => null }),
  ),
);

/** Site-wide autochat mount (SITE_CONFIG.autochat, spec section 9: enabled, bubble shown, delay 1 s). */
export function AutoChat() {
  const { enabled, showChatBubble, showChatBubbleDelay } = SITE_CONFIG.autochat;
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!enabled || !showChatBubble) return;
    const timer = setTimeout(() => setDue(true), showChatBubbleDelay * 1000);
    return () => clearTimeout(timer);
  }, [enabled, showChatBubble, showChatBubbleDelay]);
  return due ? (
    <Suspense fallback={null}>
      <ChatLauncher />
    </Suspense>
  ) : null;
}
