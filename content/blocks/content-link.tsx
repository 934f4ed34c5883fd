import type { ReactNode } from "react";
import { SiteLink } from "#ui/site-link.tsx";
import { clickTracking } from "#ui/analytics/click-tracking.ts";
import type { ResolvedLink } from "../link-field.ts";

/**
 * Renders a resolved link field (content/link-field.ts): internal targets as React Router
 * `<SiteLink>` (client navigation), everything else as `<a>`. External targets get the external-link
 * icon and a hidden hint for screen readers (spec section 4); a target on the content asset host
 * reports the `download` event (consent-gated in ui/analytics).
 */
export function ContentLink({
  link,
  children,
  className,
  ariaLabel,
}: {
  link: ResolvedLink;
  children: ReactNode;
  className?: string;
  ariaLabel?: string;
}) {
  const hint = link.newTab ? "(öffnet in neuem Tab)" : link.external ? "(externer Link)" : null;
  const content = (
    <>
      {children}
      {link.external ? <ExternalIcon /> : null}
      {hint ? <span className="visually-hidden"> {hint}</span> : null}
    </>
  );
  const newTab = link.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {};
  if (link.kind === "internal") {
    return (
      <SiteLink to={link.href} className={className} aria-label={ariaLabel} {...newTab}>
        {content}
      </SiteLink>
    );
  }
  return (
    <a
      href={link.href}
      className={className}
      aria-label={ariaLabel}
      {...(link.download ? clickTracking("download", { file_url: link.href }) : {})}
      {...newTab}
      {...(link.external && !link.newTab ? { rel: "noopener noreferrer" } : {})}
    >
      {content}
    </a>
  );
}

/** Box-with-arrow icon; decorative, the hidden text carries the meaning. */
export function ExternalIcon() {
  return (
    <svg className="external-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M9 2h5v5M14 2 7 9M12 9v4a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
