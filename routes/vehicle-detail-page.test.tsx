import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildVehicle } from "#kv-seed/stock-generator.ts";
import type { PricePoint } from "#domain/price-history.ts";
import type { Vehicle } from "#domain/vehicle.ts";
import { attr, termsOf } from "#ui/test-support/html-dom.ts";
import { fakePorts } from "./test-support/fake-ports.ts";
import { renderRoute } from "./test-support/render-route.tsx";

// Saturday 28 November 2026 in Berlin: "today" of the price reductions.
beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-28T11:00:00Z") }));
afterEach(() => vi.useRealTimers());

const STOCK = Array.from({ length: 60 }, (_, index) => buildVehicle({ id: 200_001 + index }));
function stockVehicle(test: (vehicle: Vehicle) => boolean): Vehicle {
  const found = STOCK.find(test);
  if (!found) throw new Error("no such vehicle in the generated stock");
  return found;
}
const pathOf = (vehicle: Vehicle) => `/carfinder/${vehicle.id}-1-${vehicle.slug}`;
const newCar = stockVehicle((vehicle) => vehicle.condition === "new" && vehicle.category === "passenger" && vehicle.vatReportable);
const marginTaxed = stockVehicle((vehicle) => !vehicle.vatReportable && vehicle.offers.some((offer) => offer.type === "private_finance"));

function render(vehicle: Vehicle, priceHistories: ReadonlyMap<number, PricePoint[]> = new Map()) {
  return renderRoute(pathOf(vehicle), { ports: fakePorts({ vehicles: STOCK, priceHistories }) });
}

describe("a vehicle's page (/carfinder/{vehicle})", () => {
  it("a new car with reportable VAT: its title, prices incl. 19 % VAT, the Pkw-EnVKV energy block and the enquiry links", async () => {
    const { status, main } = await render(newCar);
    expect(status).toBe(200);
    expect(main.getByRole("heading", { level: 1, name: newCar.title })).toBeDefined();
    const offers = main.within(main.getByRole("region", { name: "Preise und Angebote" }));
    expect(offers.text()).toContain("Alle Preise inkl. 19 % MwSt.");
    expect(main.text()).not.toContain("§ 25a");
    const energy = main.getByRole("region", { name: "Energieverbrauch und CO₂-Emissionen (Pkw-EnVKV)" });
    const facts = new Map(termsOf(energy));
    expect(facts.get("CO₂-Klasse")).toMatch(/^[A-G]$/);
    expect(facts.get("CO₂-Emissionen kombiniert")).toBe(`${newCar.wltp.co2Combined} g/km`);
    const [interest] = main.getAllByRole("link", { name: "Interesse bekunden" });
    expect(interest && attr(interest, "href")).toBe(`${pathOf(newCar)}/interesse`);
    const [testDrive] = main.getAllByRole("link", { name: "Probefahrt vereinbaren" });
    expect(testDrive && attr(testDrive, "href")).toBe(`${pathOf(newCar)}/probefahrt`);
  });

  it("a margin-taxed car: an end price without a VAT statement, its finance offer saying so too", async () => {
    const { main } = await render(marginTaxed);
    const text = main.text();
    expect(text).toContain("Endpreis, differenzbesteuert nach § 25a UStG: die Mehrwertsteuer wird nicht gesondert ausgewiesen.");
    expect(text).toContain("Das Fahrzeug ist differenzbesteuert nach § 25a UStG.");
    expect(text).not.toContain("Alle Preise inkl. 19 % MwSt.");
  });

  it("a reduced price names the reduction and the lowest price of the 30 days before it (PAngV § 11)", async () => {
    const history = [
      { price: newCar.price + 2_000, validFrom: "2026-10-01" },
      { price: newCar.price, validFrom: "2026-11-20" },
    ];
    const { main } = await render(newCar, new Map([[newCar.id, history]]));
    const percent = Math.floor((1 - newCar.price / (newCar.price + 2_000)) * 100);
    expect(main.getByText(`Preis gesenkt um ${percent} %`)).toBeDefined();
    expect(main.text()).toContain(
      `Niedrigster Preis der 30 Tage vor der Senkung am 20.11.2026: ${new Intl.NumberFormat("de-DE").format(newCar.price + 2_000)} €`,
    );
  });

  it("no reduction label for a price that did not change, or when the history cannot be read", async () => {
    const unchanged = await render(newCar, new Map([[newCar.id, [{ price: newCar.price, validFrom: "2026-09-01" }]]]));
    expect(unchanged.main.text()).not.toContain("Preis gesenkt");
    const ports = fakePorts({ vehicles: STOCK }, { vehicles: { priceHistory: () => Promise.reject(new Error("D1_ERROR")) } });
    const failed = await renderRoute(pathOf(newCar), { ports });
    expect(failed.status).toBe(200);
    expect(failed.main.text()).not.toContain("Preis gesenkt");
    expect(failed.main.getByRole("heading", { level: 1, name: newCar.title })).toBeDefined();
  });

  it("an unknown or sold vehicle is vehicle-not-found; an outdated name in the URL redirects to the current one", async () => {
    const missing = await renderRoute("/carfinder/999999-1-gibt-es-nicht", { ports: fakePorts({ vehicles: STOCK }) });
    expect(missing.status).toBe(404);
    expect(missing.main.getByRole("heading", { level: 1, name: "Hoppla, dieses Fahrzeug existiert nicht." })).toBeDefined();
    const outdated = await renderRoute(`/carfinder/${newCar.id}-1-alter-name`, { ports: fakePorts({ vehicles: STOCK }) });
    expect(outdated.status).toBe(301);
    expect(outdated.location).toBe(pathOf(newCar));
  });
});
