import type { Block } from "./story-schema.ts";

/** The marker the worker puts in place of an invalid block (content/validate-blocks.ts); zod-free, so the browser can read it. */
export const INVALID_BLOCK = "invalid_block";

/**
 * What a preview shows in place of a block that failed validation: a Block like any other (a type,
 * not an interface, so it fits Block's index signature without a cast), recognised by its name.
 */
export type InvalidBlockMarker = {
  component: typeof INVALID_BLOCK;
  _uid: string;
  /** The editor's component name. */
  original: string;
  issues: string[];
};

export function isInvalidBlockMarker(block: Block | null): block is Block & InvalidBlockMarker {
  return block?.component === INVALID_BLOCK && typeof block.original === "string" && Array.isArray(block.issues);
}
