import type {
  EmbedChatBlock,
  EmbedIframeBlock,
  EmbedInstantAppointmentGridBlock,
  EmbedRecruitmentWidgetBlock,
  EmbedVideoBlock,
} from "../block-schemas.ts";
import { resolveLink } from "../link-field.ts";
import type { BlockProps } from "./block-props.ts";
import { BlockImage, Heading, SectionWithHeader } from "./block-parts.tsx";
import { ContentLink } from "./content-link.tsx";
import { embedWrapperUrl, iframeSource, videoEmbed } from "./embed-sources.ts";
import { ConsentPlaceholder } from "#ui/consent/consent-placeholder.tsx";
import { useConsentAtLoad } from "#ui/consent/consent-store.ts";
import { useConsentGate } from "#ui/consent/consent-gate.ts";
import { BookingTrigger } from "#ui/booking/booking-trigger.tsx";
import { appointmentOptions } from "#domain/appointment-options.ts";
import { InlineChat } from "#ui/chat/inline-chat.tsx";
import { Island } from "#ui/islands/island.tsx";
import { isSamePage } from "#ui/navigate-to.ts";
import { useSitePage, useSiteSettings } from "#ui/site-context.tsx";
import { WORKSHOP_APPOINTMENT_PATH } from "#domain/site-paths.ts";
import { useFocusWhen } from "#ui/focus-when.ts";

/**
 * Embeds. Nothing here contacts a third party before the visitor allows it (TTDSG § 25): videos
 * and foreign iframes load when their consent purpose is granted (ADR 0010), otherwise they show
 * a placeholder naming the provider with "Einmal laden" and "Immer erlauben"; the chat and the
 * instant-appointment grid load their vendor's script only after the same consent step (ui/chat,
 * ui/booking, ADR 0014); the recruitment widget loads no vendor script and links to the jobs.
 */

/**
 * Autochat inline (spec section 4: loading, ready, error, fallback): the same chat as the
 * site-wide bubble (ui/chat/, ADR 0014), started with "Chat starten", behind the "chat" consent.
 * The editor's phone and e-mail are the fallback contacts; without them the nearest location's.
 */
export function EmbedChatView({ block, level, render }: BlockProps<EmbedChatBlock>) {
  const contact = block.phone ? { name: "uns", phone: block.phone, email: block.email ?? null } : null;
  return (
    <SectionWithHeader block={block} fallback="Chat" className="block embed-chat" level={level} render={render}>
      <Island name="embed-chat" component={InlineChat} props={{ contact, anchorId: `chat-${block._uid}` }} />
    </SectionWithHeader>
  );
}

/**
 * Instant-appointment grid of the appointments service (options make, location,
 * product_category, product_category_hidden): "Freie Termine anzeigen" opens the service's
 * booking widget after consent (ui/booking/, ADR 0014); without JavaScript, and when the widget
 * is unavailable, it is a link to the online workshop appointment page.
 */
export function EmbedInstantAppointmentGridView({ block, level, render }: BlockProps<EmbedInstantAppointmentGridBlock>) {
  return (
    <SectionWithHeader block={block} fallback="Termin vereinbaren" className="block embed-appointments" level={level} render={render}>
      <p>Wählen Sie Ihren Wunschtermin direkt im Online-Kalender.</p>
      <Island name="instant-appointments" component={InstantAppointmentsButton} props={{ block }} />
    </SectionWithHeader>
  );
}

/** "Freie Termine anzeigen" of the instant-appointment grid: an island on editorial pages (ADR 0017). */
export function InstantAppointmentsButton({ block }: { block: EmbedInstantAppointmentGridBlock }) {
  const className = "button button--primary button--medium";
  const { pathname } = useSitePage();
  const settings = useSiteSettings();
  // The grid's own page must not send the visitor back to itself: there the fallback is the direct contact.
  const onItsPage = isSamePage(WORKSHOP_APPOINTMENT_PATH, pathname);
  const target = onItsPage ? settings.config.stickyContact.link : WORKSHOP_APPOINTMENT_PATH;
  const fallbackLabel = onItsPage ? "Termin telefonisch oder per E-Mail anfragen" : "Freie Termine anzeigen";
  return (
    <BookingTrigger
      name={block.headline ?? "Termin vereinbaren"}
      uid={block._uid}
      className={className}
      label={<span>Freie Termine anzeigen</span>}
      options={appointmentOptions(block)}
      disabled={false}
      fallbackLink={
        <ContentLink link={{ href: target, kind: "internal", external: false, newTab: false, download: false }} className={className}>
          <span>{fallbackLabel}</span>
        </ContentLink>
      }
      // After a click with the widget unavailable: on its own page the session shows phone and e-mail in place.
      fallback={{ href: WORKSHOP_APPOINTMENT_PATH, internal: true }}
    />
  );
}

