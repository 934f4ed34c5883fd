import { useEffect } from "react";
import type { LocationSummary, SocialNetwork } from "#domain/data-schemas.ts";
import { cacheData, trackEvent } from "#ui/analytics/analytics.ts";
import { clickTracking } from "#ui/analytics/click-tracking.ts";
import { SiteLink } from "#ui/site-link.tsx";
import { OpeningHoursTable } from "./opening-hours.tsx";
import { OpeningStatusLine, type ClosedDay } from "./opening-status.tsx";
import { brandNames } from "./location-links.ts";
import { LocationContactList, RoutePlannerLink } from "./location-contact-list.tsx";
import { carfinderPath } from "#domain/site-paths.ts";

/**
 * Everything a visitor looks for on a center's page (spec section 2 "Location … detail, opening
 * hours"; section 3 "Location"): how to reach it (phone, e-mail, WhatsApp, directions), when it
 * is open (showroom and workshop by weekday, "open now" in Europe/Berlin, the next public
 * holidays of its state), what it offers (services, brands), the company details (VAT id, IBAN)
 * and its social channels. Every contact link fires its analytics event (click_location_*).
 */

const SOCIAL_LABELS: ReadonlyMap<SocialNetwork, string> = new Map([
  ["facebook", "Facebook"],
  ["instagram", "Instagram"],
  ["youtube", "YouTube"],
  ["linkedin", "LinkedIn"],
  ["xing", "XING"],
]);

export function LocationContact({ location }: { location: LocationSummary }) {
  return (
    <section className="location-details__section" aria-labelledby="location-contact-heading">
      <h2 id="location-contact-heading">Kontakt</h2>
      <LocationContactList location={location} />
      <p>
        <RoutePlannerLink location={location} />
      </p>
    </section>
  );
}

/** The center's public holidays of the next weeks, with a label ("Fr, 25.12."); null: its state is unknown. */
export type LocationHolidays = Array<ClosedDay & { label: string }> | null;

interface LocationPageProps {
  location: LocationSummary;
  holidays: LocationHolidays;
  /** When the server rendered the page (ISO): the "open now" line is computed for this moment. */
  renderedAt: string;
}

export function LocationOpeningHours({ location, holidays, renderedAt }: LocationPageProps) {
  const hours = location.openingHours;
  if (!hours) return null;
  return (
    <section className="location-details__section" aria-labelledby="location-hours-heading">
      <h2 id="location-hours-heading">Öffnungszeiten</h2>
      <div className="location-hours">
        <div>
          {holidays ? <OpeningStatusLine label="Verkauf" hours={hours.showroom} holidays={holidays} renderedAt={renderedAt} /> : null}
          <OpeningHoursTable caption="Verkauf" hours={hours.showroom} />
        </div>
        <div>
          {holidays ? <OpeningStatusLine label="Werkstatt" hours={hours.workshop} holidays={holidays} renderedAt={renderedAt} /> : null}
          <OpeningHoursTable caption="Werkstatt" hours={hours.workshop} />
        </div>
      </div>
      {holidays && holidays.length > 0 ? (
        <p className="location-hours__holidays">
          An Feiertagen geschlossen: {holidays.map((holiday) => `${holiday.label} (${holiday.name})`).join(", ")}
        </p>
      ) : null}
    </section>
  );
}

/** The whole detail: the location page's body and the location-detail stock block. */
export function LocationDetails({ location, holidays, renderedAt }: LocationPageProps) {
  const brands = brandNames(location.brands);
  useEffect(() => {
    cacheData("locations", location.slug, { id: location.slug, name: location.name, city: location.city, brands: location.brands });
    trackEvent("view_location_detail", { location_id: location.slug });
  }, [location]);
  return (
    <div className="location-details">
      <LocationContact location={location} />
      <LocationOpeningHours location={location} holidays={holidays} renderedAt={renderedAt} />
      {brands.length > 0 || location.services.length > 0 ? (
        <section className="location-details__section" aria-labelledby="location-services-heading">
          <h2 id="location-services-heading">Marken und Leistungen</h2>
          {brands.length > 0 ? <p className="location-details__brands">{brands.join(" · ")}</p> : null}
          {location.services.length > 0 ? (
            <ul className="location-services">
              {location.services.map((service) => (
                <li key={service}>{service}</li>
              ))}
            </ul>
          ) : null}
          <p>
            <SiteLink to={`${carfinderPath()}?location=${encodeURIComponent(location.slug)}`}>
              Fahrzeuge an diesem Standort ansehen
            </SiteLink>
          </p>
        </section>
      ) : null}
      {location.social.length > 0 ? (
        <section className="location-details__section" aria-labelledby="location-social-heading">
          <h2 id="location-social-heading">Folgen Sie uns</h2>
          <ul className="location-social">
            {location.social.map(({ network, url }) => (
              <li key={url}>
                <a href={url} rel="noopener" target="_blank" {...clickTracking("click_social", { network, location_id: location.slug })}>
                  {SOCIAL_LABELS.get(network) ?? network}
                  <span className="visually-hidden"> (öffnet in einem neuen Fenster)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {location.vatId || location.iban ? (
        <section className="location-details__section" aria-labelledby="location-company-heading">
          <h2 id="location-company-heading">Unternehmensangaben</h2>
          <dl className="location-company">
            {location.vatId ? (
              <>
                <dt>USt-IdNr.</dt>
                <dd>{location.vatId}</dd>
              </>
            ) : null}
            {location.iban ? (
              <>
                <dt>IBAN</dt>
                <dd>{location.iban}</dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}
    </div>
  );
}
