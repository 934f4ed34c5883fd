import { containsComponent } from "#content/block-data.ts";

/**
 * Route ids of the editorial pages (ADR 0016): explicit in routes/route-table.ts, so adding a route
 * never moves them (a positional id did, and every content page silently lost its islands);
 * routes/editorial-pages.test.ts checks them against the table.
 */
export const EDITORIAL_LEAF_IDS = { home: "home", content: "content" } as const;

/** Blocks that need the app's data router in the browser (useFetcher): their pages take the app entry. */
export const APP_ONLY_BLOCKS: ReadonlySet<string> = new Set(["stock_trade_in", "workshop_appointment", "embed_form"]);

/**
 * Whether a rendered page hydrates only its islands (client/islands-entry.tsx, ADR 0017): home or
 * a content page, answered 200 without errors, not a preview (the visual editor's bridge), and
 * without a lead form.
 */
export function isEditorialPage(leafId: string | undefined, leafData: unknown, status: number, hasErrors: boolean): boolean {
  if (status !== 200 || hasErrors) return false;
  if (leafId !== EDITORIAL_LEAF_IDS.home && leafId !== EDITORIAL_LEAF_IDS.content) return false;
  if (leafData === null) return leafId === EDITORIAL_LEAF_IDS.home; // the built-in home (no story)
  const page = (leafData as { page?: { preview?: unknown; content?: unknown } } | undefined)?.page;
  if (!page || page.preview === true) return false;
  return !containsComponent(page.content, APP_ONLY_BLOCKS);
}
