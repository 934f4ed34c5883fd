import { describe, expect, it, vi } from "vitest";
import { get } from "./test-support/requests.ts";

/**
 * Hostile input across the routes and APIs (issue 11 item 6): path tricks, prototype names as
 * segments, invalid UTF-8, script in every query parameter a page shows back. Nothing may answer
 * 500, and nothing may reflect script.
 */
const SCRIPT = "<script>alert(1)</script>";
const ENCODED = encodeURIComponent(SCRIPT);

const PATHS = [
  "/..%2f..%2fetc%2fpasswd",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/carfinder/%2e%2e%2fwrangler.toml",
  "/center/a%2Fb",
  "/__proto__",
  "/constructor",
  "/__proto__/modelle",
  "/constructor/carfinder",
  "/hyundai/modelle/__proto__",
  "/hyundai/modelle/constructor/preisliste.pdf",
  "/stock/__proto__/100001-1-x",
  "/stock/private-lease/__proto__",
  "/__proto__/stock/private-lease",
  "/hyundai/stock/constructor",
  "/hyundai/stock/private-lease/__proto__",
  "/center/__proto__",
  "/hyundai/locations/constructor",
  "/carfinder/__proto__",
  "/carfinder/100001-1-x%00",
  "/%C3%28",
  "/%FF%FE",
  "/carfinder/%E0%A4%A",
  `/${"a".repeat(4_000)}`,
  "/api/models/__proto__",
  "/api/models/constructor?model=__proto__",
  "/api/vehicles/__proto__",
  "/api/locations/constructor",
  "/api/content/pages/__proto__",
  "/api/vehicles?ids=__proto__,constructor",
  "/api/route-lookup?path=/__proto__",
  "/api/places/locate?ort=__proto__",
  "/api/employees?standort=__proto__&abteilung=constructor&marke=toString",
];

const QUERIES = [
  `/carfinder?q=${ENCODED}&brand=${ENCODED}&sorting=${ENCODED}&pricetype=${ENCODED}&price_min=${ENCODED}`,
  `/carfinder?__proto__[x]=1&constructor=1&toString=1`,
  `/standorte?ort=${ENCODED}&marke=${ENCODED}`,
  `/standorte?plz=${ENCODED}`,
  `/ansprechpartner?suche=${ENCODED}&standort=${ENCODED}&abteilung=${ENCODED}&marke=${ENCODED}&seite=${ENCODED}`,
  `/stock/private-lease?marke=${ENCODED}&felgen=${ENCODED}&seite=${ENCODED}`,
  `/mercedes-benz/modelle?kraftstoff=${ENCODED}&karosserie=${ENCODED}&sortierung=${ENCODED}`,
  `/stock/100001-1-mercedes-benz-a-180-progressive/lease-calculator?laufzeit=${ENCODED}&km=${ENCODED}&anzahlung=${ENCODED}&kunde=${ENCODED}`,
  `/carfinder/100001-1-mercedes-benz-a-180-progressive/probefahrt?angebot=${ENCODED}`,
  `/werkstatt?anfrage=${ENCODED}`,
  `/uber-uns/journal?seite=${ENCODED}`,
  `/api/vehicles/search?q=${ENCODED}&page=${ENCODED}`,
];

describe("hostile input never gives a 500 and never reflects script (issue 11 item 6)", () => {
  it.each(PATHS)("path %s", async (path) => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const response = await get(path);
    const body = await response.text();
    expect(response.status, path).toBeLessThan(500);
    expect(body).not.toContain(SCRIPT);
    expect(body).not.toMatch(/function Object\(\)|\[native code\]|D1_ERROR|at Object\./);
  });

  it.each(QUERIES)("query %s", async (path) => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const response = await get(path);
    const body = await response.text();
    expect(response.status, path).toBeLessThan(500);
    expect(body).not.toContain(SCRIPT);
    expect(body).not.toMatch(/<script>alert|onerror=alert/i);
  });

  it("prototype keys in a JSON API body are refused or ignored, never merged", async () => {
    const response = await get("/api/leads", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://dealership.test" },
      body: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"type":"contact"}',
    });
    expect(response.status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
