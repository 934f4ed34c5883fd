/**
 * Resolves when the page is shown to the visitor: at once, or, for a page Chrome prerendered from
 * a Speculation Rules hint (ADR 0043), when the visitor navigates to it (`prerenderingchange`).
 * Whatever has effects beyond the page — the tag manager, error reporting's session — waits for it,
 * so a prerender the visitor never opens counts and reports nothing.
 */
/** What this reads of the document (`prerendering` is not in TypeScript's DOM types yet). */
export interface PrerenderingDocument {
  prerendering?: boolean;
  addEventListener(type: "prerenderingchange", listener: () => void, options: { once: true }): void;
}

export function whenActivated(doc: PrerenderingDocument = document): Promise<void> {
  return new Promise((resolve) => {
    if (doc.prerendering === true) doc.addEventListener("prerenderingchange", () => resolve(), { once: true });
    else resolve();
  });
}
