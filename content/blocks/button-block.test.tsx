import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import type { ButtonBlock } from "../block-schemas.ts";
import { FIXTURE_DATA } from "../block-fixtures.ts";
import { ButtonBlockView } from "./button-block.tsx";

const PROPS = { level: 2, render: () => null, context: { data: FIXTURE_DATA, preview: false } };
const BASE: ButtonBlock = {
  component: "button",
  _uid: "b1",
  label: "Termin buchen",
  variant: "primary",
  size: "medium",
  icon: "none",
  icon_position: "end",
  disabled: false,
  booking_plugin: false,
} as ButtonBlock;

function render(fields: Partial<ButtonBlock>): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ButtonBlockView block={{ ...BASE, ...fields } as ButtonBlock} {...PROPS} />
    </MemoryRouter>,
  );
}

const story = (slug: string) => ({ linktype: "story", cached_url: slug }) as ButtonBlock["link"];

describe("button block (spec sections 3 and 4)", () => {
  it("a target, not disabled, no booking plugin: a link", () => {
    expect(render({ link: story("probefahrt") })).toMatch(/^<a class="button button--primary button--medium" href="\/probefahrt"/);
  });

  it("disabled or without a target: a button", () => {
    expect(render({ link: story("probefahrt"), disabled: true })).toBe(
      '<button type="button" class="button button--primary button--medium" disabled=""><span>Termin buchen</span></button>',
    );
    expect(render({})).toBe('<button type="button" class="button button--primary button--medium"><span>Termin buchen</span></button>');
  });

  it("every variant and size is a class", () => {
    for (const variant of ["primary", "secondary", "tertiary", "ghost"] as const) {
      for (const size of ["large", "medium", "small", "extra-small"] as const) {
        expect(render({ variant, size })).toContain(`class="button button--${variant} button--${size}"`);
      }
    }
  });

  it("external targets get the external-link icon and a hidden hint", () => {
    const html = render({ link: { linktype: "url", url: "https://www.hyundai.de" } as ButtonBlock["link"] });
    expect(html).toContain('class="external-icon"');
    expect(html).toContain("(öffnet in neuem Tab)");
    expect(render({ link: story("probefahrt") })).not.toContain("external-icon");
  });

  it("the icon sits at the start or the end of the label", () => {
    expect(render({ icon: "calendar", icon_position: "start" })).toMatch(
      /^<button[^>]*><svg class="button__icon"[^>]*>.*<\/svg><span>Termin buchen<\/span><\/button>$/,
    );
    expect(render({ icon: "calendar", icon_position: "end" })).toMatch(/<span>Termin buchen<\/span><svg class="button__icon"/);
    expect(render({ icon: "none" })).not.toContain("<svg");
  });

  it("icons are 20 px, 16 px on small and extra-small buttons (spec section 9), and decorative", () => {
    for (const [size, px] of [
      ["large", 20],
      ["medium", 20],
      ["small", 16],
      ["extra-small", 16],
    ] as const) {
      const html = render({ icon: "arrow", size });
      expect(html).toContain(`width="${px}" height="${px}"`);
      expect(html).toContain('aria-hidden="true"');
    }
  });

  describe("with the appointment-booking plugin", () => {
    it("the server HTML is the editor's link: usable without JavaScript and when the plugin is missing", () => {
      const html = render({ booking_plugin: true, link: story("werkstatt/online-werkstatttermin") });
      expect(html).toMatch(
        /^<div class="booking-button"><a class="button button--primary button--medium" href="\/werkstatt\/online-werkstatttermin"/,
      );
      expect(html).toContain('<span role="status" class="booking-button__status"></span>');
    });

    it("booking options alone count as the plugin", () => {
      expect(render({ booking: { make: "mercedes-benz" } })).toMatch(/^<div class="booking-button">/);
    });

    it("without a target it is a button that opens a dialog; disabled stays disabled", () => {
      expect(render({ booking_plugin: true })).toMatch(
        /^<div class="booking-button"><button type="button" class="button button--primary button--medium" aria-haspopup="dialog"><span>Termin buchen<\/span><\/button>/,
      );
      expect(render({ booking_plugin: true, link: story("werkstatt"), disabled: true })).toMatch(
        /^<div class="booking-button"><button type="button"[^>]* disabled=""/,
      );
    });

    it("loads nothing on the server: no script, no consent gate until the visitor clicks", () => {
      const html = render({ booking_plugin: true, booking: { make: "mercedes-benz", product_category: "service" } });
      expect(html).not.toContain("<script");
      expect(html).not.toContain("consent-placeholder");
    });
  });
});
