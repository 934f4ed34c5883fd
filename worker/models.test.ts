import { describe, expect, it } from "vitest";
import { get } from "./test-support/requests.ts";
import { expectConsoleError } from "./test-support/setup.ts";
import { failingD1, fetchWithDb, getDegradedPage, getWithDb } from "./test-support/d1-faults.ts";
import { VARIANTS } from "#kv-seed/stock-catalogue.ts";
import { MODEL_LINES } from "#domain/model-lines.ts";
import { BRAND_DATA_FAILED } from "#domain/model-catalogue.ts";

const cardNames = (html: string) =>
  [...html.matchAll(/class="model-card__name"><a href="\/[a-z-]+\/modelle\/([a-z0-9-]+)"/g)].map((match) => match[1]!);

describe("a brand's model overview (/{brand}/modelle)", () => {
  it("shows every model line of the catalogue with its cash price 'ab', the lease example and the EnVKV values", async () => {
    const { status, html } = await getWithDb("/mercedes-benz/modelle");
    expect(status).toBe(200);
    expect(cardNames(html).sort()).toEqual(Object.keys(MODEL_LINES["mercedes-benz"]).sort());
    const cheapestA = Math.min(...VARIANTS.filter((variant) => variant.model === "a-klasse").map((variant) => variant.price));
    expect(html).toContain(`<strong>${new Intl.NumberFormat("de-DE").format(cheapestA)}`);
    expect(html).toContain("CO₂-Emissionen kombiniert:");
    expect(html).toContain('id="leasing-beispiel"');
    // Sorted by price, ascending by default.
    const prices = [...html.matchAll(/Barpreis ab<\/span> <strong>([\d.]+)/g)].map((match) => Number(match[1]!.replace(/\./g, "")));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("filters by fuel and body style and sorts by a GET form; unknown values are ignored", async () => {
    const electric = cardNames((await getWithDb("/mercedes-benz/modelle?kraftstoff=electric")).html);
    const expected = [
      ...new Set(
        VARIANTS.filter((variant) => variant.brand === "mercedes-benz" && variant.fuel === "electric").map((variant) => variant.model),
      ),
    ];
    expect(electric.sort()).toEqual(expected.sort());
    const vans = cardNames((await getWithDb("/mercedes-benz/modelle?karosserie=panelvan&sortierung=price-desc")).html);
    expect(vans[0]).toBe("esprinter");
    expect(cardNames((await getWithDb("/mercedes-benz/modelle?kraftstoff=__proto__&sortierung=constructor")).html)).toHaveLength(
      Object.keys(MODEL_LINES["mercedes-benz"]).length,
    );
  });

  it("D1 failing: 'Laden der Herstellerinformationen zur Marke ist fehlgeschlagen.', the quick search stays", async () => {
    const html = await getDegradedPage("/hyundai/modelle", /FROM model_variants/, BRAND_DATA_FAILED);
    expect(html).toContain("Hyundai finden");
  });
});

describe("a model line's page (/{brand}/modelle/{model})", () => {
  // Prices, the variants table, the configurator and the stock link: routes/model-pages.test.tsx.
  it("renders every variant of the line from D1 and its matching stock", async () => {
    const { status, html } = await getWithDb("/mercedes-benz/modelle/glc-suv");
    expect(status).toBe(200);
    for (const variant of VARIANTS.filter((candidate) => candidate.model === "glc-suv"))
      expect(html).toContain(`<th scope="row">${variant.name}</th>`);
    expect(html).toMatch(/class="vehicle-card"/);
  });

  it("an unknown model line, also one named after Object.prototype, is a 404 page", async () => {
    for (const model of ["gibt-es-nicht", "constructor", "__proto__", "tostring"]) {
      const { status, html } = await getWithDb(`/hyundai/modelle/${model}`);
      expect(status, model).toBe(404);
      expect(html).not.toContain("function Object");
    }
  });

  it("D1 failing for the catalogue or the stock costs that part only", async () => {
    const html = await getDegradedPage("/mercedes-benz/modelle/glc-suv", /FROM model_variants/, BRAND_DATA_FAILED);
    expect(html).toContain("Probefahrt vereinbaren");
  });
});

describe("the price list download (/{brand}/modelle/{model}/preisliste.pdf)", () => {
  it("the model page links it with the download event; the PDF lists every variant with price and WLTP values", async () => {
    const page = await getWithDb("/mercedes-benz/modelle/glc-suv");
    expect(page.html).toContain('href="/mercedes-benz/modelle/glc-suv/preisliste.pdf"');
    expect(page.html).toContain('data-track="download"');
    const response = await fetchWithDb("/mercedes-benz/modelle/glc-suv/preisliste.pdf");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('inline; filename="preisliste-mercedes-benz-glc-suv.pdf"');
    const pdf = await response.text();
    expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
    expect(pdf.trimEnd().endsWith("%%EOF")).toBe(true);
    expect(pdf).toContain("(Preisliste Mercedes-Benz GLC SUV)");
    for (const variant of VARIANTS.filter((candidate) => candidate.model === "glc-suv")) {
      expect(pdf).toContain(`(${new Intl.NumberFormat("de-DE").format(variant.price)} \\200)`); // "€" is \200 in WinAnsiEncoding
    }
    // The cross-reference table points at each object.
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe("xref");
  });

  it("unknown brand or model (also Object.prototype names) is 404, the catalogue failing 503", async () => {
    for (const path of [
      "/mercedes-benz/modelle/gibt-es-nicht/preisliste.pdf",
      "/hyundai/modelle/constructor/preisliste.pdf",
      "/__proto__/modelle/x/preisliste.pdf",
    ]) {
      expect((await fetchWithDb(path)).status, path).toBe(404);
    }
    const failing = await fetchWithDb("/mercedes-benz/modelle/glc-suv/preisliste.pdf", failingD1(/FROM model_variants/));
    expect(failing.status).toBe(503);
    expect(failing.headers.get("Retry-After")).toBe("60");
    expect(await failing.text()).toContain('lang="de"');
    expectConsoleError(/price list mercedes-benz\/glc-suv/);
  });
});

describe("GET /api/models/{brand}", () => {
  it("answers a brand's variants or one line's; an unknown brand is 404, a malformed model 400", async () => {
    const all = (await (await get("/api/models/smart")).json()) as Array<{ model: string }>;
    expect(all).toHaveLength(VARIANTS.filter((variant) => variant.brand === "smart").length);
    const one = (await (await get("/api/models/smart?model=smart-1")).json()) as Array<{ model: string }>;
    expect(new Set(one.map((variant) => variant.model))).toEqual(new Set(["smart-1"]));
    expect((await get("/api/models/__proto__")).status).toBe(404);
    expect((await get("/api/models/smart?model=..%2F")).status).toBe(400);
  });
});

describe("the brands' landing pages (/aston-martin, /smart, /hyundai)", () => {
  it("lead on to the brand's models, centers and stock", async () => {
    for (const [path, brand] of [
      ["/aston-martin", "astonmartin"],
      ["/smart", "smart"],
      ["/hyundai", "hyundai"],
    ] as const) {
      const { status, html } = await getWithDb(path);
      expect(status, path).toBe(200);
      expect(html, path).toContain(`href="/${brand}/modelle"`);
      expect(html, path).toContain(`href="/standorte?marke=${brand}"`);
      expect(html, path).toContain(`href="/${brand}/carfinder"`);
    }
  });
});
