import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mapFeedRows } from "#domain/stock-feed/feed-row.ts";
import { mobileDeAdToRow } from "#domain/stock-feed/mobilede-ad.ts";
import { fetchMobileDeAds, MobileDeConfigSchema, MobileDeError, type MobileDeConfig } from "#worker/adapters/mobilede-client.ts";
import {
  FAKE_MOBILEDE_PASSWORD,
  FAKE_MOBILEDE_USER,
  sampleMobileDeAd,
  startFakeMobileDe,
  type FakeMobileDe,
} from "#worker/test-support/fake-mobilede-server.ts";

let fake: FakeMobileDe;
let config: MobileDeConfig;
const waits: number[] = [];
const options = { sleep: async (ms: number) => void waits.push(ms) };

beforeAll(async () => {
  fake = await startFakeMobileDe();
  config = MobileDeConfigSchema.parse({
    baseUrl: fake.url,
    user: FAKE_MOBILEDE_USER,
    password: FAKE_MOBILEDE_PASSWORD,
    customers: { "4711001": "center-goslar", "4711002": "center-husum" },
  });
});
afterAll(() => fake.close());
afterEach(() => {
  fake.customers.clear();
  fake.requests.length = 0;
  fake.onPage = undefined;
  waits.length = 0;
});

const ads = (prefix: string, count: number) => Array.from({ length: count }, (_, index) => sampleMobileDeAd(`${prefix}${index}`));

