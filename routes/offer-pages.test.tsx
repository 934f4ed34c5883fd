import { describe, expect, it } from "vitest";
import { buildVehicle } from "#kv-seed/stock-generator.ts";
import { LEASE_PERKS } from "#domain/lease-choices.ts";
import type { Vehicle } from "#domain/vehicle.ts";
import type { AcquisitionType } from "#domain/vehicle-vocabulary.ts";
import { attr, termsOf, type HtmlDom } from "#ui/test-support/html-dom.ts";
import { fakePorts } from "./test-support/fake-ports.ts";
import { renderRoute } from "./test-support/render-route.tsx";

/** Sixty generated vehicles: enough to hold every kind of offer, VAT-reportable and margin-taxed. */
const STOCK = Array.from({ length: 60 }, (_, index) => buildVehicle({ id: 200_001 + index }));
const hasOffer = (vehicle: Vehicle, type: AcquisitionType) => vehicle.offers.some((offer) => offer.type === type);
function stockVehicle(test: (vehicle: Vehicle) => boolean): Vehicle {
  const found = STOCK.find(test);
  if (!found) throw new Error("no such vehicle in the generated stock");
  return found;
}
const segmentOf = (vehicle: Vehicle) => `${vehicle.id}-1-${vehicle.slug}`;
const render = (path: string) => renderRoute(path, { ports: fakePorts({ vehicles: STOCK }) });
/** The overview's vehicle cards: one article per list item (the first page, 24 at most). */
const cardsOf = (main: HtmlDom) => main.getAllByRole("listitem").flatMap((item) => main.within(item).queryAllByRole("article"));
const firstPage = (vehicles: Vehicle[]) => vehicles.slice(0, 24);

describe("the lease overview (/stock/private-lease, /stock/business-lease)", () => {
  it("lists the vehicles with that lease offer, each card linking its lease page with its rate and tax note, below the perks", async () => {
    const { status, main } = await render("/stock/private-lease");
    expect(status).toBe(200);
    expect(main.getByRole("heading", { level: 1, name: "Privat-Leasing" })).toBeDefined();
    for (const perk of LEASE_PERKS) expect(main.text()).toContain(perk);
    expect(main.text()).toContain("2.000 km pro Monat inklusive");
    const leased = STOCK.filter((vehicle) => hasOffer(vehicle, "private_lease"));
    expect(main.text()).toContain(`${leased.length} Leasingfahrzeuge`);
    const cards = cardsOf(main);
    expect(cards).toHaveLength(firstPage(leased).length);
    const [first] = leased;
    const card = main.within(cards[0] ?? main.root);
    expect(attr(card.getByRole("link", { name: first?.title }), "href")).toBe(`/stock/private-lease/${first && segmentOf(first)}`);
    expect(card.text()).toMatch(/^.+ [\d.]+ € mtl\. inkl\. 19 % MwSt\./);
    // The other lease section is a click away; the filter is a plain GET form.
    expect(attr(main.getByRole("link", { name: "Gewerbe-Leasing" }), "href")).toBe("/stock/business-lease");
    expect(attr(main.getByRole("form", { name: "Leasingfahrzeuge filtern" }), "method")).toBe("get");
  });

  it("business lease rates are net: 'zzgl. 19 % MwSt.'; a brand's overview names the brand and keeps it selected", async () => {
    const { main } = await render("/hyundai/stock/business-lease");
    expect(main.getByRole("heading", { level: 1, name: "Gewerbe-Leasing: Hyundai" })).toBeDefined();
    expect(main.text()).toContain("zzgl. 19 % MwSt.");
    const brand = main.getByRole("combobox", { name: "Marke" });
    expect(main.within(brand).getByRole("option", { name: "Hyundai" }).attrs.has("selected")).toBe(true);
    for (const link of main.getAllByRole("heading", { level: 2 }).map((heading) => main.within(heading).getByRole("link")))
      expect(attr(link, "href")).toMatch(/^\/hyundai\/stock\/business-lease\/\d+-1-/);
  });

  it("an unknown section or brand is a 404", async () => {
    expect((await render("/stock/private-finance-xyz")).status).toBe(404);
    expect((await render("/stock/__proto__")).status).toBe(404);
    const brand = await render("/tesla/stock/private-lease");
    expect(brand.status).toBe(404);
    expect(
      brand.main.getByRole("heading", { level: 1, name: "Laden der Herstellerinformationen zur Marke ist fehlgeschlagen." }),
    ).toBeDefined();
  });
});

