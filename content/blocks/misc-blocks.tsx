import { createElement } from "react";
import { useLocation } from "react-router";
import { SiteLink } from "#ui/site-link.tsx";
import type {
  ArticleLatestBlock,
  ArticleOverviewBlock,
  BrandLogosBlock,
  BrandOverviewBlock,
  ImageGalleryBlock,
  ImageGridBlock,
  ImageSliderBlock,
  PartnerBrandComponentBlock,
  ReviewWidgetBlock,
} from "../block-schemas.ts";
import type { ArticleSummary } from "../content-page-schema.ts";
import { resolveLink } from "../link-field.ts";
import { storyblokImage } from "../storyblok-image.ts";
import { BrandLogo } from "#ui/layout/brand-logo.tsx";
import { Pagination } from "#ui/carfinder/pagination.tsx";
import { BRAND_KEYS, BRAND_NAMES } from "#domain/brands.ts";
import type { BlockProps } from "./block-props.ts";
import { BlockHeader, BlockImage, childLevel, Heading, headingId } from "./block-parts.tsx";
import { Carousel } from "./carousel.tsx";
import { ContentLink } from "./content-link.tsx";
import { ALLOWED_PARTNER_TAGS } from "./embed-sources.ts";
import { modelsPath } from "#domain/site-paths.ts";
import { isOneOf } from "#domain/is-one-of.ts";

// ---- brands -------------------------------------------------------------------------------------

