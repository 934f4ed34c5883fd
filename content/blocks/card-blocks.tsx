import type { CardBlock, CardGridBlock } from "../block-schemas.ts";
import { resolveLink } from "../link-field.ts";
import type { Block } from "../story-schema.ts";
import type { BlockProps } from "./block-props.ts";
import { BlockImage, BlockText, ButtonRow, CardList, childLevel, Heading, SectionWithHeader } from "./block-parts.tsx";
import { Carousel } from "./carousel.tsx";
import { ContentLink } from "./content-link.tsx";

/**
 * Card grids: one markup, seven layouts (full width, grid, four column, masonry, slider, small,
 * two column) chosen by class; the slider uses the shared carousel. Cards are list items so
 * screen readers announce how many there are.
 */
export function CardGridView({ block, level, render }: BlockProps<CardGridBlock>) {
  const inner = childLevel(level, block.headline);
  const variant = block.component.replace(/_/g, "-");
  return (
    <SectionWithHeader block={block} className={`block card-grid-block ${variant}`} level={level} render={render}>
      {block.component === "card_grid_slider" ? (
        <Carousel
          label={block.headline ?? "Karten"}
          slides={block.cards.map((card: Block) => render([card], { level: inner }))}
          className="card-slider"
        />
      ) : (
        <CardList className="card-list" items={block.cards} keyOf={(card) => card._uid}>
          {(card) => render([card], { level: inner })}
        </CardList>
      )}
      <ButtonRow buttons={block.buttons} render={render} />
    </SectionWithHeader>
  );
}

/** A card: the headline is the link (its ::after stretches over the card), so there is one focus stop. */
export function CardView({ block, level, render }: BlockProps<CardBlock>) {
  const link = resolveLink(block.link);
  const linkedHeadline = link && !block.link_label;
  return (
    <article className="content-card">
      {block.image ? (
        <BlockImage
          image={block.image}
          className="content-card__image"
          sizes="(min-width: 56.25em) 33vw, 100vw"
          aspectRatio={16 / 10}
          width={800}
        />
      ) : null}
      <div className="content-card__body">
        <Heading level={level} className="content-card__title">
          {linkedHeadline ? (
            <ContentLink link={link} className="content-card__link">
              {block.headline}
            </ContentLink>
          ) : (
            block.headline
          )}
        </Heading>
        {block.subline ? <p className="content-card__subline">{block.subline}</p> : null}
        <BlockText text={block.text} level={level + 1} render={render} className="content-card__text" />
        {link && block.link_label ? (
          <p className="content-card__more">
            <ContentLink link={link} className="content-card__link">
              {block.link_label}
            </ContentLink>
          </p>
        ) : null}
        <ButtonRow buttons={block.buttons} render={render} />
      </div>
    </article>
  );
}