describe("fetchMobileDeAds (against the local stand-in)", () => {
  it("pages through every customer number at 100 ads a page, each ad with its center", async () => {
    fake.customers.set("4711001", ads("1000", 250));
    fake.customers.set("4711002", ads("2000", 1));
    const result = await fetchMobileDeAds(config, options);
    expect(result.ads).toHaveLength(251);
    expect(result.ads.at(-1)).toMatchObject({ center: "center-husum", customerId: "4711002" });
    expect(fake.requests.map((request) => [request.customerId, request.page, request.size])).toEqual([
      ["4711001", 1, 100],
      ["4711001", 2, 100],
      ["4711001", 3, 100],
      ["4711002", 1, 100],
    ]);
  });

  it("wrong credentials: a German message naming what to check, no retry", async () => {
    await expect(fetchMobileDeAds({ ...config, password: "falsch" }, options)).rejects.toThrow(
      /mobile.de lehnt die Zugangsdaten ab \(HTTP 401: Unauthorized.*MOBILEDE_PASSWORD/,
    );
    expect(fake.requests).toHaveLength(1);
  });

  it("429 and 5xx are retried (Retry-After honoured), then given up", async () => {
    fake.customers.set("4711001", ads("1000", 3));
    fake.failNext(429, 2);
    expect((await fetchMobileDeAds(config, options)).ads).toHaveLength(3);
    expect(waits).toEqual([1_000, 1_000]);

    fake.failNext(503, 4);
    await expect(fetchMobileDeAds(config, options)).rejects.toThrow(/Seite 1 mit HTTP 503: Service Unavailable/);
  });

  it("refuses more ads than the interface pages through, and a stock that changes while paging", async () => {
    fake.customers.set("4711001", ads("1", 2_001));
    await expect(fetchMobileDeAds(config, options)).rejects.toThrow(/2001 Inserate; die Search-API liefert höchstens 2000/);

    fake.customers.set("4711001", ads("1000", 150));
    fake.onPage = (customerId, page) => {
      if (customerId === "4711001" && page === 2) fake.customers.get("4711001")?.shift();
    };
    await expect(fetchMobileDeAds(config, options)).rejects.toThrow(/haben sich beim Lesen geändert \(150 \/ 149 gemeldet, 149 gelesen\)/);

    // Re-sorted while paging (a price changed): the count still matches, but one ad comes twice
    // and another never; the missing one would be sold.
    fake.customers.set("4711001", ads("1000", 150));
    fake.onPage = (customerId, page) => {
      const list = fake.customers.get("4711001");
      if (customerId === "4711001" && page === 2 && list) list.splice(10, 0, list.splice(120, 1)[0]);
    };
    await expect(fetchMobileDeAds(config, options)).rejects.toThrow(/haben sich beim Lesen geändert \(150 gemeldet, 150 gelesen\)/);
  });

  it("an error list with HTTP 200, and a body that is not a result page, are errors", async () => {
    const pageSize101: typeof fetch = (input, init) => {
      const url = new URL(String(input));
      url.searchParams.set("page.size", "101");
      return fetch(url, init);
    };
    await expect(fetchMobileDeAds(config, { ...options, fetch: pageSize101 })).rejects.toThrow(
      /mobile.de meldet für Kundennummer 4711001: invalid-search-parameter: page.size must be between 1 and 100/,
    );
    const notAPage: typeof fetch = async () => new Response('{"hello":"world"}', { status: 200 });
    await expect(fetchMobileDeAds(config, { ...options, fetch: notAPage })).rejects.toThrow(MobileDeError);
  });

  it("the configuration is checked before any request", () => {
    expect(() => MobileDeConfigSchema.parse({ user: "u", password: "p", customers: {} })).toThrow(/nennt keine Kundennummer/);
    expect(() => MobileDeConfigSchema.parse({ user: "u", password: "p", customers: { "ab-1": "center-goslar" } })).toThrow(/Ziffern/);
  });
});

describe("mobile.de ads → the site's vehicles", () => {
  const centers = new Set(["center-goslar"]);
  it("maps the New JSON fields (price, VAT, plug-in hybrid, equipment flags, WLTP, pictures)", () => {
    const { vehicles, rejected, unmapped } = mapFeedRows([mobileDeAdToRow(sampleMobileDeAd("400123456"), "center-goslar")], {
      centers,
      thisMonth: "2026-11",
    });
    expect(rejected).toEqual([]);
    expect(unmapped).toEqual([]);
    expect(vehicles[0]?.key).toBe("400123456");
    expect(vehicles[0]?.colorKey).toBe("grey");
    expect(vehicles[0]?.vehicle).toMatchObject({
      brand: "mercedes-benz",
      model: "glc-suv",
      modelName: "GLC 300 de 4MATIC AMG Line",
      condition: "used",
      firstRegistration: "2023-02",
      price: 52_990,
      vatReportable: true,
      fuel: "pluginhybrid",
      powerHp: 211,
      driveType: "four",
      bodyStyle: "suv",
      doors: 5,
      exteriorColor: "Graphitgrau metallic",
      interiorMaterial: "partial_leather",
      equipment: ["navigation", "heated_seats", "tow_bar", "adaptive_cruise_control", "climate_control", "parking_sensors", "rear_camera"],
      wltp: {
        co2Combined: 19,
        co2Class: "B",
        co2Discharged: 158,
        co2ClassDischarged: "F",
        consumptionCombined: 0.7,
        consumptionDischarged: 6,
        powerConsumptionCombined: 22.9,
      },
      images: [
        "https://img.classistatic.de/api/v1/mo-prod/images/56/400123456-1?rule=mo-1024.jpg",
        "https://img.classistatic.de/api/v1/mo-prod/images/56/400123456-2?rule=mo-1024.jpg",
      ],
    });
  });

  it("a margin-taxed car has no VAT rate; a malformed ad, a price with cents or an unknown assistant are reported", () => {
    const rows = [
      sampleMobileDeAd("1", { price: { consumerPriceGross: "18990.00", currency: "EUR" } }),
      "kein Inserat",
      sampleMobileDeAd("3", { price: { consumerPriceGross: "18990.50", vatRate: "19.00" } }),
      sampleMobileDeAd("4", { parkingAssistants: ["SELF_STEERING_SYSTEM"] }),
      sampleMobileDeAd("5", { make: "BMW" }),
    ].map((ad) => mobileDeAdToRow(ad, "center-goslar"));
    const { vehicles, rejected, unmapped } = mapFeedRows(rows, { centers, thisMonth: "2026-11" });
    expect(vehicles.map((vehicle) => [vehicle.key, vehicle.vehicle.vatReportable])).toEqual([
      ["1", false],
      ["4", true],
    ]);
    expect(rejected.map((issue) => [issue.row, issue.field])).toEqual([
      [2, "(Zeile)"],
      [3, "price"],
      [5, "make"],
    ]);
    expect(unmapped.map((issue) => [issue.key, issue.value])).toEqual([
      ["4", "SELF_STEERING_SYSTEM"],
      ["5", "BMW"],
    ]);
  });
});
