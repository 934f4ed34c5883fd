import { formatEuro } from "./format.ts";
import type { Offer, Vehicle } from "./vehicle.ts";
import type { AcquisitionType } from "./vehicle-vocabulary.ts";

/**
 * How an offer's price is worded by the vehicle's VAT status (docs/price-wording.md): its own small
 * module so the lease and finance pages load the wording without the vehicle page's data rows.
 */

export function isBusinessOffer(type: AcquisitionType): boolean {
  return type === "business_finance" || type === "business_lease";
}

export function isLeaseOffer(type: AcquisitionType): boolean {
  return type === "private_lease" || type === "business_lease";
}

/**
 * UStG § 25a: a margin-taxed car's price contains VAT on the dealer's margin only, which no invoice
 * may show, so its offers never say "inkl." or "zzgl. MwSt." as if the VAT were the buyer's to
 * deduct. A lease is the bank's taxable service whatever the car: its rates keep their VAT wording.
 */
export const MARGIN_TAXED_NOTE = "differenzbesteuert nach § 25a UStG";

/** The headline amount of an offer: the total price for a purchase, else the monthly rate. */
export function offerHeadline(offer: Offer, vehicle: Pick<Vehicle, "vatReportable">): { amount: string; note: string } {
  if (offer.type === "purchase")
    return { amount: formatEuro(offer.totalPrice ?? offer.price), note: "Gesamtpreis inkl. Überführungskosten" };
  return {
    amount: `${formatEuro(offer.monthlyInstallment ?? offer.price)} mtl.`,
    note:
      !vehicle.vatReportable && !isLeaseOffer(offer.type)
        ? MARGIN_TAXED_NOTE
        : isBusinessOffer(offer.type)
          ? "zzgl. gesetzl. MwSt."
          : "inkl. gesetzl. MwSt.",
  };
}

/** The disclaimer under each offer type ("price rows per offer type … and disclaimer"), worded for the vehicle's VAT. */
export function offerDisclaimer(offer: Offer, vehicle: Pick<Vehicle, "vatReportable">): string {
  const marginTaxed = !vehicle.vatReportable;
  switch (offer.type) {
    case "purchase":
      return `${
        marginTaxed
          ? "Endpreis, differenzbesteuert nach § 25a UStG: die Mehrwertsteuer wird nicht gesondert ausgewiesen."
          : "Alle Preise inkl. 19 % MwSt."
      } Der Gesamtpreis enthält die Überführungskosten; Zulassungskosten sind nicht enthalten. Zwischenverkauf, Irrtümer und Änderungen vorbehalten.`;
    case "private_finance":
    case "business_finance":
      return `Ein Finanzierungsbeispiel${offer.bank ? ` der ${offer.bank}` : ""}. Bonität vorausgesetzt. Zugleich repräsentatives Beispiel gemäß § 17 Abs. 4 PAngV.${
        offer.type === "business_finance"
          ? marginTaxed
            ? " Angebot nur für Gewerbekunden. Das Fahrzeug ist differenzbesteuert nach § 25a UStG; die Mehrwertsteuer wird nicht gesondert ausgewiesen."
            : " Angebot nur für Gewerbekunden; alle Beträge zzgl. gesetzl. MwSt."
          : marginTaxed
            ? " Das Fahrzeug ist differenzbesteuert nach § 25a UStG."
            : ""
      }`;
    case "private_lease":
      return "Ein Leasingbeispiel für Privatkunden. Bonität vorausgesetzt. Zzgl. Überführungs- und Zulassungskosten; bei Vertragsende werden Mehr- und Minderkilometer sowie Schäden gesondert abgerechnet.";
    case "business_lease":
      return "Ein Leasingbeispiel nur für Gewerbekunden. Alle Beträge zzgl. gesetzl. MwSt. Bonität vorausgesetzt. Zzgl. Überführungs- und Zulassungskosten.";
  }
}
