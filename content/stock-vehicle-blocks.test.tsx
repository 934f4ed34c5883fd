import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { generateStock } from "#kv-seed/stock-generator.ts";
import { collectDataNeeds, type BlockData } from "./block-data.ts";
import { BLOCK_FIXTURES, FIXTURE_LOCATION_HUSUM } from "./block-fixtures.ts";
import { vehicleReference } from "./block-schemas.ts";
import { BlockRenderer } from "./block-registry.tsx";
import { validateStoryContent } from "./validate-blocks.ts";
import type { Block } from "./story-schema.ts";
import type { LocationSummary } from "#domain/data-schemas.ts";

const stock = generateStock(20);
const withSpin = stock.find((vehicle) => vehicle.spin && vehicle.offers.some((offer) => offer.type === "private_lease"))!;
const withoutSpin = stock.find((vehicle) => !vehicle.spin)!;

function render(block: Record<string, unknown>, data: BlockData): string {
  const root = validateStoryContent({ component: "page", _uid: "root", body: [block] } as unknown as Block, {
    preview: false,
    warn: () => undefined,
  });
  return renderToString(<BlockRenderer blocks={(root as unknown as { body: Block[] }).body} context={{ data, preview: false }} />);
}

describe("stock blocks of one vehicle (media gallery, photo spinner, lease detail)", () => {
  it("name the vehicle by number or URL; anything else is not set", () => {
    expect(vehicleReference(100001)).toBe(100001);
    expect(vehicleReference(" 100001 ")).toBe(100001);
    expect(vehicleReference("https://www.example.de/carfinder/100002-1-mercedes-benz-glc?x=1")).toBe(100002);
    expect(vehicleReference("/hyundai/carfinder/200003-1-hyundai-i30/")).toBe(200003);
    for (const value of ["", "abc", "-5", 0, 1.5, "/carfinder", null, {}]) expect(vehicleReference(value), String(value)).toBeUndefined();
    const needs = collectDataNeeds({
      component: "page",
      _uid: "r",
      body: [{ ...BLOCK_FIXTURES.stock_photo_spinner, vehicle: 100002 }],
    } as unknown as Block);
    expect(needs).toEqual([{ kind: "vehicle", uid: "fx-stock_photo_spinner", id: 100002 }]);
  });

  it("the media gallery shows every picture with its position, and the way to the vehicle", () => {
    const html = render(
      { ...BLOCK_FIXTURES.stock_media_gallery, vehicle: withSpin.id },
      { "fx-stock_media_gallery": { kind: "vehicle", vehicle: withSpin } },
    );
    expect(html).toContain(`id="block-fx-stock_media_gallery-title">${withSpin.title}</h2>`);
    for (const [index, image] of withSpin.images.entries())
      expect(html).toContain(`src="${image}" alt="${withSpin.title} – Bild ${index + 1} von ${withSpin.images.length}"`);
    expect(html).toContain(`href="/carfinder/${withSpin.id}-1-${withSpin.slug}"`);
  });

  it("the photo spinner is an island with the sprite; without turntable pictures it says so", () => {
    const island = render(
      { ...BLOCK_FIXTURES.stock_photo_spinner, vehicle: withSpin.id },
      { "fx-stock_photo_spinner": { kind: "vehicle", vehicle: withSpin } },
    );
    expect(island).toContain("360°-Ansicht");
    const none = render(
      { ...BLOCK_FIXTURES.stock_photo_spinner, vehicle: withoutSpin.id },
      { "fx-stock_photo_spinner": { kind: "vehicle", vehicle: withoutSpin } },
    );
    expect(none).toContain("Für dieses Fahrzeug gibt es keine 360°-Ansicht.");
  });

  it("the lease detail lists the offer's facts and perks, or says there is no such offer", () => {
    const html = render(
      { ...BLOCK_FIXTURES.stock_lease_detail, vehicle: withSpin.id },
      { "fx-stock_lease_detail": { kind: "vehicle", vehicle: withSpin } },
    );
    for (const label of ["Monatliche Rate", "Leasing-Sonderzahlung", "Mehrwertsteuer", "14 Tage Umtauschgarantie"])
      expect(html).toContain(label);
    expect(html).toContain(`href="/stock/private-lease/${withSpin.id}-1-${withSpin.slug}"`);
    const business = withSpin.offers.some((offer) => offer.type === "business_lease")
      ? null
      : render(
          { ...BLOCK_FIXTURES.stock_lease_detail, vehicle: withSpin.id, lease_type: "business_lease" },
          { "fx-stock_lease_detail": { kind: "vehicle", vehicle: withSpin } },
        );
    if (business) expect(business).toContain("Für dieses Fahrzeug gibt es derzeit kein Gewerbe-Leasing-Angebot.");
  });

  it("a sold vehicle or a failed read costs the block's content only", () => {
    expect(render(BLOCK_FIXTURES.stock_media_gallery, { "fx-stock_media_gallery": { kind: "vehicle", vehicle: null } })).toContain(
      "Dieses Fahrzeug ist nicht mehr verfügbar.",
    );
    expect(render(BLOCK_FIXTURES.stock_lease_detail, { "fx-stock_lease_detail": { kind: "error", need: "vehicle" } })).toContain(
      "Das Fahrzeug konnte nicht geladen werden.",
    );
  });
});

describe("the location detail block (stock_location_detail)", () => {
  const husum: LocationSummary = {
    ...FIXTURE_LOCATION_HUSUM,
    email: "husum@example.de",
    whatsapp: "+49 151 2345678",
    openingHours: { showroom: { mon: [["09:00", "18:00"]] }, workshop: { mon: [["07:00", "17:00"]] } },
  };

  it("shows address, contact channels with their click events, brands, hours and the way to the center", () => {
    const html = render(BLOCK_FIXTURES.stock_location_detail, {
      "fx-stock_location_detail": { kind: "locations", locations: [husum] },
    });
    expect(html).toContain(">Center Husum</h2>");
    expect(html).toContain('href="tel:0484166770"');
    for (const channel of ["phone_number", "whatsapp", "route"]) expect(html).toContain(`data-track="click_location_${channel}"`);
    expect(html).toContain("Öffnungszeiten Werkstatt");
    expect(html).toContain('href="/center/center-husum"');
  });

  it("an unknown center and a failed read say so in German", () => {
    expect(
      render(
        { ...BLOCK_FIXTURES.stock_location_detail, location: "center-gibt-es-nicht" },
        { "fx-stock_location_detail": { kind: "locations", locations: [husum] } },
      ),
    ).toContain("Die Einrichtung wurde nicht gefunden");
    expect(render(BLOCK_FIXTURES.stock_location_detail, { "fx-stock_location_detail": { kind: "error", need: "locations" } })).toContain(
      "Standorte konnten nicht geladen werden.",
    );
  });
});
