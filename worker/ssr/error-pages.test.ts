import { describe, expect, it } from "vitest";
import { failingD1, fetchWithDb } from "../test-support/d1-faults.ts";
import { BOT_UA, get } from "../test-support/requests.ts";
import { expectConsoleError } from "../test-support/setup.ts";

async function errorPage(path: string) {
  const response = await get(path);
  const html = await response.text();
  return {
    status: response.status,
    html,
    type: /data-error-type="([a-z-]+)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
  };
}

/** Error pages: the status and type each answers with, and what it must show. */
const ERROR_PAGES: Array<{ behaviour: string; path: string; status: number; type: string; title?: string; shows?: string[] }> = [
  {
    behaviour: "an unmatched path gives 404 page-not-found with 'Page not found: {path}' in the title",
    path: "/gibt-es-nicht",
    status: 404,
    type: "page-not-found",
    title: "404 – Page not found: /gibt-es-nicht | Autohaus Gruppe Nord",
    shows: ["Hoppla, diese Seite existiert nicht", 'href="/"'],
  },
  {
    behaviour: "a malformed vehicle param fails the validity check: 'Page Not Found: {full path}'",
    path: "/carfinder/abc-1-slug?x=1",
    status: 404,
    type: "page-not-found",
    title: "404 – Page Not Found: /carfinder/abc-1-slug?x=1 | Autohaus Gruppe Nord",
  },
  {
    behaviour: "an unknown vehicle id gives vehicle-not-found with a button to the stock overview",
    path: "/carfinder/999999-1-gibt-es-nicht",
    status: 404,
    type: "vehicle-not-found",
    shows: ["Hoppla, dieses Fahrzeug existiert nicht.", 'href="/carfinder"'],
  },
  {
    behaviour: "a sold vehicle gives vehicle-not-found too",
    path: "/carfinder/100009-1-mercedes-benz-e-220-d-t-modell",
    status: 404,
    type: "vehicle-not-found",
  },
  {
    behaviour: "a vehicle of another brand under a brand-scoped path is not found",
    path: "/hyundai/carfinder/100001-1-mercedes-benz-a-180-progressive",
    status: 404,
    type: "vehicle-not-found",
  },
  {
    behaviour: "an unknown location gives location-not-found",
    path: "/center/center-atlantis",
    status: 404,
    type: "location-not-found",
  },
  {
    behaviour: "forms of an unknown vehicle give vehicle-form-not-found",
    path: "/carfinder/999999-1-x/probefahrt",
    status: 404,
    type: "vehicle-form-not-found",
  },
  {
    behaviour: "invalid percent-encoding gives a German 400 page, not a 500",
    path: "/%E0%A4%A",
    status: 400,
    type: "broken-link",
    shows: ['lang="de"'],
  },
];