describe("a lease vehicle (/stock/{type}/{vehicle})", () => {
  it("states the offer's facts (rate, term, mileage, payments, total, tax) and the contract terms, with the enquiry and calculator links", async () => {
    const vehicle = stockVehicle((candidate) => hasOffer(candidate, "private_lease"));
    const { status, main } = await render(`/stock/private-lease/${segmentOf(vehicle)}`);
    expect(status).toBe(200);
    expect(main.getByRole("heading", { level: 1, name: vehicle.title })).toBeDefined();
    const facts = new Map(termsOf(main.getByRole("region", { name: "Leasingangebot" })));
    for (const label of [
      "Farbe",
      "Monatliche Rate",
      "Laufzeit",
      "Jährliche Laufleistung",
      "Monatliche Laufleistung",
      "Leasing-Sonderzahlung",
      "Gesamtbetrag",
      "Mehrwertsteuer",
    ])
      expect(facts.has(label), label).toBe(true);
    expect(facts.get("Farbe")).toBe(vehicle.exteriorColor);
    expect(main.getByRole("heading", { name: "Vertragsbedingungen" })).toBeDefined();
    expect(main.getByRole("heading", { name: "Ausstattung (Auszug)" })).toBeDefined();
    expect(attr(main.getByRole("link", { name: "Leasing anfragen" }), "href")).toBe(
      `/carfinder/${segmentOf(vehicle)}/interesse?angebot=private_lease`,
    );
    expect(attr(main.getByRole("link", { name: "Eigene Rate berechnen" }), "href")).toBe(`/stock/${segmentOf(vehicle)}/lease-calculator`);
    // Nothing the offer's data does not say: no inclusions of tax or registration, no "standard" equipment.
    expect(main.text()).toContain("Zzgl. Überführungs- und Zulassungskosten");
    expect(main.text()).not.toContain("Kfz-Steuer");
    expect(main.text()).not.toContain("Serienausstattung");
  });

  it("a vehicle without that lease offer, or none at all, is lease-vehicle-not-found", async () => {
    const purchaseOnly = stockVehicle((candidate) => !hasOffer(candidate, "private_lease"));
    for (const path of [`/stock/private-lease/${segmentOf(purchaseOnly)}`, "/stock/private-lease/999999-1-gibt-es-nicht"]) {
      const { status, main } = await render(path);
      expect(status, path).toBe(404);
      expect(main.getByRole("heading", { level: 1, name: "Hoppla, dieses Leasingangebot existiert nicht" }), path).toBeDefined();
    }
  });
});

describe("the finance overviews (/stock/private-finance, /stock/business-finance)", () => {
  it("each card's rate comes with its representative example (§ 17 PAngV) and its VAT wording", async () => {
    const { status, main } = await render("/stock/private-finance");
    expect(status).toBe(200);
    expect(main.getByRole("heading", { level: 1, name: "Privat-Finanzierung" })).toBeDefined();
    const financed = STOCK.filter((vehicle) => hasOffer(vehicle, "private_finance"));
    expect(main.getByRole("status").children.join("")).toContain(`${financed.length} Fahrzeuge mit Finanzierungsangebot`);
    const cards = cardsOf(main);
    expect(cards).toHaveLength(firstPage(financed).length);
    for (const [index, element] of cards.entries()) {
      const vehicle = financed[index];
      const card = main.within(element);
      expect(attr(card.getByRole("link"), "href")).toBe(`/stock/private-finance/${vehicle && segmentOf(vehicle)}`);
      expect(card.text()).toContain(vehicle?.vatReportable ? "inkl. gesetzl. MwSt." : "differenzbesteuert nach § 25a UStG");
      const example = card.getByText(/^Repräsentatives Beispiel gemäß § 17 Abs\. 4 PAngV: Nettodarlehensbetrag /);
      for (const label of [
        "Gebundener Sollzins p. a.",
        "Effektiver Jahreszins",
        "Laufzeit",
        "Monatliche Rate",
        "Gesamtbetrag",
        "Darlehensgeber",
      ])
        expect(card.within(example).text(), `${vehicle?.id} ${label}`).toContain(label);
    }
    // The lease perks and the minilease are not a finance page's.
    expect(main.text()).not.toContain("Minileasing");
    expect(attr(main.getByRole("link", { name: "Gewerbe-Finanzierung" }), "href")).toBe("/stock/business-finance");
  });

  it("business finance rates are net ('zzgl. gesetzl. MwSt.') for VAT-reportable vehicles", async () => {
    const { main } = await render("/stock/business-finance");
    const financed = STOCK.filter((vehicle) => hasOffer(vehicle, "business_finance"));
    const notes = cardsOf(main).map((element) => main.within(element).text());
    expect(notes).toHaveLength(firstPage(financed).length);
    for (const [index, text] of notes.entries())
      expect(text).toContain(financed[index]?.vatReportable ? "zzgl. gesetzl. MwSt." : "differenzbesteuert nach § 25a UStG");
  });

  it("the vehicles' offers failing to load: the list says so, never a rate without its example", async () => {
    const ports = fakePorts({ vehicles: STOCK }, { vehicles: { getMany: () => Promise.reject(new Error("D1_ERROR")) } });
    const { status, main } = await renderRoute("/stock/private-finance", { ports });
    expect(status).toBe(200);
    expect(main.text()).toContain("Finanzierungsangebote konnten nicht geladen werden. Bitte versuchen Sie es später erneut.");
    expect(main.queryAllByRole("listitem").flatMap((item) => main.within(item).queryAllByRole("article"))).toEqual([]);
    expect(main.text()).not.toContain("€ mtl.");
  });
});

