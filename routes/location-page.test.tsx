import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { attr } from "#ui/test-support/html-dom.ts";
import { DEMO_LOCATION_SUMMARIES, fakePorts } from "./test-support/fake-ports.ts";
import { renderRoute } from "./test-support/render-route.tsx";
import { demoEmployees } from "#kv-seed/demo-employees.ts";
import { EMPLOYEES_UNAVAILABLE } from "#domain/employees.ts";

// Monday 30 November 2026, 10:00 in Husum: the showroom and the workshop are open.
beforeEach(() => vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-30T09:00:00Z") }));
afterEach(() => vi.useRealTimers());

const husum = DEMO_LOCATION_SUMMARIES.find((location) => location.slug === "center-husum");

describe("a center's page (/center/{location})", () => {
  it("shows contact links, opening hours with the open-now lines, brands and services, and company details", async () => {
    const { status, main } = await renderRoute("/center/center-husum");
    expect(status).toBe(200);
    expect(main.getByRole("heading", { level: 1, name: "Center Husum" })).toBeDefined();
    for (const section of ["Kontakt", "Öffnungszeiten", "Marken und Leistungen", "Folgen Sie uns", "Unternehmensangaben"]) {
      expect(main.getByRole("heading", { level: 2, name: section })).toBeDefined();
    }
    const contact = main.within(main.getByRole("region", { name: "Kontakt" }));
    expect(attr(contact.getByRole("link", { name: /04841 6677-0/ }), "href")).toBe("tel:0484166770");
    expect(attr(contact.getByRole("link", { name: husum?.email }), "href")).toBe(`mailto:${husum?.email}`);
    expect(attr(contact.getByRole("link", { name: /WhatsApp/ }), "href")).toBe("https://wa.me/4917048416677");
    expect(attr(contact.getByRole("link", { name: /Route planen zu Center Husum/ }), "href")).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=Center%20Husum%2C%20Schleswiger%20Chaussee%2040%2C%2025813%20Husum",
    );
    const hours = main.within(main.getByRole("region", { name: "Öffnungszeiten" })).text();
    expect(hours).toContain("Verkauf: Jetzt geöffnet · schließt um 12:30 Uhr");
    expect(hours).toContain("Werkstatt: Jetzt geöffnet · schließt um 17:00 Uhr");
    expect(hours).toContain("Mo–Do 08:00–12:30 und 13:30–18:00 Uhr");
    expect(hours).toContain("An Feiertagen geschlossen: Fr, 25.12. (1. Weihnachtstag)");
    const services = main.within(main.getByRole("region", { name: "Marken und Leistungen" })).text();
    for (const expected of ["Mercedes-Benz · Hymer", "Reisemobil-Service", "Hauptuntersuchung"]) expect(services).toContain(expected);
    const company = main.within(main.getByRole("region", { name: "Unternehmensangaben" })).text();
    expect(company).toContain(`USt-IdNr. ${husum?.vatId}`);
    expect(company).toContain(`IBAN ${husum?.iban}`);
    expect(main.text()).not.toContain("in Kürze");
  });

  it("lists its contact persons by department, heads first, each with phone and e-mail links", async () => {
    const { main } = await renderRoute("/center/center-goslar");
    const section = main.within(main.getByRole("region", { name: "Ansprechpartner" }));
    const goslar = demoEmployees().filter((employee) => employee.locationSlug === "center-goslar");
    expect(section.getAllByRole("heading", { level: 4 })).toHaveLength(goslar.length);
    const service = main.within(main.getByRole("region", { name: "Service" }));
    const head = goslar.find((employee) => employee.department === "service" && employee.rank === 10);
    const [firstInService] = service.getAllByRole("heading", { level: 4 });
    expect(firstInService && service.nameOf(firstInService)).toBe(`${head?.firstName} ${head?.lastName}`);
    const [first] = goslar;
    expect(attr(section.getByRole("link", { name: `E-Mail an ${first?.firstName} ${first?.lastName}: ${first?.email}` }), "href")).toBe(
      `mailto:${first?.email}`,
    );
    expect(attr(main.getByRole("link", { name: /Alle Ansprechpartner/ }), "href")).toBe("/ansprechpartner?standort=center-goslar");
  });

  it("its contact persons failing to load cost that section only", async () => {
    const ports = fakePorts({}, { employees: { search: () => Promise.reject(new Error("D1_ERROR")) } });
    const { status, main } = await renderRoute("/center/center-goslar", { ports });
    expect(status).toBe(200);
    expect(main.text()).toContain(EMPLOYEES_UNAVAILABLE);
    expect(main.getByRole("heading", { level: 2, name: "Öffnungszeiten" })).toBeDefined();
  });

  it("the brand-scoped page exists only for the center's brands; other centers are location-not-found", async () => {
    expect((await renderRoute("/hyundai/locations/center-hamburg-harburg-hyundai")).status).toBe(200);
    for (const path of ["/hyundai/locations/center-husum", "/center/center-atlantis"]) {
      const { status, main } = await renderRoute(path);
      expect(status, path).toBe(404);
      expect(main.getByRole("heading", { level: 1, name: "Die Einrichtung wurde nicht gefunden" }), path).toBeDefined();
      expect(main.queryByRole("heading", { level: 2, name: "Kontakt" }), path).toBeNull();
    }
  });
});
