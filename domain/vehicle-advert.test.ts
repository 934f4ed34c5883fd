import { describe, expect, it } from "vitest";
import { type AdvertVehicle, cardAdvert, MARGIN_TAXED_PURCHASE_NOTE, PURCHASE_NOTE } from "./vehicle-advert.ts";

const petrol: AdvertVehicle = {
  vatReportable: true,
  category: "passenger",
  condition: "new",
  fuel: "petrol",
  wltp: { consumptionCombined: 6.1, co2Combined: 139, co2Class: "E" },
  electricRangeKm: undefined,
};
const plugIn: AdvertVehicle = {
  ...petrol,
  fuel: "pluginhybrid",
  wltp: {
    consumptionCombined: 1.1,
    powerConsumptionCombined: 18.4,
    co2Combined: 25,
    co2Class: "B",
    consumptionDischarged: 7.8,
    co2Discharged: 178,
    co2ClassDischarged: "F",
  },
  electricRangeKm: 98,
};
const TODAY = "2026-11-28";
// Intl writes a no-break space before "€"; the expectations read better with a plain one.
const advertOf = (...args: Parameters<typeof cardAdvert>) => {
  const advert = cardAdvert(...args);
  const plain = (text: string | null) => text?.replace(/\u00a0/g, " ") ?? null;
  return { price: plain(advert.price), note: advert.note, reduction: plain(advert.reduction), energy: advert.energy };
};
const purchase = (amount: number) => ({ priceType: "purchase" as const, rate: amount, purchase: amount });

describe("a result card's advert (PAngV, UStG § 25a, Pkw-EnVKV)", () => {
  it("a purchase price says incl. 19 % VAT, or margin taxation for a § 25a car", () => {
    expect(advertOf(petrol, purchase(34_990), [], TODAY)).toMatchObject({ price: "34.990 €", note: PURCHASE_NOTE });
    expect(PURCHASE_NOTE).toBe("Gesamtpreis inkl. 19 % MwSt. und Überführung");
    const margin = advertOf({ ...petrol, vatReportable: false, condition: "used" }, purchase(18_500), [], TODAY);
    expect(margin.note).toBe(MARGIN_TAXED_PURCHASE_NOTE);
    expect(margin.note).toBe("Gesamtpreis inkl. Überführung, differenzbesteuert nach § 25a UStG");
    expect(margin.note).not.toMatch(/MwSt/);
  });

  it("rates: leases keep their VAT wording, finance on a § 25a car says so, business rates are net", () => {
    const rate = (priceType: "private_lease" | "business_lease" | "private_finance" | "business_finance", vatReportable: boolean) =>
      advertOf({ ...petrol, vatReportable }, { priceType, rate: 399, purchase: 30_000 }, [], TODAY);
    expect(rate("private_lease", true)).toMatchObject({ price: "399 € mtl.", note: "inkl. gesetzl. MwSt." });
    expect(rate("private_lease", false).note).toBe("inkl. gesetzl. MwSt.");
    expect(rate("business_lease", false).note).toBe("zzgl. gesetzl. MwSt.");
    expect(rate("private_finance", true).note).toBe("inkl. gesetzl. MwSt.");
    expect(rate("business_finance", true).note).toBe("zzgl. gesetzl. MwSt.");
    expect(rate("private_finance", false).note).toBe("differenzbesteuert nach § 25a UStG");
    expect(rate("business_finance", false).note).toBe("differenzbesteuert nach § 25a UStG");
  });

  it("without an offer of the chosen type the card shows the purchase price with its wording", () => {
    const advert = advertOf(petrol, { priceType: "private_lease", rate: null, purchase: 34_990 }, [], TODAY);
    expect(advert).toMatchObject({ price: "34.990 €", note: PURCHASE_NOTE });
  });

  it("a reduced purchase price names the 30-day lowest price before the reduction; rates and unknown history claim none", () => {
    const history = [
      { price: 37_990, validFrom: "2026-09-01" },
      { price: 36_990, validFrom: "2026-10-20" },
      { price: 34_990, validFrom: "2026-11-10" },
    ];
    expect(advertOf(petrol, purchase(34_990), history, TODAY).reduction).toBe(
      "Preis gesenkt um 5 % – niedrigster Preis der 30 Tage vor der Senkung am 10.11.2026: 36.990 €",
    );
    expect(advertOf(petrol, purchase(34_990), null, TODAY).reduction).toBeNull();
    expect(advertOf(petrol, { priceType: "private_lease", rate: 399, purchase: 34_990 }, history, TODAY).reduction).toBeNull();
    expect(advertOf(petrol, purchase(34_990), [{ price: 34_990, validFrom: "2026-01-01" }], TODAY).reduction).toBeNull();
  });

  it("new and demonstration passenger cars carry their energy facts; used cars and vans do not need them", () => {
    expect(advertOf(petrol, purchase(1), [], TODAY).energy).toBe(
      "Kraftstoffverbrauch kombiniert: 6,1 l/100 km; CO₂-Emissionen kombiniert: 139 g/km; CO₂-Klasse: E",
    );
    expect(advertOf({ ...petrol, condition: "demonstrator" }, purchase(1), [], TODAY).energy).not.toBeNull();
    expect(advertOf({ ...petrol, condition: "used" }, purchase(1), [], TODAY).energy).toBeNull();
    expect(advertOf({ ...petrol, category: "van" }, purchase(1), [], TODAY).energy).toBeNull();
  });

  it("a plug-in hybrid names both CO₂ classes, weighted and with a discharged battery", () => {
    expect(advertOf(plugIn, purchase(1), [], TODAY).energy).toBe(
      "Kraftstoffverbrauch gewichtet kombiniert: 1,1 l/100 km; Stromverbrauch gewichtet kombiniert: 18,4 kWh/100 km; " +
        "CO₂-Emissionen gewichtet kombiniert: 25 g/km; CO₂-Klasse gewichtet kombiniert: B; " +
        "Kraftstoffverbrauch bei entladener Batterie kombiniert: 7,8 l/100 km; CO₂-Emissionen bei entladener Batterie kombiniert: 178 g/km; " +
        "CO₂-Klasse bei entladener Batterie: F; Elektrische Reichweite (EAER): 98 km",
    );
  });
});
