import { useEffect } from "react";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { formatEuro } from "#domain/format.ts";
import { leaseOfferRows, leaseSectionOf } from "#domain/lease-choices.ts";
import { offerDisclaimer } from "#domain/vehicle-detail.ts";
import { LeaseFacts, LeasePerks } from "#ui/vehicle/lease-parts.tsx";
import { locationPath, vehiclePath, vehicleFormPath } from "#domain/site-paths.ts";
import { leasePath, leaseCalculatorPath } from "#domain/lease-paths.ts";
import { PageHead } from "#ui/page-head.tsx";
import { SiteLink } from "#ui/site-link.tsx";
import { ImageGallery } from "#ui/vehicle/image-gallery.tsx";
import { cacheData, trackEvent } from "#ui/analytics/analytics.ts";
import { expectedError } from "./route-errors.ts";

/**
 * A lease vehicle (/stock/private-lease/{vehicle}, /stock/business-lease/{vehicle}, each also under /{brand}; spec section 3
 * "Lease offer: color, monthly price, duration, annual mileage, monthly mileage, deposit,
 * establishment fee, complete price, tax included or excluded, standard equipment, contract
 * terms"). A vehicle without that lease offer is lease-vehicle-not-found.
 */
export async function loader(args: LoaderFunctionArgs) {
  const section = leaseSectionOf(args.params.leaseType);
  if (!section) expectedError("lease-vehicle-not-found", `Lease section not found: ${args.params.leaseType ?? ""}`);
  // The loader module (param schemas, zod) loads with the loader, not with the page (ADR 0006).
  const { loadVehicleRoute } = await import("./vehicle-loader.ts");
  // /{brand}/stock/{type}/{vehicle} too: another brand's vehicle there is lease-vehicle-not-found.
  const route = await loadVehicleRoute(args, "lease-vehicle-not-found", (vehicle, brand) => leasePath(section.key, brand, vehicle));
  const offer = route.vehicle.offers.find((candidate) => candidate.type === section.type);
  if (!offer) expectedError("lease-vehicle-not-found", `No ${section.type} offer: ${route.vehicle.id}`);
  const { groupEquipment } = await import("#domain/equipment.ts");
  // The vehicle's own equipment as its data lists it: an excerpt, not a claim of what is standard.
  const equipment = groupEquipment(route.vehicle.equipment)
    .flatMap((group) => group.items)
    .slice(0, 12);
  return { section, vehicle: route.vehicle, brand: route.brand, location: route.location, offer, equipment };
}

export function Component() {
  const { section, vehicle, brand, location, offer, equipment } = useLoaderData<typeof loader>();
  const months = offer.contractDurationMonths;
  const kmPerYear = offer.annualDistanceKm;
  const detail = vehiclePath(vehicle, brand);
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
  const rows = leaseOfferRows(vehicle, offer, section);
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
          <li>{offerDisclaimer(offer, vehicle)}</li>
          <li>Ein Angebot {offer.bank ? `der ${offer.bank}` : "unseres Leasingpartners"}, Bonität vorausgesetzt.</li>
        </ul>
      </section>
      {equipment.length > 0 ? (
        <section aria-labelledby="lease-equipment-heading">
          <h2 id="lease-equipment-heading">Ausstattung (Auszug)</h2>
          <ul className="lease-equipment">
            {equipment.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <p>
        <SiteLink to={detail}>Alle Fahrzeugdaten</SiteLink>
        {location ? (
          <>
            {" · "}
            <SiteLink to={locationPath(location.slug)}>{location.name}</SiteLink>
          </>
        ) : null}
      </p>
    </article>
  );
}
