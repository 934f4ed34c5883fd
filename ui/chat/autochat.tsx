import { useEffect, useState, type ComponentType } from "react";
import { useSiteSettings } from "#ui/site-context.tsx";
import { whenIdle } from "#ui/when-idle.ts";

/** Site-wide autochat mount (site settings config.autochat, spec section 9: enabled, bubble shown, delay 1 s). */
export function AutoChat() {
  const { enabled, showChatBubble, showChatBubbleDelay } = useSiteSettings().config.autochat;
  const [Launcher, setLauncher] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!enabled || !showChatBubble) return;
    // The delay counts from the page's first idle period: the bubble never competes with hydration.
    // Its chunk is its own (nothing of the chat is on the first load, ADR 0006) and is fetched in
    // the timer's task, before React renders it: started from a lazy() inside the render, the
    // chunk's preload links made that render one long task. A failed chunk shows no bubble.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    void whenIdle().then(() => {
      if (cancelled) return;
      timer = setTimeout(() => {
        import("./chat-launcher.tsx").then(
          (module) => cancelled || setLauncher(() => module.ChatLauncher),
          () => {},
        );
      }, showChatBubbleDelay * 1000);
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [enabled, showChatBubble, showChatBubbleDelay]);
  return Launcher ? <Launcher /> : null;
}