describe("a finance vehicle (/stock/{private-finance|business-finance}/{vehicle})", () => {
  it("shows the § 17 PAngV example with every figure, the disclaimer, the energy block of a new car and the actions", async () => {
    const vehicle = stockVehicle(
      (candidate) =>
        hasOffer(candidate, "private_finance") &&
        candidate.vatReportable &&
        candidate.condition === "new" &&
        candidate.category === "passenger",
    );
    const { status, main } = await render(`/stock/private-finance/${segmentOf(vehicle)}`);
    expect(status).toBe(200);
    expect(main.getByRole("heading", { level: 1, name: vehicle.title })).toBeDefined();
    const example = main.getByRole("region", { name: "Repräsentatives Beispiel gemäß § 17 Abs. 4 PAngV" });
    const labels = termsOf(example).map(([label]) => label);
    for (const label of [
      "Nettodarlehensbetrag",
      "Gebundener Sollzins p. a.",
      "Effektiver Jahreszins",
      "Laufzeit",
      "Anzahlung",
      "Gesamtbetrag",
      "Darlehensgeber",
    ])
      expect(labels).toContain(label);
    expect(main.within(example).text()).toContain("Zugleich repräsentatives Beispiel gemäß § 17 Abs. 4 PAngV.");
    expect(main.text()).toContain("inkl. gesetzl. MwSt.");
    expect(main.text()).not.toContain("§ 25a");
    const energy = main.getByRole("region", { name: "Energieverbrauch und CO₂-Emissionen (Pkw-EnVKV)" });
    expect(termsOf(energy).map(([label]) => label)).toContain("CO₂-Klasse");
    const segment = segmentOf(vehicle);
    expect(attr(main.getByRole("link", { name: "Probefahrt vereinbaren" }), "href")).toBe(
      `/carfinder/${segment}/probefahrt?angebot=private_finance`,
    );
    expect(attr(main.getByRole("link", { name: "Finanzierung anfragen" }), "href")).toBe(
      `/carfinder/${segment}/interesse?angebot=private_finance`,
    );
    // Lease-only things stay on the lease pages.
    expect(main.queryByRole("link", { name: "Eigene Rate berechnen" })).toBeNull();
    expect(main.text()).not.toContain("Leasing anfragen");
  });

  it("a margin-taxed car's rate says § 25a UStG, not inkl. MwSt.", async () => {
    const vehicle = stockVehicle((candidate) => hasOffer(candidate, "private_finance") && !candidate.vatReportable);
    const { main } = await render(`/stock/private-finance/${segmentOf(vehicle)}`);
    expect(main.getByText("differenzbesteuert nach § 25a UStG")).toBeDefined();
    expect(main.text()).not.toContain("inkl. gesetzl. MwSt.");
  });

  it("a vehicle without that finance offer is a 404", async () => {
    const vehicle = stockVehicle((candidate) => !hasOffer(candidate, "private_finance"));
    const { status, main } = await render(`/stock/private-finance/${segmentOf(vehicle)}`);
    expect(status).toBe(404);
    expect(main.queryByRole("region", { name: "Repräsentatives Beispiel gemäß § 17 Abs. 4 PAngV" })).toBeNull();
  });
});
