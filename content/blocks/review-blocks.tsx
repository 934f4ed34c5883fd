import type { ReviewWidgetBlock } from "../block-schemas.ts";
import { resolveLink } from "../link-field.ts";
import type { BlockProps } from "./block-props.ts";
import { Heading, headingId } from "./block-parts.tsx";
import { ContentLink } from "./content-link.tsx";

/** The review widget block: a rating from the block's own data, named by its real source. */

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
