import { useEffect, useState } from "react";
import type { Block } from "./story-schema.ts";

/**
 * Storyblok's visual editor bridge (spec sections 4 and 7), only on preview pages (a valid
 * _storyblok_tk made the worker serve draft content): the `input` event for the open story
 * replaces its content in place, `change` and `published` reload the page. The bridge script and
 * the block validator (zod) load only here, never for visitors.
 */
export const BRIDGE_SCRIPT_URL = "https://app.storyblok.com/f/storyblok-v2-latest.js";

interface BridgeEvent {
  action: "input" | "change" | "published" | string;
  storyId?: number | string;
  story?: { id: number; content: unknown };
}

interface StoryblokBridgeInstance {
  on(events: string[], callback: (event?: BridgeEvent) => void): void;
}

declare global {
  interface Window {
    StoryblokBridge?: new (options?: Record<string, unknown>) => StoryblokBridgeInstance;
  }
}

let scriptLoading: Promise<void> | null = null;

function loadBridgeScript(): Promise<void> {
  if (window.StoryblokBridge) return Promise.resolve();
  scriptLoading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = BRIDGE_SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("Storyblok bridge failed to load"));
    document.head.appendChild(script);
  });
  return scriptLoading;
}

/** What a bridge event means for the open story: replace its content, reload, or ignore. */
export function bridgeReaction(event: BridgeEvent | undefined, storyId: number | undefined): "replace" | "reload" | "ignore" {
  if (!event) return "ignore";
  if (event.action === "input") return event.story && event.story.id === storyId ? "replace" : "ignore";
  if (event.action === "change" || event.action === "published") return "reload";
  return "ignore";
}

/** The story content to render: the loader's, or the editor's live input in preview. */
export function useLiveStoryContent(content: Block, options: { preview: boolean; storyId?: number }): Block {
  const [live, setLive] = useState<Block>(content);
  useEffect(() => setLive(content), [content]);
  useEffect(() => {
    if (!options.preview) return;
    let cancelled = false;
    void (async () => {
      try {
        await loadBridgeScript();
        if (cancelled || !window.StoryblokBridge) return;
        const bridge = new window.StoryblokBridge();
        bridge.on(["input", "change", "published"], (event) => {
          const reaction = bridgeReaction(event, options.storyId);
          if (reaction === "reload") window.location.reload();
          if (reaction !== "replace" || !event?.story) return;
          const draft = event.story.content;
          void import("./validate-blocks.ts").then(({ validateStoryContent }) => {
            const root = draft as Block;
            if (!cancelled && root && typeof root === "object" && typeof root.component === "string") {
              setLive(validateStoryContent(root, { preview: true, warn: (message) => console.warn(message) }));
            }
          });
        });
      } catch {
        console.warn("Storyblok-Bridge konnte nicht geladen werden; die Vorschau aktualisiert sich erst nach dem Neuladen.");
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [options.preview, options.storyId]);
  return live;
}
