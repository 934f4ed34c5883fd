import { expect, expectAccessible, open, test } from "./fixtures.ts";

/** Find the nearest center, with and without JavaScript; a center's page. */

test("find the nearest center by place name: the list re-sorts, the nearest is named", async ({ page }) => {
  await open(page, "/standorte");
  await expect(page.getByRole("heading", { level: 1, name: "Unsere Standorte" })).toBeVisible();
  const search = page.getByRole("search", { name: "Standort suchen" });
  await search.getByLabel("Postleitzahl oder Ort").fill("Husum");
  await search.getByRole("button", { name: "Standort finden" }).click();
  await expect(page).toHaveURL(/\/standorte\?ort=Husum$/);
  await expect(page.getByText(/Nächster Standort zu Husum: Center Husum/)).toBeVisible();
  await expect(page.locator(".location-card__name").first()).toHaveText("Center Husum");
  // A postal code of Lübeck, then the brand filter on top of it (the select applies at once).
  await search.getByLabel("Postleitzahl oder Ort").fill("23558");
  await search.getByLabel("Postleitzahl oder Ort").press("Enter");
  await expect(page.locator(".location-card__name").first()).toHaveText("Center Reinfeld (Lübeck)");
  await search.getByLabel("Marke").selectOption("hyundai");
  await expect(page).toHaveURL(/ort=23558&marke=hyundai/);
  await expect(page.locator(".location-card")).toHaveCount(2);
  await expect(page.locator(".location-card__name").first()).toHaveText("Hyundai Center Hamburg-Harburg");
});

test("an unknown place: a German message tied to the field, every center still listed", async ({ page }) => {
  await open(page, "/standorte?ort=Atlantis");
  const field = page.getByLabel("Postleitzahl oder Ort");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription("Die Einrichtung wurde nicht gefunden. Bitte prüfen Sie die Postleitzahl oder den Ort.");
  await expect(page.locator(".location-card")).toHaveCount(8);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the search is a plain GET form", async ({ page }) => {
    await page.goto("/standorte");
    await page.getByLabel("Postleitzahl oder Ort").fill("38640");
    await page.getByRole("button", { name: "Standort finden" }).click();
    await expect(page).toHaveURL(/\/standorte\?ort=38640/);
    await expect(page.locator(".location-card__name").first()).toHaveText("Center Goslar");
  });
});

test("a center's page: contact links, both departments' hours with the open-now line, company details", async ({ page }) => {
  await open(page, "/center/center-husum");
  await expect(page.getByRole("heading", { level: 1, name: "Center Husum" })).toBeVisible();
  await expect(page.getByRole("link", { name: "04841 6677-0" })).toHaveAttribute("href", "tel:0484166770");
  await expect(page.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("href", "https://wa.me/4917048416677");
  await expect(page.getByRole("link", { name: /Route planen/ })).toHaveAttribute("href", /google\.com\/maps\/dir\//);
  await expect(page.locator(".opening-status")).toHaveCount(2);
  await expect(page.locator(".opening-status").first()).toHaveText(/^Verkauf: (Jetzt geöffnet · schließt um|Geschlossen)/);
  await expect(page.getByRole("table", { name: "Werkstatt" })).toBeVisible();
  await expect(page.getByText("DE135792460")).toBeVisible();
  await expect(page.getByText(/in Kürze/)).toHaveCount(0);
});

test.describe("the map (consent purpose maps)", () => {
  const MAP_REQUEST = /\/assets\/leaflet-map-[\w-]+\.(js|css)$|\/maps\/europe-outline\.geo\.json$/;

  test("without consent nothing of the map loads; 'Einmal laden' loads it with a marker per center", async ({ page }) => {
    const mapRequests: string[] = [];
    page.on("request", (request) => {
      if (MAP_REQUEST.test(new URL(request.url()).pathname)) mapRequests.push(request.url());
    });
    await open(page, "/standorte");
    await page.waitForLoadState("networkidle");
    const placeholder = page.locator("#standorte-karte");
    await expect(placeholder).toContainText("„Karte unserer Standorte“ wird von Demo-Karte bereitgestellt.");
    expect(mapRequests, "no map script, stylesheet or tile before consent").toEqual([]);
    await expect(page.locator(".leaflet-container")).toHaveCount(0);

    await placeholder.getByRole("button", { name: /Einmal laden/ }).click();
    await expect(page.locator(".leaflet-container")).toBeVisible();
    await expect(page.locator(".location-map__marker")).toHaveCount(8);
    await expect.poll(() => mapRequests.length).toBeGreaterThanOrEqual(3);
    // The list stays: the map adds to it, it replaces nothing.
    await expect(page.locator(".location-card")).toHaveCount(8);
  });

  test("by keyboard: a marker is a button named after its center, Enter opens its popup with the link", async ({ page }) => {
    await open(page, "/standorte");
    await page
      .locator("#standorte-karte")
      .getByRole("button", { name: /Einmal laden/ })
      .click();
    const marker = page.getByRole("button", { name: "Center Goslar" });
    await expect(marker).toBeVisible();
    await marker.focus();
    await page.keyboard.press("Enter");
    const popup = page.locator(".leaflet-popup");
    await expect(popup.getByRole("link", { name: "Center Goslar" })).toHaveAttribute("href", "/center/center-goslar");
    await expect(popup).toContainText("Im Schleeke 80, 38640 Goslar");
  });
});

test.describe("with the maps consent granted", () => {
  test.use({ consent: "granted" });
  test("the map shows at once on a center's page, centered on it, and axe finds nothing", async ({ page }) => {
    await open(page, "/center/center-goslar");
    await expect(page.locator(".leaflet-container")).toBeVisible();
    await expect(page.locator(".location-map__marker")).toHaveCount(1);
    await expectAccessible(page);
  });
});
