import { FALLBACK_LAYOUT, type LayoutContent } from "#content/layout-content.ts";
import type { Block } from "#content/story-schema.ts";
import type { ContentService } from "./content-service.ts";
import { STALE_RETRY_AFTER_MS } from "./cached-content.ts";
import { isolateCollection } from "../isolate-state.ts";

/**
 * The editor-owned layout (content/layout-content.ts) for one request, read on every page
 * (docs/decisions/0034-editor-owned-navigation.md):
 *
 * - the settings story goes through the content cache like a page (ADR 0007: memory per isolate
 *   by cv, the Cache API, the last good copy in KV), so in the steady state a page reads nothing;
 * - its parsed form is kept by the identity of the cached story object, so the schema runs once
 *   per isolate and content version, not per request (and a stale copy the cache retries is
 *   parsed anew when it is replaced);
 * - a failing read without a last good copy gives the built-in layout (`degraded`: the page is
 *   then not kept in the HTML cache) and is not tried again for STALE_RETRY_AFTER_MS, so an outage
 *   never costs every page a Storyblok timeout.
 */

export interface LayoutRead {
  content: LayoutContent;
  /** The built-in layout because the settings could not be read (not because there are none). */
  degraded: boolean;
}

const parsed = new WeakMap<Block, LayoutContent>();
/** Per content source: until when a failed read is not repeated. */
const failedUntil = isolateCollection("layout failures", new Map<string, number>());

/** Test support: forget failures (each test starts cold). */
export function forgetLayoutFailures(): void {
  failedUntil.clear();
}

export async function readLayoutContent(
  service: Pick<ContentService, "getSettingsContent">,
  sourceId: string,
  options: { warn(message: string): void; now?: number } = { warn: (message) => console.warn(message) },
): Promise<LayoutRead> {
  const now = options.now ?? Date.now();
  const blockedUntil = failedUntil.get(sourceId);
  if (blockedUntil !== undefined && now < blockedUntil) return { content: FALLBACK_LAYOUT, degraded: true };
  let root: Block | null;
  try {
    root = await service.getSettingsContent();
  } catch (error) {
    failedUntil.set(sourceId, now + STALE_RETRY_AFTER_MS);
    options.warn(
      `Layout settings: the settings story could not be read, showing the built-in layout: ${error instanceof Error ? error.message : String(error)}`,
    );
    return { content: FALLBACK_LAYOUT, degraded: true };
  }
  failedUntil.delete(sourceId);
  if (root === null) return { content: FALLBACK_LAYOUT, degraded: false };
  const known = parsed.get(root);
  if (known) return { content: known, degraded: false };
  try {
    // The schema loads with the first settings story an isolate parses (docs/limits.md "Startup").
    const { parseLayoutContent } = await import("#content/layout-content-schema.ts");
    const content = parseLayoutContent(root, options);
    parsed.set(root, content);
    return { content, degraded: false };
  } catch (error) {
    options.warn(`Layout settings: parsing failed, showing the built-in layout: ${error instanceof Error ? error.message : String(error)}`);
    return { content: FALLBACK_LAYOUT, degraded: true };
  }
}
