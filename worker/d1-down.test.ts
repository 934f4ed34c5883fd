import { describe, expect, it, vi } from "vitest";
import { failingD1, fetchWithDb } from "./test-support/d1-faults.ts";
import { expectConsoleError } from "./test-support/setup.ts";
import { isolateLocations, isolateVehicleDocuments } from "./adapters/d1-stock.ts";

const D1_DOWN = () => failingD1(/./);

describe("D1 down: each page keeps what does not need D1, says so in German, never a 500", () => {
  it("the carfinder keeps header, filters and navigation and says so where the results would be (503, Retry-After)", async () => {
    const response = await fetchWithDb("/carfinder", D1_DOWN());
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("60");
    const html = await response.text();
    expect(html).toContain("Die Fahrzeugsuche ist gerade nicht erreichbar.");
    expect(html).toContain("Fahrzeuge konnten nicht geladen werden");
    expect(html).toContain("<h2>Filter</h2>");
    expect(html).toContain('class="site-header"');
    expect(html).not.toMatch(/D1_ERROR|SQLITE|injected failure/);
    expectConsoleError(/vehicle search index: load failed/);
  });

  it("a vehicle page and a center page: the German maintenance notice with 503, reported once a minute", async () => {
    for (const path of [
      "/carfinder/100001-1-mercedes-benz-a-180-progressive",
      "/center/center-goslar",
      "/carfinder/100002-1-mercedes-benz-glc-300-e-4matic",
    ]) {
      const response = await fetchWithDb(path, D1_DOWN());
      expect(response.status, path).toBe(503);
      expect(response.headers.get("Retry-After"), path).toBe("60");
      const html = await response.text();
      expect(html, path).toContain("Diese Seite ist gerade nicht erreichbar");
      expect(html, path).not.toMatch(/D1_ERROR|SQLITE|injected failure/);
    }
    expectConsoleError(/^page data \(carfinder\) unavailable/);
    expectConsoleError(/^page data \(center\) unavailable/);
  });

  it("a vehicle page this location rendered before is served from its stale copy (X-Html-Cache: stale)", async () => {
    const path = "/carfinder/100003-1-mercedes-benz-sprinter-317-cdi-kastenwagen";
    const fresh = await fetchWithDb(path);
    expect(fresh.status).toBe(200);
    // The isolate's copy of the vehicle document would answer without D1: forget it.
    isolateVehicleDocuments.forget();
    isolateLocations.forget();
    const stale = await fetchWithDb(path, D1_DOWN());
    expect(stale.status).toBe(200);
    expect(stale.headers.get("X-Html-Cache")).toBe("stale");
    expect(stale.headers.get("Cache-Control")).toBe("no-store");
    const html = await stale.text();
    expect(html).toContain("Sprinter 317 CDI");
    // The copy carries this response's nonce, as the CSP requires.
    const nonce = /script-src 'nonce-([^']+)'/.exec(stale.headers.get("Content-Security-Policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}"`);
    expectConsoleError(/^page data \(carfinder\) unavailable.*stale copy/);
  });

  it("pages whose D1 parts are sections lose those sections only", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const cases: Array<[string, string]> = [
      ["/standorte", "Standorte konnten nicht geladen werden."],
      ["/mercedes-benz/modelle", "Laden der Herstellerinformationen zur Marke ist fehlgeschlagen."],
      ["/stock/private-lease", "Leasingfahrzeuge konnten nicht geladen werden."],
    ];
    for (const [path, notice] of cases) {
      const response = await fetchWithDb(path, D1_DOWN());
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain(notice);
    }
    expect((await fetchWithDb("/", D1_DOWN())).status).toBe(200);
    // Each test starts as a fresh isolate, whose search index says once that it fell back to D1.
    expectConsoleError(/vehicle search index: load failed/);
  });

  it("the APIs answer 503 with Retry-After and no internal error text", async () => {
    for (const path of ["/api/vehicles/search", "/api/vehicles/100001", "/api/locations", "/api/employees"]) {
      const response = await fetchWithDb(path, D1_DOWN());
      expect(response.status, path).toBe(503);
      expect(response.headers.get("Retry-After"), path).toBe("60");
      const body = await response.text();
      expect(body, path).not.toMatch(/D1_ERROR|SQLITE|injected failure/);
      expectConsoleError(/unhandled D1_ERROR/);
    }
    expectConsoleError(/vehicle search index: load failed/);
  });
});
