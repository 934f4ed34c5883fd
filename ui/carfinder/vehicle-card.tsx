import { SiteLink } from "#ui/site-link.tsx";
import { clickTracking } from "#ui/analytics/click-tracking.ts";
import { formatEuro } from "#domain/format.ts";
import { CONDITION_LABELS, FUEL_LABELS, formatPower } from "#domain/vehicle-labels.ts";
import type { AcquisitionType, Condition, Fuel } from "#domain/vehicle-vocabulary.ts";
import type { SearchResult } from "#domain/vehicle-search-result.ts";
import { VehicleListToggles } from "./vehicle-list-toggles.tsx";
import { Island } from "#ui/islands/island.tsx";
import { ElectricSymbol } from "#ui/vehicle/electric-symbol.tsx";
import { CardImage } from "#ui/card-image.tsx";

type CardVehicle = SearchResult["vehicles"][number];

const MILEAGE = new Intl.NumberFormat("de-DE");

/** "ab 399 € mtl." for rates, the total price for a purchase; business rates are net. */
export function priceLabel(vehicle: CardVehicle, priceType: AcquisitionType): { amount: string; note: string } {
  if (priceType === "purchase" || vehicle.price === null)
    return { amount: formatEuro(vehicle.pricePurchase), note: "Gesamtpreis inkl. Überführung" };
  const business = priceType.startsWith("business");
  return { amount: `${formatEuro(vehicle.price)} mtl.`, note: business ? "zzgl. MwSt." : "inkl. MwSt." };
}

/** `eager`: the card is in the first screen (the first row of results), so its picture must not wait for lazy loading. */
export function VehicleCard({
  vehicle,
  href,
  priceType,
  eager = false,
}: {
  vehicle: CardVehicle;
  href: string;
  priceType: AcquisitionType;
  eager?: boolean;
}) {
  const price = priceLabel(vehicle, priceType);
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
        <strong>{price.amount}</strong> <span className="vehicle-card__price-note">{price.note}</span>
      </p>
      <Island name="vehicle-list-toggles" component={VehicleListToggles} props={{ vehicleId: vehicle.id, title: vehicle.title }} />
    </article>
  );
}
