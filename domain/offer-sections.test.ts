import { describe, expect, it } from "vitest";
import { offerSectionPath } from "./lease-paths.ts";
import { FINANCE_SECTIONS, isFinanceSection, offerSectionOf } from "./offer-sections.ts";

describe("the offer sections under stock (spec section 2 localized segments)", () => {
  it("a segment names its lease or finance section; anything else, prototype names included, names none", () => {
    expect(offerSectionOf("private-lease")?.type).toBe("private_lease");
    expect(offerSectionOf("business-lease")?.type).toBe("business_lease");
    expect(offerSectionOf("private-finance")).toBe(FINANCE_SECTIONS[0]);
    expect(offerSectionOf("business-finance")).toBe(FINANCE_SECTIONS[1]);
    for (const segment of [undefined, "", "finance", "Private-Finance", "__proto__", "constructor", "toString"])
      expect(offerSectionOf(segment), String(segment)).toBeNull();
  });

  it("tells the finance sections from the lease sections", () => {
    expect(isFinanceSection(offerSectionOf("private-finance")!)).toBe(true);
    expect(isFinanceSection(offerSectionOf("business-finance")!)).toBe(true);
    expect(isFinanceSection(offerSectionOf("private-lease")!)).toBe(false);
    expect(isFinanceSection(offerSectionOf("business-lease")!)).toBe(false);
  });

  it("their paths: /stock/{section}[/{vehicle}], or under /{brand}", () => {
    const vehicle = { id: 100001, slug: "mercedes-benz-a-180-progressive" };
    expect(offerSectionPath("privateFinance")).toBe("/stock/private-finance");
    expect(offerSectionPath("businessFinance", "smart")).toBe("/smart/stock/business-finance");
    expect(offerSectionPath("privateFinance", null, vehicle)).toBe("/stock/private-finance/100001-1-mercedes-benz-a-180-progressive");
    expect(offerSectionPath("businessFinance", "hyundai", vehicle)).toBe(
      "/hyundai/stock/business-finance/100001-1-mercedes-benz-a-180-progressive",
    );
    expect(offerSectionPath("privateLease")).toBe("/stock/private-lease");
  });
});
