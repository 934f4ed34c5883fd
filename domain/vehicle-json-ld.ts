import type { LocationSummary } from "./data-schemas.ts";
import type { Vehicle } from "./vehicle.ts";
import { BRAND_NAMES } from "./brands.ts";
import { BODY_STYLE_LABELS, FUEL_LABELS, TRANSMISSION_LABELS } from "./vehicle-labels.ts";

/**
 * schema.org data of a vehicle page. Built by the page's loader (imported lazily there), so its
 * code is not part of the page's first load; the page renders the finished text.
 */

const SCHEMA_FUEL: Partial<Record<Vehicle["fuel"], string>> = { petrol: "Benzin", diesel: "Diesel", electric: "Elektro" };

/** schema.org Car for search engines. `url` is the absolute canonical URL. */
export function vehicleJsonLd(vehicle: Vehicle, url: string, origin: string, location: LocationSummary | null): Record<string, unknown> {
  const purchase = vehicle.offers.find((offer) => offer.type === "purchase");
  return {
    "@context": "https://schema.org",
    "@type": "Car",
    name: vehicle.title,
    url,
    sku: String(vehicle.id),
    brand: { "@type": "Brand", name: BRAND_NAMES[vehicle.brand] },
    model: vehicle.modelName,
    image: vehicle.images.map((image) => `${origin}${image}`),
    itemCondition: vehicle.condition === "used" ? "https://schema.org/UsedCondition" : "https://schema.org/NewCondition",
    vehicleModelDate: String(vehicle.constructionYear),
    ...(vehicle.firstRegistration && { dateVehicleFirstRegistered: vehicle.firstRegistration }),
    mileageFromOdometer: { "@type": "QuantitativeValue", value: vehicle.mileageKm, unitCode: "KMT" },
    fuelType: SCHEMA_FUEL[vehicle.fuel] ?? FUEL_LABELS[vehicle.fuel],
    vehicleTransmission: TRANSMISSION_LABELS[vehicle.transmission],
    bodyType: BODY_STYLE_LABELS[vehicle.bodyStyle],
    color: vehicle.exteriorColor,
    numberOfDoors: vehicle.doors,
    seatingCapacity: vehicle.seats,
    vehicleEngine: {
      "@type": "EngineSpecification",
      enginePower: { "@type": "QuantitativeValue", value: vehicle.powerHp, unitCode: "BHP" },
    },
    emissionsCO2: vehicle.wltp.co2Combined,
    ...(vehicle.wltp.consumptionCombined !== undefined && {
      fuelConsumption: { "@type": "QuantitativeValue", value: vehicle.wltp.consumptionCombined, unitText: "l/100 km" },
    }),
    offers: {
      "@type": "Offer",
      price: purchase?.totalPrice ?? vehicle.price,
      priceCurrency: "EUR",
      // An end price either way: with 19 % VAT, or margin-taxed (UStG § 25a) with VAT on the margin
      // that no invoice shows. Never net: business rates are not what this offer names.
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price: purchase?.totalPrice ?? vehicle.price,
        priceCurrency: "EUR",
        valueAddedTaxIncluded: true,
      },
      availability: "https://schema.org/InStock",
      url,
      ...(location && {
        seller: {
          "@type": "AutoDealer",
          name: location.name,
          telephone: location.phone,
          address: postalAddress(location),
        },
      }),
    },
  };
}

/** A center's schema.org PostalAddress (the vehicle's seller here, the center's own page in the worker). */
export function postalAddress(location: { street: string; postalCode: string; city: string }) {
  return {
    "@type": "PostalAddress" as const,
    streetAddress: location.street,
    postalCode: location.postalCode,
    addressLocality: location.city,
    addressCountry: "DE",
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no string can close the tag. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
