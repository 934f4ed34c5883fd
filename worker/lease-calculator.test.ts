import { describe, expect, it } from "vitest";
import { get } from "./test-support/requests.ts";
import { leaseRate, STANDARD_LEASE } from "#domain/lease.ts";
import { env } from "cloudflare:workers";

const PATH = "/stock/100001-1-mercedes-benz-a-180-progressive/lease-calculator";
const rateIn = (html: string) => Number(/class="lease-calculator__rate"[^>]*><strong>([\d.]+)/.exec(html)?.[1]?.replace(/\./g, ""));

async function priceOf(id: number): Promise<number> {
  const row = await env.DB.prepare("SELECT data FROM vehicle_documents WHERE id = ?").bind(id).first<{ data: string }>();
  return (JSON.parse(row!.data) as { price: number }).price;
}

describe("the lease calculator (/stock/{vehicle}/lease-calculator)", () => {
  it("renders the rate for the chosen term, mileage and down payment with the PAngV figures, as a GET form", async () => {
    const price = await priceOf(100001);
    const response = await get(`${PATH}?laufzeit=36&km=15000&anzahlung=3000&kunde=privat`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const expected = leaseRate({
      price,
      downPayment: 3_000,
      months: 36,
      kmPerYear: 15_000,
      nominalRatePercent: STANDARD_LEASE.nominalRatePercent,
    });
    expect(rateIn(html)).toBe(expected.monthlyRate);
    expect(html).toContain("Effektiver Jahreszins");
    expect(html).toContain("Gesamtbetrag");
    expect(html).toMatch(/<option value="36" selected="">36(<!-- -->)? Monate<\/option>/);
    const form = /<form class="lease-calculator__form"[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="get"');
    expect(html).not.toContain("in Kürze");
  });

  it("business customers see the net rate; nonsense in the query falls back to the defaults", async () => {
    const privat = rateIn(await (await get(`${PATH}?laufzeit=48&km=10000&anzahlung=0&kunde=privat`)).text());
    const business = rateIn(await (await get(`${PATH}?laufzeit=48&km=10000&anzahlung=0&kunde=gewerblich`)).text());
    expect(business).toBe(Math.round(privat / 1.19));
    const nonsense = await get(`${PATH}?laufzeit=__proto__&km=constructor&anzahlung=abc&kunde=%3Cscript%3E`);
    expect(nonsense.status).toBe(200);
    expect(Number.isFinite(rateIn(await nonsense.text()))).toBe(true);
  });

  it("an unknown vehicle is lease-vehicle-not-found; an old slug redirects keeping the choice", async () => {
    const missing = await get("/stock/999999-1-gibt-es-nicht/lease-calculator");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('data-error-type="lease-vehicle-not-found"');
    const moved = await get("/stock/100001-1-alter-name/lease-calculator?laufzeit=36");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/stock/100001-1-mercedes-benz-a-180-progressive/lease-calculator?laufzeit=36");
  });
});
