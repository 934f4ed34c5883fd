import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { get } from "./test-support/requests.ts";
import { failingD1, getWithDb } from "./test-support/d1-faults.ts";
import { isolateVehicleDocuments } from "./adapters/d1-stock.ts";
import { financeExampleRows } from "#domain/finance-example.ts";
import { VehicleSchema, type Offer, type Vehicle } from "#domain/vehicle.ts";

type FinanceType = "private_finance" | "business_finance";
const COLUMN: ReadonlyMap<FinanceType, string> = new Map([
  ["private_finance", "price_private_finance"],
  ["business_finance", "price_business_finance"],
]);
const SEGMENT: ReadonlyMap<FinanceType, string> = new Map([
  ["private_finance", "private-finance"],
  ["business_finance", "business-finance"],
]);

/** The first available vehicle with (or without) that finance offer, of that VAT status (UStG § 25a) when asked. */
async function financeVehicle(type: FinanceType, options: { withOffer?: boolean; vatReportable?: boolean } = {}): Promise<Vehicle> {
  const row = await env.DB.prepare(
    `SELECT d.data FROM vehicle_documents d JOIN vehicles v ON v.id = d.id
      WHERE v.status = 'available' AND (v.${COLUMN.get(type)} IS NOT NULL) = ?1
        AND (?2 IS NULL OR json_extract(d.data, '$.vatReportable') = ?2)
      ORDER BY d.id LIMIT 1`,
  )
    .bind(options.withOffer === false ? 0 : 1, options.vatReportable === undefined ? null : options.vatReportable ? 1 : 0)
    .first<{ data: string }>();
  if (!row) throw new Error(`no vehicle for ${type} ${JSON.stringify(options)}`);
  return VehicleSchema.parse(JSON.parse(row.data));
}

const offerOf = (vehicle: Vehicle, type: FinanceType): Offer => vehicle.offers.find((offer) => offer.type === type)!;
const pathOf = (vehicle: Vehicle, type: FinanceType, brand = "") =>
  `${brand ? `/${brand}` : ""}/stock/${SEGMENT.get(type)}/${vehicle.id}-1-${vehicle.slug}`;

async function html(path: string): Promise<string> {
  const response = await get(path);
  expect(response.status, path).toBe(200);
  return (await response.text()).replace(/<!-- -->/g, "");
}

/** The cards of an overview: each linked vehicle id with the VAT note beside its rate and its § 17 example. */
function cards(page: string, segment: string): Array<{ id: number; note: string; example: string }> {
  return [
    ...page.matchAll(
      new RegExp(
        `href="(?:/[a-z-]+)?/stock/${segment}/(\\d+)-1-[^"]+">[^<]*</a></h2><p class="model-card__lease"><strong>[^<]+</strong> <span class="model-card__lease-total">([^<]+)</span></p><p class="model-card__envkv">([^<]+)</p>`,
        "g",
      ),
    ),
  ].map((match) => ({ id: Number(match[1]), note: match[2]!, example: match[3]! }));
}

async function vatReportableOf(ids: number[]): Promise<Map<number, boolean>> {
  const { results } = await env.DB.prepare(
    "SELECT id, json_extract(data, '$.vatReportable') AS vat FROM vehicle_documents WHERE id IN (SELECT value FROM json_each(?1))",
  )
    .bind(JSON.stringify(ids))
    .all<{ id: number; vat: number }>();
  return new Map(results.map((row) => [row.id, row.vat === 1]));
}

