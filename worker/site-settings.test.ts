import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { SITE_SETTINGS_KEY } from "#domain/site-settings.ts";
import { createApp } from "./app.ts";
import { forgetSiteSettings } from "./site-settings.ts";
import { BROWSER_UA, ORIGIN } from "./test-support/requests.ts";
import { expectConsoleError } from "./test-support/setup.ts";

/** The real KV, except that the site settings key answers `value` (a text, or an Error to throw). */
function kvWithSettings(value: string | Error): KVNamespace {
  return new Proxy(env.REDIRECTS, {
    get(target, property) {
      if (property === "get") {
        return (key: string, ...rest: unknown[]) => {
          if (key === SITE_SETTINGS_KEY) return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
          return (target.get as (...args: unknown[]) => unknown)(key, ...rest);
        };
      }
      const member = Reflect.get(target, property);
      return typeof member === "function" ? member.bind(target) : member;
    },
  });
}

async function page(path: string, settings: string | Error): Promise<{ status: number; html: string }> {
  const ctx = createExecutionContext();
  const response = await createApp().fetch(
    new Request(`${ORIGIN}${path}`, { headers: { "User-Agent": BROWSER_UA } }),
    { ...env, REDIRECTS: kvWithSettings(settings) } as Env,
    ctx,
  );
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  return { status: response.status, html };
}

const settings = (value: object) => JSON.stringify(value);

