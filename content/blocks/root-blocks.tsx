import type { ArticleBlock, PageBlock } from "../block-schemas.ts";
import type { InvalidBlockMarker } from "../validate-blocks.ts";
import { RichText } from "../rich-text/rich-text.tsx";
import type { Block } from "../story-schema.ts";
import type { BlockProps } from "./block-props.ts";
import { BlockImage } from "./block-parts.tsx";
import { formatGermanDate } from "#domain/german-date.ts";

/** Root components: `page` renders its body; `article` its image, meta line, text and tags. The route renders the h1. */

export function PageView({ block, level, render }: BlockProps<PageBlock>) {
  return <>{render(block.body, { level })}</>;
}

export function ArticleView({ block, level, render }: BlockProps<ArticleBlock>) {
  const iso = block.date ? `${block.date.slice(0, 10)}T${block.date.slice(11, 16) || "00:00"}:00Z` : undefined;
  const date = iso && !Number.isNaN(Date.parse(iso)) ? new Date(iso) : undefined;
  return (
    <div className="article-body">
      {date || block.author ? (
        <p className="article-body__meta">
          {date ? <time dateTime={iso}>{formatGermanDate(date)}</time> : null}
          {date && block.author ? " · " : null}
          {block.author ? <span>{block.author}</span> : null}
        </p>
      ) : null}
      {block.teaser ? <p className="article-body__teaser">{block.teaser}</p> : null}
      {block.image ? (
        <BlockImage image={block.image} eager className="article-body__image" sizes="(min-width: 56.25em) 75rem, 100vw" />
      ) : null}
      <RichText doc={block.body} headingBase={level} renderBlocks={(blocks: Block[]) => render(blocks, { level: level + 1 })} />
      {block.tags.length > 0 ? (
        <ul className="article-body__tags" aria-label="Schlagwörter">
          {block.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Preview only: what an editor sees where an invalid block would be (validate-blocks.ts). */
export function InvalidBlockView({ block }: { block: InvalidBlockMarker }) {
  return (
    <div className="block invalid-block" role="note">
      <p>
        <strong>
          Block „{block.original}“ ist ungültig{block.issues.length > 0 ? ":" : "."}
        </strong>{" "}
        {block.issues.join("; ")}
      </p>
      <p className="invalid-block__hint">Dieser Hinweis erscheint nur in der Vorschau; veröffentlicht wird der Block ausgelassen.</p>
    </div>
  );
}
