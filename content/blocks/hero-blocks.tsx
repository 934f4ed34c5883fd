import type { HeroBlock, HeroCarouselBlock, HeroStockBlock } from "../block-schemas.ts";
import type { Block } from "../story-schema.ts";
import type { BlockProps } from "./block-props.ts";
import { BlockImage, BlockText, ButtonRow, Heading, headingId, OffScreenImagesContext } from "./block-parts.tsx";
import { Carousel } from "./carousel.tsx";
import { VehicleResults } from "./stock-blocks.tsx";

/** Heroes: the first thing on a page, so their images load eagerly (the LCP element). */

/** Headline, subline, text, buttons and picture: what every hero shows. */
function HeroContent({
  block,
  id,
  level,
  render,
}: {
  block: HeroBlock | HeroStockBlock;
  id: string;
  level: number;
  render: BlockProps<HeroBlock>["render"];
}) {
  return (
    <>
      <div className="hero-block__body">
        {block.headline ? (
          <Heading level={level} id={id} className="hero-block__headline">
            {block.headline}
          </Heading>
        ) : null}
        {block.subline ? <p className="hero-block__subline">{block.subline}</p> : null}
        <BlockText text={block.text} level={level + 1} render={render} className="hero-block__text" />
        <ButtonRow buttons={block.buttons} render={render} />
      </div>
      {block.image ? (
        <div className="hero-block__media">
          <BlockImage image={block.image} eager sizes="(min-width: 56.25em) 50vw, 100vw" />
        </div>
      ) : null}
    </>
  );
}

export function HeroView({ block, level, render }: BlockProps<HeroBlock>) {
  const id = headingId(block._uid);
  return (
    <section className={`block hero-block hero-block--${block.variant}`} aria-labelledby={block.headline ? id : undefined}>
      <HeroContent block={block} id={id} level={level} render={render} />
    </section>
  );
}

export function HeroCarouselView({ block, level, render }: BlockProps<HeroCarouselBlock>) {
  // Only the first slide is on the first screen: the others' images wait (OffScreenImagesContext).
  const slides = block.slides.map((slide: Block, index: number) =>
    index === 0 ? (
      render([slide], { level })
    ) : (
      <OffScreenImagesContext key={slide._uid} value={true}>
        {render([slide], { level })}
      </OffScreenImagesContext>
    ),
  );
  return <Carousel label={block.headline ?? "Aktuelle Themen"} slides={slides} className="hero-carousel" />;
}

export function HeroStockView({ block, context, level, render }: BlockProps<HeroStockBlock>) {
  const id = headingId(block._uid);
  return (
    <section className="block hero-block hero-stock" aria-labelledby={block.headline ? id : undefined}>
      <HeroContent block={block} id={id} level={level} render={render} />
      <div className="hero-stock__vehicles">
        <VehicleResults uid={block._uid} context={context} query={block.query} limit={block.limit} linkLabel={block.link_label} />
      </div>
    </section>
  );
}
