import { useState } from "react";
import type { EmbedChatBlock, EmbedIframeBlock, EmbedInstantAppointmentGridBlock, EmbedRecruitmentWidgetBlock, EmbedVideoBlock } from "../block-schemas.ts";
import { resolveLink } from "../link-field.ts";
import type { BlockProps } from "./block-props.ts";
import { BlockHeader, BlockImage, Heading, headingId } from "./block-parts.tsx";
import { ContentLink } from "./content-link.tsx";
import { iframeSource, videoEmbed } from "./embed-sources.ts";

/**
 * Embeds. Nothing here contacts a third party before the visitor asks for it (TTDSG § 25): videos
 * and foreign iframes show a click-to-load placeholder naming the provider; the chat, the
 * instant-appointment grid and the recruitment widget do not load vendor scripts (none is
 * integrated yet) and offer the direct ways instead – honest fallbacks rather than empty boxes.
 */

/** Autochat (spec section 4: loading, ready, error, fallback). No vendor is integrated: "Chat starten" leads to the fallback. */
export function EmbedChatView({ block, level, render }: BlockProps<EmbedChatBlock>) {
  const id = headingId(block._uid);
  const [state, setState] = useState<"idle" | "fallback">("idle");
  const phone = block.phone ? resolveLink({ linktype: "url", url: `tel:${block.phone}` }) : null;
  const email = block.email ? resolveLink({ linktype: "email", email: block.email }) : null;
  return (
    <section className="block embed-chat" aria-labelledby={id}>
      <BlockHeader headline={block.headline ?? "Chat"} subline={block.subline} text={block.text} level={level} render={render} id={id} />
      {state === "idle" ? (
        <button type="button" className="button button--secondary button--medium" onClick={() => setState("fallback")}>
          Chat starten
        </button>
      ) : null}
      <div role="status" className="embed-chat__status">
        {state === "fallback" ? (
          <p>
            Der Chat ist gerade nicht verfügbar.
            {phone || email ? " So erreichen Sie uns direkt: " : null}
            {phone ? <ContentLink link={phone}>{block.phone}</ContentLink> : null}
            {phone && email ? " · " : null}
            {email ? <ContentLink link={email}>{block.email}</ContentLink> : null}
          </p>
        ) : null}
      </div>
    </section>
  );
}

/**
 * Instant-appointment grid of the appointments service (options make, location, product_category).
 * The service's script is not integrated; the block names what would be booked and links to the
 * online workshop appointment page.
 */
export function EmbedInstantAppointmentGridView({ block, level, render }: BlockProps<EmbedInstantAppointmentGridBlock>) {
  const id = headingId(block._uid);
  return (
    <section className="block embed-appointments" aria-labelledby={id} data-make={block.make} data-location={block.location} data-product-category={block.product_category}>
      <BlockHeader headline={block.headline ?? "Termin vereinbaren"} subline={block.subline} text={block.text} level={level} render={render} id={id} />
      <p className="embed-appointments__fallback">
        Freie Termine können hier gerade nicht angezeigt werden. Buchen Sie Ihren Termin online oder rufen Sie uns an.
      </p>
      <p>
        <ContentLink link={{ href: "/werkstatt/online-werkstatttermin", kind: "internal", external: false, newTab: false, download: false }} className="button button--primary button--medium">
          Zur Online-Terminbuchung
        </ContentLink>
      </p>
    </section>
  );
}

/** Job listings: the recruiting provider's widget is not integrated; the editor's link (or /karriere) leads to the jobs. */
export function EmbedRecruitmentWidgetView({ block, level, render }: BlockProps<EmbedRecruitmentWidgetBlock>) {
  const id = headingId(block._uid);
  const link = resolveLink(block.link) ?? { href: "/karriere/festanstellung", kind: "internal" as const, external: false, newTab: false, download: false };
  return (
    <section className="block embed-recruitment" aria-labelledby={id} data-company-id={block.company_id}>
      <BlockHeader headline={block.headline ?? "Offene Stellen"} subline={block.subline} text={block.text} level={level} render={render} id={id} />
      <p>
        <ContentLink link={link} className="button button--primary button--medium">
          Alle Stellenangebote ansehen
        </ContentLink>
      </p>
    </section>
  );
}

/** Video with a privacy placeholder: the player (youtube-nocookie / Vimeo dnt) loads only after "Video laden". */
export function EmbedVideoView({ block, level }: BlockProps<EmbedVideoBlock>) {
  const [loaded, setLoaded] = useState(false);
  const embed = videoEmbed(block.url);
  if (!embed) return null;
  const title = block.title ?? block.headline ?? `Video auf ${embed.providerName}`;
  return (
    <figure className="block embed-video">
      {block.headline ? <Heading level={level}>{block.headline}</Heading> : null}
      <div className="embed-video__frame">
        {loaded ? (
          <iframe src={`${embed.embedUrl}${embed.embedUrl.includes("?") ? "&" : "?"}autoplay=1`} title={title} allow="autoplay; encrypted-media; picture-in-picture; fullscreen" allowFullScreen referrerPolicy="strict-origin-when-cross-origin" />
        ) : (
          <div className="embed-consent">
            {block.preview_image ? <BlockImage image={block.preview_image} className="embed-consent__image" /> : null}
            <div className="embed-consent__body">
              <p>
                Beim Laden des Videos „{title}“ werden Daten an {embed.providerName} übertragen.
              </p>
              <button type="button" className="button button--primary button--medium" onClick={() => setLoaded(true)}>
                Video laden<span className="visually-hidden">: {title}</span>
              </button>
            </div>
          </div>
        )}
      </div>
      {block.caption ? <figcaption>{block.caption}</figcaption> : null}
    </figure>
  );
}

/**
 * iframe: title required (schema), sandboxed, lazy. Pages of our own site load directly; an
 * allow-listed third party (embed-sources.ts) only after "Inhalt laden".
 */
export function EmbedIframeView({ block, level }: BlockProps<EmbedIframeBlock>) {
  const source = iframeSource(block.url);
  const [loaded, setLoaded] = useState(false);
  if (!source) return null;
  const show = source.sameOrigin || loaded;
  return (
    <div className="block embed-iframe">
      {block.headline ? <Heading level={level}>{block.headline}</Heading> : null}
      {show ? (
        <iframe
          src={source.src}
          title={block.title}
          height={block.height}
          loading="lazy"
          // allow-same-origin only for third parties: combined with allow-scripts it would let a page of our own origin lift its sandbox.
          sandbox={source.sameOrigin ? "allow-scripts allow-forms allow-popups" : "allow-scripts allow-forms allow-popups allow-same-origin"}
          referrerPolicy="strict-origin-when-cross-origin"
          className="embed-iframe__frame"
        />
      ) : (
        <div className="embed-consent" style={{ minHeight: Math.min(block.height, 320) }}>
          <div className="embed-consent__body">
            <p>
              Beim Laden von „{block.title}“ werden Daten an {source.host} übertragen.
            </p>
            <button type="button" className="button button--primary button--medium" onClick={() => setLoaded(true)}>
              Inhalt laden<span className="visually-hidden">: {block.title}</span>
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
