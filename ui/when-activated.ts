/** What this reads of the document (`prerendering` is not in TypeScript's DOM types yet). */
export interface PrerenderingDocument {
  prerendering?: boolean;
  addEventListener(type: "prerenderingchange", listener: () => void): void;
}

/**
 * Resolves when the page is shown to the visitor: at once, or, for a page Chrome prerendered from
 * a Speculation Rules hint (ADR 0043), when the visitor navigates to it (`prerenderingchange`).
 * Whatever has effects beyond the page — the tag manager, error reporting's session — waits for it,
 * so a prerender the visitor never opens counts and reports nothing; so does the first idle period
 * (ui/when-idle.ts). Without a document (a unit test in Node) it resolves at once.
 */
export function whenActivated(): Promise<void> {
  const doc = globalThis.document as PrerenderingDocument | undefined;
  return new Promise((resolve) => {
    // The event comes once, from prerendering to shown (the promise carries no value: nobody reads
    // the event it resolves with).
    if (doc?.prerendering) doc.addEventListener("prerenderingchange", resolve);
    else resolve();
  });
}
