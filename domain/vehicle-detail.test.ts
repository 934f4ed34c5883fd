import { describe, expect, it } from "vitest";
import { buildVehicle } from "#kv-seed/stock-generator.ts";
import { formatEuro } from "./format.ts";
import {
  deliveryPackages,
  energyRows,
  offerDisclaimer,
  offerHeadline,
  offerRows,
  sortedOffers,
  vehicleDataRows,
} from "./vehicle-detail.ts";
import { needsEnergyLabel } from "./vehicle-labels.ts";
import { jsonLdText, vehicleJsonLd } from "./vehicle-json-ld.ts";
import { VehicleSchema, type Offer, type Vehicle } from "./vehicle.ts";

function findVehicle(predicate: (vehicle: Vehicle) => boolean): Vehicle {
  for (let id = 200_000; id < 205_000; id += 1) {
    const vehicle = buildVehicle({ id });
    if (predicate(vehicle)) return vehicle;
  }
  throw new Error("no such vehicle in the first 5,000 generated");
}

const label = (rows: Array<{ label: string; value: string }>, name: string) => rows.find((row) => row.label === name)?.value;

describe("vehicle detail rows", () => {
  it("the purchase total price includes the transfer costs (PAngV)", () => {
    const vehicle = findVehicle((candidate) => candidate.condition === "new");
    const purchase = vehicle.offers.find((offer) => offer.type === "purchase")!;
    const rows = offerRows(purchase, vehicle);
    expect(label(rows, "Überführungskosten")).toBe(formatEuro(1_190));
    expect(offerHeadline(purchase, vehicle).note).toBe("Gesamtpreis inkl. Überführungskosten");
    expect(label(rows, "Gesamtpreis")).toBe(offerHeadline(purchase, vehicle).amount);
  });

  it("a finance offer names the bank, net loan amount, borrowing rate and effective annual rate", () => {
    const vehicle = findVehicle((candidate) => candidate.offers.some((offer) => offer.type === "private_finance"));
    const finance = vehicle.offers.find((offer) => offer.type === "private_finance")!;
    const rows = offerRows(finance, vehicle);
    for (const name of [
      "Darlehensgeber",
      "Nettodarlehensbetrag",
      "Gebundener Sollzins p. a.",
      "Effektiver Jahreszins",
      "Monatliche Rate",
      "Laufzeit",
      "Gesamtbetrag",
    ]) {
      expect(label(rows, name), name).toBeTruthy();
    }
    expect(label(rows, "Effektiver Jahreszins")).toMatch(/^\d+,\d\d %$/);
    expect(offerHeadline(finance, vehicle).amount).toMatch(/ mtl\.$/);
  });

  it("business offers are net of VAT", () => {
    const vehicle = findVehicle((candidate) => candidate.offers.some((offer) => offer.type === "business_lease"));
    expect(offerHeadline(vehicle.offers.find((offer) => offer.type === "business_lease")!, vehicle).note).toBe("zzgl. gesetzl. MwSt.");
  });

  describe("VAT wording follows the vehicle (UStG § 25a): a margin-taxed car's offers never state VAT as if it were deductible", () => {
    const offer = (type: Offer["type"]): Offer => ({
      type,
      price: 20_000,
      ...(type === "purchase" ? { transferCost: 990, totalPrice: 20_990 } : { monthlyInstallment: 299 }),
      bank: "Beispielbank AG",
    });
    const taxed = { vatReportable: true };
    const margin = { vatReportable: false };
    it.each([
      ["purchase", taxed, "Gesamtpreis inkl. Überführungskosten", /^Alle Preise inkl\. 19 % MwSt\. Der Gesamtpreis enthält/],
      [
        "purchase",
        margin,
        "Gesamtpreis inkl. Überführungskosten",
        /^Endpreis, differenzbesteuert nach § 25a UStG: die Mehrwertsteuer wird nicht gesondert ausgewiesen\. Der Gesamtpreis/,
      ],
      ["private_finance", taxed, "inkl. gesetzl. MwSt.", /§ 17 Abs\. 4 PAngV\.$/],
      ["private_finance", margin, "differenzbesteuert nach § 25a UStG", /PAngV\. Das Fahrzeug ist differenzbesteuert nach § 25a UStG\.$/],
      ["business_finance", taxed, "zzgl. gesetzl. MwSt.", /Gewerbekunden; alle Beträge zzgl\. gesetzl\. MwSt\.$/],
      [
        "business_finance",
        margin,
        "differenzbesteuert nach § 25a UStG",
        /Gewerbekunden\. Das Fahrzeug ist differenzbesteuert nach § 25a UStG; die Mehrwertsteuer wird nicht gesondert ausgewiesen\.$/,
      ],
      // A lease rate is the bank's taxable service, whatever the car's purchase taxation.
      ["private_lease", margin, "inkl. gesetzl. MwSt.", /^Ein Leasingbeispiel für Privatkunden\./],
      ["business_lease", margin, "zzgl. gesetzl. MwSt.", /Alle Beträge zzgl\. gesetzl\. MwSt\./],
    ] as const)("%s, vatReportable %o: note and disclaimer", (type, vehicle, note, disclaimer) => {
      expect(offerHeadline(offer(type), vehicle).note).toBe(note);
      expect(offerDisclaimer(offer(type), vehicle)).toMatch(disclaimer);
      if (!vehicle.vatReportable && type !== "private_lease" && type !== "business_lease") {
        expect(offerDisclaimer(offer(type), vehicle)).not.toMatch(/(inkl|zzgl)\.( 19 %| gesetzl\.)? MwSt/);
        expect(offerHeadline(offer(type), vehicle).note).not.toMatch(/MwSt/);
      }
    });
  });

  it("offers are listed purchase first, then finance, then lease", () => {
    const vehicle = findVehicle((candidate) => candidate.offers.length >= 4);
    const order = sortedOffers(vehicle).map((offer) => offer.type);
    expect(order[0]).toBe("purchase");
    expect(order.indexOf("private_finance")).toBeLessThan(order.indexOf("private_lease"));
  });

  it("a new combustion car shows consumption, CO2 and its CO2 class", () => {
    const vehicle = findVehicle(
      (candidate) =>
        candidate.condition === "new" && candidate.category === "passenger" && (candidate.fuel === "petrol" || candidate.fuel === "diesel"),
    );
    expect(needsEnergyLabel(vehicle)).toBe(true);
    const rows = energyRows(vehicle);
    expect(label(rows, "Kraftstoffverbrauch kombiniert")).toMatch(/ l\/100 km$/);
    expect(label(rows, "CO₂-Emissionen kombiniert")).toMatch(/ g\/km$/);
    expect(label(rows, "CO₂-Klasse")).toBe(vehicle.wltp.co2Class);
  });

  it("an electric car shows power consumption, range and class A", () => {
    const vehicle = findVehicle((candidate) => candidate.fuel === "electric" && candidate.category === "passenger");
    const rows = energyRows(vehicle);
    expect(label(rows, "Stromverbrauch kombiniert")).toMatch(/ kWh\/100 km$/);
    expect(label(rows, "Elektrische Reichweite (EAER)")).toMatch(/ km$/);
    expect(label(rows, "CO₂-Klasse")).toBe("A");
  });

  it("a plug-in hybrid gets a second CO2 class for the discharged battery", () => {
    const vehicle = findVehicle((candidate) => candidate.fuel === "pluginhybrid");
    const rows = energyRows(vehicle);
    expect(label(rows, "CO₂-Klasse gewichtet kombiniert")).toBe(vehicle.wltp.co2Class);
    expect(label(rows, "CO₂-Klasse bei entladener Batterie")).toBe(vehicle.wltp.co2ClassDischarged);
    const withDischarged = energyRows({ ...vehicle, wltp: { ...vehicle.wltp, co2Discharged: 155 } });
    expect(label(withDischarged, "CO₂-Emissionen bei entladener Batterie kombiniert")).toBe("155 g/km");
  });

  it("used cars carry first registration and mileage in the data table", () => {
    const vehicle = findVehicle((candidate) => candidate.condition === "used");
    const rows = vehicleDataRows(vehicle);
    expect(label(rows, "Erstzulassung")).toMatch(/^\d\d\/\d{4}$/);
    expect(label(rows, "Kilometerstand")).toMatch(/ km$/);
    expect(needsEnergyLabel(vehicle)).toBe(false);
  });

  it("schema.org Car names price, condition and mileage; its JSON cannot close a script tag", () => {
    const vehicle = { ...findVehicle(() => true), title: "</script><script>alert(1)</script>" };
    const data = vehicleJsonLd(vehicle, "https://example.test/carfinder/1-1-x", "https://example.test", null);
    expect(data).toMatchObject({ "@type": "Car", offers: { priceCurrency: "EUR" }, mileageFromOdometer: { unitCode: "KMT" } });
    expect(jsonLdText(data)).not.toContain("</script>");
    expect(JSON.parse(jsonLdText(data)).name).toBe(vehicle.title);
  });

  it("schema.org offer: the end price with VAT included (also for a margin-taxed car), never a net business rate", () => {
    for (const vatReportable of [true, false]) {
      const vehicle = findVehicle((candidate) => candidate.vatReportable === vatReportable);
      const data = vehicleJsonLd(vehicle, "https://example.test/carfinder/1-1-x", "https://example.test", null);
      const price = vehicle.offers.find((offer) => offer.type === "purchase")?.totalPrice ?? vehicle.price;
      expect(data.offers).toMatchObject({ price, priceSpecification: { price, priceCurrency: "EUR", valueAddedTaxIncluded: true } });
    }
  });
});

