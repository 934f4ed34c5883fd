import { telHref } from "#domain/phone.ts";
import { SiteLink } from "#ui/site-link.tsx";
import { SITE_CONFIG } from "#domain/site-config.ts";
import { useSiteSettings } from "#ui/site-context.tsx";

/** Sticky bar with the contact button (spec section 2 "sticky bar with contact button"). */
export function StickyContactBar() {
  const { phone, phoneLabel } = SITE_CONFIG.stickyContact;
  const { link } = useSiteSettings().config.stickyContact;
  return (
    <aside className="sticky-contact" aria-label="Schnellkontakt">
      <a className="button button--secondary button--small" href={telHref(phone)}>
        <span className="visually-hidden">Anrufen: </span>
        {phoneLabel}
      </a>
      <SiteLink className="button button--primary button--small" to={link}>
        Kontakt aufnehmen
      </SiteLink>
    </aside>
  );
}
