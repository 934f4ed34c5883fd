import type { LocationSummary } from "#domain/data-schemas.ts";
import { clickTracking } from "#ui/analytics/click-tracking.ts";
import { routeHref, whatsappHref } from "./location-links.ts";
import { LocationPhoneLink, StreetLines } from "./location-address.tsx";

/**
 * A center's address and contact channels (phone, e-mail, WhatsApp) with their click events: the
 * location page (location-details.tsx) and the location detail block for editors show the same.
 */
export function LocationContactList({ location }: { location: LocationSummary }) {
  const tracking = { location_id: location.slug };
  return (
    <>
      <address className="location-address">
        <StreetLines location={location} />
      </address>
      <ul className="location-contact">
        <li>
          <span className="location-contact__label">Telefon</span>
          <LocationPhoneLink location={location} />
        </li>
        {location.email ? (
          <li>
            <span className="location-contact__label">E-Mail</span>
            <a href={`mailto:${location.email}`} {...clickTracking("click_location_email", tracking)}>
              {location.email}
            </a>
          </li>
        ) : null}
        {location.whatsapp ? (
          <li>
            <span className="location-contact__label">WhatsApp</span>
            <a
              href={whatsappHref(location.whatsapp)}
              rel="noopener"
              target="_blank"
              {...clickTracking("click_location_whatsapp", tracking)}
            >
              {location.whatsapp}
              <span className="visually-hidden"> (öffnet WhatsApp in einem neuen Fenster)</span>
            </a>
          </li>
        ) : null}
      </ul>
    </>
  );
}

/** Directions in Google Maps, in a new window, with its analytics event. */
export function RoutePlannerLink({ location }: { location: Pick<LocationSummary, "slug" | "name" | "street" | "postalCode" | "city"> }) {
  return (
    <a
      className="button button--secondary button--medium"
      href={routeHref(location)}
      rel="noopener"
      target="_blank"
      {...clickTracking("click_location_route", { location_id: location.slug })}
    >
      Route planen<span className="visually-hidden"> zu {location.name} (öffnet Google Maps in einem neuen Fenster)</span>
    </a>
  );
}
