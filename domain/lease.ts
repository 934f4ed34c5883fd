/**
 * Lease arithmetic (spec section 9 "Lease"): the monthly rate of a lease from
 * price, down payment, term, mileage and residual value, and the figures PAngV § 6 requires next
 * to an advertised rate (total amount, nominal and effective annual rate where interest applies).
 *
 * The rate is an annuity in arrears on the amount financed (price − down payment), with the
 * residual value paid off at the end:
 *
 *   i = nominal rate / 12,  v = 1 / (1 + i),  n = months
 *   rate = (P − RV · vⁿ) · i / (1 − vⁿ)          (i > 0)
 *   rate = (P − RV) / n                           (i = 0)
 *
 * with P = price − down payment and RV = residual value. The residual value falls with term and
 * mileage (`residualShare`); a minilease keeps 2,000 km a month (spec section 9).
 */

export interface LeaseInput {
  /** Gross vehicle price in euros. */
  price: number;
  downPayment: number;
  months: number;
  kmPerYear: number;
  /** Nominal annual rate in percent (Sollzinssatz, fixed for the term). */
  nominalRatePercent: number;
  /** Residual value in euros; default `price × residualShare(months, kmPerYear)`. */
  residualValue?: number;
}

export interface LeaseResult {
  monthlyRate: number;
  residualValue: number;
  /** Down payment plus every monthly rate (PAngV "Gesamtbetrag"; the residual is not the lessee's to pay). */
  totalAmount: number;
  effectiveRatePercent: number;
}

/** A minilease includes 2,000 km per month (spec section 9). */
export const MINILEASE_KM_PER_MONTH = 2_000;
/** The standard example of the model pages: private lease, no down payment, 48 months, 10,000 km a year. */
export const STANDARD_LEASE = { downPayment: 0, months: 48, kmPerYear: 10_000, nominalRatePercent: 4.99 } as const;

/** Share of the price the vehicle is worth at the end: 75 % minus 0.4 points a month and 1.5 points per 10,000 km driven, 20–80 %. */
export function residualShare(months: number, kmPerYear: number): number {
  const share = 0.75 - 0.004 * months - 0.0000015 * kmPerYear * (months / 12);
  return Math.min(0.8, Math.max(0.2, share));
}

/** Effective annual rate (PAngV) of a nominal rate compounded monthly, rounded to two decimals. */
export function effectiveRate(nominalRatePercent: number): number {
  return Math.round(((1 + nominalRatePercent / 1200) ** 12 - 1) * 10_000) / 100;
}

export function leaseRate(input: LeaseInput): LeaseResult {
  const financed = Math.max(0, input.price - input.downPayment);
  const residualValue = Math.round(input.residualValue ?? input.price * residualShare(input.months, input.kmPerYear));
  const i = input.nominalRatePercent / 1200;
  const n = input.months;
  const raw = i === 0 ? (financed - residualValue) / n : ((financed - residualValue * (1 + i) ** -n) * i) / (1 - (1 + i) ** -n);
  // Rates are quoted in whole euros, rounded up: the advertised rate is never below the computed one.
  const monthlyRate = Math.max(0, Math.ceil(raw));
  return {
    monthlyRate,
    residualValue,
    totalAmount: input.downPayment + monthlyRate * n,
    effectiveRatePercent: effectiveRate(input.nominalRatePercent),
  };
}