describe("the finance overviews (/stock/private-finance, /stock/business-finance)", () => {
  it("list only vehicles with that finance offer, cheapest rate first, each rate with its representative example (§ 17 PAngV)", async () => {
    const page = await html("/stock/private-finance");
    expect(page).toContain("<h1>Privat-Finanzierung</h1>");
    expect(page).toContain("<title>Privat-Finanzierung | Autohaus Gruppe Nord</title>");
    const expected = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM vehicles WHERE status = 'available' AND price_private_finance IS NOT NULL",
    ).first<{
      n: number;
    }>();
    expect(page).toContain(`${new Intl.NumberFormat("de-DE").format(expected!.n)} Fahrzeuge mit Finanzierungsangebot`);
    const listed = cards(page, "private-finance");
    expect(listed.length).toBe(24);
    const { results } = await env.DB.prepare(
      "SELECT id, price_private_finance AS rate FROM vehicles WHERE id IN (SELECT value FROM json_each(?1)) AND price_private_finance IS NOT NULL",
    )
      .bind(JSON.stringify(listed.map((card) => card.id)))
      .all<{ id: number; rate: number }>();
    expect(results.length).toBe(listed.length);
    const rates = listed.map((card) => results.find((row) => row.id === card.id)!.rate);
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    for (const card of listed) {
      expect(card.example).toMatch(/^Repräsentatives Beispiel gemäß § 17 Abs\. 4 PAngV: Nettodarlehensbetrag /);
      for (const label of [
        "Gebundener Sollzins p. a.",
        "Effektiver Jahreszins",
        "Laufzeit",
        "Monatliche Rate",
        "Gesamtbetrag",
        "Darlehensgeber",
      ])
        expect(card.example, `${card.id} ${label}`).toContain(label);
    }
    // The other finance section is a click away; the lease perks and the minilease are not a finance page's.
    expect(page).toContain('href="/stock/business-finance"');
    expect(page).not.toContain("Minileasing");
    expect(page).not.toContain("Bei jedem Leasing inklusive");
    expect(page).toContain('<link rel="canonical" href="http://dealership.test/stock/private-finance"/>');
  });

  it("word each rate by the vehicle's VAT: private gross, business net, margin-taxed cars without a VAT statement", async () => {
    for (const [segment, regular] of [
      ["private-finance", "inkl. gesetzl. MwSt."],
      ["business-finance", "zzgl. gesetzl. MwSt."],
    ] as const) {
      const listed = [
        ...cards(await html(`/stock/${segment}`), segment),
        ...cards(await html(`/stock/${segment}?seite=2`), segment),
        ...cards(await html(`/stock/${segment}?seite=3`), segment),
      ];
      const vat = await vatReportableOf(listed.map((card) => card.id));
      for (const card of listed)
        expect(card.note, `${segment} ${card.id}`).toBe(vat.get(card.id) ? regular : "differenzbesteuert nach § 25a UStG");
      // Both cases are on these pages, so both wordings are pinned.
      expect(new Set(listed.map((card) => card.note)).size, segment).toBe(2);
    }
  });

  it("a brand has its own overview (/{brand}/stock/{section}); the brand filter's GET form leads there with a 301", async () => {
    const expected = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM vehicles WHERE status = 'available' AND price_business_finance IS NOT NULL AND brand = 'hyundai'",
    ).first<{ n: number }>();
    expect(expected!.n).toBeGreaterThan(0);
    const page = await html("/hyundai/stock/business-finance");
    expect(page).toContain("<h1>Gewerbe-Finanzierung: Hyundai</h1>");
    expect(page).toContain(`${new Intl.NumberFormat("de-DE").format(expected!.n)} Fahrzeug`);
    const links = [...page.matchAll(/href="(\/[^"]*\/stock\/business-finance\/\d+-1-[^"]+)"/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith("/hyundai/stock/business-finance/")).toBe(true);
    expect(page).toContain('href="/hyundai/stock/private-finance"');
    expect(page).toContain('action="/stock/business-finance"');
    const form = await get("/stock/business-finance?marke=hyundai&felgen=&seite=2");
    expect(form.status).toBe(301);
    expect(form.headers.get("Location")).toBe("/hyundai/stock/business-finance");
    for (const brand of ["tesla", "__proto__", "constructor"]) {
      const missing = await get(`/${brand}/stock/private-finance`);
      expect(missing.status, brand).toBe(404);
      expect(await missing.text(), brand).toContain('data-error-type="brand-not-found"');
    }
  });

  it("say so where the list would be when the vehicles' offers cannot be read (a rate is never shown without its example)", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    isolateVehicleDocuments.forget();
    const { status, html: page } = await getWithDb(
      "/stock/private-finance",
      failingD1(/FROM vehicles v JOIN vehicle_documents d ON d\.id = v\.id WHERE v\.id IN/),
    );
    expect(status).toBe(200);
    expect(page).toContain("Finanzierungsangebote konnten nicht geladen werden. Bitte versuchen Sie es später erneut.");
    expect(page).not.toContain("model-card__lease");
    expect(page).toContain("<h1>Privat-Finanzierung</h1>");
  });
});

