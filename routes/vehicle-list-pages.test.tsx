import { describe, expect, it } from "vitest";
import { buildVehicle } from "#kv-seed/stock-generator.ts";
import type { ListVehiclesData } from "#ui/carfinder/use-list-vehicles.ts";
import { textOf } from "#ui/test-support/html-dom.ts";
import { fakePorts } from "./test-support/fake-ports.ts";
import { loadRoute, renderRoute } from "./test-support/render-route.tsx";

const STOCK = Array.from({ length: 10 }, (_, index) => buildVehicle({ id: 200_001 + index }));
const [first, second, third] = STOCK as [(typeof STOCK)[0], (typeof STOCK)[0], (typeof STOCK)[0]];

describe("the compare page and the favourites (/carfinder/vergleichen, /carfinder/favoriten)", () => {
  it("the document renders the page with its loading state: the list lives in the visitor's browser", async () => {
    const compare = await renderRoute(`/carfinder/vergleichen?ids=${first.id},${second.id}`, { ports: fakePorts({ vehicles: STOCK }) });
    expect(compare.status).toBe(200);
    expect(compare.main.getByRole("heading", { level: 1, name: "Fahrzeugvergleich" })).toBeDefined();
    expect(compare.main.text()).toContain("Ihre Vergleichsliste wird geladen …");
    const favourites = await renderRoute("/carfinder/favoriten", { ports: fakePorts({ vehicles: STOCK }) });
    expect(favourites.main.getByRole("heading", { level: 1, name: "Meine Favoriten" })).toBeDefined();
    expect(favourites.main.text()).toContain("Ihre Favoriten werden geladen …");
  });

  it("?ids loads the vehicles still available, in the order asked, each with its advert and its center's name", async () => {
    const data = (await loadRoute(`/carfinder/vergleichen?ids=${second.id},999999,${first.id}`, {
      ports: fakePorts({ vehicles: STOCK }),
    })) as ListVehiclesData;
    expect(data.asked).toEqual([second.id, 999999, first.id]);
    expect(data.vehicles.map((vehicle) => vehicle.id)).toEqual([second.id, first.id]);
    for (const vehicle of data.vehicles) {
      expect(vehicle.advert?.note).toBe(
        vehicle.vatReportable
          ? "Gesamtpreis inkl. 19 % MwSt. und Überführung"
          : "Gesamtpreis inkl. Überführung, differenzbesteuert nach § 25a UStG",
      );
      expect(data.locationNames[vehicle.locationSlug]).toMatch(/Center/);
    }
  });

  it("compare takes at most six ids, favourites fifty; no ids asks for nothing", async () => {
    const ids = STOCK.map((vehicle) => vehicle.id).join(",");
    const ports = fakePorts({ vehicles: STOCK });
    expect(((await loadRoute(`/carfinder/vergleichen?ids=${ids}`, { ports })) as ListVehiclesData).asked).toHaveLength(6);
    expect(((await loadRoute(`/carfinder/favoriten?ids=${ids}`, { ports })) as ListVehiclesData).asked).toHaveLength(STOCK.length);
    const none = fakePorts({}, { vehicles: { getMany: () => Promise.reject(new Error("not asked")) } });
    expect(await loadRoute("/carfinder/favoriten", { ports: none })).toEqual({ asked: [], vehicles: [], locationNames: {}, stored: false });
  });

  it("the document is rendered with the list its cookie mirror names: the table, the first photo preloaded, the sold one left out", async () => {
    const ports = fakePorts({ vehicles: STOCK });
    const cookie = `locale=de; agn_compare=${second.id}.999999.${first.id}`;
    const compare = await renderRoute("/carfinder/vergleichen", { ports, cookie });
    expect(compare.main.getByRole("heading", { level: 1, name: "Vergleiche 2 Fahrzeuge" })).toBeDefined();
    expect(compare.main.text()).not.toContain("wird geladen");
    // The corner cell, then one column per vehicle in the list's order.
    const [, secondColumn, firstColumn] = compare.main.getAllByRole("columnheader").map((header) => textOf(header));
    expect(secondColumn).toContain(second.title);
    expect(firstColumn).toContain(first.title);
    // React hoists the first photo's preload into the head: the Link header and Early Hints carry it.
    expect(compare.html).toContain(`<link rel="preload" as="image" href="${second.images[0]}" fetchPriority="high"/>`);
    // The visitor's own list: no shared cache may keep the page.
    const answer = (await loadRoute("/carfinder/vergleichen", { ports, cookie })) as Response;
    expect(answer.headers.get("Cache-Control")).toBe("private, no-cache");
    const data = (await answer.json()) as ListVehiclesData;
    expect([data.asked, data.stored]).toEqual([[second.id, 999999, first.id], true]);

    const favourites = await renderRoute("/carfinder/favoriten", { ports, cookie: `agn_favourites=${third.id}; agn_compare=${first.id}` });
    expect(favourites.main.getAllByRole("heading", { level: 2 }).map((heading) => textOf(heading))).toEqual([third.title]);
  });

  it("?ids wins over the cookie, and a hostile cookie renders the loading state without asking for anything", async () => {
    const ports = fakePorts({ vehicles: STOCK });
    const asked = (await loadRoute(`/carfinder/vergleichen?ids=${third.id}`, {
      ports,
      cookie: `agn_compare=${first.id}`,
    })) as ListVehiclesData;
    expect([asked.asked, asked.stored]).toEqual([[third.id], false]);
    const none = fakePorts({}, { vehicles: { getMany: () => Promise.reject(new Error("not asked")) } });
    const hostile = await renderRoute("/carfinder/vergleichen", {
      ports: none,
      cookie: "agn_compare=__proto__.constructor; agn_compare=1",
    });
    expect(hostile.status).toBe(200);
    expect(hostile.main.text()).toContain("Ihre Vergleichsliste wird geladen …");
  });

  it("the adverts failing: the vehicles still load, their prices worded neutrally by the page", async () => {
    const ports = fakePorts({ vehicles: STOCK }, { vehicles: { adverts: () => Promise.reject(new Error("D1_ERROR")) } });
    const data = (await loadRoute(`/carfinder/favoriten?ids=${third.id}`, { ports })) as ListVehiclesData;
    expect(data.vehicles.map((vehicle) => [vehicle.id, vehicle.advert])).toEqual([[third.id, null]]);
  });
});
