import type { ReactNode } from "react";
import type { ButtonBlock } from "../block-schemas.ts";
import { resolveLink } from "../link-field.ts";
import type { BlockProps } from "./block-props.ts";
import { ContentLink } from "./content-link.tsx";
import { BookingTrigger } from "#ui/booking/booking-trigger.tsx";
import { appointmentOptions } from "#domain/appointment-options.ts";
import { Island } from "#ui/islands/island.tsx";

/**
 * The `button` block (spec section 3 "Button variants", section 4): "A button renders as a link
 * when it has a target, is not disabled and has no booking plugin; otherwise as a button.
 * External targets get an external-link icon." Variants primary|secondary|tertiary|ghost, sizes
 * large|medium|small|extra-small, icon at the start or end (20 px, 16 px for small buttons).
 *
 * Booking plugin (booking_plugin, or booking options set): the button opens the appointments
 * service's widget with the options make, location, product_category, product_category_hidden
 * (ui/booking/, ADR 0014): after consent, the script loaded once per page. Without JavaScript, and
 * when the plugin is missing, it is the editor's link (if any).
 */
export function ButtonBlockView({ block }: BlockProps<ButtonBlock>) {
  // A booking button is interactive: an island on editorial pages (ADR 0017); the others are links.
  if (block.booking_plugin || block.booking !== undefined)
    return <Island name="button-block" component={ButtonBlockContent} props={{ block }} />;
  return <ButtonBlockContent block={block} />;
}

export function ButtonBlockContent({ block }: { block: ButtonBlock }) {
  const link = block.disabled ? null : resolveLink(block.link);
  const usesBooking = block.booking_plugin || block.booking !== undefined;
  const className = `button button--${block.variant} button--${block.size}`;
  const label = <ButtonLabel block={block}>{block.label}</ButtonLabel>;
  const asLink = link ? (
    <ContentLink link={link} className={className}>
      {label}
    </ContentLink>
  ) : null;

  if (usesBooking) {
    return (
      <BookingTrigger
        name={block.label}
        uid={block._uid}
        className={className}
        label={label}
        options={appointmentOptions(block.booking ?? {})}
        disabled={block.disabled}
        fallbackLink={asLink}
        fallback={link ? { href: link.href, internal: link.kind === "internal" } : null}
      />
    );
  }
  if (asLink) return asLink;
  return (
    <button type="button" className={className} disabled={block.disabled}>
      {label}
    </button>
  );
}

function ButtonLabel({ block, children }: { block: ButtonBlock; children: ReactNode }) {
  const icon =
    block.icon !== "none" ? <ButtonIcon name={block.icon} small={block.size === "small" || block.size === "extra-small"} /> : null;
  return (
    <>
      {block.icon_position === "start" ? icon : null}
      <span>{children}</span>
      {block.icon_position === "end" ? icon : null}
    </>
  );
}

const ICON_PATHS: Record<Exclude<ButtonBlock["icon"], "none">, string> = {
  arrow: "M3 10h13M11 5l5 5-5 5",
  phone: "M5 2h3l2 5-2 1a11 11 0 0 0 4 4l1-2 5 2v3a2 2 0 0 1-2 2A15 15 0 0 1 3 4a2 2 0 0 1 2-2z",
  mail: "M2 4h16v12H2zM2 4l8 7 8-7",
  calendar: "M3 4h14v13H3zM3 8h14M7 2v4M13 2v4",
  car: "M3 13h14M4 13l2-5h8l2 5v3H4zM6 16v1M14 16v1",
  download: "M10 2v11M5 8l5 5 5-5M3 17h14",
  location: "M10 18s6-5.5 6-10a6 6 0 0 0-12 0c0 4.5 6 10 6 10zM10 10a2 2 0 1 0 0-4 2 2 0 0 0 0 4z",
};

/** Decorative icon (the label names the action). */
function ButtonIcon({ name, small }: { name: Exclude<ButtonBlock["icon"], "none">; small: boolean }) {
  const size = small ? 16 : 20;
  return (
    <svg className="button__icon" viewBox="0 0 20 20" width={size} height={size} aria-hidden="true" focusable="false">
      <path d={ICON_PATHS[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
