import { describe, expect, it } from "vitest";
import { VARIANTS } from "#kv-seed/stock-catalogue.ts";
import { buildVehicle } from "#kv-seed/stock-generator.ts";
import { MODEL_LINES } from "#domain/model-lines.ts";
import { BRAND_DATA_FAILED } from "#domain/model-catalogue.ts";
import { attr, closestByRole, type HtmlDom } from "#ui/test-support/html-dom.ts";
import { fakePorts } from "./test-support/fake-ports.ts";
import { renderRoute } from "./test-support/render-route.tsx";

const euro = (amount: number) => `${new Intl.NumberFormat("de-DE").format(amount)} €`;
/** The model lines the overview lists, by the path their card's heading links. */
const listedLines = (main: HtmlDom) =>
  main.getAllByRole("heading", { level: 2 }).flatMap((heading) =>
    main
      .within(heading)
      .queryAllByRole("link")
      .map((link) => attr(link, "href")),
  );

describe("a brand's model overview (/{brand}/modelle)", () => {
  it("shows every model line of the catalogue with its cash price 'ab', the lease example and the EnVKV values", async () => {
    const { status, main } = await renderRoute("/mercedes-benz/modelle");
    expect(status).toBe(200);
    expect(main.getByRole("heading", { level: 1, name: "Mercedes-Benz Modelle" })).toBeDefined();
    expect(listedLines(main).sort()).toEqual(
      Object.keys(MODEL_LINES["mercedes-benz"])
        .map((model) => `/mercedes-benz/modelle/${model}`)
        .sort(),
    );
    const aClass = main.within(closestByRole(main.getByRole("heading", { level: 2, name: "A-Klasse" }), "article"));
    const cheapest = Math.min(...VARIANTS.filter((variant) => variant.model === "a-klasse").map((variant) => variant.price));
    expect(aClass.text()).toContain(`Barpreis ab ${euro(cheapest)}`);
    expect(aClass.text()).toMatch(/Privat-Leasing ab [\d.]+ € mtl\./);
    expect(aClass.text()).toMatch(/CO₂-Emissionen kombiniert: [\d–]+ g\/km; CO₂-Klasse: [A-G]/);
    expect(attr(aClass.getByRole("link", { name: /Hinweis zum Leasing-Beispiel/ }), "href")).toBe("#leasing-beispiel");
  });

  it("filters by fuel and body style with a GET form; unknown values are ignored", async () => {
    const electric = listedLines((await renderRoute("/mercedes-benz/modelle?kraftstoff=electric")).main);
    const expected = new Set(
      VARIANTS.filter((variant) => variant.brand === "mercedes-benz" && variant.fuel === "electric").map(
        (variant) => `/mercedes-benz/modelle/${variant.model}`,
      ),
    );
    expect(electric.sort()).toEqual([...expected].sort());
    const { main } = await renderRoute("/mercedes-benz/modelle?kraftstoff=__proto__&sortierung=constructor");
    expect(listedLines(main)).toHaveLength(Object.keys(MODEL_LINES["mercedes-benz"]).length);
    const form = main.getAllByRole("form").find((element) => element.attrs.get("action") === "/mercedes-benz/modelle");
    expect(form && attr(form, "method")).toBe("get");
  });

  it("the catalogue failing: 'Laden der Herstellerinformationen zur Marke ist fehlgeschlagen.', the quick search stays", async () => {
    const ports = fakePorts({}, { models: { variants: () => Promise.reject(new Error("D1_ERROR")) } });
    const { main } = await renderRoute("/hyundai/modelle", { ports });
    expect(main.text()).toContain(BRAND_DATA_FAILED);
    expect(main.text()).toContain("Hyundai finden");
  });
});

describe("a model line's page (/{brand}/modelle/{model})", () => {
  const glc = Array.from({ length: 400 }, (_, index) => buildVehicle({ id: 200_001 + index })).filter(
    (vehicle) => vehicle.model === "glc-suv",
  );

  it("shows price and lease 'ab', every variant in a table with its WLTP values, the configurator and the matching stock", async () => {
    const { status, main } = await renderRoute("/mercedes-benz/modelle/glc-suv", { ports: fakePorts({ vehicles: glc }) });
    expect(status).toBe(200);
    const table = main.within(main.getByRole("table"));
    for (const variant of VARIANTS.filter((candidate) => candidate.model === "glc-suv"))
      expect(table.getByRole("rowheader", { name: variant.name })).toBeDefined();
    expect(main.text()).toContain("Privat-Leasing ab");
    expect(main.text()).toContain("Konfigurator");
    expect(attr(main.getByRole("link", { name: /Preisliste/ }), "href")).toBe("/mercedes-benz/modelle/glc-suv/preisliste.pdf");
    expect(main.getAllByRole("link").some((link) => link.attrs.get("href") === "/mercedes-benz/carfinder?model=glc-suv")).toBe(true);
    expect(glc.length).toBeGreaterThan(0);
    const [first] = glc;
    expect(main.getAllByRole("article", { name: first?.title }).length).toBeGreaterThan(0);
    expect(main.text()).not.toContain("in Kürze");
  });

  it("an unknown model line, also one named after Object.prototype, is a 404 page", async () => {
    for (const model of ["gibt-es-nicht", "constructor", "__proto__", "tostring"]) {
      const { status, main } = await renderRoute(`/hyundai/modelle/${model}`);
      expect(status, model).toBe(404);
      expect(main.text()).not.toContain("function Object");
    }
  });

  it("the catalogue failing costs that part only: the test-drive action stays", async () => {
    const ports = fakePorts({ vehicles: glc }, { models: { variants: () => Promise.reject(new Error("D1_ERROR")) } });
    const { main } = await renderRoute("/mercedes-benz/modelle/glc-suv", { ports });
    expect(main.text()).toContain(BRAND_DATA_FAILED);
    expect(main.getAllByRole("link", { name: "Probefahrt vereinbaren" }).length).toBeGreaterThan(0);
  });
});