describe("vehicle schema", () => {
  it("a vehicle without an offer or a picture is refused (the page reads offers[0] and images[0])", () => {
    const vehicle = buildVehicle({ id: 200_001 });
    expect(VehicleSchema.safeParse(vehicle).success).toBe(true);
    expect(VehicleSchema.safeParse({ ...vehicle, offers: [] }).success).toBe(false);
    expect(VehicleSchema.safeParse({ ...vehicle, images: [] }).success).toBe(false);
    expect(VehicleSchema.parse({ ...vehicle, images: ["/a.svg", "/b.svg"] }).images).toEqual(["/a.svg", "/b.svg"]);
  });
});

describe("delivery packages (data, not constants)", () => {
  const base = findVehicle((candidate) => candidate.category === "passenger");

  it("shows the vehicle's own packages and prices in a fixed order; 0 is 'inklusive'", () => {
    const vehicle = {
      ...base,
      deliveryPackages: [
        { kind: "home_delivery" as const, price: 640 },
        { kind: "pickup" as const, price: 0 },
        { kind: "registration" as const, price: 219 },
      ],
    };
    expect(deliveryPackages(vehicle).map((item) => [item.title, item.price])).toEqual([
      ["Abholung im Center", "inklusive"],
      ["Zulassungsservice", formatEuro(219)],
      ["Lieferung nach Hause", formatEuro(640)],
    ]);
  });

  it("names no package the data does not offer, and none at all for a vehicle without packages", () => {
    expect(deliveryPackages({ ...base, deliveryPackages: [{ kind: "pickup", price: 0 }] }).map((item) => item.title)).toEqual([
      "Abholung im Center",
    ]);
    expect(deliveryPackages({ ...base, deliveryPackages: [] })).toEqual([]);
  });

  it("the demo stock's prices differ by center (generated from the center, not one constant)", () => {
    const prices = new Set<string>();
    for (let id = 200_000; id < 200_200; id += 1) {
      const vehicle = buildVehicle({ id });
      for (const item of deliveryPackages(vehicle)) if (item.title === "Zulassungsservice") prices.add(item.price);
    }
    expect(prices.size).toBeGreaterThan(1);
  });

  it("the schema takes one package per kind, and older documents without packages parse to none", () => {
    const { deliveryPackages: _packages, ...older } = buildVehicle({ id: 200_002 });
    expect(VehicleSchema.parse(older).deliveryPackages).toEqual([]);
    const twice = [
      { kind: "pickup", price: 0 },
      { kind: "pickup", price: 10 },
    ];
    expect(VehicleSchema.safeParse({ ...older, deliveryPackages: twice }).success).toBe(false);
  });
});