/** Job listings: the recruiting provider's widget is not integrated; the editor's link (or /karriere) leads to the jobs. */
export function EmbedRecruitmentWidgetView({ block, level, render }: BlockProps<EmbedRecruitmentWidgetBlock>) {
  const link = resolveLink(block.link) ?? {
    href: "/karriere/festanstellung",
    kind: "internal" as const,
    external: false,
    newTab: false,
    download: false,
  };
  return (
    <SectionWithHeader
      block={block}
      fallback="Offene Stellen"
      className="block embed-recruitment"
      level={level}
      render={render}
      data-company-id={block.company_id}
    >
      <p>
        <ContentLink link={link} className="button button--primary button--medium">
          Alle Stellenangebote ansehen
        </ContentLink>
      </p>
    </SectionWithHeader>
  );
}

/**
 * Video (YouTube in its no-cookie mode, Vimeo with dnt): the server renders the player when the
 * visitor granted "Videos"; otherwise a placeholder (ui/consent/consent-placeholder.tsx). A player
 * the document's CSP does not allow yet goes through the /_embed wrapper.
 */
export function EmbedVideoView({ block, level }: BlockProps<EmbedVideoBlock>) {
  return <Island name="embed-video" component={EmbedVideo} props={{ block, level }} />;
}

/** The video with its consent gate: an island on editorial pages (ADR 0017). */
export function EmbedVideo({ block, level }: { block: EmbedVideoBlock; level: number }) {
  const embed = videoEmbed(block.url);
  const gate = useConsentGate("video");
  const direct = useConsentAtLoad("video");
  // Focus goes to the frame the visitor just asked for: the placeholder button under it is gone.
  const frame = useFocusWhen<HTMLIFrameElement>(gate.requested && gate.allowed);
  if (!embed) return null;
  const title = block.title ?? block.headline ?? `Video auf ${embed.providerName}`;
  // The visitor clicked to watch: start playing (a player rendered by the server does not autoplay).
  const src = gate.requested ? `${embed.embedUrl}${embed.embedUrl.includes("?") ? "&" : "?"}autoplay=1` : embed.embedUrl;
  return (
    <figure className="block embed-video">
      {block.headline ? <Heading level={level}>{block.headline}</Heading> : null}
      <div className="embed-video__frame">
        {gate.allowed ? (
          <iframe
            ref={frame}
            src={direct ? src : embedWrapperUrl(src, title)}
            title={title}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <ConsentPlaceholder
            gate={gate}
            providerName={embed.providerName}
            title={title}
            loadOnceHref={embedWrapperUrl(src, title)}
            anchorId={`video-${block._uid}`}
          >
            {block.preview_image ? <BlockImage image={block.preview_image} className="consent-placeholder__image" /> : null}
          </ConsentPlaceholder>
        )}
      </div>
      {block.caption ? <figcaption>{block.caption}</figcaption> : null}
    </figure>
  );
}

// allow-same-origin only for third parties: combined with allow-scripts it would let a page of our
// own origin lift its sandbox. The /_embed wrapper is of our origin too: it runs no script (its
// CSP) and sandboxes the third party inside it with THIRD_PARTY_SANDBOX.
const OWN_SANDBOX = "allow-scripts allow-forms allow-popups";
const THIRD_PARTY_SANDBOX = "allow-scripts allow-forms allow-popups allow-same-origin";

/**
 * iframe: title required (schema), sandboxed, lazy. Pages of our own site load directly; an
 * allow-listed third party (embed-sources.ts) when its consent purpose is granted, else after
 * "Einmal laden" / "Immer erlauben" on the placeholder. Hosts without a purpose (Microsoft Forms)
 * load only once, always through the /_embed wrapper.
 */
export function EmbedIframeView({ block, level }: BlockProps<EmbedIframeBlock>) {
  return <Island name="embed-iframe" component={EmbedIframe} props={{ block, level }} />;
}

/** The frame with its consent gate: an island on editorial pages (ADR 0017). */
export function EmbedIframe({ block, level }: { block: EmbedIframeBlock; level: number }) {
  const source = iframeSource(block.url);
  const gate = useConsentGate(source?.purpose ?? null);
  const direct = useConsentAtLoad(source?.purpose ?? null);
  // Focus goes to the frame the visitor just asked for: the placeholder button under it is gone.
  const frame = useFocusWhen<HTMLIFrameElement>(gate.requested && gate.allowed);
  if (!source) return null;
  const wrapped = embedWrapperUrl(source.src, block.title);
  return (
    <div className="block embed-iframe">
      {block.headline ? <Heading level={level}>{block.headline}</Heading> : null}
      {source.sameOrigin || gate.allowed ? (
        <iframe
          ref={frame}
          src={source.sameOrigin || direct ? source.src : wrapped}
          title={block.title}
          height={block.height}
          loading="lazy"
          sandbox={source.sameOrigin ? OWN_SANDBOX : direct ? THIRD_PARTY_SANDBOX : undefined}
          referrerPolicy="strict-origin-when-cross-origin"
          className="embed-iframe__frame"
        />
      ) : (
        <ConsentPlaceholder
          gate={gate}
          providerName={source.providerName}
          title={block.title}
          loadOnceHref={wrapped}
          anchorId={`iframe-${block._uid}`}
          style={{ minHeight: Math.min(block.height, 320) }}
        />
      )}
    </div>
  );
}
