import { describe, expect, it } from "vitest";
import { get } from "./test-support/requests.ts";
import { failingD1, getWithDb } from "./test-support/d1-faults.ts";
import { DEMO_LOCATIONS } from "#kv-seed/demo-locations.ts";
import { LOCATION_QUERY_MESSAGE } from "#domain/geo.ts";

/** A page with `DB` replaced, as a Response for the helpers below. */
async function getWith(path: string, db: D1Database): Promise<Response> {
  const { status, html } = await getWithDb(path, db);
  return new Response(html, { status });
}

/** The visible text of `<main>`, tags dropped and entities decoded enough for these checks. */
async function mainText(response: Response): Promise<string> {
  const html = await response.text();
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return main
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** Center names in the order the list shows them. */
async function listedCenters(response: Response): Promise<string[]> {
  const html = await response.text();
  return [...html.matchAll(/class="location-card__name"><a href="\/center\/([^"]+)"/g)].map((match) => match[1]!);
}

describe("the location list (/standorte)", () => {
  // What the page shows (cards, opening status, the search form) is tested beside the route
  // (routes/locations-page.test.tsx); here: every center comes from D1, and the phone links are tracked.
  it("lists every center from D1, each phone link tracked", async () => {
    const response = await get("/standorte");
    expect(response.status).toBe(200);
    const html = await response.clone().text();
    expect(await listedCenters(response.clone())).toHaveLength(DEMO_LOCATIONS.length);
    expect(html).toContain('data-track="click_location_phone_number"');
  });

  it("sorts by distance from a postal code and names the nearest center", async () => {
    // 23558 is Lübeck: Reinfeld is nearest, Goslar (Harz) farthest.
    const response = await get("/standorte?ort=23558");
    const order = await listedCenters(response.clone());
    expect(order[0]).toBe("center-reinfeld-lubeck");
    expect(order.at(-1)).toBe("center-goslar");
    const text = await mainText(response);
    expect(text).toMatch(/Nächster Standort zu 23558 Lübeck: Center Reinfeld \(Lübeck\) \(\d+ km\)/);
  });

  it("finds a place by name in any spelling, and the postal code of an address line", async () => {
    for (const query of ["Husum", "husum", "HUSUM"])
      expect((await listedCenters(await get(`/standorte?ort=${query}`)))[0]).toBe("center-husum");
    expect((await listedCenters(await get(`/standorte?ort=${encodeURIComponent("Lübeck")}`)))[0]).toBe("center-reinfeld-lubeck");
    expect((await listedCenters(await get("/standorte?ort=Luebeck")))[0]).toBe("center-reinfeld-lubeck");
    expect((await listedCenters(await get(`/standorte?ort=${encodeURIComponent("38640 Goslar")}`)))[0]).toBe("center-goslar");
    // Marne has fewer than 1,000 inhabitants (not in GeoNames' list): the seed adds the centers' towns.
    expect((await listedCenters(await get("/standorte?ort=Marne")))[0]).toBe("center-marne");
  });

  it("an unknown place says so in German and still lists every center; a malformed one explains the input", async () => {
    const unknown = await get("/standorte?ort=Atlantis");
    expect(unknown.status).toBe(200);
    const unknownHtml = await unknown.clone().text();
    expect(unknownHtml).toContain("Die Einrichtung wurde nicht gefunden. Bitte prüfen Sie die Postleitzahl oder den Ort.");
    expect(unknownHtml).toContain('aria-invalid="true"');
    expect(await listedCenters(unknown)).toHaveLength(DEMO_LOCATIONS.length);
    for (const query of ["123", "1234567", "-"]) {
      const text = await mainText(await get(`/standorte?ort=${query}`));
      expect(text).toContain(LOCATION_QUERY_MESSAGE);
    }
    // Object.prototype names are ordinary (unknown) places, never a crash.
    for (const query of ["__proto__", "constructor", "toString"]) {
      const response = await get(`/standorte?ort=${query}`);
      expect(response.status).toBe(200);
      expect(await mainText(response)).toContain("Die Einrichtung wurde nicht gefunden");
    }
  });

  it("D1 failing for the place lookup: every center is still listed, with a German notice", async () => {
    const response = await getWith("/standorte?ort=23558", failingD1(/postal_codes|places/));
    expect(response.status).toBe(200);
    const text = await mainText(response.clone());
    expect(text).toContain("Die Suche nach Postleitzahl und Ort ist gerade nicht erreichbar.");
    expect(await listedCenters(response)).toHaveLength(DEMO_LOCATIONS.length);
  });

  it("D1 failing for the locations: the page renders with 'Standorte konnten nicht geladen werden.'", async () => {
    const response = await getWith("/standorte", failingD1(/FROM locations/));
    expect(response.status).toBe(200);
    const text = await mainText(response);
    expect(text).toContain("Standorte konnten nicht geladen werden.");
    expect(text).toContain("Postleitzahl oder Ort");
  });
});

describe("a center's page", () => {
  // Contact links, opening hours, services and company details: routes/location-page.test.tsx.
  it("renders from D1 with each contact link tracked", async () => {
    const response = await get("/center/center-husum");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`href="tel:0484166770"`);
    for (const event of [
      "click_location_phone_number",
      "click_location_email",
      "click_location_whatsapp",
      "click_location_route",
      "click_social",
    ]) {
      expect(html).toContain(`data-track="${event}"`);
    }
  });

  it("the brand-scoped page exists only for the center's brands (location-not-found otherwise)", async () => {
    expect((await get("/hyundai/locations/center-hamburg-harburg-hyundai")).status).toBe(200);
    const wrongBrand = await get("/hyundai/locations/center-husum");
    expect(wrongBrand.status).toBe(404);
    expect(await wrongBrand.text()).toContain('data-error-type="location-not-found"');
    const unknown = await get("/center/center-atlantis");
    expect(unknown.status).toBe(404);
  });
});

describe("GET /api/places/locate", () => {
  it("answers a postal code or a place key with its label and coordinate; unknown is 404, malformed 400", async () => {
    const postal = await get("/api/places/locate?plz=20148");
    expect(postal.status).toBe(200);
    expect(await postal.json()).toMatchObject({ label: "20148 Hamburg" });
    const place = await get("/api/places/locate?ort=lueb");
    expect(await place.json()).toMatchObject({ label: "Lübeck" });
    expect((await get("/api/places/locate?plz=99999")).status).toBe(404);
    expect((await get("/api/places/locate?ort=__proto__")).status).toBe(404);
    // LIKE wildcards are matched literally: "%" is no place.
    expect((await get("/api/places/locate?ort=%25%25%25")).status).toBe(404);
    expect((await get("/api/places/locate?ort=___")).status).toBe(404);
    expect((await get("/api/places/locate?plz=123")).status).toBe(400);
    expect((await get("/api/places/locate")).status).toBe(400);
  });
});

describe("the vehicle page's center section", () => {
  it("its phone link reports click_location_phone_number with the center and the vehicle", async () => {
    const html = await (await get("/carfinder/100001-1-mercedes-benz-a-180-progressive")).text();
    const link = /<a href="tel:[^"]+"[^>]*data-track="click_location_phone_number"[^>]*>/.exec(html)?.[0] ?? "";
    expect(link).toContain("location_id");
    expect(link).toContain("vehicle_id");
  });
});
