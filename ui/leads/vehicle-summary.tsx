import { telHref } from "#domain/phone.ts";
import { SiteLink } from "#ui/site-link.tsx";
import type { LocationSummary } from "#domain/data-schemas.ts";
import { formatKm, formatMonth } from "#domain/format.ts";
import { offerHeadline, offerTitle, sortedOffers } from "#domain/vehicle-detail.ts";
import { FUEL_LABELS, formatPower } from "#domain/vehicle-labels.ts";
import type { Vehicle } from "#domain/vehicle.ts";

/**
 * The vehicle beside a test-drive or interest form ("The vehicle is shown beside the
 * form"): picture, title, the leading offer, key data and the selling location.
 */
export function VehicleSummary({
  vehicle,
  location,
  detailHref,
}: {
  vehicle: Vehicle;
  location: LocationSummary | null;
  detailHref: string;
}) {
  const [offer] = sortedOffers(vehicle);
  const headline = offer ? offerHeadline(offer, vehicle) : null;
  return (
    <aside className="lead-vehicle" aria-labelledby="lead-vehicle-title">
      <img className="lead-vehicle__image" src={vehicle.images[0]} alt="" width={400} height={250} decoding="async" />
      <h2 id="lead-vehicle-title" className="lead-vehicle__title">
        {vehicle.title}
      </h2>
      {offer && headline ? (
        <p className="lead-vehicle__price">
          <span className="lead-vehicle__offer">{offerTitle(offer.type)}</span> <strong>{headline.amount}</strong>{" "}
          <span>{headline.note}</span>
        </p>
      ) : null}
      <ul className="lead-vehicle__facts" aria-label="Fahrzeugdaten">
        <li>{vehicle.firstRegistration ? `EZ ${formatMonth(vehicle.firstRegistration)}` : `Baujahr ${vehicle.constructionYear}`}</li>
        <li>{formatKm(vehicle.mileageKm)}</li>
        <li>{formatPower(vehicle.powerHp)}</li>
        <li>{FUEL_LABELS[vehicle.fuel]}</li>
      </ul>
      {location ? (
        <address className="lead-vehicle__location">
          {location.name}
          <br />
          {location.street}, {location.postalCode} {location.city}
          <br />
          Telefon: <a href={telHref(location.phone)}>{location.phone}</a>
        </address>
      ) : null}
      <p>
        <SiteLink to={detailHref}>Zurück zum Fahrzeug</SiteLink>
      </p>
    </aside>
  );
}
