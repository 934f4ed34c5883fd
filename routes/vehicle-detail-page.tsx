import { useEffect } from "react";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { SiteLink } from "#ui/site-link.tsx";
import { groupEquipment } from "#domain/equipment.ts";
import { formatKm, formatMonth } from "#domain/format.ts";
import { vehiclePath, vehicleFormPath } from "#domain/site-paths.ts";
import { leaseCalculatorPath } from "#domain/lease-paths.ts";
import { CONDITION_LABELS, FUEL_LABELS, formatPower } from "#domain/vehicle-labels.ts";
import type { DetailView } from "./vehicle-detail-loader.ts";
import type { Vehicle } from "#domain/vehicle.ts";
import { cacheData, trackEvent } from "#ui/analytics/analytics.ts";
import { VehicleListToggles } from "#ui/carfinder/vehicle-list-toggles.tsx";
import { VehicleLocationSlot } from "#ui/vehicle/vehicle-location-slot.tsx";
import { FactList } from "#ui/fact-list.tsx";
import { PageHead } from "#ui/page-head.tsx";
import { useSiteSettings } from "#ui/site-context.tsx";
import type { StockSettings } from "#domain/site-settings.ts";
import { EnergyLabelSlot } from "#ui/vehicle/energy-label-slot.tsx";
import { ImageGallery } from "#ui/vehicle/image-gallery.tsx";
import { ShareButton } from "#ui/vehicle/share-button.tsx";
import { ElectricSymbol } from "#ui/vehicle/electric-symbol.tsx";
import { useRootData } from "#ui/root-data.ts";

export async function loader(args: LoaderFunctionArgs) {
  // The loader's work (param schemas and zod, JSON-LD, the price history) loads with the loader, not with the page (ADR 0006).
  const { loadVehicleDetail } = await import("./vehicle-detail-loader.ts");
  return loadVehicleDetail(args);
}

function OfferSection({
  offer,
  vehicle,
  brand,
  open,
  cta,
}: {
  offer: DetailView["offers"][number];
  vehicle: Vehicle;
  brand: string | null;
  open: boolean;
  cta: StockSettings["ctaActions"];
}) {
  const { headline } = offer;
  const query = offer.type === "purchase" ? "" : `?angebot=${offer.type}`;
  return (
    <details className="offer" open={open}>
      <summary className="offer__summary">
        <span className="offer__title">{offer.title}</span>
        <span className="offer__amount">
          <strong>{headline.amount}</strong> <span className="offer__note">{headline.note}</span>
        </span>
      </summary>
      <FactList rows={offer.rows} className="fact-list offer__rows" />
      <p className="offer__disclaimer">{offer.disclaimer}</p>
      {offer.type === "private_lease" || offer.type === "business_lease" ? (
        <p>
          <SiteLink to={leaseCalculatorPath(vehicle, brand)}>Eigene Leasingrate berechnen</SiteLink>
        </p>
      ) : null}
      <div className="button-row">
        {cta.testdrive ? (
          <SiteLink className="button button--primary button--medium" to={`${vehicleFormPath(vehicle, "testDrive", brand)}${query}`}>
            Probefahrt vereinbaren
          </SiteLink>
        ) : null}
        {cta.interest ? (
          <SiteLink className="button button--secondary button--medium" to={`${vehicleFormPath(vehicle, "interest", brand)}${query}`}>
            Interesse bekunden
          </SiteLink>
        ) : null}
      </div>
    </details>
  );
}