describe("error pages (spec section 8)", () => {
  for (const { behaviour, path, status, type, title, shows = [] } of ERROR_PAGES) {
    it(behaviour, async () => {
      const page = await errorPage(path);
      expect(page.status).toBe(status);
      expect(page.type).toBe(type);
      if (title !== undefined) expect(page.title).toBe(title);
      for (const text of shows) expect(page.html).toContain(text);
    });
  }

  it("an unknown brand is brand-not-found (spec section 8), raised where a brand page is asked for", async () => {
    for (const path of ["/opel/modelle", "/opel/carfinder", "/opel/locations/center-goslar", "/__proto__/modelle/x"]) {
      const page = await errorPage(path);
      expect(page.status, path).toBe(404);
      expect(page.type, path).toBe("brand-not-found");
      expect(page.html, path).toContain("Laden der Herstellerinformationen zur Marke ist fehlgeschlagen.");
    }
  });

  it("a journal article that is gone is news-article-not-found; the journal itself and other missing pages are not", async () => {
    const article = await errorPage("/uber-uns/journal/gibt-es-nicht-mehr");
    expect(article.status).toBe(404);
    expect(article.type).toBe("news-article-not-found");
    expect(article.html).toContain("Hoppla, dieser Artikel existiert nicht");
    expect(article.title).toBe("404 – News article not found: /uber-uns/journal/gibt-es-nicht-mehr | Autohaus Gruppe Nord");
    expect((await errorPage("/uber-uns/journal")).status).toBe(200);
    expect((await errorPage("/uber-uns/gibt-es-nicht")).type).toBe("page-not-found");
  });

  it("a huge query string gives 414, not a 500", async () => {
    const page = await errorPage(`/carfinder?q=${"a".repeat(10_000)}`);
    expect(page.status).toBe(414);
  });

  it("NUL bytes in the path give 400", async () => {
    expect((await get("/impressum%00.html")).status).toBe(400);
  });

  it.each([
    ["PUT", "/"],
    ["POST", "/"],
    ["POST", "/carfinder"],
    ["DELETE", "/carfinder/100001-1-x/probefahrt"],
    ["POST", "/api/vehicles/search"],
    ["DELETE", "/api/vehicles/100001"],
    ["PUT", "/api/locations"],
    ["PATCH", "/api/content/pages/impressum"],
  ])("%s %s answers 405 with Allow: GET, HEAD", async (method, path) => {
    const response = await get(path, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
  });

  it("an unknown API path is 404, whatever the method", async () => {
    expect((await get("/api/gibt-es-nicht")).status).toBe(404);
    expect((await get("/api/gibt-es-nicht", { method: "POST" })).status).toBe(404);
  });

  it("bots get the status only with a minimal body, no error page", async () => {
    const response = await get("/gibt-es-nicht", { userAgent: BOT_UA });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).not.toContain("data-error-type");
    expect(html.length).toBeLessThan(300);
  });

  it("no error response leaks a stack trace", async () => {
    for (const path of ["/%E0%A4%A", "/carfinder/abc", "/gibt-es-nicht", "/api/vehicles/abc"]) {
      const body = await (await get(path)).text();
      expect(body).not.toMatch(/at \w+ \(|\.ts:\d+|Error:/);
    }
  });
});

describe("valid pages", () => {
  it.each([
    "/",
    "/directcontact",
    "/carfinder",
    "/carfinder/vergleichen",
    "/carfinder/favoriten",
    "/carfinder/100001-1-mercedes-benz-a-180-progressive",
    "/carfinder/100001-1-mercedes-benz-a-180-progressive/interesse",
    "/carfinder/100001-1-mercedes-benz-a-180-progressive/probefahrt",
    "/mercedes-benz/carfinder",
    "/mercedes-benz/carfinder/100001-1-mercedes-benz-a-180-progressive",
    "/mercedes-benz/modelle",
    "/mercedes-benz/modelle/g-klasse",
    "/mercedes-benz/modelle/g-klasse/kontakt",
    "/mercedes-benz/modelle/g-klasse/probefahrt",
    "/center/center-goslar",
    "/hyundai/locations/center-hamburg-harburg-hyundai",
    "/stock/100001-1-mercedes-benz-a-180-progressive/lease-calculator",
    "/mercedes-benz/stock/100001-1-mercedes-benz-a-180-progressive/lease-calculator",
    "/aston-martin",
    "/smart",
    "/hyundai",
    "/impressum",
    "/datenschutz",
  ])("%s answers 200 inside the layout", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<main id="inhalt"');
    expect(html).toContain('href="/impressum"');
  });

  it("an outdated vehicle slug redirects 301 to the current one", async () => {
    const response = await get("/carfinder/100001-1-alter-name/probefahrt?ref=mail");
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/carfinder/100001-1-mercedes-benz-a-180-progressive/probefahrt?ref=mail");
  });
});

describe("unexpected errors", () => {
  it("a failing data source gives the maintenance notice (503) without details", async () => {
    // A vehicle no earlier test of this file rendered: no stale copy to fall back on.
    const response = await fetchWithDb("/carfinder/100006-1-aston-martin-db12-volante", failingD1(/./));
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain('data-error-type="temporarily-unavailable"');
    expect(html).toContain("Diese Seite ist gerade nicht erreichbar");
    expect(html).not.toMatch(/D1_ERROR|injected failure|SQLITE/i);
    expectConsoleError(/^page data \(carfinder\) unavailable/);
  });
});
