import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { attr } from "#ui/test-support/html-dom.ts";
import { DEMO_LOCATION_SUMMARIES, fakePorts } from "./test-support/fake-ports.ts";
import { renderRoute } from "./test-support/render-route.tsx";

// Monday 30 November 2026, 10:00 in Hamburg: city centers' showrooms are open, Husum's too.
beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-30T09:00:00Z") }));
afterEach(() => vi.useRealTimers());

const LUEBECK = { label: "23558 Lübeck", latitude: 53.8655, longitude: 10.6866 };

/** The center names as the list shows them, in its order (each card's heading links to its page). */
function listedCenters(main: Awaited<ReturnType<typeof renderRoute>>["main"]): string[] {
  return main.queryAllByRole("heading", { level: 2 }).flatMap((heading) => {
    const [link] = main.within(heading).queryAllByRole("link");
    return link ? [attr(link, "href")] : [];
  });
}

describe("the location list (/standorte)", () => {
  it("lists every center with its page link, address, phone and whether its showroom is open now", async () => {
    const { status, main } = await renderRoute("/standorte");
    expect(status).toBe(200);
    expect(main.getByRole("heading", { level: 1, name: "Unsere Standorte" })).toBeDefined();
    expect(listedCenters(main)).toEqual(DEMO_LOCATION_SUMMARIES.map((location) => `/center/${location.slug}`));
    expect(main.getByRole("status").attrs.get("aria-busy")).toBe("false");
    expect(main.getByText("8 Standorte")).toBeDefined();
    const husum = main.getByRole("link", { name: "Center Husum" });
    expect(attr(husum, "href")).toBe("/center/center-husum");
    expect(main.getByRole("link", { name: /04841 6677-0/ }).attrs.get("href")).toBe("tel:0484166770");
    expect(main.text()).toContain("Center Husum Schleswiger Chaussee 40 25813 Husum");
    expect(main.text()).toContain("Verkauf: Jetzt geöffnet · schließt um 12:30 Uhr");
    expect(main.text()).not.toContain("Geschlossen");
  });

  it("searches by postal code or place with a plain GET form (works without JavaScript)", async () => {
    const { main } = await renderRoute("/standorte");
    const form = main.getByRole("search", { name: "Standort suchen" });
    expect(attr(form, "action")).toBe("/standorte");
    expect(attr(form, "method")).toBe("get");
    const inForm = main.within(form);
    expect(attr(inForm.getByRole("searchbox", { name: "Postleitzahl oder Ort" }), "name")).toBe("ort");
    expect(attr(inForm.getByRole("combobox", { name: "Marke" }), "name")).toBe("marke");
    expect(inForm.getByRole("button", { name: "Standort finden" })).toBeDefined();
  });

  it("sorts by distance from the place found and names the nearest center", async () => {
    const ports = fakePorts({}, { places: { locate: async () => LUEBECK } });
    const { main } = await renderRoute("/standorte?ort=23558", { ports });
    const order = listedCenters(main);
    expect(order[0]).toBe("/center/center-reinfeld-lubeck");
    expect(order.at(-1)).toBe("/center/center-goslar");
    expect(main.text()).toMatch(/Nächster Standort zu 23558 Lübeck: Center Reinfeld \(Lübeck\) \(\d+ km\)/);
  });

  it("an unknown place says so in German at the field and still lists every center", async () => {
    const { status, main } = await renderRoute("/standorte?ort=Atlantis");
    expect(status).toBe(200);
    expect(main.text()).toContain("Die Einrichtung wurde nicht gefunden. Bitte prüfen Sie die Postleitzahl oder den Ort.");
    expect(main.getByRole("searchbox", { name: "Postleitzahl oder Ort" }).attrs.get("aria-invalid")).toBe("true");
    expect(listedCenters(main)).toHaveLength(DEMO_LOCATION_SUMMARIES.length);
  });

  it("filters by brand; an unknown brand value is ignored", async () => {
    expect(listedCenters((await renderRoute("/standorte?marke=hyundai")).main).sort()).toEqual([
      "/center/center-hamburg-harburg-hyundai",
      "/center/center-heide",
    ]);
    expect(listedCenters((await renderRoute("/standorte?marke=__proto__")).main)).toHaveLength(DEMO_LOCATION_SUMMARIES.length);
  });

  it("the place lookup failing: every center is still listed, with a German notice", async () => {
    const ports = fakePorts({}, { places: { locate: () => Promise.reject(new Error("D1_ERROR")) } });
    const { status, main } = await renderRoute("/standorte?ort=23558", { ports });
    expect(status).toBe(200);
    expect(main.text()).toContain("Die Suche nach Postleitzahl und Ort ist gerade nicht erreichbar.");
    expect(listedCenters(main)).toHaveLength(DEMO_LOCATION_SUMMARIES.length);
  });

  it("the center list failing: the page and its search form stay, with 'Standorte konnten nicht geladen werden.'", async () => {
    const ports = fakePorts({}, { locations: { list: () => Promise.reject(new Error("D1_ERROR")) } });
    const { status, main } = await renderRoute("/standorte", { ports });
    expect(status).toBe(200);
    expect(main.text()).toContain("Standorte konnten nicht geladen werden.");
    expect(main.getByRole("searchbox", { name: "Postleitzahl oder Ort" })).toBeDefined();
    expect(listedCenters(main)).toEqual([]);
  });
});