export function Component() {
  const { vehicle, brand, location, jsonLd, reduction, contacts, view } = useLoaderData<typeof loader>();
  const root = useRootData();
  const origin = root?.origin ?? "";
  const url = `${origin}${vehiclePath(vehicle)}`;
  const { offers, packages, legalLabel } = view;
  const { stock } = useSiteSettings();
  // The schema guarantees a first offer (purchase first): its headline is the page's price.
  const purchase = offers[0]?.headline ?? { amount: "", note: "" };
  const equipment = groupEquipment(vehicle.equipment);
  const registration = vehicle.firstRegistration ? `EZ ${formatMonth(vehicle.firstRegistration)}` : `Baujahr ${vehicle.constructionYear}`;

  useEffect(() => {
    cacheData("vehicles", vehicle.id, {
      id: vehicle.id,
      brand: vehicle.brand,
      model: vehicle.model,
      title: vehicle.title,
      price: vehicle.price,
      condition: vehicle.condition,
    });
    trackEvent("view_vehicle_detail", { vehicle_id: String(vehicle.id), location_id: vehicle.locationSlug });
  }, [vehicle]);

  return (
    <article className="page vehicle-page" aria-labelledby="vehicle-title">
      <PageHead
        title={vehicle.title}
        description={`${vehicle.title}: ${CONDITION_LABELS[vehicle.condition]}, ${registration}, ${formatKm(vehicle.mileageKm)}, ${formatPower(vehicle.powerHp)} – ${purchase.amount}. Jetzt Probefahrt vereinbaren.`}
      />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD made by jsonLdText, which escapes "<" so no value can close the script */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <div className="vehicle-page__top">
        <ImageGallery images={vehicle.images} title={vehicle.title} spin={vehicle.spin} />
        <aside className="vehicle-summary" aria-label="Zusammenfassung">
          <p className="vehicle-summary__condition">{CONDITION_LABELS[vehicle.condition]}</p>
          <h1 id="vehicle-title">{vehicle.title}</h1>
          <ElectricSymbol fuel={vehicle.fuel} />
          <ul className="vehicle-summary__facts" aria-label="Eckdaten">
            <li>{registration}</li>
            <li>{formatKm(vehicle.mileageKm)}</li>
            <li>{formatPower(vehicle.powerHp)}</li>
            <li>{FUEL_LABELS[vehicle.fuel]}</li>
          </ul>
          <p className="price">
            <span className="visually-hidden">Preis: </span>
            {purchase.amount}
            <span className="price__note">{purchase.note}</span>
          </p>
          {reduction ? (
            <p className="vehicle-summary__reduction">
              <span className="badge-reduced">{`Preis gesenkt um ${reduction.percent} %`}</span>{" "}
              {`Niedrigster Preis der 30 Tage vor der Senkung am ${reduction.since}: ${reduction.lowest30Days}`}
            </p>
          ) : null}
          {vehicle.listPrice && vehicle.listPrice > vehicle.price ? (
            <p className="vehicle-summary__discount">
              Sie sparen {Math.round((1 - vehicle.price / vehicle.listPrice) * 100)} % gegenüber der unverbindlichen Preisempfehlung.
            </p>
          ) : null}
          <div className="button-row">
            {stock.ctaActions.testdrive ? (
              <SiteLink className="button button--primary button--large" to={vehicleFormPath(vehicle, "testDrive", brand)}>
                Probefahrt vereinbaren
              </SiteLink>
            ) : null}
            {stock.ctaActions.interest ? (
              <SiteLink className="button button--secondary button--large" to={vehicleFormPath(vehicle, "interest", brand)}>
                Interesse bekunden
              </SiteLink>
            ) : null}
          </div>
          {stock.autoproffTradeIn ? (
            <p className="vehicle-summary__trade-in">
              <SiteLink to="/inzahlungnahme">Ihr Fahrzeug in Zahlung geben: jetzt bewerten lassen</SiteLink>
            </p>
          ) : null}
          <VehicleListToggles vehicleId={vehicle.id} title={vehicle.title} />
          <ShareButton title={vehicle.title} url={url} />
        </aside>
      </div>

      <section aria-labelledby="offers-heading">
        <h2 id="offers-heading">Preise und Angebote</h2>
        {offers.map((offer, index) => (
          <OfferSection key={offer.type} offer={offer} vehicle={vehicle} brand={brand} open={index === 0} cta={stock.ctaActions} />
        ))}
      </section>

      {/* Stock setting wltp; where Pkw-EnVKV requires the values (new passenger cars), the law wins over the setting. */}
      {stock.wltp || legalLabel ? (
        <EnergyLabelSlot
          rows={view.energyRows}
          co2Class={vehicle.wltp.co2Class}
          co2ClassDischarged={vehicle.wltp.co2ClassDischarged}
          legal={legalLabel}
          scale={stock.co2Image}
        />
      ) : null}

      <section aria-labelledby="data-heading">
        <h2 id="data-heading">Fahrzeugdaten</h2>
        <FactList rows={view.dataRows} className="fact-list fact-list--columns" />
      </section>

      <section aria-labelledby="equipment-heading">
        <h2 id="equipment-heading">Ausstattung</h2>
        {equipment.length === 0 ? (
          <p>Zu diesem Fahrzeug liegen keine Ausstattungsangaben vor.</p>
        ) : (
          <div className="equipment-groups">
            {equipment.map((group) => (
              <section key={group.group} aria-labelledby={`equipment-${group.group}`}>
                <h3 id={`equipment-${group.group}`}>{group.label}</h3>
                <ul className="equipment-list">
                  {group.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </section>

      {packages.length > 0 ? (
        <section aria-labelledby="delivery-heading">
          <h2 id="delivery-heading">Lieferpakete</h2>
          <ul className="delivery-packages">
            {packages.map((item) => (
              <li key={item.title}>
                <h3>{item.title}</h3>
                <p>{item.description}</p>
                <p className="delivery-packages__price">{item.price}</p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {/* Address, opening hours and (stock setting showEmployees) the salespeople, hydrated at the first idle period. */}
      {location ? <VehicleLocationSlot location={location} vehicleId={vehicle.id} contacts={contacts} /> : null}
    </article>
  );
}
