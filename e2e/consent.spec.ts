import { devices, type BrowserContext, type Page } from "@playwright/test";
import { expect, expectAccessible, open, test } from "./fixtures.ts";

/**
 * The consent manager (ADR 0010): per-purpose choices in a server-rendered
 * overlay, a cookie the worker reads, placeholders for embeds, a CSP frame-src per granted
 * purpose and the /_embed wrapper for embeds loaded later.
 */

const ABOUT = "/uber-uns/das-sind-wir"; // demo story with an OpenStreetMap map and a YouTube video
const OSM = "https://www.openstreetmap.org";
const YOUTUBE = "https://www.youtube-nocookie.com";

const banner = (page: Page) => page.getByRole("region", { name: "Ihre Privatsphäre" });
const consentCookie = async (context: BrowserContext) => (await context.cookies()).find((cookie) => cookie.name === "agn_consent")?.value;

/** Every request that leaves the local test server. */
function watchThirdParty(page: Page): string[] {
  const requests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).hostname !== "127.0.0.1") requests.push(request.url());
  });
  return requests;
}

/** Answers a third-party embed with a small accessible page instead of the internet. */
async function fakeEmbed(context: BrowserContext, origin: string): Promise<string[]> {
  const requested: string[] = [];
  await context.route(`${origin}/**`, (route) => {
    requested.push(route.request().url());
    return route.fulfill({
      contentType: "text/html",
      body: '<!doctype html><html lang="de"><title>Eingebettet</title><p>Eingebetteter Inhalt</p></html>',
    });
  });
  return requested;
}

async function waitForLayer(page: Page) {
  await expect(page.locator(".consent-banner")).toHaveAttribute("data-ready", "true");
}

test.describe("an undecided visitor", () => {
  test.use({ consent: null });

  test("sees the banner, reaches both choices by keyboard, rejects all: nothing third-party, no statistics", async ({ page, context }) => {
    test.slow(); // axe, three page loads and a client navigation
    const thirdParty = watchThirdParty(page);
    await open(page, "/");
    await expect(banner(page)).toBeVisible();
    await expectAccessible(page);
    await waitForLayer(page);

    // From the top of the page the banner comes right after the skip link.
    const focused: string[] = [];
    while (focused.at(-1) !== "Alle ablehnen" && focused.length < 6) {
      await page.keyboard.press("Tab");
      focused.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ""));
    }
    expect(focused).toEqual(["Zum Inhalt springen", "Datenschutz", "Alle akzeptieren", "Alle ablehnen"]);
    await page.keyboard.press("Enter"); // on "Alle ablehnen"
    await expect(banner(page)).toBeHidden();
    await expect(page.locator("main#inhalt")).toBeFocused();
    expect(await consentCookie(context)).toMatch(/^v1\.none\.\d+$/);

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(banner(page)).toBeHidden();
    await page.getByRole("contentinfo").getByRole("link", { name: "Impressum" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Impressum" })).toBeVisible({ timeout: 15_000 });
    await open(page, ABOUT);
    await expect(page.getByRole("link", { name: /^Einmal laden\s*: Karte/ })).toBeVisible();

    expect(await page.evaluate(() => (window.dataLayer ?? []).length), "no vm_ events after rejecting statistics").toBe(0);
    expect(thirdParty, "no request may leave the site").toEqual([]);
  });

  test("grants maps in the details layer: the map loads through the wrapper, later directly under the page's CSP", async ({
    page,
    context,
  }) => {
    const osmRequests = await fakeEmbed(context, OSM);
    await open(page, ABOUT);
    await expect(page.locator(".consent-placeholder[id^=iframe-]")).toContainText("wird von OpenStreetMap bereitgestellt");
    expect(osmRequests).toEqual([]);

    await waitForLayer(page);
    await banner(page).getByRole("link", { name: "Einstellungen" }).click();
    const layer = page.getByRole("region", { name: "Cookie-Einstellungen" });
    await expect(layer.getByRole("heading", { name: "Cookie-Einstellungen" })).toBeFocused();
    for (const label of ["Statistik", "Karten", "Chat", "Terminbuchung", "Videos"])
      await expect(layer.getByRole("checkbox", { name: label })).not.toBeChecked();
    await expectAccessible(page);

    await layer.getByRole("checkbox", { name: "Karten" }).check();
    await layer.getByRole("button", { name: "Auswahl speichern" }).click();
    await expect(layer).toBeHidden();
    expect(await consentCookie(context)).toMatch(/^v1\.maps\.\d+$/);

    // The page's CSP was fixed before the grant: the map comes through the same-origin wrapper.
    const frame = page.locator('iframe[title="Karte: Center Hamburg am Rothenbaum"]');
    await expect(frame).toHaveAttribute("src", /^\/_embed\?src=https%3A%2F%2Fwww\.openstreetmap\.org%2F/);
    await expect.poll(() => osmRequests.length).toBeGreaterThan(0);
    const wrapper = await page.request.get((await frame.getAttribute("src"))!);
    expect(wrapper.headers()["content-security-policy"]).toContain(`frame-src ${OSM};`);
    // The video stays behind its placeholder: only maps were granted.
    await expect(page.getByRole("link", { name: /^Einmal laden\s*: Rundgang/ })).toBeVisible();

    // Next visit: the server frames the map directly, and the page's CSP lists its origin.
    const response = await page.reload();
    expect(response?.headers()["content-security-policy"]).toContain(`frame-src 'self' https://www.google.com ${OSM};`);
    await expect(frame).toHaveAttribute("src", new RegExp(`^${OSM}/export/embed\\.html`));
    await expect(banner(page)).toBeHidden();
  });
});