describe("site settings from KV (domain/site-settings.ts) shape the pages", () => {
  it("the seeded settings are the built-in ones: every brand, breadcrumbs, the price display", async () => {
    const stored = await env.REDIRECTS.get(SITE_SETTINGS_KEY);
    expect(stored).not.toBeNull();
    const carfinder = await page("/carfinder", stored!);
    expect(carfinder.html).toContain("Preisanzeige");
    expect(carfinder.html).toContain('aria-label="Brotkrumen"');
    expect((await page("/hymer/modelle", stored!)).status).toBe(200);
  });

  it("a brand the site does not carry is brand-not-found; the header and the brand filter leave it out", async () => {
    const value = settings({ config: { brands: ["mercedes-benz", "smart"] } });
    const hymer = await page("/hymer/modelle", value);
    expect(hymer.status).toBe(404);
    expect(hymer.html).toContain("Laden der Herstellerinformationen zur Marke ist fehlgeschlagen.");
    expect((await page("/iveco/carfinder", value)).status).toBe(404);
    const carfinder = await page("/carfinder", value);
    expect(carfinder.html).not.toContain('href="/hymer/modelle"');
    expect(carfinder.html).not.toMatch(/name="brand" value="hymer"/);
    expect(carfinder.html).toMatch(/name="brand" value="smart"/);
    // A path segment that is no brand at all is brand-not-found too.
    expect((await page("/tesla/modelle", value)).html).toContain("Laden der Herstellerinformationen zur Marke ist fehlgeschlagen.");
  });

  it("the sitemap lists only the brands the site carries (an honest sitemap)", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const xml = (await page("/sitemap.xml", settings({ config: { brands: ["mercedes-benz", "smart"] } }))).html;
    expect(xml).toContain("/mercedes-benz/modelle</loc>");
    expect(xml).toContain("/smart/stock/private-lease</loc>");
    for (const gone of ["/hymer/modelle", "/iveco/modelle/daily", "/hyundai/stock/private-lease"])
      expect(xml).not.toContain(`${gone}</loc>`);
  });

  it("breadcrumbs, price display, equipment filters, calls to action, trade-in and the CO₂ graphic follow the settings", async () => {
    const value = settings({
      config: { navigation: { showBreadcrumbs: false } },
      stock: { multiPrice: false, optionalFilters: ["towbar"], ctaActions: { interest: "form" }, autoproffTradeIn: true, co2Image: false },
    });
    const carfinder = await page("/carfinder", value);
    expect(carfinder.html).not.toContain("Preisanzeige");
    expect(carfinder.html).not.toContain('aria-label="Brotkrumen"');
    expect(carfinder.html).toContain('name="towbar"');
    expect(carfinder.html).not.toContain('name="parking"');
    const vehicle = await page("/carfinder/100001-1-mercedes-benz-a-180-progressive", value);
    expect(vehicle.html).not.toContain('-progressive/probefahrt"');
    expect(vehicle.html).toContain('-progressive/interesse"');
    expect(vehicle.html).toContain('href="/inzahlungnahme"');
    expect(vehicle.html).not.toContain('class="co2-scale"');
    expect(vehicle.html).toMatch(/CO₂-Klasse: [A-G]/);
  });

  it("brand logos, the center's contact persons, the sticky contact link and the WLTP block follow the settings", async () => {
    const value = settings({
      config: {
        navigation: { disabledBrandLogos: ["iveco"] },
        location: { showEmployees: false },
        stickyContact: { link: "/ansprechpartner" },
      },
      stock: { wltp: false },
    });
    const brandBar = (html: string) => /<nav aria-label="Unsere Marken"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    const carfinder = await page("/carfinder", value);
    expect(brandBar(carfinder.html)).toContain('href="/hymer/modelle"');
    expect(brandBar(carfinder.html)).not.toContain('href="/iveco/modelle"');
    expect(carfinder.html).toMatch(/class="sticky-contact"[\s\S]*?href="\/ansprechpartner"/);
    // The center page without its contact persons (the default lists them).
    expect((await page("/center/center-goslar", value)).html).not.toContain('id="location-employees-heading"');
    forgetSiteSettings(); // the isolate keeps a read for 5 s
    expect((await page("/center/center-goslar", JSON.stringify({}))).html).toContain('id="location-employees-heading"');
    forgetSiteSettings();
    // wltp off: a used car's page has no consumption block; a new passenger car keeps it (Pkw-EnVKV).
    const used = await env.DB.prepare(
      "SELECT id, slug FROM vehicles WHERE status = 'available' AND condition = 'used' AND category = 'passenger' ORDER BY id LIMIT 1",
    ).first<{ id: number; slug: string }>();
    const usedPage = await page(`/carfinder/${used!.id}-1-${used!.slug}`, value);
    expect(usedPage.status).toBe(200);
    expect(usedPage.html).toContain('id="data-heading"');
    expect(usedPage.html).not.toContain('class="energy-label"');
    expect((await page("/carfinder/100001-1-mercedes-benz-a-180-progressive", value)).html).toContain('class="energy-label"');
    // stock.showEmployees off: the vehicle page keeps its location section but lists no contact persons.
    forgetSiteSettings();
    const withoutContacts = await page(
      "/carfinder/100001-1-mercedes-benz-a-180-progressive",
      settings({ stock: { showEmployees: false } }),
    );
    expect(withoutContacts.html).toContain('id="location-heading"');
    expect(withoutContacts.html).not.toContain('id="location-employees-heading"');
  });

  it("without the wheels filter the lease overview offers none and ignores ?felgen", async () => {
    const value = settings({ stock: { customFilters: [] } });
    const lease = await page("/stock/private-lease?felgen=18", value);
    expect(lease.html).not.toContain('name="felgen"');
    const count = (html: string) => /class="models-page__count"[^>]*>([^<]+)</.exec(html)?.[1];
    expect(count(lease.html)).toBe(count((await page("/stock/private-lease", value)).html));
  });

  it("the lead brand's favicon when the tag names a manufacturer that has one", async () => {
    const home = await page("/carfinder", settings({ config: { tagId: "hyundai", brandHasCustomFavicon: true } }));
    expect(home.html).toContain('<link rel="icon" href="/favicons/hyundai.svg" type="image/svg+xml"/>');
  });

  it("a tag without a manufacturer: 'Kein Markenhersteller für Tag-ID {tagId} gefunden.' is reported, the page renders", async () => {
    const result = await page("/carfinder", settings({ config: { tagId: "4711", brandHasCustomFavicon: true } }));
    expect(result.status).toBe(200);
    expect(result.html).toContain('<link rel="icon" href="/favicon.svg"');
    expectConsoleError(/^Kein Markenhersteller für Tag-ID 4711 gefunden\.$/);
  });

  it("KV failing or a broken value: the built-in settings, reported, every page renders", async () => {
    const down = await page("/carfinder", new Error("KV GET failed: 503"));
    expect(down.status).toBe(200);
    expect(down.html).toContain("Preisanzeige");
    expectConsoleError(/site settings: KV read failed \(KV GET failed: 503\)/);
    const broken = await page("/hymer/modelle", settings({ config: { brands: ["tesla"] } }));
    expect(broken.status).toBe(200);
    expectConsoleError(/site settings: config\.brands\.0/);
  });
});
