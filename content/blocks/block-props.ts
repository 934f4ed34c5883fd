import type { ReactNode } from "react";
import type { BlockRenderContext } from "../block-data.ts";
import type { Block } from "../story-schema.ts";

/** Renders nested blocks through the registry; `level` is the headline level of those blocks. */
export type RenderBlocks = (blocks: readonly Block[] | undefined, options?: { level?: number }) => ReactNode;

/**
 * What every block component receives. `block` is the validated block (types from
 * content/block-schemas.ts via `import type`), `level` the level of its own headline (2 on the
 * page, one deeper per headed parent), `render` the registry for nested blocks.
 */
export interface BlockProps<B> {
  block: B;
  context: BlockRenderContext;
  level: number;
  render: RenderBlocks;
}
