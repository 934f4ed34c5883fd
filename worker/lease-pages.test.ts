import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { get } from "./test-support/requests.ts";

async function leaseVehicle(type: "private_lease" | "business_lease", withOffer: boolean): Promise<{ id: number; slug: string }> {
  const row = await env.DB.prepare(
    `SELECT d.id, json_extract(d.data, '$.slug') AS slug FROM vehicle_documents d JOIN vehicles v ON v.id = d.id WHERE v.status = 'available' AND (d.data LIKE ?) = ? ORDER BY d.id LIMIT 1`,
  )
    .bind(`%"type":"${type}"%`, withOffer ? 1 : 0)
    .first<{ id: number; slug: string }>();
  return row!;
}

describe("the lease overview (/stock/private-lease, /stock/business-lease)", () => {
  // The perks, the cards and their wording are tested beside the route (routes/offer-pages.test.tsx);
  // here: D1 answers the page of offers, cheapest rate first.
  it("lists vehicles with that lease offer, cheapest rate first, with the tax note", async () => {
    const response = await get("/stock/private-lease");
    expect(response.status).toBe(200);
    const html = await response.text();
    const rates = [...html.matchAll(/class="model-card__lease"><strong>([\d.]+)/g)].map((match) => Number(match[1]!.replace(/\./g, "")));
    expect(rates.length).toBe(24);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    expect(html).toContain("inkl. 19 % MwSt.");
    const business = await (await get("/hyundai/stock/business-lease")).text();
    expect(business).toContain("zzgl. 19 % MwSt.");
    expect(business).toContain('<option value="hyundai" selected="">');
  });

  it("a brand has its own overview (/{brand}/stock/{type}); the brand filter's GET form leads there with a 301", async () => {
    const expected = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM vehicles WHERE status = 'available' AND price_private_lease IS NOT NULL AND brand = 'hyundai'",
    ).first<{ n: number }>();
    expect(expected!.n).toBeGreaterThan(0);
    const response = await get("/hyundai/stock/private-lease");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<h1>Privat-Leasing: Hyundai</h1>");
    expect(html).toContain(`${new Intl.NumberFormat("de-DE").format(expected!.n)} Leasingfahrzeug`);
    // Its vehicles link to the brand's lease pages; the switch keeps the brand; the filter form posts to all brands.
    const links = [...html.matchAll(/href="(\/[^"]*\/stock\/private-lease\/\d+-1-[^"]+)"/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith("/hyundai/stock/private-lease/")).toBe(true);
    expect(html).toContain('href="/hyundai/stock/business-lease"');
    expect(html).toContain('action="/stock/private-lease"');
    const form = await get("/stock/private-lease?marke=hyundai&felgen=17&seite=3");
    expect(form.status).toBe(301);
    expect(form.headers.get("Location")).toBe("/hyundai/stock/private-lease?felgen=17");
    expect((await get("/stock/private-lease?marke=hyundai&felgen=")).headers.get("Location")).toBe("/hyundai/stock/private-lease");
    // "Alle Marken" (empty), an unknown or a not-carried brand stays on the overview of all brands.
    for (const value of ["", "tesla", "__proto__"]) expect((await get(`/stock/private-lease?marke=${value}`)).status, value).toBe(200);
    for (const brand of ["tesla", "__proto__", "constructor"]) {
      const missing = await get(`/${brand}/stock/private-lease`);
      expect(missing.status, brand).toBe(404);
      expect(await missing.text(), brand).toContain('data-error-type="brand-not-found"');
    }
  });

  it("filters by alloy wheel size (13–23 inches) and pages through the list, keeping the filter", async () => {
    const expected = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM vehicles WHERE status = 'available' AND price_private_lease IS NOT NULL AND alloy_wheel_inch = 18",
    ).first<{ n: number }>();
    expect(expected!.n).toBeGreaterThan(24);
    const html = await (await get("/stock/private-lease?felgen=18")).text();
    expect(html).toContain('<option value="18" selected="">18 Zoll</option>');
    expect(html).toContain(`${new Intl.NumberFormat("de-DE").format(expected!.n)} Leasingfahrzeuge`);
    expect(html).toContain('href="/stock/private-lease?felgen=18&amp;seite=2"');
    // The second page lists other vehicles than the first.
    const ids = (page: string) => [...page.matchAll(/href="\/stock\/private-lease\/(\d+)-1-/g)].map((match) => match[1]);
    const second = await (await get("/stock/private-lease?felgen=18&seite=2")).text();
    expect(ids(second).length).toBeGreaterThan(0);
    expect(ids(second).some((id) => ids(html).includes(id))).toBe(false);
    // A size outside 13–23 (or no number) filters nothing.
    for (const value of ["12", "24", "abc", "__proto__"]) {
      expect(await (await get(`/stock/private-lease?felgen=${value}`)).text(), value).toContain(
        '<option value="" selected="">Alle Größen</option>',
      );
    }
  });

  it("an unknown lease type is a 404", async () => {
    expect((await get("/stock/private-finance-xyz")).status).toBe(404);
    expect((await get("/stock/__proto__")).status).toBe(404);
  });
});

describe("a lease vehicle (/stock/{type}/{vehicle})", () => {
  // The offer's facts, contract terms and links: routes/offer-pages.test.tsx.
  it("renders a vehicle with that lease offer from D1, with its enquiry link", async () => {
    const vehicle = await leaseVehicle("private_lease", true);
    const response = await get(`/stock/private-lease/${vehicle.id}-1-${vehicle.slug}`);
    expect(response.status).toBe(200);
    const html = (await response.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Monatliche Rate");
    expect(html).toContain(`/carfinder/${vehicle.id}-1-${vehicle.slug}/interesse?angebot=private_lease`);
  });

  it("under a brand: its own vehicles only, an outdated slug goes to the brand's URL", async () => {
    const row = await env.DB.prepare(
      "SELECT d.id, v.brand, json_extract(d.data, '$.slug') AS slug FROM vehicle_documents d JOIN vehicles v ON v.id = d.id WHERE v.status = 'available' AND v.price_private_lease IS NOT NULL ORDER BY d.id LIMIT 1",
    ).first<{ id: number; brand: string; slug: string }>();
    const own = await get(`/${row!.brand}/stock/private-lease/${row!.id}-1-${row!.slug}`);
    expect(own.status).toBe(200);
    const html = await own.text();
    expect(html).toContain(`/${row!.brand}/carfinder/${row!.id}-1-${row!.slug}/interesse?angebot=private_lease`);
    expect(html).toContain(`/${row!.brand}/stock/${row!.id}-1-${row!.slug}/lease-calculator`);
    const other = row!.brand === "hyundai" ? "smart" : "hyundai";
    const foreign = await get(`/${other}/stock/private-lease/${row!.id}-1-${row!.slug}`);
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toContain('data-error-type="lease-vehicle-not-found"');
    const outdated = await get(`/${row!.brand}/stock/private-lease/${row!.id}-1-alter-name`);
    expect(outdated.status).toBe(301);
    expect(outdated.headers.get("Location")).toBe(`/${row!.brand}/stock/private-lease/${row!.id}-1-${row!.slug}`);
  });

  it("a vehicle without that lease offer, or none at all, is lease-vehicle-not-found", async () => {
    const purchaseOnly = await leaseVehicle("private_lease", false);
    const response = await get(`/stock/private-lease/${purchaseOnly.id}-1-${purchaseOnly.slug}`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('data-error-type="lease-vehicle-not-found"');
    expect((await get("/stock/private-lease/999999-1-gibt-es-nicht")).status).toBe(404);
  });
});
