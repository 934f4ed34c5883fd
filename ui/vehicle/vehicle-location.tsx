import type { Employee, LocationSummary } from "#domain/data-schemas.ts";
import { locationPath } from "#domain/site-paths.ts";
import { clickTracking } from "#ui/analytics/click-tracking.ts";
import { OpeningHoursTable } from "#ui/location/opening-hours.tsx";
import { LocationEmployees } from "#ui/people/location-employees.tsx";
import { SiteLink } from "#ui/site-link.tsx";
import { LocationPhoneLink, StreetLines } from "#ui/location/location-address.tsx";

/**
 * The vehicle page's "Standort": the selling center's address, phone and e-mail, its opening hours
 * (collapsed) and, with the stock setting showEmployees, its salespeople for the vehicle
 * (`contacts`: undefined = setting off, null = directory unreadable). Loaded at the first idle
 * period (routes/vehicle-detail-page.tsx, ui/idle-section.tsx): it is below the offer, plain
 * content, and keeps the page's first load inside 120 KB.
 */
export function VehicleLocation({
  location,
  vehicleId,
  contacts,
}: {
  location: LocationSummary;
  vehicleId: number;
  contacts: readonly Employee[] | null | undefined;
}) {
  const ids = { location_id: location.slug, vehicle_id: String(vehicleId) };
  return (
    <>
      <section aria-labelledby="location-heading" className="vehicle-location">
        <h2 id="location-heading">Standort</h2>
        <address className="location-address">
          <SiteLink to={locationPath(location.slug)}>{location.name}</SiteLink>
          <br />
          <StreetLines location={location} />
          <br />
          Telefon: <LocationPhoneLink location={location} tracking={ids} />
          {location.email ? (
            <>
              <br />
              E-Mail: <a href={`mailto:${location.email}`}>{location.email}</a>
            </>
          ) : null}
        </address>
        {location.openingHours ? (
          <details className="vehicle-location__hours">
            {/* A data-track click (ui/analytics/click-tracking.ts): counted before this section hydrates too. */}
            <summary {...clickTracking("click_vehicle_show_openinghours", ids)}>Öffnungszeiten anzeigen</summary>
            <div className="vehicle-location__tables">
              <OpeningHoursTable caption="Verkauf" hours={location.openingHours.showroom} />
              <OpeningHoursTable caption="Werkstatt" hours={location.openingHours.workshop} />
            </div>
          </details>
        ) : null}
      </section>
      {contacts !== undefined ? <LocationEmployees employees={contacts} locationSlug={location.slug} /> : null}
    </>
  );
}
