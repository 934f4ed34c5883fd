import { allowConsoleProblems, expect, open, test } from "./fixtures.ts";

/**
 * Editorial pages hydrate only their islands (ADR 0017): home and content pages without lead
 * forms. Each interactive part is a React root of its own; everything else stays server HTML and
 * links load documents. Pages with lead forms and every app page keep the app entry and its
 * client navigation.
 */

const entryOf = (page: import("@playwright/test").Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].map((script) => new URL(script.src).pathname),
  );

test("home and a content page load the islands entry, no hydration data; the app's entry is never fetched", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  for (const path of ["/", "/werkstatt"]) {
    await open(page, path);
    expect(await entryOf(page)).toEqual([expect.stringMatching(/^\/assets\/islands-entry-[\w-]+\.js$/)]);
    expect(await page.evaluate(() => "__staticRouterHydrationData" in window)).toBe(false);
    const islands = await page
      .locator("agn-island")
      .evaluateAll((elements) => elements.map((element) => element.getAttribute("data-island")));
    expect(islands).toEqual(expect.arrayContaining(["site-header", "consent-settings-link", "autochat"]));
  }
  expect(requested.filter((path) => /^\/assets\/(entry|framework)-[\w-]+\.js$/.test(path))).toEqual([]);
});

test("a page with a lead form and the app pages keep the app entry", async ({ page }) => {
  for (const path of ["/werkstatt/online-werkstatttermin", "/carfinder"]) {
    await open(page, path);
    expect(await entryOf(page)).toEqual([expect.stringMatching(/^\/assets\/entry-[\w-]+\.js$/)]);
    await expect(page.locator("agn-island")).toHaveCount(0);
  }
});

test("a link on an editorial page loads the target document", async ({ page }) => {
  await open(page, "/werkstatt");
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
  await page.getByRole("contentinfo").getByRole("link", { name: "Impressum" }).click();
  await expect(page).toHaveURL(/\/impressum$/);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("heading", { level: 1, name: "Impressum" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
});

test("the home page's quick search leads into the carfinder, which hydrates with the app entry", async ({ page }) => {
  await open(page, "/");
  const quick = page.getByRole("search", { name: "Schnellsuche" });
  await quick.getByLabel("Marke").selectOption("smart");
  await quick.getByRole("button", { name: "Fahrzeuge finden" }).click();
  await expect(page).toHaveURL(/\/carfinder\?brand=smart/);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  expect(await entryOf(page)).toEqual([expect.stringMatching(/^\/assets\/entry-[\w-]+\.js$/)]);
});

test.describe("islands at work", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the header's menu opens and closes by keyboard and marks the current page", async ({ page }) => {
    await open(page, "/werkstatt");
    const button = page.getByRole("button", { name: "Menü" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await expect(page.locator("#site-nav")).toHaveAttribute("data-open", "true");
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
    await expect(page.locator('#site-nav a[href="/werkstatt"]')).toHaveAttribute("aria-current", "page");
    await expect(page.locator("#site-nav [aria-current]")).toHaveCount(1);
  });

  test("the hero carousel's buttons move its track", async ({ page }) => {
    await open(page, "/");
    const carousel = page.locator(".hero-carousel, .carousel").first();
    const track = carousel.locator(".carousel__track");
    expect(await track.evaluate((element) => element.scrollLeft)).toBe(0);
    await carousel.getByRole("button", { name: "Nächste Folie" }).click();
    await expect.poll(() => track.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
  });

  test("the location overview filters by brand on the page", async ({ page }) => {
    await open(page, "/ueber-uns");
    const overview = page.locator(".location-overview");
    const count = overview.locator(".location-overview__count");
    const before = await count.textContent();
    await overview.getByLabel("Marke").selectOption("hymer");
    await expect(count).not.toHaveText(before ?? "");
    await expect(overview.locator(".location-card").first()).toBeVisible();
  });

  test("the employee directory needs no island: its GET form loads the filtered document", async ({ page }) => {
    await open(page, "/ansprechpartner");
    const overview = page.locator(".employee-overview");
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await overview.getByLabel("Abteilung").selectOption({ label: "Teile & Zubehör" });
    await overview.getByRole("button", { name: "Ansprechpartner finden" }).click();
    await expect(page).toHaveURL(/abteilung=teile/);
    for (const meta of await overview.locator(".employee-card__meta").allTextContents()) expect(meta).toContain("Teile & Zubehör");
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
  });

  test("an island whose code fails to load keeps its server HTML; the others hydrate", async ({ page, consoleProblems }) => {
    await page.route(/\/assets\/ed-site-header-[\w-]+\.js$/, (route) => route.abort());
    await page.goto("/werkstatt");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    // The menu button is server HTML without its handler; the navigation links still work.
    await expect(page.getByRole("button", { name: "Menü" })).toHaveAttribute("aria-expanded", "false");
    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie-Einstellungen" }).click();
    await expect(page.getByRole("heading", { name: "Cookie-Einstellungen" })).toBeVisible();
    await expect(page).toHaveURL(/\/werkstatt$/);
    // The aborted request itself is the one expected console error.
    allowConsoleProblems(consoleProblems, /Failed to load resource: net::ERR_FAILED/);
  });
});

test.describe("analytics on editorial pages", () => {
  test.use({ consent: "granted" });

  test("the page view and a click reported by a static link reach the data layer", async ({ page }) => {
    await open(page, "/ueber-uns");
    const phone = page.locator(".location-card__phone a").first();
    await phone.evaluate((link) => link.addEventListener("click", (event) => event.preventDefault()));
    await phone.click();
    const events = await page.evaluate(() => (window.dataLayer ?? []) as Array<Record<string, unknown>>);
    expect(events).toContainEqual(expect.objectContaining({ event: "vm_page_view", page_path: "/ueber-uns" }));
    expect(events).toContainEqual(expect.objectContaining({ event: "vm_click_location_phone_number", location_id: expect.any(String) }));
  });
});
