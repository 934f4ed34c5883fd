import { energyLine } from "./energy-facts.ts";
import { isBusinessOffer, isLeaseOffer, MARGIN_TAXED_NOTE } from "./offer-wording.ts";
import { formatEuro } from "./format.ts";
import { priceReduction, type PricePoint } from "./price-history.ts";
import { needsEnergyLabel } from "./vehicle-labels.ts";

import type { Vehicle } from "./vehicle.ts";
import type { AcquisitionType } from "./vehicle-vocabulary.ts";

/**
 * What a short advert of a vehicle (a result card) must say beside its price, as text: a card is
 * an advert of its own under PAngV and Pkw-EnVKV, so it cannot lean on the detail page's
 * disclaimer. The worker words it (it has the VAT status, the energy data and the price history);
 * the browser only prints the strings, so the legal wording costs the carfinder no JavaScript.
 */
export interface CardAdvert {
  /** "34.990 €" or "399 € mtl." */
  price: string;
  note: string;
  /** PAngV § 11: a reduced purchase price names the lowest price of the 30 days before it. */
  reduction: string | null;
  /** Pkw-EnVKV: the energy facts of a new passenger car in one line. */
  energy: string | null;
}

export type AdvertVehicle = Pick<Vehicle, "vatReportable" | "category" | "condition" | "fuel" | "wltp" | "electricRangeKm">;

export const PURCHASE_NOTE = "Gesamtpreis inkl. 19 % MwSt. und Überführung";
export const MARGIN_TAXED_PURCHASE_NOTE = `Gesamtpreis inkl. Überführung, ${MARGIN_TAXED_NOTE}`;

/**
 * The note beside a price: purchase prices say whether VAT may be shown (UStG § 25a), rates say
 * gross or net like the detail page's offer headline (a lease keeps its VAT wording whatever the car).
 */
export function advertPriceNote(priceType: AcquisitionType, vatReportable: boolean): string {
  if (priceType === "purchase") return vatReportable ? PURCHASE_NOTE : MARGIN_TAXED_PURCHASE_NOTE;
  if (!vatReportable && !isLeaseOffer(priceType)) return MARGIN_TAXED_NOTE;
  return isBusinessOffer(priceType) ? "zzgl. gesetzl. MwSt." : "inkl. gesetzl. MwSt.";
}

/** "Preis gesenkt um 6 % – niedrigster Preis der 30 Tage vor der Senkung am 01.11.2026: 36.990 €" */
export function reductionText(history: readonly PricePoint[], currentPrice: number, today: string): string | null {
  const reduction = priceReduction(history, currentPrice, today);
  if (!reduction) return null;
  const [year, month, day] = reduction.since.split("-");
  return `Preis gesenkt um ${reduction.percent} % – niedrigster Preis der 30 Tage vor der Senkung am ${day}.${month}.${year}: ${formatEuro(reduction.lowest30Days)}`;
}

export interface AdvertPrices {
  priceType: AcquisitionType;
  /** The monthly rate of `priceType`; null when the vehicle has no such offer. */
  rate: number | null;
  purchase: number;
}

/** The rate when the visitor chose one and the vehicle has it, else the purchase price (as the carfinder sorts). */
export function advertPrice(prices: AdvertPrices): string {
  return prices.priceType === "purchase" || prices.rate === null ? formatEuro(prices.purchase) : `${formatEuro(prices.rate)} mtl.`;
}

/**
 * The advert of a result card for the price type the visitor chose. `rate` is the monthly rate of
 * that type (null when the vehicle has no such offer: the card then shows its purchase price, as
 * the carfinder always has). `history` null: the price history could not be read, so no reduction
 * is claimed.
 */
export function cardAdvert(vehicle: AdvertVehicle, prices: AdvertPrices, history: readonly PricePoint[] | null, today: string): CardAdvert {
  const rate = prices.priceType === "purchase" ? null : prices.rate;
  return {
    price: advertPrice(prices),
    note: advertPriceNote(rate === null ? "purchase" : prices.priceType, vehicle.vatReportable),
    reduction: rate === null && history ? reductionText(history, prices.purchase, today) : null,
    energy: needsEnergyLabel(vehicle) ? energyLine(vehicle) : null,
  };
}