describe("a finance vehicle (/stock/{private-finance|business-finance}/{vehicle})", () => {
  it("shows the representative example with every § 17 PAngV figure the offer has, the disclaimer and the actions", async () => {
    const vehicle = await financeVehicle("private_finance", { vatReportable: true });
    const page = await html(pathOf(vehicle, "private_finance"));
    expect(page).toContain(`<title>Privat-Finanzierung: ${vehicle.title} | Autohaus Gruppe Nord</title>`);
    expect(page).toContain(`<h1>${vehicle.title}</h1>`);
    expect(page).toContain("Repräsentatives Beispiel gemäß § 17 Abs. 4 PAngV</h2>");
    const example = financeExampleRows(offerOf(vehicle, "private_finance"));
    for (const label of [
      "Nettodarlehensbetrag",
      "Gebundener Sollzins p. a.",
      "Effektiver Jahreszins",
      "Laufzeit",
      "Anzahlung",
      "Gesamtbetrag",
      "Darlehensgeber",
    ])
      expect(example.map((row) => row.label)).toContain(label);
    for (const { label, value } of example) expect(page, label).toContain(`<dt>${label}</dt><dd>${value}</dd>`);
    expect(page).toContain("inkl. gesetzl. MwSt.");
    expect(page).toContain("Zugleich repräsentatives Beispiel gemäß § 17 Abs. 4 PAngV.");
    expect(page).not.toContain("§ 25a");
    // The actions, and no lease-only ones: routes/offer-pages.test.tsx.
    // Breadcrumbs: the section is a page of its own, the vehicle reads as its title.
    const crumbs = /<nav aria-label="Brotkrumen"[^>]*>(.*?)<\/nav>/.exec(page)?.[1] ?? "";
    expect(crumbs).toContain('<li><a href="/stock/private-finance">Privat-Finanzierung</a></li>');
    expect(crumbs).toContain(`<span aria-current="page">${vehicle.title}</span>`);
    expect(page).toContain(`<link rel="canonical" href="http://dealership.test${pathOf(vehicle, "private_finance")}"/>`);
    expect(page).toContain(`<meta property="og:title" content="Privat-Finanzierung: ${vehicle.title}"/>`);
  });

  it("a margin-taxed car's finance rate says § 25a UStG, not inkl. MwSt. (private)", async () => {
    const vehicle = await financeVehicle("private_finance", { vatReportable: false });
    const page = await html(pathOf(vehicle, "private_finance"));
    expect(page).toContain('<span class="model-page__price-note">differenzbesteuert nach § 25a UStG</span>');
    expect(page).toContain(
      "Zugleich repräsentatives Beispiel gemäß § 17 Abs. 4 PAngV. Das Fahrzeug ist differenzbesteuert nach § 25a UStG.",
    );
    expect(page).not.toContain("inkl. gesetzl. MwSt.");
  });

  it("business finance: net plus VAT for a regular car, § 25a for a margin-taxed one, offered to business customers only", async () => {
    const regular = await html(pathOf(await financeVehicle("business_finance", { vatReportable: true }), "business_finance"));
    expect(regular).toContain('<span class="model-page__price-note">zzgl. gesetzl. MwSt.</span>');
    expect(regular).toContain("Angebot nur für Gewerbekunden; alle Beträge zzgl. gesetzl. MwSt.");
    expect(regular).toContain("?angebot=business_finance");
    const margin = await html(pathOf(await financeVehicle("business_finance", { vatReportable: false }), "business_finance"));
    expect(margin).toContain('<span class="model-page__price-note">differenzbesteuert nach § 25a UStG</span>');
    expect(margin).toContain(
      "Angebot nur für Gewerbekunden. Das Fahrzeug ist differenzbesteuert nach § 25a UStG; die Mehrwertsteuer wird nicht gesondert ausgewiesen.",
    );
    expect(margin).not.toContain("zzgl. gesetzl. MwSt.");
  });

  it("under a brand: its own vehicles only, an outdated slug goes to the brand's URL", async () => {
    const vehicle = await financeVehicle("private_finance");
    const own = await html(pathOf(vehicle, "private_finance", vehicle.brand));
    expect(own).toContain(`/${vehicle.brand}/carfinder/${vehicle.id}-1-${vehicle.slug}/interesse?angebot=private_finance`);
    expect(own).toContain(`href="/${vehicle.brand}/stock/private-finance"`);
    const other = vehicle.brand === "hyundai" ? "smart" : "hyundai";
    const foreign = await get(pathOf(vehicle, "private_finance", other));
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toContain('data-error-type="vehicle-not-found"');
    const outdated = await get(`/${vehicle.brand}/stock/private-finance/${vehicle.id}-1-alter-name`);
    expect(outdated.status).toBe(301);
    expect(outdated.headers.get("Location")).toBe(pathOf(vehicle, "private_finance", vehicle.brand));
  });

  it("a vehicle without that finance offer, an unknown one or an unknown section is a 404", async () => {
    const without = await financeVehicle("business_finance", { withOffer: false });
    const response = await get(pathOf(without, "business_finance"));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('data-error-type="vehicle-not-found"');
    expect((await get("/stock/private-finance/999999-1-gibt-es-nicht")).status).toBe(404);
    expect((await get("/stock/private-financing")).status).toBe(404);
  });

  it("hostile params: prototype names and script are 404s or ignored, never a 500, never reflected", async () => {
    const script = encodeURIComponent("<script>alert(1)</script>");
    for (const path of [
      "/stock/private-finance/__proto__",
      "/stock/business-finance/constructor",
      "/__proto__/stock/private-finance",
      "/hyundai/stock/business-finance/__proto__",
      `/stock/private-finance/${script}`,
      `/hyundai/stock/${script}`,
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain("<script>alert(1)");
    }
    const query = await get(`/stock/business-finance?marke=${script}&felgen=__proto__&seite=${script}`);
    expect(query.status).toBe(200);
    expect(await query.text()).not.toContain("<script>alert(1)");
  });
});

it("the sitemap lists the finance overviews, each brand's too", async () => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  const xml = await (await get("/sitemap.xml")).text();
  for (const path of [
    "/stock/private-finance",
    "/stock/business-finance",
    "/hyundai/stock/private-finance",
    "/smart/stock/business-finance",
  ])
    expect(xml).toContain(`${path}</loc>`);
});

