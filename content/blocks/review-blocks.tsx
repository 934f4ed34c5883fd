import type { ReviewWidgetBlock } from "../block-schemas.ts";
import { resolveLink } from "../link-field.ts";
import type { BlockProps } from "./block-props.ts";
import { Heading, headingId } from "./block-parts.tsx";
import { ContentLink } from "./content-link.tsx";
import { germanNumber } from "#domain/german-number.ts";

/**
 * The review widget block: a rating the editor types in (no third-party widget script). A rating
 * is attributed to a review platform ("bei Google") only when the block links to that platform's
 * review profile — the visitor can check it there (UWG § 5: no misleading claims about reviews);
 * otherwise the same figures are shown as the dealership's own, without a platform's name.
 */

type Provider = Exclude<ReviewWidgetBlock["provider"], "other">;

/** Each platform's name and the hosts (and their subdomains) of its review profiles. */
const PROVIDERS: ReadonlyMap<Provider, { name: string; hosts: readonly string[] }> = new Map([
  ["google", { name: "Google", hosts: ["google.com", "google.de", "g.page", "goo.gl"] }],
  ["facebook", { name: "Facebook", hosts: ["facebook.com", "fb.com"] }],
  ["ekomi", { name: "eKomi", hosts: ["ekomi.de", "ekomi.com", "ekomi-us.com"] }],
  ["proven_expert", { name: "ProvenExpert", hosts: ["provenexpert.com"] }],
  ["trustpilot", { name: "Trustpilot", hosts: ["trustpilot.com", "trustpilot.de"] }],
  ["autoscout24", { name: "AutoScout24", hosts: ["autoscout24.de", "autoscout24.com"] }],
  ["mobile_de", { name: "mobile.de", hosts: ["mobile.de"] }],
]);

/** The platform's name when the block's link is a profile on that platform; null: the rating is shown as the dealership's own. */
export function attributedProvider(block: Pick<ReviewWidgetBlock, "provider">, href: string | undefined): string | null {
  if (block.provider === "other" || !href) return null;
  const provider = PROVIDERS.get(block.provider);
  let host: string;
  try {
    const url = new URL(href);
    if (url.protocol !== "https:") return null;
    host = url.hostname.toLowerCase();
  } catch {
    return null;
  }
  return provider?.hosts.some((candidate) => host === candidate || host.endsWith(`.${candidate}`)) ? provider.name : null;
}
const RATING = germanNumber({ min: 1, max: 1 });
const COUNT = germanNumber();

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
  const provider = attributedProvider(block, link?.href);
  return (
    <section className="block review-widget" aria-labelledby={id}>
      <Heading level={level} id={id}>
        {block.headline ?? "Das sagen unsere Kunden"}
      </Heading>
      <p className="review-widget__summary">
        <RatingStars rating={block.rating} /> <strong>{RATING.format(block.rating)}</strong> von 5
        {block.count > 0 ? ` · ${COUNT.format(block.count)} Bewertungen` : ""}
        {provider ? ` bei ${provider}` : " von unseren Kundinnen und Kunden"}
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
          <ContentLink link={link}>{provider ? `Alle Bewertungen bei ${provider}` : "Alle Bewertungen ansehen"}</ContentLink>
        </p>
      ) : null}
    </section>
  );
}
