import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildVehicle } from "#kv-seed/stock-generator.ts";
import type { Vehicle } from "#domain/vehicle.ts";
import { attr, type HtmlDom } from "#ui/test-support/html-dom.ts";
import { fakePorts } from "./test-support/fake-ports.ts";
import { renderRoute } from "./test-support/render-route.tsx";

// Saturday 28 November 2026 in Berlin: "today" of the price reductions.
beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-28T11:00:00Z") }));
afterEach(() => vi.useRealTimers());

const STOCK = Array.from({ length: 30 }, (_, index) => buildVehicle({ id: 200_001 + index }));
function stockVehicle(test: (vehicle: Vehicle) => boolean): Vehicle {
  const found = STOCK.slice(0, 24).find(test);
  if (!found) throw new Error("no such vehicle on the first page of the generated stock");
  return found;
}
const newCar = stockVehicle((vehicle) => vehicle.condition === "new" && vehicle.category === "passenger" && vehicle.vatReportable);
const marginTaxed = stockVehicle((vehicle) => !vehicle.vatReportable);
const reduced = stockVehicle((vehicle) => vehicle !== newCar && vehicle.vatReportable);
const REDUCED_HISTORY = new Map([
  [
    reduced.id,
    [
      { price: reduced.price + 1_000, validFrom: "2026-10-01" },
      { price: reduced.price, validFrom: "2026-11-20" },
    ],
  ],
]);

function render(path: string) {
  return renderRoute(path, { ports: fakePorts({ vehicles: STOCK, priceHistories: REDUCED_HISTORY }) });
}
/** A vehicle's result card: the article named by its title that links the vehicle's page (titles repeat in a stock). */
function cardOf(main: HtmlDom, vehicle: Vehicle, path = `/carfinder/${vehicle.id}-1-${vehicle.slug}`): HtmlDom {
  const card = main.getAllByRole("article", { name: vehicle.title }).find((article) =>
    main
      .within(article)
      .queryAllByRole("link", { name: vehicle.title })
      .some((link) => link.attrs.get("href") === path),
  );
  if (!card) throw new Error(`no result card links ${path}`);
  return main.within(card);
}

describe("the carfinder (/carfinder)", () => {
  it("shows the count and a card per vehicle of the page, linking its page, with its price worded as an advert", async () => {
    const { status, main } = await render("/carfinder");
    expect(status).toBe(200);
    expect(main.getByRole("heading", { level: 1, name: "Fahrzeugsuche" })).toBeDefined();
    expect(main.text()).toContain(`${STOCK.length} Fahrzeuge gefunden`);
    const results = main.within(main.getByRole("region", { name: "Suchergebnisse" }));
    expect(results.getAllByRole("article")).toHaveLength(24);
    const car = cardOf(main, newCar);
    expect(car.text()).toContain("Gesamtpreis inkl. 19 % MwSt. und Überführung");
    expect(car.text()).toMatch(/CO₂-Emissionen kombiniert: \d+ g\/km; CO₂-Klasse: [A-G]/);
    expect(cardOf(main, marginTaxed).text()).toContain("Gesamtpreis inkl. Überführung, differenzbesteuert nach § 25a UStG");
    expect(cardOf(main, reduced).text()).toContain("Preis gesenkt um");
    expect(cardOf(main, reduced).text()).toContain("niedrigster Preis der 30 Tage vor der Senkung am 20.11.2026");
    expect(car.getByRole("checkbox", { name: `Vergleichen: ${newCar.title}` })).toBeDefined();
  });

  it("filters with a plain GET form: sorting, price type, search words and ranges", async () => {
    const { main } = await render("/carfinder?pricetype=private_lease");
    const form = main.getByRole("form", { name: "Fahrzeuge filtern" });
    expect(attr(form, "action")).toBe("/carfinder");
    expect(attr(form, "method")).toBe("get");
    const filters = main.within(form);
    expect(attr(filters.getByRole("combobox", { name: "Sortierung" }), "name")).toBe("sorting");
    const priceType = filters.within(filters.getByRole("combobox", { name: "Preisanzeige" }));
    expect(priceType.getByRole("option", { name: "Leasing (privat)" }).attrs.has("selected")).toBe(true);
    expect(attr(filters.getByRole("searchbox", { name: "Suchbegriff" }), "name")).toBe("q");
    expect(filters.getByRole("group", { name: "Preis, Laufleistung, Alter, Leistung" })).toBeDefined();
    // With the lease price type the cards show the monthly rate.
    const leased = STOCK.find((vehicle) => vehicle.offers.some((offer) => offer.type === "private_lease"));
    expect(leased && cardOf(main, leased).text()).toMatch(/[\d.]+ € mtl\./);
  });

  it("nothing found: a German empty state with a link that resets the filters", async () => {
    const { status, main } = await renderRoute("/hyundai/carfinder?q=gibtsnicht", { ports: fakePorts() });
    expect(status).toBe(200);
    expect(main.getByRole("heading", { level: 3, name: "Keine passenden Fahrzeuge" })).toBeDefined();
    expect(attr(main.getByRole("link", { name: "Alle Filter zurücksetzen" }), "href")).toBe("/hyundai/carfinder");
    expect(main.queryAllByRole("article", { name: /./ })).toEqual([]);
  });

  it("the search failing: the page and its filters stay (503), the results say they could not be loaded", async () => {
    const ports = fakePorts({ vehicles: STOCK }, { vehicles: { search: () => Promise.reject(new Error("D1_ERROR")) } });
    const { status, main } = await renderRoute("/carfinder", { ports });
    expect(status).toBe(503);
    expect(main.getByRole("heading", { level: 3, name: "Fahrzeuge konnten nicht geladen werden" })).toBeDefined();
    expect(main.getByRole("form", { name: "Fahrzeuge filtern" })).toBeDefined();
  });

  it("a brand's carfinder links its vehicles below the brand", async () => {
    const { main } = await render("/hyundai/carfinder");
    const titles = main.getAllByRole("article", { name: /./ });
    expect(titles.length).toBe(STOCK.filter((vehicle) => vehicle.brand === "hyundai").length);
    for (const card of titles)
      expect(attr(main.within(card).getAllByRole("link")[0] ?? card, "href")).toMatch(/^\/hyundai\/carfinder\/\d+-1-/);
  });
});