test.describe("a visitor who rejected everything", () => {
  test("'Einmal laden' plays the video through the wrapper and stores nothing", async ({ page, context }) => {
    const youtubeRequests = await fakeEmbed(context, YOUTUBE);
    await open(page, ABOUT);
    await page.getByRole("link", { name: /^Einmal laden\s*: Rundgang/ }).click();
    const frame = page.locator('iframe[title="Rundgang durch die Werkstatt am Rothenbaum"]');
    await expect(frame).toHaveAttribute(
      "src",
      /^\/_embed\?src=https%3A%2F%2Fwww\.youtube-nocookie\.com%2Fembed%2FagnWerkstatt1%3Frel%3D0%26autoplay%3D1/,
    );
    await expect(frame).toBeFocused();
    await expect.poll(() => youtubeRequests.length).toBeGreaterThan(0);
    expect(youtubeRequests[0]).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/agnWerkstatt1\?rel=0&autoplay=1$/);
    expect(await consentCookie(context)).toMatch(/^v1\.none\.\d+$/);
    // The map was not asked for and stays a placeholder.
    await expect(page.getByRole("link", { name: /^Einmal laden\s*: Karte/ })).toBeVisible();
    await expectAccessible(page);
  });

  test("'Immer erlauben' on the video grants Videos: the player loads, the cookie keeps it", async ({ page, context }) => {
    await fakeEmbed(context, YOUTUBE);
    await open(page, ABOUT);
    await page.getByRole("button", { name: /^Immer erlauben\s*: Videos$/ }).click();
    await expect(page.locator('iframe[title="Rundgang durch die Werkstatt am Rothenbaum"]')).toBeVisible();
    expect(await consentCookie(context)).toMatch(/^v1\.video\.\d+$/);
  });

  test("the footer's Cookie-Einstellungen reopens the layer with the current choices; Schließen returns focus", async ({ page }) => {
    test.slow(); // axe with the layer open, then a client navigation
    await open(page, "/carfinder");
    await expect(banner(page)).toBeHidden();
    const footerLink = page.getByRole("contentinfo").getByRole("link", { name: "Cookie-Einstellungen" });
    await footerLink.click();
    const layer = page.getByRole("region", { name: "Cookie-Einstellungen" });
    await expect(layer.getByRole("checkbox", { name: "Statistik" })).not.toBeChecked();
    await expect(page).toHaveURL(/\/carfinder$/);
    await expectAccessible(page);
    await layer.getByRole("button", { name: "Schließen" }).click();
    await expect(layer).toBeHidden();
    await expect(footerLink).toBeFocused();

    await footerLink.click();
    await layer.getByRole("button", { name: "Alle akzeptieren" }).click();
    await expect(layer).toBeHidden();
    await expect(footerLink).toBeFocused();
    // Statistics granted now: the next page view reaches the data layer.
    await page.getByRole("contentinfo").getByRole("link", { name: "Impressum" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Impressum" })).toBeVisible({ timeout: 15_000 });
    const events = await page.evaluate(() => (window.dataLayer ?? []) as Array<Record<string, unknown>>);
    expect(events).toContainEqual(expect.objectContaining({ event: "vm_page_view", page_path: "/impressum" }));
  });
});

test.describe("a visitor who granted everything", () => {
  test.use({ consent: "granted" });

  test("the settings page shows the choices; saving a new selection confirms it in place", async ({ page, context }) => {
    await open(page, "/cookie-einstellungen");
    await expect(banner(page)).toBeHidden();
    for (const label of ["Statistik", "Karten", "Chat", "Terminbuchung", "Videos"])
      await expect(page.getByRole("checkbox", { name: label })).toBeChecked();
    await expectAccessible(page);
    await page.getByRole("checkbox", { name: "Statistik" }).uncheck();
    await page.getByRole("button", { name: "Auswahl speichern" }).click();
    await expect(page.getByRole("status")).toHaveText("Ihre Auswahl wurde gespeichert.");
    await expect(page).toHaveURL(/\/cookie-einstellungen$/);
    expect(await consentCookie(context)).toMatch(/^v1\.maps-chat-booking-video\.\d+$/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ consent: null, javaScriptEnabled: false });

  test("the banner's form post stores the choice and the 303 returns to the page", async ({ page, context }) => {
    await page.goto("/carfinder?bodystyle=suv");
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole("button", { name: "Alle ablehnen" }).click();
    await expect(page).toHaveURL(/\/carfinder\?bodystyle=suv$/);
    await expect(banner(page)).toBeHidden();
    expect(await consentCookie(context)).toMatch(/^v1\.none\.\d+$/);
  });

  test("Einstellungen leads to the settings page; saving a selection comes back with a confirmation", async ({ page, context }) => {
    await page.goto("/");
    await banner(page).getByRole("link", { name: "Einstellungen" }).click();
    await expect(page).toHaveURL(/\/cookie-einstellungen$/);
    await expect(page.getByRole("heading", { level: 1, name: "Cookie-Einstellungen" })).toBeVisible();
    await page.getByRole("checkbox", { name: "Karten" }).check();
    await page.getByRole("checkbox", { name: "Videos" }).check();
    await page.getByRole("button", { name: "Auswahl speichern" }).click();
    await expect(page).toHaveURL(/\/cookie-einstellungen\?gespeichert=1$/);
    await expect(page.getByRole("status")).toHaveText("Ihre Auswahl wurde gespeichert.");
    await expect(page.getByRole("checkbox", { name: "Karten" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Statistik" })).not.toBeChecked();
    expect(await consentCookie(context)).toMatch(/^v1\.maps-video\.\d+$/);
  });

  test("the mobile menu is open without JavaScript (its button cannot work)", async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 915 });
    await page.goto("/impressum");
    await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Menü" })).toBeHidden();
  });
});

test.describe("layout with the banner (Pixel 7)", () => {
  const { defaultBrowserType: _, ...pixel7 } = devices["Pixel 7"];
  test.use({ ...pixel7, consent: null });

  for (const path of ["/", "/carfinder", "/carfinder/100001-1-mercedes-benz-a-180-progressive", "/werkstatt"]) {
    test(`${path}: the banner shifts nothing (CLS ≤ 0.05) and does not delay the largest paint`, async ({ page }) => {
      await page.addInitScript(() => {
        const layout = { cls: 0, fcp: Number.NaN, lcp: Number.NaN, lcpInBanner: false };
        (window as unknown as { __layout: typeof layout }).__layout = layout;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
            if (!entry.hadRecentInput) layout.cls += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        new PerformanceObserver((list) => {
          const fcp = list.getEntriesByName("first-contentful-paint")[0];
          if (fcp) layout.fcp = fcp.startTime;
        }).observe({ type: "paint", buffered: true });
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined;
          layout.lcp = last?.startTime ?? Number.NaN;
          layout.lcpInBanner = !!last?.element?.closest(".consent-banner");
        }).observe({ type: "largest-contentful-paint", buffered: true });
      });
      await open(page, path);
      await expect(banner(page)).toBeVisible();
      await waitForLayer(page);
      await page.waitForTimeout(1000);
      const layout = await page.evaluate(
        () => (window as unknown as { __layout: { cls: number; fcp: number; lcp: number; lcpInBanner: boolean } }).__layout,
      );
      expect(layout.cls).toBeLessThanOrEqual(0.05);
      // Where the banner's text is the largest paint (on /carfinder the page's own first screen
      // is smaller), it was painted with the first content, from the server's HTML: no delay.
      if (layout.lcpInBanner) expect(layout.lcp).toBe(layout.fcp);
    });
  }
});
