import { LEASE_SECTIONS, type LeaseSection } from "./lease-choices.ts";
import type { OfferSectionKey } from "./lease-paths.ts";
import { SEGMENTS } from "./url-segments.ts";

/**
 * The offer sections under "stock" (spec section 2 localized segments "private-lease",
 * "private-finance", "business-lease", "business-finance"): the lease sections (domain/lease-choices.ts)
 * and the finance sections. One route param, `:offerSection`, serves all four; the pages tell them
 * apart with `isFinanceSection`.
 */

/** The finance sections: vehicles with a private or a business finance offer. */
export const FINANCE_SECTIONS = [
  { key: "privateFinance", segment: SEGMENTS.privateFinance, type: "private_finance", title: "Privat-Finanzierung" },
  { key: "businessFinance", segment: SEGMENTS.businessFinance, type: "business_finance", title: "Gewerbe-Finanzierung" },
] as const satisfies ReadonlyArray<{ key: OfferSectionKey; segment: string; type: string; title: string }>;
export type FinanceSection = (typeof FINANCE_SECTIONS)[number];

export type OfferSection = LeaseSection | FinanceSection;

/**
 * The section a path segment names, or null (compared by value, so "__proto__" or "constructor" names none).
 *
 * @example offerSectionOf("private-finance")?.type // "private_finance"
 */
export function offerSectionOf(segment: string | undefined): OfferSection | null {
  return (
    LEASE_SECTIONS.find((section) => section.segment === segment) ?? FINANCE_SECTIONS.find((section) => section.segment === segment) ?? null
  );
}

export function isFinanceSection(section: OfferSection): section is FinanceSection {
  return section.type === "private_finance" || section.type === "business_finance";
}