describe("a lease or finance offer of a new car carries its energy data (Pkw-EnVKV)", () => {
  it.each(["private-finance", "private-lease"])(
    "%s: the overview card shows the energy line, the detail page the energy block",
    async (segment) => {
      // Used cars have the cheapest rates; by the fifth page new and demonstration cars are listed too.
      const overview = (await Promise.all([1, 2, 3, 4, 5].map((page) => html(`/stock/${segment}?seite=${page}`)))).join("");
      const ids = [...new Set([...overview.matchAll(new RegExp(`/stock/${segment}/(\\d+)-1-`, "g"))].map((match) => Number(match[1])))];
      const { results } = await env.DB.prepare(
        `SELECT d.data FROM vehicle_documents d JOIN vehicles v ON v.id = d.id
        WHERE v.id IN (SELECT value FROM json_each(?)) AND v.condition <> 'used' AND v.category = 'passenger' ORDER BY v.id`,
      )
        .bind(JSON.stringify(ids))
        .all<{ data: string }>();
      expect(results.length, "a new passenger car on the overview's first pages").toBeGreaterThan(0);
      for (const { data } of results) {
        const vehicle = VehicleSchema.parse(JSON.parse(data));
        const card = overview.slice(overview.indexOf(`/stock/${segment}/${vehicle.id}-1-`));
        const line = /<p class="model-card__envkv">((?:Kraftstoff|Strom)verbrauch[^<]+)<\/p>/.exec(
          card.slice(0, card.indexOf("</article>")),
        );
        expect(line?.[1], `vehicle ${vehicle.id}`).toMatch(
          /CO₂-Emissionen (gewichtet )?kombiniert: \d+ g\/km; CO₂-Klasse( gewichtet kombiniert)?: [A-G]/,
        );
      }
      const vehicle = VehicleSchema.parse(JSON.parse(results[0]!.data));
      const detail = await html(`/stock/${segment}/${vehicle.id}-1-${vehicle.slug}`);
      expect(detail).toContain("Energieverbrauch und CO₂-Emissionen (Pkw-EnVKV)");
    },
  );
});
