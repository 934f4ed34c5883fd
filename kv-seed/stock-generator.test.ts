import { describe, expect, it } from "vitest";
import { BRAND_KEYS } from "#domain/brands.ts";
import { co2ClassFor } from "#domain/co2-class.ts";
import { VehicleSchema } from "#domain/vehicle.ts";
import { COMMERCIAL_BODY_STYLES } from "#domain/vehicle-vocabulary.ts";
import { MODEL_LINES } from "#domain/model-lines.ts";
import { DEMO_LOCATIONS } from "./demo-locations.ts";
import { buildVehicle, generateStock, monthlyAnnuity, slugify, TRANSFER_COST_EURO, vehicleTitle } from "./stock-generator.ts";
import { VARIANTS } from "./stock-catalogue.ts";

const stock = generateStock(3_000);

describe("demo stock generator", () => {
  it("is deterministic", () => {
    expect(generateStock(50)).toEqual(stock.slice(0, 50));
  });

  it("every vehicle passes the production schema", () => {
    for (const vehicle of stock) expect(VehicleSchema.safeParse(vehicle).success).toBe(true);
  });

  it("covers all six brands, every model line with variants, and every commercial body style", () => {
    expect(new Set(stock.map((vehicle) => vehicle.brand))).toEqual(new Set(BRAND_KEYS));
    const bodies = new Set(stock.map((vehicle) => vehicle.bodyStyle));
    for (const body of COMMERCIAL_BODY_STYLES) expect(bodies.has(body), body).toBe(true);
    for (const variant of VARIANTS) expect(MODEL_LINES[variant.brand][variant.model], variant.model).toBeTruthy();
  });

  it("vehicles stand at a location that sells their brand", () => {
    for (const vehicle of stock) {
      const location = DEMO_LOCATIONS.find((candidate) => candidate.slug === vehicle.locationSlug);
      expect((location?.brands as readonly string[] | undefined)?.includes(vehicle.brand)).toBe(true);
    }
  });

  it("new vehicles have no first registration and almost no mileage; used ones have both", () => {
    for (const vehicle of stock) {
      if (vehicle.condition === "new") {
        expect(vehicle.firstRegistration).toBeUndefined();
        expect(vehicle.mileageKm).toBeLessThanOrEqual(50);
      }
      if (vehicle.condition === "used") {
        expect(vehicle.firstRegistration).toMatch(/^\d{4}-\d{2}$/);
        expect(vehicle.mileageKm).toBeGreaterThan(1_000);
      }
    }
  });

  it("CO2 class matches combined CO2; PHEVs carry a second class for the discharged battery", () => {
    for (const vehicle of stock) {
      expect(vehicle.wltp.co2Class).toBe(co2ClassFor(vehicle.wltp.co2Combined));
      if (vehicle.fuel === "pluginhybrid") expect(vehicle.wltp.co2ClassDischarged).toBeDefined();
      if (vehicle.fuel === "electric") expect(vehicle.wltp.co2Class).toBe("A");
    }
  });

  it("every vehicle can be bought; the purchase total includes transfer costs", () => {
    for (const vehicle of stock) {
      const purchase = vehicle.offers.find((offer) => offer.type === "purchase");
      expect(purchase?.price).toBe(vehicle.price);
      expect(purchase?.transferCost).toBe(TRANSFER_COST_EURO);
    }
  });

  it("finance offers name the bank, net loan amount, borrowing and effective rate", () => {
    const finance = stock.flatMap((vehicle) => vehicle.offers).filter((offer) => offer.type === "private_finance");
    expect(finance.length).toBeGreaterThan(1_000);
    for (const offer of finance) {
      expect(offer.bank).toBeTruthy();
      expect(offer.netLoanAmount).toBeGreaterThan(0);
      expect(offer.interestRate!).toBeGreaterThan(offer.borrowingRate!);
    }
  });

  it("ids are unique and slugs are URL-safe", () => {
    expect(new Set(stock.map((vehicle) => vehicle.id)).size).toBe(stock.length);
    for (const vehicle of stock) expect(vehicle.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it("overrides pin a vehicle for tests and legacy redirects", () => {
    const pinned = buildVehicle({
      id: 4_711_235,
      variantName: "C 220 d T-Modell",
      condition: "used",
      slug: "mercedes-benz-c-200-t-modell",
    });
    expect(pinned).toMatchObject({ id: 4_711_235, model: "c-klasse", condition: "used", slug: "mercedes-benz-c-200-t-modell" });
  });
});

it("titles name the brand once", () => {
  expect(vehicleTitle({ brand: "smart", name: "smart #1 Pro+" })).toBe("smart #1 Pro+");
  expect(vehicleTitle({ brand: "mercedes-benz", name: "Mercedes-AMG GT 63 4MATIC+ Coupé" })).toBe("Mercedes-AMG GT 63 4MATIC+ Coupé");
  expect(vehicleTitle({ brand: "mercedes-benz", name: "C 200 Limousine" })).toBe("Mercedes-Benz C 200 Limousine");
  expect(vehicleTitle({ brand: "iveco", name: "Daily 35S16 Kastenwagen" })).toBe("Iveco Daily 35S16 Kastenwagen");
});

it("slugify transliterates German and symbols", () => {
  expect(slugify("smart #1 Pro+")).toBe("smart-1-pro-plus");
  expect(slugify("Mercedes-Benz CLE 300 4MATIC Cabriolet Kühlkoffer")).toBe("mercedes-benz-cle-300-4matic-cabriolet-kuehlkoffer");
  expect(slugify("CLA 200 Coupé")).toBe("cla-200-coupe");
});

it("annuity: 30,000 € over 48 months at 6 % is about 704.55 € a month", () => {
  expect(monthlyAnnuity(30_000, 6, 48)).toBeCloseTo(704.55, 1);
});

describe("alloy wheels in the demo stock", () => {
  it("every size from 13 to 23 inches occurs; tractor units and tippers have steel wheels", async () => {
    const { generateStock } = await import("./stock-generator.ts");
    const stock = generateStock(3_000);
    const sizes = new Set(stock.map((vehicle) => vehicle.alloyWheelInch).filter((size) => size !== undefined));
    expect([...sizes].sort((a, b) => a! - b!)).toEqual(Array.from({ length: 11 }, (_, index) => 13 + index));
    for (const vehicle of stock.filter((candidate) => candidate.bodyStyle === "standardtractor" || candidate.bodyStyle === "tipper"))
      expect(vehicle.alloyWheelInch).toBeUndefined();
  });
});
