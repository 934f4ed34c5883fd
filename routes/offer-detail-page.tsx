import { useEffect } from "react";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { formatEuro } from "#domain/format.ts";
import { isFinanceSection, offerSectionOf, type FinanceSection } from "#domain/offer-sections.ts";
import type { LeaseSection } from "#domain/lease-choices.ts";
import type { OfferDetailView } from "./offer-detail-view.ts";
import { EnergyLabelSlot } from "#ui/vehicle/energy-label-slot.tsx";
import type { LocationSummary } from "#domain/data-schemas.ts";
import type { Offer, Vehicle } from "#domain/vehicle.ts";
import { LeaseFacts, LeasePerks } from "#ui/vehicle/lease-parts.tsx";
import { locationPath, vehiclePath, vehicleFormPath } from "#domain/site-paths.ts";
import { leaseCalculatorPath, offerSectionPath } from "#domain/lease-paths.ts";
import { PageHead } from "#ui/page-head.tsx";
import { SiteLink } from "#ui/site-link.tsx";
import { useSiteSettings } from "#ui/site-context.tsx";
import { ImageGallery } from "#ui/vehicle/image-gallery.tsx";
import { cacheData, trackEvent } from "#ui/analytics/analytics.ts";
import { expectedError } from "./route-errors.ts";

/**
 * A vehicle of an offer section under "stock": /stock/{section}/{vehicle}, also under /{brand}.
 * A lease vehicle (private-lease, business-lease; spec section 3 "Lease offer: color, monthly
 * price, duration, annual mileage, monthly mileage, deposit, establishment fee, complete price,
 * tax included or excluded, standard equipment, contract terms") or a finance vehicle
 * (private-finance, business-finance; spec section 3 "Detail sections per offer type … have data
 * fields, a disclaimer and actions (testdrive, interest)"). A vehicle without that offer is
 * lease-vehicle-not-found on a lease page and vehicle-not-found on a finance page (the spec's
 * error kinds have no finance offer of their own).
 */
export async function loader(args: LoaderFunctionArgs) {
  const section = offerSectionOf(args.params.offerSection);
  if (!section) expectedError("lease-vehicle-not-found", `Offer section not found: ${args.params.offerSection ?? ""}`);
  const notFound = isFinanceSection(section) ? "vehicle-not-found" : "lease-vehicle-not-found";
  // The loader module (param schemas, zod) loads with the loader, not with the page (ADR 0006).
  const { loadVehicleRoute } = await import("./vehicle-loader.ts");
  // /{brand}/stock/{section}/{vehicle} too: another brand's vehicle there is not found.
  const route = await loadVehicleRoute(args, notFound, (vehicle, brand) => offerSectionPath(section.key, brand, vehicle));
  const offer = route.vehicle.offers.find((candidate) => candidate.type === section.type);
  if (!offer) expectedError(notFound, `No ${section.type} offer: ${route.vehicle.id}`);
  const [{ groupEquipment }, { offerDetailView }] = await Promise.all([import("#domain/equipment.ts"), import("./offer-detail-view.ts")]);
  // The vehicle's own equipment as its data lists it: an excerpt, not a claim of what is standard.
  const equipment = groupEquipment(route.vehicle.equipment)
    .flatMap((group) => group.items)
    .slice(0, 12);
  const view = offerDetailView(section, route.vehicle, offer);
  return { section, vehicle: route.vehicle, brand: route.brand, location: route.location, offer, equipment, view };
}

interface OfferPageProps {
  vehicle: Vehicle;
  brand: string | null;
  location: LocationSummary | null;
  offer: Offer;
  equipment: string[];
  view: OfferDetailView;
}

export function Component() {
  const { section, ...props } = useLoaderData<typeof loader>();
  return isFinanceSection(section) ? <FinanceVehicle section={section} {...props} /> : <LeaseVehicle section={section} {...props} />;
}

