import { describe, expect, it } from "vitest";
import { getDegradedPage, getWithDb } from "./test-support/d1-faults.ts";
import { expectConsoleError } from "./test-support/setup.ts";

describe("stock blocks of one vehicle on an editorial page (/fahrzeug-der-woche, demo space)", () => {
  it("D1 failing for the vehicles costs those blocks only", async () => {
    const html = await getDegradedPage(
      "/fahrzeug-der-woche",
      /vehicle_documents|FROM vehicles/,
      "Das Fahrzeug konnte nicht geladen werden.",
    );
    expect(html).toContain("Fahrzeuge konnten nicht geladen werden.");
    expect(html).toContain("Jede Woche stellen wir ein Fahrzeug aus unserem Bestand vor");
    expectConsoleError(/vehicle search index: load failed/);
    // The degraded page is not kept: the next request renders with the data.
    expect((await getWithDb("/fahrzeug-der-woche")).html).not.toContain("konnte nicht geladen werden");
  });
  it("media gallery, 360° view (an island), lease detail and results render with the vehicles from D1", async () => {
    const { status, html } = await getWithDb("/fahrzeug-der-woche");
    expect(status).toBe(200);
    expect(html).toContain("Mercedes-Benz GLC 300 e 4MATIC – Bild 4 von 4");
    expect(html).toMatch(/<agn-island data-island="photo-spinner" data-props="[^"]*spin\/[a-z]+-[a-z]+\.svg/);
    expect(html).toContain("Monatliche Rate");
    expect(html).toContain('href="/stock/private-lease/100001-1-mercedes-benz-a-180-progressive"');
    expect(html).toMatch(/[\d.]+ Fahrzeuge gefunden/);
    expect(html).toContain('href="/carfinder?brand=mercedes-benz&amp;bodystyle=suv"');
    expect(html).toContain(">Probefahrt im Center Hamburg am Rothenbaum</h2>");
    expect(html).toContain("Öffnungszeiten Werkstatt");
  });
});
