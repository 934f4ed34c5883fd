import { energyRows } from "#domain/energy-facts.ts";
import { financeExampleRows, financeFurtherRows } from "#domain/finance-example.ts";
import { leaseOfferRows } from "#domain/lease-choices.ts";
import { isFinanceSection, type OfferSection } from "#domain/offer-sections.ts";
import { offerDisclaimer, offerHeadline } from "#domain/offer-wording.ts";
import { needsEnergyLabel } from "#domain/vehicle-labels.ts";
import type { Offer, Vehicle } from "#domain/vehicle.ts";

/**
 * The worded rows of a lease or finance page (VAT wording, the § 17 PAngV example, the lease
 * terms, the Pkw-EnVKV facts), made by the loader, whose code loads lazily: the page only lays
 * the strings out, so the legal wording is not part of its first-load JavaScript.
 */
export function offerDetailView(section: OfferSection, vehicle: Vehicle, offer: Offer) {
  const finance = isFinanceSection(section);
  return {
    headline: offerHeadline(offer, vehicle),
    disclaimer: offerDisclaimer(offer, vehicle),
    leaseRows: isFinanceSection(section) ? [] : leaseOfferRows(vehicle, offer, section),
    financeExample: finance ? financeExampleRows(offer) : [],
    financeFurther: finance ? financeFurtherRows(offer) : [],
    energyRows: energyRows(vehicle),
    legalLabel: needsEnergyLabel(vehicle),
  };
}
export type OfferDetailView = ReturnType<typeof offerDetailView>;
