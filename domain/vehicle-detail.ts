import { BRAND_NAMES } from "./brands.ts";
import { formatEuro, formatKm, formatMonth } from "./format.ts";
import {
  BODY_STYLE_LABELS,
  CATEGORY_LABELS,
  CONDITION_LABELS,
  DRIVE_LABELS,
  FUEL_LABELS,
  INTERIOR_MATERIAL_LABELS,
  PRICE_TYPE_LABELS,
  TRANSMISSION_LABELS,
  formatPower,
} from "./vehicle-labels.ts";
import type { Offer, Vehicle } from "./vehicle.ts";
import type { Row } from "./energy-facts.ts";

import { isLeaseOffer, offerDisclaimer, offerHeadline } from "./offer-wording.ts";

export { energyRows, type Row } from "./energy-facts.ts";
export { offerDisclaimer, offerHeadline };
import { DELIVERY_PACKAGE_KINDS, type AcquisitionType, type DeliveryPackageKind } from "./vehicle-vocabulary.ts";
import { germanNumber } from "./german-number.ts";

/**
 * What the vehicle detail page shows, as plain rows: vehicle data, price rows
 * per offer type with the financing fields, the Pkw-EnVKV energy facts and the schema.org Car.
 * Pure, so the legal wording is unit-tested; ui/vehicle/* only lays the rows out.
 */

const NUMBER = germanNumber();
const PERCENT = germanNumber({ min: 2, max: 2 });

const EMISSION_CLASS_LABELS: Record<Vehicle["emissionClass"], string> = {
  euro7: "Euro 7",
  euro6d: "Euro 6d",
  "euro6d-temp": "Euro 6d-TEMP",
  euro6: "Euro 6",
  euro5: "Euro 5",
};

/** The vehicle data table ("Fahrzeugdaten"); fields a vehicle lacks are left out. */
export function vehicleDataRows(vehicle: Vehicle): Row[] {
  const rows: Array<Row | null> = [
    { label: "Marke", value: BRAND_NAMES[vehicle.brand] },
    { label: "Modell", value: vehicle.modelName },
    { label: "Fahrzeugzustand", value: CONDITION_LABELS[vehicle.condition] },
    { label: "Kategorie", value: CATEGORY_LABELS[vehicle.category] },
    { label: "Karosserieform", value: BODY_STYLE_LABELS[vehicle.bodyStyle] },
    vehicle.firstRegistration ? { label: "Erstzulassung", value: formatMonth(vehicle.firstRegistration) } : null,
    { label: "Baujahr", value: String(vehicle.constructionYear) },
    { label: "Kilometerstand", value: formatKm(vehicle.mileageKm) },
    { label: "Leistung", value: formatPower(vehicle.powerHp) },
    { label: "Kraftstoff", value: FUEL_LABELS[vehicle.fuel] },
    { label: "Getriebe", value: TRANSMISSION_LABELS[vehicle.transmission] },
    { label: "Antrieb", value: DRIVE_LABELS[vehicle.driveType] },
    vehicle.drivenAxles ? { label: "Angetriebene Achsen", value: String(vehicle.drivenAxles) } : null,
    { label: "Außenfarbe", value: vehicle.exteriorColor },
    { label: "Innenausstattung", value: `${INTERIOR_MATERIAL_LABELS[vehicle.interiorMaterial]}, ${vehicle.interiorColor}` },
    { label: "Sitzplätze", value: String(vehicle.seats) },
    { label: "Türen", value: String(vehicle.doors) },
    vehicle.alloyWheelInch ? { label: "Leichtmetallfelgen", value: `${vehicle.alloyWheelInch} Zoll` } : null,
    vehicle.electricRangeKm ? { label: "Elektrische Reichweite (WLTP)", value: formatKm(vehicle.electricRangeKm) } : null,
    { label: "Anhängerkupplung", value: vehicle.towbar ? "Ja" : "Nein" },
    vehicle.towingWeightKg ? { label: "Anhängelast (gebremst)", value: `${NUMBER.format(vehicle.towingWeightKg)} kg` } : null,
    vehicle.maxWeightKg ? { label: "Zulässiges Gesamtgewicht", value: `${NUMBER.format(vehicle.maxWeightKg)} kg` } : null,
    { label: "Schadstoffklasse", value: EMISSION_CLASS_LABELS[vehicle.emissionClass] },
    { label: "MwSt. ausweisbar", value: vehicle.vatReportable ? "Ja" : "Nein" },
    { label: "Garantie", value: vehicle.warrantyMonths > 0 ? `${vehicle.warrantyMonths} Monate` : "Keine" },
    { label: "Fahrzeugnummer", value: String(vehicle.id) },
  ];
  return rows.filter((row): row is Row => row !== null);
}

/** Offer types in the order the detail page lists them. */
export const OFFER_ORDER: AcquisitionType[] = ["purchase", "private_finance", "business_finance", "private_lease", "business_lease"];

