import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { berlinTime } from "#domain/opening-status.ts";
import { cardAdvert, MARGIN_TAXED_PURCHASE_NOTE, PURCHASE_NOTE } from "#domain/vehicle-advert.ts";
import type { SearchResult } from "#domain/vehicle-search-result.ts";
import { VehicleSchema } from "#domain/vehicle.ts";
import type { AcquisitionType } from "#domain/vehicle-vocabulary.ts";
import { get } from "../test-support/requests.ts";
import { cardOf } from "./card-advert.ts";

async function search(query: string): Promise<SearchResult> {
  const response = await get(`/api/vehicles/search?${query}`);
  expect(response.status).toBe(200);
  return response.json();
}

async function documentAndHistory(id: number) {
  const document = await env.DB.prepare("SELECT data FROM vehicle_documents WHERE id = ?").bind(id).first<{ data: string }>();
  const { results } = await env.DB.prepare("SELECT price, valid_from AS validFrom FROM vehicle_prices WHERE vehicle_id = ?")
    .bind(id)
    .all<{ price: number; validFrom: string }>();
  return { vehicle: VehicleSchema.parse(JSON.parse(document?.data ?? "null")), history: results };
}

describe("result cards carry their legal wording from the worker", () => {
  it("every card of several pages and price types is worded from its own document and price history", async () => {
    const today = berlinTime(new Date()).date;
    const seen = { marginTaxed: 0, energy: 0, reduced: 0 };
    const cases: Array<[AcquisitionType, string]> = [
      ["purchase", "pricetype=purchase&sorting=price-asc"],
      ["purchase", "pricetype=purchase&condition=new&page=2"],
      ["private_finance", "pricetype=private_finance"],
      ["business_lease", "pricetype=business_lease&sorting=mileage-desc"],
    ];
    for (const [priceType, query] of cases) {
      const result = await search(query);
      expect(result.vehicles.length).toBeGreaterThan(0);
      for (const card of result.vehicles) {
        const { vehicle, history } = await documentAndHistory(card.id);
        const rate = vehicle.offers.find((offer) => offer.type === priceType)?.monthlyInstallment ?? card.price;
        expect(card.advert, `vehicle ${card.id}, ${query}`).toEqual(
          cardAdvert(vehicle, { priceType, rate: priceType === "purchase" ? card.price : rate, purchase: vehicle.price }, history, today),
        );
        if (!vehicle.vatReportable && card.advert.note === MARGIN_TAXED_PURCHASE_NOTE) seen.marginTaxed++;
        if (vehicle.vatReportable && priceType === "purchase") expect(card.advert.note).toBe(PURCHASE_NOTE);
        if (card.advert.energy) seen.energy++;
        if (card.advert.reduction) seen.reduced++;
      }
    }
    // The demo stock has each case on these pages, so the test cannot pass by leaving a line out.
    expect(seen.marginTaxed).toBeGreaterThan(0);
    expect(seen.energy).toBeGreaterThan(0);
    expect(seen.reduced).toBeGreaterThan(0);
  });

  it("the carfinder page prints them: margin-taxed, VAT, energy line and the 30-day lowest price", async () => {
    const html = (await (await get("/carfinder?sorting=price-asc")).text()).replace(/<!-- -->/g, "");
    const result = await search("sorting=price-asc");
    for (const { advert } of result.vehicles) {
      expect(html).toContain(advert.note);
      if (advert.energy) expect(html).toContain(advert.energy);
      if (advert.reduction) expect(html).toContain(advert.reduction);
    }
  });

  it("a card whose document lacks its VAT status keeps its price and claims nothing it cannot back", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const row = {
      id: 1,
      slug: "x",
      brand: "smart",
      title: "smart #1",
      condition: "new",
      fuel: "electric",
      constructionYear: 2026,
      firstRegistration: null,
      mileageKm: 10,
      powerHp: 272,
      price: 34_990,
      pricePurchase: 34_990,
      locationSlug: "center-husum",
      image: null,
      priceHistory: '[[36990,"2026-01-01"],[34990,"2026-11-01"]]',
    };
    for (const advertData of [null, "not json", '[true,"passenger",{"co2Class":"Z"},null]', '{"__proto__":{"vatReportable":true}}']) {
      const card = cardOf({ ...row, advertData }, "purchase", "2026-11-28");
      expect(card.advert).toEqual({ price: "34.990\u00a0€", note: "Gesamtpreis", reduction: null, energy: null });
    }
    expect(cardOf({ ...row, price: 299, advertData: null }, "private_lease", "2026-11-28").advert.note).toBe("monatliche Rate");
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe("compare and favourites word their prices like the cards", () => {
  async function ids(): Promise<{ marginTaxed: number; withVat: number; newCar: number }> {
    const pick = async (where: string) => {
      const row = await env.DB.prepare(
        `SELECT v.id FROM vehicles v JOIN vehicle_documents d ON d.id = v.id WHERE v.status = 'available' AND ${where} ORDER BY v.id LIMIT 1`,
      ).first<{ id: number }>();
      if (!row) throw new Error(`no vehicle where ${where}`);
      return row.id;
    };
    return {
      marginTaxed: await pick("json_extract(d.data, '$.vatReportable') = 0"),
      withVat: await pick("json_extract(d.data, '$.vatReportable') = 1 AND v.condition = 'used'"),
      newCar: await pick("v.condition = 'new' AND v.category = 'passenger'"),
    };
  }

  it("/api/vehicles/adverts answers the purchase advert of each available vehicle asked for", async () => {
    const { marginTaxed, withVat, newCar } = await ids();
    const response = await get(`/api/vehicles/adverts?ids=${marginTaxed},${withVat},${newCar},999999`);
    expect(response.status).toBe(200);
    const adverts = new Map(
      ((await response.json()) as Array<{ id: number; advert: SearchResult["vehicles"][number]["advert"] }>).map((e) => [e.id, e.advert]),
    );
    expect([...adverts.keys()].sort()).toEqual([marginTaxed, withVat, newCar].sort());
    expect(adverts.get(marginTaxed)?.note).toBe(MARGIN_TAXED_PURCHASE_NOTE);
    expect(adverts.get(withVat)).toMatchObject({ note: PURCHASE_NOTE, energy: null });
    expect(adverts.get(newCar)?.energy).toMatch(/^(Kraftstoff|Strom)verbrauch (gewichtet )?kombiniert: .*CO₂-Klasse/);
    for (const bad of ["", "abc", "__proto__", "1,-2", Array.from({ length: 51 }, (_, i) => i + 1).join(",")]) {
      expect((await get(`/api/vehicles/adverts?ids=${encodeURIComponent(bad)}`)).status, bad).toBe(400);
    }
  });

  it("the favourites and compare pages opened with ?ids= print the same wording without JavaScript", async () => {
    const { marginTaxed, withVat, newCar } = await ids();
    const adverts = (await (await get(`/api/vehicles/adverts?ids=${marginTaxed},${withVat},${newCar}`)).json()) as Array<{
      advert: { note: string; energy: string | null };
    }>;
    const favourites = (await (await get(`/carfinder/favoriten?ids=${marginTaxed},${withVat},${newCar}`)).text()).replace(/<!-- -->/g, "");
    const compare = (await (await get(`/carfinder/vergleichen?ids=${marginTaxed},${withVat},${newCar}`)).text()).replace(/<!-- -->/g, "");
    expect(favourites).toContain(MARGIN_TAXED_PURCHASE_NOTE);
    expect(compare).toContain(MARGIN_TAXED_PURCHASE_NOTE);
    for (const { advert } of adverts) {
      expect(favourites).toContain(advert.note);
      expect(compare).toContain(advert.note);
      if (advert.energy) expect(favourites).toContain(advert.energy);
    }
  });
});
