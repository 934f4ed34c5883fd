import { formatEuro } from "./format.ts";
import { SEGMENTS } from "./url-segments.ts";
import { isOneOf } from "./is-one-of.ts";
import { germanNumber } from "./german-number.ts";
/**
 * The lease calculator's choices and the lease sections' facts: apart from
 * domain/lease.ts, so a page that only quotes the standard example does not load them.
 */

/** The calculator's choices (spec section 2 lease calculator; GET parameters, so it works without JavaScript). */
export const LEASE_MONTHS = [24, 36, 48, 60] as const;
export const LEASE_KM_PER_YEAR = [5_000, 10_000, 15_000, 20_000, 25_000, 30_000] as const;
export const LEASE_CUSTOMERS = [
  { key: "privat", label: "Privatkunde (inkl. MwSt.)" },
  { key: "gewerblich", label: "Gewerbekunde (zzgl. MwSt.)" },
] as const;
export type LeaseCustomer = (typeof LEASE_CUSTOMERS)[number]["key"];
export const LEASE_PARAMS = { months: "laufzeit", km: "km", downPayment: "anzahlung", customer: "kunde" } as const;
export const VAT_RATE = 0.19;

export interface LeaseChoice {
  months: number;
  kmPerYear: number;
  downPayment: number;
  customer: LeaseCustomer;
}

/**
 * The calculator's choice from its query string: values outside the offered steps fall back to
 * `defaults`, the down payment is clamped to 0 … 50 % of the price in steps of 100 €.
 *
 * @example
 * parseLeaseChoice(new URLSearchParams("laufzeit=36&km=15000&anzahlung=3000"), 40_000, defaults)
 */
export function parseLeaseChoice(params: URLSearchParams, price: number, defaults: LeaseChoice): LeaseChoice {
  const months = Number(params.get(LEASE_PARAMS.months));
  const km = Number(params.get(LEASE_PARAMS.km));
  const downPayment = Number(params.get(LEASE_PARAMS.downPayment));
  const customer = params.get(LEASE_PARAMS.customer);
  return {
    months: isOneOf(LEASE_MONTHS, months) ? months : defaults.months,
    kmPerYear: isOneOf(LEASE_KM_PER_YEAR, km) ? km : defaults.kmPerYear,
    downPayment:
      params.has(LEASE_PARAMS.downPayment) && Number.isFinite(downPayment)
        ? Math.min(maxDownPayment(price), Math.max(0, Math.round(downPayment / 100) * 100))
        : defaults.downPayment,
    customer: customer === "gewerblich" || customer === "privat" ? customer : defaults.customer,
  };
}

/** At most half the price as down payment (rounded down to 100 €). */
export function maxDownPayment(price: number): number {
  return Math.floor(price / 2 / 100) * 100;
}

/** The lease sections (spec section 2 localized segments "private-lease", "business-lease" under "stock"; spelled by domain/url-segments.ts). */
export const LEASE_SECTIONS = [
  { key: "privateLease", segment: SEGMENTS.privateLease, type: "private_lease", title: "Privat-Leasing", tax: "inkl. 19 % MwSt." },
  { key: "businessLease", segment: SEGMENTS.businessLease, type: "business_lease", title: "Gewerbe-Leasing", tax: "zzgl. 19 % MwSt." },
] as const;
export type LeaseSection = (typeof LEASE_SECTIONS)[number];

export function leaseSectionOf(segment: string | undefined): LeaseSection | null {
  return LEASE_SECTIONS.find((section) => section.segment === segment) ?? null;
}

/** Spec section 9: what every lease from us includes. */
export const LEASE_PERKS = [
  "Gültige Hauptuntersuchung und 12 Monate Garantie",
  "14 Tage Umtauschgarantie",
  "Kostenlose Familienkarte mit App",
] as const;

/** Monthly mileage of a lease (the detail's "monatliche Laufleistung"); a minilease includes 2,000 km a month. */
export function monthlyKm(kmPerYear: number): number {
  return Math.round(kmPerYear / 12);
}

const ROW_NUMBER = germanNumber();

/**
 * The facts of a lease offer (spec section 3 "Lease offer: color, monthly price, duration, annual
 * mileage, monthly mileage, deposit, establishment fee, complete price, tax included or
 * excluded"), as the lease detail page and the stock_lease_detail block list them; unknown ones
 * are left out.
 */
export function leaseOfferRows(
  vehicle: { exteriorColor: string },
  offer: {
    price: number;
    contractDurationMonths?: number | undefined;
    annualDistanceKm?: number | undefined;
    downPayment?: number | undefined;
    transferCost?: number | undefined;
    totalPrice?: number | undefined;
  },
  section: LeaseSection,
): Array<{ label: string; value: string }> {
  const months = offer.contractDurationMonths;
  const kmPerYear = offer.annualDistanceKm;
  const downPayment = offer.downPayment ?? 0;
  const total = offer.totalPrice ?? (months ? downPayment + offer.price * months + (offer.transferCost ?? 0) : undefined);
  const rows: Array<[string, string | undefined]> = [
    ["Farbe", vehicle.exteriorColor],
    ["Monatliche Rate", `${formatEuro(offer.price)} (${section.tax})`],
    ["Laufzeit", months ? `${months} Monate` : undefined],
    ["Jährliche Laufleistung", kmPerYear ? `${ROW_NUMBER.format(kmPerYear)} km` : undefined],
    ["Monatliche Laufleistung", kmPerYear ? `${ROW_NUMBER.format(monthlyKm(kmPerYear))} km` : undefined],
    ["Leasing-Sonderzahlung", formatEuro(downPayment)],
    ["Bereitstellungskosten (Überführung)", offer.transferCost === undefined ? undefined : formatEuro(offer.transferCost)],
    ["Gesamtbetrag", total === undefined ? undefined : formatEuro(total)],
    ["Mehrwertsteuer", section.type === "private_lease" ? "in allen Beträgen enthalten" : "in keinem Betrag enthalten (zzgl. 19 %)"],
  ];
  return rows.flatMap(([label, value]) => (value === undefined ? [] : [{ label, value }]));
}
