import type { ImageGalleryBlock, ImageGridBlock, ImageSliderBlock } from "../block-schemas.ts";
import { storyblokImage } from "../storyblok-image.ts";
import type { BlockProps } from "./block-props.ts";
import { BlockImage, Heading, headingId, NamedSection } from "./block-parts.tsx";
import { Carousel } from "./carousel.tsx";

/** Page-builder image blocks: gallery (links to the full image), grid and slider. */

/** Gallery: thumbnails link to the full image (works without JavaScript, no lightbox script). */
export function ImageGalleryView({ block, level }: BlockProps<ImageGalleryBlock>) {
  if (block.images.length === 0) return null;
  return (
    <NamedSection uid={block._uid} className="block image-gallery" headline={block.headline} fallbackLabel="Bildergalerie" level={level}>
      <ul className="image-gallery__list">
        {block.images.map((image, index) => (
          <li key={`${image.filename}-${index}`}>
            <figure>
              <a href={storyblokImage(image.filename, { width: 1920 })} className="image-gallery__link">
                <BlockImage image={image} aspectRatio={4 / 3} width={480} sizes="(min-width: 56.25em) 25vw, 50vw" />
                <span className="visually-hidden">{image.alt ? `Bild vergrößern: ${image.alt}` : `Bild ${index + 1} vergrößern`}</span>
              </a>
              {image.title ? <figcaption>{image.title}</figcaption> : null}
            </figure>
          </li>
        ))}
      </ul>
    </NamedSection>
  );
}

export function ImageGridView({ block, level }: BlockProps<ImageGridBlock>) {
  if (block.images.length === 0) return null;
  return (
    <div className={`block image-grid image-grid--${block.columns}`}>
      {block.headline ? <Heading level={level}>{block.headline}</Heading> : null}
      <ul className="image-grid__list">
        {block.images.map((image, index) => (
          <li key={`${image.filename}-${index}`}>
            <figure>
              <BlockImage image={image} width={800} sizes={`(min-width: 56.25em) ${Math.round(100 / block.columns)}vw, 100vw`} />
              {image.title ? <figcaption>{image.title}</figcaption> : null}
            </figure>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ImageSliderView({ block, level }: BlockProps<ImageSliderBlock>) {
  const id = headingId(block._uid);
  if (block.images.length === 0) return null;
  return (
    <div className="block image-slider">
      {block.headline ? (
        <Heading level={level} id={id}>
          {block.headline}
        </Heading>
      ) : null}
      <Carousel
        label={block.headline ?? "Bilder"}
        labelledBy={block.headline ? id : undefined}
        slides={block.images.map((image, index) => (
          <figure key={index}>
            <BlockImage image={image} aspectRatio={16 / 9} width={1280} sizes="(min-width: 56.25em) 75rem, 100vw" />
            {image.title ? <figcaption>{image.title}</figcaption> : null}
          </figure>
        ))}
      />
    </div>
  );
}