function LeaseVehicle({ section, vehicle, brand, location, offer, equipment, view }: OfferPageProps & { section: LeaseSection }) {
  const months = offer.contractDurationMonths;
  const kmPerYear = offer.annualDistanceKm;
  useEffect(() => {
    cacheData("lease_vehicles", vehicle.id, {
      id: vehicle.id,
      title: vehicle.title,
      type: section.type,
      rate: offer.price,
      months,
      kmPerYear,
    });
    trackEvent("view_lease_vehicle_detail", { vehicle_id: String(vehicle.id), location_id: vehicle.locationSlug });
  }, [vehicle.id, vehicle.title, vehicle.locationSlug, section.type, offer.price, months, kmPerYear]);
  const rows = view.leaseRows;
  return (
    <article className="page lease-detail">
      <PageHead
        title={`${section.title}: ${vehicle.title}`}
        description={`${vehicle.title} im ${section.title} für ${formatEuro(offer.price)} monatlich.`}
      />
      <div className="model-page__top">
        <ImageGallery images={vehicle.images} title={vehicle.title} />
        <div>
          <p className="vehicle-summary__condition">{section.title}</p>
          <h1>{vehicle.title}</h1>
          <p className="model-page__price">
            <strong>{formatEuro(offer.price)} mtl.</strong>
            <span className="model-page__price-note">{section.tax}</span>
          </p>
          <LeasePerks />
          <div className="button-row">
            <SiteLink
              className="button button--primary button--large"
              to={`${vehicleFormPath(vehicle, "interest", brand)}?angebot=${section.type}`}
            >
              Leasing anfragen
            </SiteLink>
            <SiteLink className="button button--secondary button--large" to={leaseCalculatorPath(vehicle, brand)}>
              Eigene Rate berechnen
            </SiteLink>
          </div>
        </div>
      </div>
      <section aria-labelledby="lease-terms-heading">
        <h2 id="lease-terms-heading">Leasingangebot</h2>
        <LeaseFacts rows={rows} />
        <h3>Vertragsbedingungen</h3>
        <ul>
          <li>Kilometerleasing: Mehr- und Minderkilometer werden am Vertragsende abgerechnet.</li>
          <li>{view.disclaimer}</li>
          <li>Ein Angebot {offer.bank ? `der ${offer.bank}` : "unseres Leasingpartners"}, Bonität vorausgesetzt.</li>
        </ul>
      </section>
      <VehicleMore
        vehicle={vehicle}
        brand={brand}
        location={location}
        equipment={equipment}
        view={view}
        headingId="lease-equipment-heading"
      />
    </article>
  );
}

/**
 * The finance offer: its rate with the VAT wording of the vehicle (UStG § 25a), the representative
 * example (§ 17 Abs. 4 PAngV) and the offer's other figures, the disclaimer, and the actions the
 * stock settings offer (test drive, interest; with the offer preselected, as on the vehicle page).
 */
function FinanceVehicle({ section, vehicle, brand, location, equipment, view }: OfferPageProps & { section: FinanceSection }) {
  const { ctaActions } = useSiteSettings().stock;
  const { headline, financeFurther: further } = view;
  const query = `?angebot=${section.type}`;
  return (
    <article className="page lease-detail">
      <PageHead
        title={`${section.title}: ${vehicle.title}`}
        description={`${vehicle.title} mit ${section.title} für ${headline.amount} (${headline.note}).`}
      />
      <div className="model-page__top">
        <ImageGallery images={vehicle.images} title={vehicle.title} />
        <div>
          <p className="vehicle-summary__condition">{section.title}</p>
          <h1>{vehicle.title}</h1>
          <p className="model-page__price">
            <strong>{headline.amount}</strong>
            <span className="model-page__price-note">{headline.note}</span>
          </p>
          <div className="button-row">
            {ctaActions.testdrive ? (
              <SiteLink className="button button--primary button--large" to={`${vehicleFormPath(vehicle, "testDrive", brand)}${query}`}>
                Probefahrt vereinbaren
              </SiteLink>
            ) : null}
            {ctaActions.interest ? (
              <SiteLink className="button button--secondary button--large" to={`${vehicleFormPath(vehicle, "interest", brand)}${query}`}>
                Finanzierung anfragen
              </SiteLink>
            ) : null}
          </div>
        </div>
      </div>
      <section aria-labelledby="finance-example-heading">
        <h2 id="finance-example-heading">Repräsentatives Beispiel gemäß § 17 Abs. 4 PAngV</h2>
        <LeaseFacts rows={view.financeExample} />
        {further.length > 0 ? (
          <>
            <h3>Weitere Angaben zum Angebot</h3>
            <LeaseFacts rows={further} />
          </>
        ) : null}
        <p>{view.disclaimer}</p>
      </section>
      <VehicleMore
        vehicle={vehicle}
        brand={brand}
        location={location}
        equipment={equipment}
        view={view}
        headingId="finance-equipment-heading"
      />
    </article>
  );
}

/** An excerpt of the equipment and the ways on: all vehicle data, the selling center. */
function VehicleMore({
  vehicle,
  brand,
  location,
  equipment,
  view,
  headingId,
}: Pick<OfferPageProps, "vehicle" | "brand" | "location" | "equipment" | "view"> & { headingId: string }) {
  const { stock } = useSiteSettings();
  // A lease or finance offer of a new car is an advert of it: the Pkw-EnVKV values as on its page.
  const { legalLabel } = view;
  return (
    <>
      {stock.wltp || legalLabel ? (
        <EnergyLabelSlot
          rows={view.energyRows}
          co2Class={vehicle.wltp.co2Class}
          co2ClassDischarged={vehicle.wltp.co2ClassDischarged}
          legal={legalLabel}
          scale={stock.co2Image}
        />
      ) : null}
      {equipment.length > 0 ? (
        <section aria-labelledby={headingId}>
          <h2 id={headingId}>Ausstattung (Auszug)</h2>
          <ul className="lease-equipment">
            {equipment.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        <SiteLink to={vehiclePath(vehicle, brand)}>Alle Fahrzeugdaten</SiteLink>
        {location ? (
          <>
            {" · "}
            <SiteLink to={locationPath(location.slug)}>{location.name}</SiteLink>
          </>
        ) : null}
      </p>
    </>
  );
}
