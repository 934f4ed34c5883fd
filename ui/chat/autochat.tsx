import { lazy, Suspense, useEffect, useState, type ComponentType } from "react";
import { useSiteSettings } from "#ui/site-context.tsx";
import { whenIdle } from "#ui/when-idle.ts";

// Its own chunk, fetched only when the bubble is due: nothing of the chat is on the first load
// (ADR 0006 budget; the vehicle detail page has ~0.4 KB left). A failed chunk shows no bubble.
const ChatLauncher = lazy<ComponentType>(() =>
  import("./chat-launcher.tsx").then(
    (module) => ({ default: module.ChatLauncher }),
    () => ({ default: () => null }),
  ),
);

/** Site-wide autochat mount (site settings config.autochat, spec section 9: enabled, bubble shown, delay 1 s). */
export function AutoChat() {
  const { enabled, showChatBubble, showChatBubbleDelay } = useSiteSettings().config.autochat;
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!enabled || !showChatBubble) return;
    // The delay counts from the page's first idle period: the bubble never competes with hydration.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    void whenIdle().then(() => {
      if (!cancelled) timer = setTimeout(() => setDue(true), showChatBubbleDelay * 1000);
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [enabled, showChatBubble, showChatBubbleDelay]);
  return due ? (
    <Suspense fallback={null}>
      <ChatLauncher />
    </Suspense>
  ) : null;
}