export function BrandLogosView({ block, level }: BlockProps<BrandLogosBlock>) {
  const id = headingId(block._uid);
  const brands = block.brands.length > 0 ? block.brands : [...BRAND_KEYS];
  return (
    <section
      className="block brand-logos"
      aria-labelledby={block.headline ? id : undefined}
      aria-label={block.headline ? undefined : "Unsere Marken"}
    >
      {block.headline ? (
        <Heading level={level} id={id}>
          {block.headline}
        </Heading>
      ) : null}
      <ul className="brand-logos__list">
        {brands.map((brand) => (
          <li key={brand}>
            <SiteLink to={modelsPath(brand)} className="brand-logos__link">
              <BrandLogo brand={brand} />
            </SiteLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function BrandOverviewView({ block, level, render }: BlockProps<BrandOverviewBlock>) {
  const id = headingId(block._uid);
  const brands = block.brands.length > 0 ? block.brands : [...BRAND_KEYS];
  const inner = childLevel(level, block.headline);
  return (
    <section className="block brand-overview" aria-labelledby={block.headline ? id : undefined}>
      <BlockHeader headline={block.headline} subline={block.subline} text={block.text} level={level} render={render} id={id} />
      <ul className="brand-overview__list">
        {brands.map((brand) => (
          <li key={brand} className="brand-overview__item">
            <BrandLogo brand={brand} decorative />
            <Heading level={inner}>{BRAND_NAMES[brand]}</Heading>
            <ul className="brand-overview__links">
              <li>
                <SiteLink to={modelsPath(brand)}>
                  Modelle<span className="visually-hidden"> von {BRAND_NAMES[brand]}</span>
                </SiteLink>
              </li>
              <li>
                <SiteLink to={`/${brand}/carfinder`}>
                  Fahrzeuge im Bestand<span className="visually-hidden">: {BRAND_NAMES[brand]}</span>
                </SiteLink>
              </li>
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

// ---- articles -----------------------------------------------------------------------------------

const DATE = new Intl.DateTimeFormat("de-DE", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export function ArticleCard({ article, level }: { article: ArticleSummary; level: number }) {
  const date = article.date && !Number.isNaN(Date.parse(article.date)) ? new Date(article.date) : null;
  return (
    <article className="article-card">
      {article.image ? (
        <BlockImage
          image={{ filename: article.image.filename, alt: article.image.alt ?? "" }}
          className="article-card__image"
          aspectRatio={16 / 9}
          width={640}
          sizes="(min-width: 56.25em) 33vw, 100vw"
        />
      ) : null}
      <div className="article-card__body">
        <Heading level={level} className="article-card__title">
          <SiteLink to={`/${article.fullSlug.replace(/^\/+/, "")}`}>{article.title}</SiteLink>
        </Heading>
        {date ? (
          <p className="article-card__date">
            <time dateTime={article.date ?? undefined}>{DATE.format(date)}</time>
          </p>
        ) : null}
        {article.teaser ? <p className="article-card__teaser">{article.teaser}</p> : null}
      </div>
    </article>
  );
}

function ArticleList({ uid, context, level }: { uid: string; context: BlockProps<unknown>["context"]; level: number }) {
  const entry = context.data[uid];
  if (entry?.kind === "error")
    return (
      <p className="block__empty" role="status">
        Beiträge konnten nicht geladen werden.
      </p>
    );
  const articles = entry?.kind === "articles" ? entry.list.articles : [];
  if (articles.length === 0) return <p className="block__empty">Derzeit gibt es keine Beiträge.</p>;
  return (
    <ul className="article-list">
      {articles.map((article) => (
        <li key={article.uuid}>
          <ArticleCard article={article} level={level} />
        </li>
      ))}
    </ul>
  );
}

export function ArticleLatestView({ block, context, level }: BlockProps<ArticleLatestBlock>) {
  const id = headingId(block._uid);
  const link = resolveLink(block.link);
  return (
    <section className="block article-latest" aria-labelledby={id}>
      <Heading level={level} id={id}>
        {block.headline ?? "Aktuelles"}
      </Heading>
      <ArticleList uid={block._uid} context={context} level={level + 1} />
      {link ? (
        <p>
          <ContentLink link={link} className="button button--tertiary button--medium">
            {block.link_label ?? "Alle Beiträge"}
          </ContentLink>
        </p>
      ) : null}
    </section>
  );
}

export function ArticleOverviewView({ block, context, level, render }: BlockProps<ArticleOverviewBlock>) {
  const location = useLocation();
  const id = headingId(block._uid);
  const entry = context.data[block._uid];
  const list = entry?.kind === "articles" ? entry.list : undefined;
  return (
    <section className="block article-overview" aria-labelledby={id}>
      <BlockHeader
        headline={block.headline ?? "Alle Beiträge"}
        subline={block.subline}
        text={block.text}
        level={level}
        render={render}
        id={id}
      />
      {list && list.total > list.articles.length ? (
        <p className="article-overview__count">
          {list.articles.length} von {list.total} Beiträgen
        </p>
      ) : null}
      <ArticleList uid={block._uid} context={context} level={level + 1} />
      {list ? (
        <Pagination
          page={list.page}
          pageCount={Math.ceil(list.total / list.perPage)}
          hrefFor={(page) => `${location.pathname}${page > 1 ? `?seite=${page}` : ""}`}
        />
      ) : null}
    </section>
  );
}

// ---- images -------------------------------------------------------------------------------------

/** Gallery: thumbnails link to the full image (works without JavaScript, no lightbox script). */
export function ImageGalleryView({ block, level }: BlockProps<ImageGalleryBlock>) {
  const id = headingId(block._uid);
  if (block.images.length === 0) return null;
  return (
    <section
      className="block image-gallery"
      aria-labelledby={block.headline ? id : undefined}
      aria-label={block.headline ? undefined : "Bildergalerie"}
    >
      {block.headline ? (
        <Heading level={level} id={id}>
          {block.headline}
        </Heading>
      ) : null}
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
    </section>
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

// ---- reviews ------------------------------------------------------------------------------------

const PROVIDER_NAMES: Record<ReviewWidgetBlock["provider"], string> = {
  google: "Google",
  facebook: "Facebook",
  ekomi: "eKomi",
  proven_expert: "ProvenExpert",
  trustpilot: "Trustpilot",
  autoscout24: "AutoScout24",
  mobile_de: "mobile.de",
  other: "unseren Kundinnen und Kunden",
};
const RATING = new Intl.NumberFormat("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const COUNT = new Intl.NumberFormat("de-DE");

/** Stars as an image with a text alternative ("4,7 von 5 Sternen"). */
export function RatingStars({ rating }: { rating: number }) {
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  return (
    <span className="rating-stars" role="img" aria-label={`${RATING.format(rating)} von 5 Sternen`}>
      <span className="rating-stars__base" aria-hidden="true">
        ★★★★★
      </span>
      <span className="rating-stars__fill" aria-hidden="true" style={{ width: `${percent}%` }}>
        ★★★★★
      </span>
    </span>
  );
}

/** Rating from the block's own data (no third-party widget script). */
export function ReviewWidgetView({ block, level }: BlockProps<ReviewWidgetBlock>) {
  const id = headingId(block._uid);
  const link = resolveLink(block.link);
  const provider = PROVIDER_NAMES[block.provider];
  return (
    <section className="block review-widget" aria-labelledby={id}>
      <Heading level={level} id={id}>
        {block.headline ?? "Das sagen unsere Kunden"}
      </Heading>
      <p className="review-widget__summary">
        <RatingStars rating={block.rating} /> <strong>{RATING.format(block.rating)}</strong> von 5
        {block.count > 0 ? ` · ${COUNT.format(block.count)} Bewertungen` : ""} bei {provider}
      </p>
      {block.reviews.length > 0 ? (
        <ul className="review-widget__list">
          {block.reviews.map((review, index) => (
            <li key={index}>
              <figure className="review">
                <RatingStars rating={review.rating} />
                {review.text ? <blockquote>{review.text}</blockquote> : null}
                {review.author || review.date ? <figcaption>{[review.author, review.date].filter(Boolean).join(", ")}</figcaption> : null}
              </figure>
            </li>
          ))}
        </ul>
      ) : null}
      {link ? (
        <p>
          <ContentLink link={link}>Alle Bewertungen bei {provider}</ContentLink>
        </p>
      ) : null}
    </section>
  );
}

// ---- partner brand web component ----------------------------------------------------------------

/**
 * An allow-listed custom element with plain attributes (schema: no on*, style, src, href). Its
 * script is not loaded, so the light-DOM fallback (headline, text, link) is what shows today.
 */
export function PartnerBrandComponentView({ block, level }: BlockProps<PartnerBrandComponentBlock>) {
  if (!isOneOf(ALLOWED_PARTNER_TAGS, block.tag)) return null;
  const link = resolveLink(block.link);
  const attributes = Object.fromEntries(block.attributes.map((attribute) => [attribute.name, attribute.value]));
  return (
    <div className="block partner-brand">
      {createElement(
        block.tag,
        { ...attributes, className: "partner-brand__element" },
        <div className="partner-brand__fallback">
          {block.headline ? <Heading level={level}>{block.headline}</Heading> : null}
          {block.fallback_text ? <p>{block.fallback_text}</p> : null}
          {link ? <ContentLink link={link}>Mehr erfahren</ContentLink> : null}
        </div>,
      )}
    </div>
  );
}
