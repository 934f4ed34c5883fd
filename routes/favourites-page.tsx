import { SiteLink } from "#ui/site-link.tsx";
import { formatEuro, formatKm, formatMonth } from "#domain/format.ts";
import { CONDITION_LABELS, FUEL_LABELS, formatPower } from "#domain/vehicle-labels.ts";
import { vehiclePath } from "#domain/site-paths.ts";
import type { Vehicle } from "#domain/vehicle.ts";
import { RemoveButton, useVehicleListPage, VehicleListPage } from "#ui/carfinder/vehicle-list-page.tsx";
import { FAVOURITES_PATH } from "#ui/carfinder/vehicle-list-toggles.tsx";
import { listVehiclesLoader } from "./list-vehicles-loader.ts";
import type { ListedVehicle } from "#ui/carfinder/use-list-vehicles.ts";

/**
 * The favourites live in the visitor's browser; the document is rendered with the vehicles their
 * cookie mirror names, and the page asks this loader for `?ids=…` through a fetcher for any the
 * stored list adds (routes/list-vehicles-loader.ts, ui/carfinder/use-list-vehicles.ts).
 */
export const loader = listVehiclesLoader("favourites");

export function Component() {
  const page = useVehicleListPage("favourites", FAVOURITES_PATH, "Ihren Favoriten");
  const { vehicles, locationNames, removeVehicle } = page;
  return (
    <VehicleListPage
      className="favourites-page"
      title="Meine Favoriten"
      description="Ihre gemerkten Fahrzeuge aus dem Bestand der Autohaus Gruppe Nord."
      page={page}
      loadingText="Ihre Favoriten werden geladen …"
      empty="Sie haben noch keine Fahrzeuge gemerkt. Markieren Sie Fahrzeuge in der Fahrzeugsuche mit „Merken“, um sie hier wiederzufinden."
    >
      <p className="favourites-page__count">{vehicles.length === 1 ? "1 gemerktes Fahrzeug" : `${vehicles.length} gemerkte Fahrzeuge`}</p>
      <ul className="favourites-list">
        {vehicles.map((vehicle, index) => (
          <li key={vehicle.id}>
            <FavouriteCard
              vehicle={vehicle}
              locationName={locationNames[vehicle.locationSlug]}
              onRemove={removeVehicle}
              first={index === 0}
            />
          </li>
        ))}
      </ul>
    </VehicleListPage>
  );
}

function FavouriteCard({
  vehicle,
  locationName,
  onRemove,
  first,
}: {
  vehicle: ListedVehicle;
  locationName: string | undefined;
  onRemove: (vehicle: Vehicle) => void;
  /** The first card's photo is the page's largest paint: loaded at once, not lazily. */
  first: boolean;
}) {
  const headingId = `favourite-${vehicle.id}`;
  const { advert } = vehicle;
  return (
    <article className="favourite-card" aria-labelledby={headingId}>
      {/* Decorative: the title links right below it. */}
      <img
        className="favourite-card__image"
        src={vehicle.images[0]}
        alt=""
        width={800}
        height={500}
        loading={first ? undefined : "lazy"}
        fetchPriority={first ? "high" : undefined}
        decoding="async"
      />
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
        <strong>{advert?.price ?? formatEuro(vehicle.price)}</strong>{" "}
        <span className="favourite-card__price-note">{advert?.note ?? "Gesamtpreis inkl. Überführung"}</span>
      </p>
      {advert?.reduction ? <p className="favourite-card__reduction">{advert.reduction}</p> : null}
      {advert?.energy ? <p className="favourite-card__energy">{advert.energy}</p> : null}
      <RemoveButton vehicle={vehicle} onRemove={onRemove} className="button button--tertiary button--small favourite-card__remove" />
    </article>
  );
}
