import { createStaticHandler, matchRoutes, type StaticHandler } from "react-router";
import { routes } from "#routes/route-table.ts";
import { onFirstUse } from "../on-first-use.ts";
import { isolateCollection } from "../isolate-state.ts";

/**
 * Which route answers a page: react-router's static handler over the route table, and the matched
 * leaf's handle (its route module, whether it takes a form post). Both depend on the route table
 * alone, never on a request, so an isolate keeps them.
 */

/** The static handler only holds the route table (nothing request-shaped): one per isolate. */
export const pageHandler: () => StaticHandler = onFirstUse(() => createStaticHandler(routes));

export type LeafHandle = { module?: string; acceptsPost?: boolean } | undefined;

const LEAF_MEMO_LIMIT = 1000;
/** Per-isolate memo of leafHandleOf by pathname, oldest entry dropped first. */
const leafHandles = isolateCollection("leaf handles", new Map<string, LeafHandle>());

/**
 * The matched leaf route's handle. matchRoutes flattens and ranks the whole route table on every
 * call (~0.4 ms, the largest item of an HTML-cache hit in the profile); the answer depends on the
 * path alone, so an isolate keeps the last 1,000.
 *
 * @example leafHandleOf("/werkstatt")?.module // → "routes/content-page.tsx"
 */
export function leafHandleOf(pathname: string): LeafHandle {
  if (leafHandles.has(pathname)) return leafHandles.get(pathname);
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as LeafHandle;
  if (leafHandles.size >= LEAF_MEMO_LIMIT) leafHandles.delete(leafHandles.keys().next().value as string);
  leafHandles.set(pathname, handle);
  return handle;
}
