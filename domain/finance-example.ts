import { formatEuro, formatKm } from "./format.ts";
import type { Offer } from "./vehicle.ts";
import { germanNumber } from "./german-number.ts";

/**
 * A finance offer's figures as the finance pages show them, pure so the legal wording is
 * unit-tested. § 17 PAngV: whoever advertises a consumer credit with a rate or other cost figures
 * names the lender, the net loan amount, the borrowing rate (and whether it is fixed), the
 * effective annual rate and, where they apply, the total amount, the term and the instalments,
 * in a representative example (Abs. 4). Only what the offer's data says is shown: a figure the
 * data lacks is left out, never computed here.
 */

export interface FinanceRow {
  label: string;
  value: string;
}

const PERCENT = germanNumber({ min: 2, max: 2 });

const euro = (amount: number | undefined) => (amount === undefined ? undefined : formatEuro(amount));
const percent = (value: number | undefined) => (value === undefined ? undefined : `${PERCENT.format(value)} %`);

function rows(candidates: Array<[string, string | undefined]>): FinanceRow[] {
  return candidates.flatMap(([label, value]) => (value === undefined ? [] : [{ label, value }]));
}

/**
 * The representative example (§ 17 Abs. 4 PAngV) of a finance offer, in the order of § 17 Abs. 2
 * and 3. The labels are those of the vehicle page's offer rows (domain/vehicle-detail.ts
 * `offerRows`), so a visitor reads the same words on both pages.
 *
 * @example financeExampleRows(offer)[0] // { label: "Nettodarlehensbetrag", value: "18.000 €" }
 */
export function financeExampleRows(offer: Offer): FinanceRow[] {
  return rows([
    ["Nettodarlehensbetrag", euro(offer.netLoanAmount)],
    ["Gebundener Sollzins p. a.", percent(offer.borrowingRate)],
    ["Sollzinsbindung", offer.fixedInterestPeriod],
    ["Effektiver Jahreszins", percent(offer.interestRate)],
    ["Laufzeit", offer.contractDurationMonths ? `${offer.contractDurationMonths} Monate` : undefined],
    ["Monatliche Rate", euro(offer.monthlyInstallment ?? offer.price)],
    ["Anzahlung", euro(offer.downPayment)],
    ["Schlussrate", euro(offer.remainingBalance)],
    ["Gesamtbetrag", euro(offer.totalPrice)],
    ["Darlehensgeber", offer.bank],
  ]);
}

/** The offer's other figures (the vehicle page lists them too): mileage, gross credit, insurance, transfer. */
export function financeFurtherRows(offer: Offer): FinanceRow[] {
  return rows([
    ["Jährliche Fahrleistung", offer.annualDistanceKm ? formatKm(offer.annualDistanceKm) : undefined],
    ["Bruttokreditbetrag", euro(offer.grossCreditAmount)],
    ["Restschuldversicherung", offer.installmentProtection === undefined ? undefined : offer.installmentProtection ? "Ja" : "Nein"],
    ["Überführungskosten (einmalig)", euro(offer.transferCost)],
  ]);
}

/**
 * The example as one sentence, for a result card (an advert of its own):
 * "Repräsentatives Beispiel gemäß § 17 Abs. 4 PAngV: Nettodarlehensbetrag 18.000 €; … ."
 */
export function financeExampleText(offer: Offer): string {
  return `Repräsentatives Beispiel gemäß § 17 Abs. 4 PAngV: ${financeExampleRows(offer)
    .map(({ label, value }) => `${label} ${value}`)
    .join("; ")}.`;
}
