import { useRef, useState } from "react";
import { SiteLink } from "#ui/site-link.tsx";
import { formatEuro, formatKm, formatMonth } from "#domain/format.ts";
import { CONDITION_LABELS, FUEL_LABELS, formatPower } from "#domain/vehicle-labels.ts";
import { carfinderPath, vehiclePath } from "#domain/site-paths.ts";
import type { Vehicle } from "#domain/vehicle.ts";
import { PageHead } from "#ui/page-head.tsx";
import { ListNotices } from "#ui/carfinder/list-notices.tsx";
import { FAVOURITES_PATH } from "#ui/carfinder/vehicle-list-toggles.tsx";
import { useListVehicles } from "#ui/carfinder/use-list-vehicles.ts";
import { FAVOURITES_LIMIT } from "#ui/stores/vehicle-list-rules.ts";
import { listVehiclesLoader } from "./list-vehicles-loader.ts";

/**
 * The favourites live in the visitor's browser, so the document renders without vehicles; the page
 * then asks this loader for `?ids=…` through a fetcher (ui/carfinder/use-list-vehicles.ts).
 */
export const loader = listVehiclesLoader(FAVOURITES_LIMIT);

const TITLE = "Meine Favoriten";

export function Component() {
  const { loading, vehicles, locationNames, notices, remove } = useListVehicles("favourites", FAVOURITES_PATH);
  const [announcement, setAnnouncement] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);

  function removeVehicle(vehicle: Vehicle) {
    remove(vehicle.id);
    setAnnouncement(`„${vehicle.title}“ wurde aus Ihren Favoriten entfernt.`);
    // The button is gone with its card: keep keyboard focus on the page, at its heading.
    heading.current?.focus();
  }

  return (
    <article className="page favourites-page">
      <PageHead title={TITLE} description="Ihre gemerkten Fahrzeuge aus dem Bestand der Autohaus Gruppe Nord." />
      <h1 ref={heading} tabIndex={-1}>
        {TITLE}
      </h1>
      <ListNotices notices={notices} announcement={announcement} />
      {loading ? (
        <p className="list-loading" aria-busy="true">
          Ihre Favoriten werden geladen …
        </p>
      ) : vehicles.length === 0 ? (
        <div className="list-empty">
          <p>
            Sie haben noch keine Fahrzeuge gemerkt. Markieren Sie Fahrzeuge in der Fahrzeugsuche mit „Merken“, um sie hier wiederzufinden.
          </p>
          <SiteLink to={carfinderPath()} className="button button--primary button--medium">
            Zur Fahrzeugsuche
          </SiteLink>
        </div>
      ) : (
        <>
          <p className="favourites-page__count">
            {vehicles.length === 1 ? "1 gemerktes Fahrzeug" : `${vehicles.length} gemerkte Fahrzeuge`}
          </p>
          <ul className="favourites-list">
            {vehicles.map((vehicle) => (
              <li key={vehicle.id}>
                <FavouriteCard vehicle={vehicle} locationName={locationNames[vehicle.locationSlug]} onRemove={removeVehicle} />
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}

function FavouriteCard({
  vehicle,
  locationName,
  onRemove,
}: {
  vehicle: Vehicle;
  locationName: string | undefined;
  onRemove: (vehicle: Vehicle) => void;
}) {
  const headingId = `favourite-${vehicle.id}`;
  return (
    <article className="favourite-card" aria-labelledby={headingId}>
      {/* Decorative: the title links right below it. */}
      <img className="favourite-card__image" src={vehicle.images[0]} alt="" width={800} height={500} loading="lazy" decoding="async" />
      <h2 id={headingId} className="favourite-card__title">
        <SiteLink to={vehiclePath(vehicle)}>{vehicle.title}</SiteLink>
      </h2>
      <ul className="favourite-card__facts" aria-label="Fahrzeugdaten">
        <li>{CONDITION_LABELS[vehicle.condition]}</li>
        <li>{vehicle.firstRegistration ? `EZ ${formatMonth(vehicle.firstRegistration)}` : `Baujahr ${vehicle.constructionYear}`}</li>
        <li>{formatKm(vehicle.mileageKm)}</li>
        <li>{formatPower(vehicle.powerHp)}</li>
        <li>{FUEL_LABELS[vehicle.fuel]}</li>
        {locationName ? <li>{locationName}</li> : null}
      </ul>
      <p className="favourite-card__price">
        <strong>{formatEuro(vehicle.price)}</strong> <span className="favourite-card__price-note">Gesamtpreis inkl. Überführung</span>
      </p>
      <button
        type="button"
        className="button button--tertiary button--small favourite-card__remove"
        aria-label={`Entfernen: ${vehicle.title}`}
        onClick={() => onRemove(vehicle)}
      >
        Entfernen
      </button>
    </article>
  );
}
