import { SiteLink } from "#ui/site-link.tsx";
import { clickTracking } from "#ui/analytics/click-tracking.ts";
import { CONDITION_LABELS, FUEL_LABELS, formatPower } from "#domain/vehicle-labels.ts";
import type { Condition, Fuel } from "#domain/vehicle-vocabulary.ts";
import type { SearchResult } from "#domain/vehicle-search-result.ts";
import { VehicleListToggles } from "./vehicle-list-toggles.tsx";
import { Island } from "#ui/islands/island.tsx";
import { ElectricSymbol } from "#ui/vehicle/electric-symbol.tsx";
import { CardImage } from "#ui/card-image.tsx";
import { germanNumber } from "#domain/german-number.ts";

type CardVehicle = SearchResult["vehicles"][number];

const MILEAGE = germanNumber();

/**
 * `eager`: the card is in the first screen (the first row of results), so its picture must not wait
 * for lazy loading. The price, its legal notes and the energy line come worded from the worker
 * for the price type searched (domain/vehicle-advert.ts).
 */
export function VehicleCard({ vehicle, href, eager = false }: { vehicle: CardVehicle; href: string; eager?: boolean }) {
  const { advert } = vehicle;
  const registration = vehicle.firstRegistration
    ? `EZ ${vehicle.firstRegistration.slice(5)}/${vehicle.firstRegistration.slice(0, 4)}`
    : `Baujahr ${vehicle.constructionYear}`;
  return (
    <article className="vehicle-card" aria-labelledby={`vehicle-${vehicle.id}`}>
      {/* Decorative next to the linked title; the whole card is the link target. */}
      {vehicle.image ? <CardImage className="vehicle-card__image" src={vehicle.image} eager={eager} /> : null}
      <h3 id={`vehicle-${vehicle.id}`} className="vehicle-card__title">
        <SiteLink
          to={href}
          {...clickTracking("click_vehicle_more_details", { vehicle_id: String(vehicle.id), location_id: vehicle.locationSlug })}
        >
          {vehicle.title}
        </SiteLink>
      </h3>
      <p className="vehicle-card__condition">
        {CONDITION_LABELS[vehicle.condition as Condition] ?? vehicle.condition} <ElectricSymbol fuel={vehicle.fuel} />
      </p>
      <ul className="vehicle-card__facts" aria-label="Fahrzeugdaten">
        <li>{registration}</li>
        <li>{MILEAGE.format(vehicle.mileageKm)} km</li>
        <li>{formatPower(vehicle.powerHp)}</li>
        <li>{FUEL_LABELS[vehicle.fuel as Fuel] ?? vehicle.fuel}</li>
      </ul>
      <p className="vehicle-card__price">
        <strong>{advert.price}</strong> <span className="vehicle-card__price-note">{advert.note}</span>
      </p>
      {advert.reduction ? <p className="vehicle-card__reduction">{advert.reduction}</p> : null}
      {advert.energy ? <p className="vehicle-card__energy">{advert.energy}</p> : null}
      <Island name="vehicle-list-toggles" component={VehicleListToggles} props={{ vehicleId: vehicle.id, title: vehicle.title }} />
    </article>
  );
}
