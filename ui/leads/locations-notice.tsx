import { telHref } from "#domain/phone.ts";
import { SITE_CONFIG } from "#domain/site-config.ts";

/** Shown instead of the location choice when the centers could not be read (spec section 8 wording). */
export function LocationsNotice() {
  return (
    <p className="lead-page__notice" role="status">
      Standorte konnten nicht geladen werden. Sie erreichen uns telefonisch unter{" "}
      <a href={telHref(SITE_CONFIG.stickyContact.phone)}>{SITE_CONFIG.stickyContact.phoneLabel}</a>.
    </p>
  );
}
