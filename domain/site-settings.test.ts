import { describe, expect, it } from "vitest";
import { parseSiteSettings } from "./site-settings-schema.ts";
import { BUILT_IN_SITE_SETTINGS, faviconOf, leadBrandOf, noManufacturerMessage } from "./site-settings.ts";

describe("site settings from KV (spec section 3: site config and stock settings)", () => {
  it("no value: the built-in settings, without an error", () => {
    expect(parseSiteSettings(null)).toEqual({ settings: BUILT_IN_SITE_SETTINGS, error: null });
  });

  it("the built-in settings follow spec section 9 for the current brand set", () => {
    const { stock, config } = BUILT_IN_SITE_SETTINGS;
    expect(stock.optionalFilters).toEqual(["towbar", "cruise_control", "parking", "airbags", "security", "air_conditioning"]);
    expect([stock.wltp, stock.co2Image, stock.autoproffTradeIn]).toEqual([true, true, false]);
    expect(stock.ctaActions).toEqual({ testdrive: "form", interest: "form" });
    expect(config.autochat).toEqual({ enabled: true, showChatBubble: true, showChatBubbleDelay: 1 });
    expect(config.brands).toEqual(["mercedes-benz", "astonmartin", "hyundai", "smart", "hymer", "iveco"]);
  });

  it("a partial value changes only what it names", () => {
    const { settings, error } = parseSiteSettings(
      JSON.stringify({
        config: { navigation: { showBreadcrumbs: false }, brands: ["hyundai", "smart", "hyundai"] },
        stock: { multiPrice: false, ctaActions: { interest: "form" } },
      }),
    );
    expect(error).toBeNull();
    expect(settings.config.navigation).toEqual({ showBreadcrumbs: false, disabledBrandLogos: [] });
    expect(settings.config.brands).toEqual(["hyundai", "smart"]);
    expect(settings.config.autochat).toEqual(BUILT_IN_SITE_SETTINGS.config.autochat);
    expect(settings.stock.multiPrice).toBe(false);
    expect(settings.stock.ctaActions).toEqual({ interest: "form" });
    expect(settings.stock.wltp).toBe(true);
  });

  it("a broken value falls back to the built-in settings and says what is wrong", () => {
    const cases: Array<[string, RegExp]> = [
      ["{not json", /not JSON/],
      [JSON.stringify({ config: { brands: ["tesla"] } }), /config\.brands\.0/],
      [JSON.stringify({ config: { navigaton: {} } }), /navigaton/],
      [JSON.stringify({ stock: { optionalFilters: ["sunroof"] } }), /stock\.optionalFilters/],
      [JSON.stringify({ config: { stickyContact: { link: "//evil.example/x" } } }), /stickyContact\.link/],
      [JSON.stringify({ config: { stickyContact: { link: "https://evil.example" } } }), /stickyContact\.link/],
      [JSON.stringify({ stock: { ctaActions: { testdrive: "popup" } } }), /ctaActions\.testdrive/],
      ['{"__proto__": {"config": {"hubspot": true}}}', /__proto__/],
      [JSON.stringify([]), /\(root\)/],
    ];
    for (const [text, message] of cases) {
      const { settings, error } = parseSiteSettings(text);
      expect(settings, text).toBe(BUILT_IN_SITE_SETTINGS);
      expect(error, text).toMatch(message);
    }
  });

  it("the tag manager's container is a setting of its own: it never stands for the brand tag", () => {
    const { settings, error } = parseSiteSettings(JSON.stringify({ config: { tagId: "hyundai", tagManagerId: "GTM-ABC123" } }));
    expect(error).toBeNull();
    expect(settings.config).toMatchObject({ tagId: "hyundai", tagManagerId: "GTM-ABC123" });
    expect(leadBrandOf(settings.config)).toBe("hyundai");
    const containerOnly = parseSiteSettings(JSON.stringify({ config: { tagManagerId: "GTM-ABC123" } })).settings.config;
    expect([containerOnly.tagId, leadBrandOf(containerOnly)]).toEqual([null, null]);
    for (const bad of ['"><script>', "GTM ABC", ""])
      expect(parseSiteSettings(JSON.stringify({ config: { tagManagerId: bad } })).error).toMatch(/tagManagerId/);
  });

  it("the tag names the lead brand and its favicon; an unknown tag has none (and the spec's message)", () => {
    expect(leadBrandOf({ tagId: "aston-martin" })).toBe("astonmartin");
    expect(leadBrandOf({ tagId: null })).toBeNull();
    expect(leadBrandOf({ tagId: "constructor" })).toBeNull();
    expect(faviconOf({ tagId: "hyundai", brandHasCustomFavicon: true })).toBe("/favicons/hyundai.svg");
    expect(faviconOf({ tagId: "hyundai", brandHasCustomFavicon: false })).toBe("/favicon.svg");
    expect(faviconOf({ tagId: "unbekannt", brandHasCustomFavicon: true })).toBe("/favicon.svg");
    expect(noManufacturerMessage("4711")).toBe("Kein Markenhersteller für Tag-ID 4711 gefunden.");
  });
});
