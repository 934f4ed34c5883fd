import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { get } from "./test-support/requests.ts";

async function historyOf(id: number) {
  return (
    await env.DB.prepare("SELECT price, valid_from FROM vehicle_prices WHERE vehicle_id = ? ORDER BY valid_from")
      .bind(id)
      .all<{ price: number; valid_from: string }>()
  ).results;
}

describe("price reductions on the vehicle page (PAngV § 11)", () => {
  it("a reduced vehicle names the reduction and the lowest price of the 30 days before it", async () => {
    const history = await historyOf(100001);
    expect(history).toHaveLength(2);
    const [before, now] = history;
    expect(now!.price).toBeLessThan(before!.price);
    const html = await (await get("/carfinder/100001-1-mercedes-benz-a-180-progressive")).text();
    const [year, month, day] = now!.valid_from.split("-");
    expect(html).toContain(`Niedrigster Preis der 30 Tage vor der Senkung am ${day}.${month}.${year}`);
    expect(html).toContain(new Intl.NumberFormat("de-DE").format(before!.price));
    expect(html).toMatch(/Preis gesenkt um \d+ %/);
  });

  it("a vehicle whose price did not change shows no reduction label", async () => {
    expect(await historyOf(100002)).toHaveLength(1);
    const html = await (await get("/carfinder/100002-1-mercedes-benz-glc-300-e-4matic")).text();
    expect(html).not.toContain("Preis gesenkt");
  });

  it("the API answers the history; a bad id is 400", async () => {
    const response = await get("/api/vehicles/100001/prices");
    expect(response.status).toBe(200);
    expect(((await response.json()) as unknown[]).length).toBe(2);
    expect((await get("/api/vehicles/abc/prices")).status).toBe(400);
  });
});

describe("the electric symbol", () => {
  it("marks battery-electric and plug-in hybrid vehicles on the detail page and on result cards", async () => {
    const phev = await (await get("/carfinder/100002-1-mercedes-benz-glc-300-e-4matic")).text();
    expect(phev).toContain('class="electric-symbol electric-symbol--pluginhybrid"');
    const electric = await (await get("/carfinder?fuel=electric")).text();
    expect(electric).toContain('class="electric-symbol electric-symbol--electric"');
    const diesel = await (await get("/carfinder?fuel=diesel")).text();
    expect(diesel).not.toContain("electric-symbol--");
  });
});