/**
 * The price rows of one offer. Finance rows carry what § 6a PAngV and § 17 PAngV ask of credit
 * advertising: borrowing rate, effective annual rate, net loan amount, total amount, the bank.
 */
export function offerRows(offer: Offer, vehicle: Pick<Vehicle, "price" | "listPrice">): Row[] {
  const euro = (amount: number | undefined) => (amount === undefined ? undefined : formatEuro(amount));
  const percent = (value: number | undefined) => (value === undefined ? undefined : `${PERCENT.format(value)} %`);
  const candidates: Array<[string, string | undefined]> =
    offer.type === "purchase"
      ? [
          [
            "Unverbindliche Preisempfehlung des Herstellers",
            vehicle.listPrice && vehicle.listPrice > vehicle.price ? euro(vehicle.listPrice) : undefined,
          ],
          ["Fahrzeugpreis", euro(offer.price - (offer.transferCost ?? 0))],
          ["Überführungskosten", euro(offer.transferCost)],
          ["Gesamtpreis", euro(offer.totalPrice ?? offer.price)],
        ]
      : [
          [isLeaseOffer(offer.type) ? "Monatliche Leasingrate" : "Monatliche Rate", euro(offer.monthlyInstallment ?? offer.price)],
          [isLeaseOffer(offer.type) ? "Leasingsonderzahlung" : "Anzahlung", euro(offer.downPayment)],
          ["Laufzeit", offer.contractDurationMonths ? `${offer.contractDurationMonths} Monate` : undefined],
          ["Jährliche Fahrleistung", offer.annualDistanceKm ? formatKm(offer.annualDistanceKm) : undefined],
          ["Nettodarlehensbetrag", euro(offer.netLoanAmount)],
          ["Bruttokreditbetrag", euro(offer.grossCreditAmount)],
          ["Schlussrate", euro(offer.remainingBalance)],
          ["Gebundener Sollzins p. a.", percent(offer.borrowingRate)],
          ["Effektiver Jahreszins", percent(offer.interestRate)],
          ["Sollzinsbindung", offer.fixedInterestPeriod],
          ["Restschuldversicherung", offer.installmentProtection === undefined ? undefined : offer.installmentProtection ? "Ja" : "Nein"],
          ["Überführungskosten (einmalig)", euro(offer.transferCost)],
          [isLeaseOffer(offer.type) ? "Gesamtbetrag" : "Gesamtbetrag", euro(offer.totalPrice)],
          [isLeaseOffer(offer.type) ? "Leasinggeber" : "Darlehensgeber", offer.bank],
        ];
  return candidates.filter((entry): entry is [string, string] => entry[1] !== undefined).map(([label, value]) => ({ label, value }));
}

export function offerTitle(type: AcquisitionType): string {
  return PRICE_TYPE_LABELS[type];
}

/** The offers of a vehicle in display order. */
export function sortedOffers(vehicle: Vehicle): Vehicle["offers"] {
  const offers: Vehicle["offers"] = [...vehicle.offers];
  return offers.sort((a, b) => OFFER_ORDER.indexOf(a.type) - OFFER_ORDER.indexOf(b.type));
}

/**
 * The vehicle's delivery packages (Lieferpakete) as the stock data gives them, in a fixed order:
 * names and descriptions are ours, prices the selling center's (0 = "inklusive"; amounts incl. VAT).
 * Empty when the data names none: the page then leaves the section out.
 */
export function deliveryPackages(
  vehicle: Pick<Vehicle, "category" | "deliveryPackages">,
): Array<{ title: string; description: string; price: string }> {
  const heavy = vehicle.category !== "passenger";
  const textOf = (kind: DeliveryPackageKind): { title: string; description: string } => {
    switch (kind) {
      case "pickup":
        return {
          title: "Abholung im Center",
          description: "Übergabe mit Einweisung durch Ihren Verkaufsberater, vollgetankt bzw. voll geladen.",
        };
      case "registration":
        return {
          title: "Zulassungsservice",
          description: "Wir melden das Fahrzeug für Sie an, inklusive Kennzeichen und Feinstaubplakette.",
        };
      case "home_delivery":
        return {
          title: "Lieferung nach Hause",
          description: heavy
            ? "Anlieferung per Fahrer innerhalb Deutschlands, inklusive Einweisung vor Ort."
            : "Anlieferung per Transporter innerhalb Deutschlands, inklusive Einweisung vor Ort.",
        };
    }
  };
  return [...vehicle.deliveryPackages]
    .sort((a, b) => DELIVERY_PACKAGE_KINDS.indexOf(a.kind) - DELIVERY_PACKAGE_KINDS.indexOf(b.kind))
    .map((item) => ({ ...textOf(item.kind), price: item.price === 0 ? "inklusive" : formatEuro(item.price) }));
}
