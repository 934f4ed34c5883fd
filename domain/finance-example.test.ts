import { describe, expect, it } from "vitest";
import { buildVehicle } from "#kv-seed/stock-generator.ts";
import { financeExampleRows, financeExampleText, financeFurtherRows } from "./finance-example.ts";
import { offerRows } from "./vehicle-detail.ts";
import type { Offer } from "./vehicle.ts";

const FULL: Offer = {
  type: "private_finance",
  price: 373,
  monthlyInstallment: 373,
  downPayment: 5_800,
  contractDurationMonths: 60,
  annualDistanceKm: 10_000,
  netLoanAmount: 32_780,
  grossCreditAmount: 37_437,
  totalPrice: 43_237,
  remainingBalance: 15_430,
  interestRate: 4.06,
  borrowingRate: 3.99,
  fixedInterestPeriod: "gesamte Vertragslaufzeit",
  installmentProtection: false,
  bank: "Mercedes-Benz Bank AG",
};

const EURO = (amount: string) => `${amount}\u00a0€`;

describe("the representative example of a finance offer (§ 17 PAngV)", () => {
  it("names lender, net loan amount, fixed borrowing rate, effective rate, term, rate, down payment, final instalment and total", () => {
    expect(financeExampleRows(FULL)).toEqual([
      { label: "Nettodarlehensbetrag", value: EURO("32.780") },
      { label: "Gebundener Sollzins p. a.", value: "3,99 %" },
      { label: "Sollzinsbindung", value: "gesamte Vertragslaufzeit" },
      { label: "Effektiver Jahreszins", value: "4,06 %" },
      { label: "Laufzeit", value: "60 Monate" },
      { label: "Monatliche Rate", value: EURO("373") },
      { label: "Anzahlung", value: EURO("5.800") },
      { label: "Schlussrate", value: EURO("15.430") },
      { label: "Gesamtbetrag", value: EURO("43.237") },
      { label: "Darlehensgeber", value: "Mercedes-Benz Bank AG" },
    ]);
    expect(financeFurtherRows(FULL)).toEqual([
      { label: "Jährliche Fahrleistung", value: "10.000 km" },
      { label: "Bruttokreditbetrag", value: EURO("37.437") },
      { label: "Restschuldversicherung", value: "Nein" },
    ]);
  });

  it("leaves out what the offer's data does not say, and computes nothing in its place", () => {
    const sparse: Offer = { type: "business_finance", price: 299, netLoanAmount: 20_000, interestRate: 5.11, borrowingRate: 4.99 };
    expect(financeExampleRows(sparse).map((row) => row.label)).toEqual([
      "Nettodarlehensbetrag",
      "Gebundener Sollzins p. a.",
      "Effektiver Jahreszins",
      "Monatliche Rate",
    ]);
    expect(financeFurtherRows(sparse)).toEqual([]);
    // A zero down payment is a figure; a missing final instalment is none.
    expect(financeExampleRows({ ...sparse, downPayment: 0 }).find((row) => row.label === "Anzahlung")?.value).toBe(EURO("0"));
    expect(financeExampleRows(sparse).some((row) => row.label === "Schlussrate")).toBe(false);
  });

  it("one sentence for a result card", () => {
    expect(financeExampleText({ type: "private_finance", price: 199, netLoanAmount: 10_000, interestRate: 2.02, borrowingRate: 2 })).toBe(
      `Repräsentatives Beispiel gemäß § 17 Abs. 4 PAngV: Nettodarlehensbetrag ${EURO("10.000")}; Gebundener Sollzins p. a. 2,00 %; Effektiver Jahreszins 2,02 %; Monatliche Rate ${EURO("199")}.`,
    );
  });

  it("example and further figures are together the vehicle page's offer rows, in the same words", () => {
    let checked = 0;
    for (let id = 200_000; id < 200_200; id += 1) {
      const vehicle = buildVehicle({ id });
      for (const offer of vehicle.offers) {
        if (offer.type !== "private_finance" && offer.type !== "business_finance") continue;
        const ours = [...financeExampleRows(offer), ...financeFurtherRows(offer)];
        const sortByLabel = (rows: Array<{ label: string; value: string }>) => [...rows].sort((a, b) => a.label.localeCompare(b.label));
        expect(sortByLabel(ours)).toEqual(sortByLabel(offerRows(offer, vehicle)));
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
