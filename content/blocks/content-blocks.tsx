import type {
  ContentCenteredBlock,
  ContentDisclaimerBlock,
  ContentFramedBlock,
  ContentImageBlock,
  ContentImageColumnsBlock,
  ContentStartAppBlock,
  ContentTwoColumnBlock,
  RichTextBlock,
} from "../block-schemas.ts";
import { resolveHref } from "../link-field.ts";
import { RichText } from "../rich-text/rich-text.tsx";
import type { Block } from "../story-schema.ts";
import type { BlockProps } from "./block-props.ts";
import { BlockHeader, BlockImage, BlockText, ButtonRow, childLevel, Heading, headingId, SectionWithHeader } from "./block-parts.tsx";
import { ContentLink } from "./content-link.tsx";

/** Content variants: rich text, centered, disclaimer, image, image columns, framed, two column, start app. */

export function RichTextBlockView({ block, level, render }: BlockProps<RichTextBlock>) {
  const inner = childLevel(level, block.headline);
  return (
    <div className="block rich-text-block">
      {block.headline ? <Heading level={level}>{block.headline}</Heading> : null}
      <RichText doc={block.text} headingBase={inner} renderBlocks={(blocks: Block[]) => render(blocks, { level: inner + 1 })} />
    </div>
  );
}

export function ContentCenteredView({ block, level, render }: BlockProps<ContentCenteredBlock>) {
  return (
    <SectionWithHeader block={block} className="block content-centered" level={level} render={render}>
      <ButtonRow buttons={block.buttons} render={render} />
    </SectionWithHeader>
  );
}

/** Small print (price notes, legal remarks): an aside, so it is not read as main content. */
export function ContentDisclaimerView({ block, level, render }: BlockProps<ContentDisclaimerBlock>) {
  return (
    <aside className="block content-disclaimer" aria-label={block.headline ?? "Hinweis"}>
      {block.headline ? <Heading level={level}>{block.headline}</Heading> : null}
      <BlockText text={block.text} level={childLevel(level, block.headline)} render={render} />
    </aside>
  );
}

export function ContentImageView({ block, level }: BlockProps<ContentImageBlock>) {
  if (!block.image) return null;
  return (
    <figure className={`block content-image content-image--${block.size}`}>
      {block.headline ? <Heading level={level}>{block.headline}</Heading> : null}
      <BlockImage image={block.image} sizes={block.size === "full" ? "100vw" : "(min-width: 56.25em) 70ch, 100vw"} />
      {block.caption || block.image.copyright ? (
        <figcaption>
          {block.caption}
          {block.image.copyright ? <span className="content-image__copyright"> © {block.image.copyright}</span> : null}
        </figcaption>
      ) : null}
    </figure>
  );
}

export function ContentImageColumnsView({ block, level, render }: BlockProps<ContentImageColumnsBlock>) {
  const id = headingId(block._uid);
  return (
    <section
      className={`block content-image-columns content-image-columns--image-${block.image_position}`}
      aria-labelledby={block.headline ? id : undefined}
    >
      {block.image ? (
        <div className="content-image-columns__media">
          <BlockImage image={block.image} sizes="(min-width: 56.25em) 50vw, 100vw" />
        </div>
      ) : null}
      <div className="content-image-columns__body">
        <BlockHeader headline={block.headline} subline={block.subline} text={block.text} level={level} render={render} id={id} />
        <ButtonRow buttons={block.buttons} render={render} />
      </div>
    </section>
  );
}

export function ContentFramedView({ block, level, render }: BlockProps<ContentFramedBlock>) {
  return (
    <SectionWithHeader block={block} className={`block content-framed content-framed--${block.tone}`} level={level} render={render}>
      <ButtonRow buttons={block.buttons} render={render} />
    </SectionWithHeader>
  );
}

/** Two columns of nested blocks; stacked on small screens, left first. */
export function ContentTwoColumnView({ block, level, render }: BlockProps<ContentTwoColumnBlock>) {
  const inner = childLevel(level, block.headline);
  return (
    <div className="block content-two-column">
      {block.headline ? <Heading level={level}>{block.headline}</Heading> : null}
      <div className="content-two-column__columns">
        <div className="content-two-column__column">{render(block.left, { level: inner })}</div>
        <div className="content-two-column__column">{render(block.right, { level: inner })}</div>
      </div>
    </div>
  );
}

/** Teaser for a companion app with store links (external, new tab). */
export function ContentStartAppView({ block, level, render }: BlockProps<ContentStartAppBlock>) {
  const id = headingId(block._uid);
  const appStore = block.app_store_url ? resolveHref(block.app_store_url) : null;
  const playStore = block.play_store_url ? resolveHref(block.play_store_url) : null;
  return (
    <section className="block content-start-app" aria-labelledby={block.headline ? id : undefined}>
      <div className="content-start-app__body">
        <BlockHeader headline={block.headline} subline={block.subline} text={block.text} level={level} render={render} id={id} />
        {appStore || playStore ? (
          <ul className="content-start-app__stores">
            {appStore ? (
              <li>
                <ContentLink link={appStore} className="button button--secondary button--medium">
                  Im App Store laden
                </ContentLink>
              </li>
            ) : null}
            {playStore ? (
              <li>
                <ContentLink link={playStore} className="button button--secondary button--medium">
                  Bei Google Play laden
                </ContentLink>
              </li>
            ) : null}
          </ul>
        ) : null}
        <ButtonRow buttons={block.buttons} render={render} />
      </div>
      {block.image ? (
        <BlockImage image={block.image} className="content-start-app__image" sizes="(min-width: 56.25em) 40vw, 100vw" />
      ) : null}
    </section>
  );
}
