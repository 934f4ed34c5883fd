import { expect, expectAccessible, open, shiftsDuringLoad, test } from "./fixtures.ts";

const DETAIL = "/carfinder/100001-1-mercedes-benz-a-180-progressive";

test("the detail page shows gallery, offers with the legal price facts, energy label, data, equipment, location", async ({ page }) => {
  await open(page, DETAIL);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mercedes-Benz A 180");
  for (const heading of ["Preise und Angebote", "Fahrzeugdaten", "Ausstattung", "Lieferpakete", "Standort"]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  // PAngV: the total price names the transfer costs.
  await expect(page.getByText("Gesamtpreis inkl. Überführungskosten").first()).toBeVisible();
  // Pkw-EnVKV for a new car: consumption, CO2 and the class on the A–G scale.
  const energy = page.getByRole("region", { name: "Energieverbrauch und CO₂-Emissionen (Pkw-EnVKV)" });
  await expect(energy.getByText("Kraftstoffverbrauch kombiniert")).toBeVisible();
  await expect(energy.getByRole("list", { name: /^CO₂-Klasse: Klasse [A-G]$/ })).toBeVisible();
  // A finance offer opens and names bank, net loan amount, borrowing and effective rate.
  const finance = page.locator("details.offer", { hasText: "Finanzierung (privat)" });
  await finance.locator("summary").click();
  for (const label of ["Darlehensgeber", "Nettodarlehensbetrag", "Gebundener Sollzins p. a.", "Effektiver Jahreszins"])
    await expect(finance.getByText(label)).toBeVisible();
  // schema.org Car
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({ "@type": "Car", name: "Mercedes-Benz A 180", offers: { priceCurrency: "EUR" } });
  await expectAccessible(page);
});

test("the gallery works by keyboard and by buttons", async ({ page }) => {
  await open(page, DETAIL);
  const stage = page.getByRole("group", { name: /^Bild 1 von 4/ });
  await stage.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("group", { name: /^Bild 2 von 4/ })).toBeFocused();
  await page.keyboard.press("End");
  await expect(page.getByRole("group", { name: /^Bild 4 von 4/ })).toBeVisible();
  await page.getByRole("button", { name: "Nächstes Bild" }).click();
  await expect(page.getByRole("group", { name: /^Bild 1 von 4/ })).toBeVisible();
  await page.getByRole("link", { name: "Bild 3 anzeigen" }).click();
  await expect(page.getByRole("group", { name: /^Bild 3 von 4/ })).toBeVisible();
  expect(
    await page.locator(".image-gallery__stage img").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
  ).toBe(true);
});

test("the 360° view loads on request and turns by keyboard, buttons and dragging", async ({ page }) => {
  const spinnerCode: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/photo-spinner-[\w-]+\.js$/.test(request.url()) || /\/images\/vehicles\/spin\//.test(request.url()))
      spinnerCode.push(request.url());
  });
  await open(page, DETAIL);
  const button = page.getByRole("button", { name: "360°-Ansicht" });
  await expect(button).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(spinnerCode).toEqual([]); // neither the code nor the sprite before the visitor asks
  await button.focus();
  await page.keyboard.press("Enter");
  const spinner = page.getByRole("slider", { name: /^360°-Ansicht: Mercedes-Benz A 180/ });
  await expect(spinner).toBeFocused();
  await expect(spinner).toHaveAttribute("aria-busy", "false");
  await expect(spinner).toHaveAttribute("aria-valuetext", "0°, Seitenansicht links");
  expect(await spinner.evaluate((element) => getComputedStyle(element).backgroundImage)).toMatch(
    /\/images\/vehicles\/spin\/[a-z]+-[a-z]+\.svg/,
  );
  await page.keyboard.press("ArrowRight");
  await expect(spinner).toHaveAttribute("aria-valuenow", "15");
  await page.keyboard.press("PageUp");
  await expect(spinner).toHaveAttribute("aria-valuetext", "105°");
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowLeft");
  await expect(spinner).toHaveAttribute("aria-valuenow", "345");
  await page.getByRole("button", { name: "Nach rechts drehen" }).click();
  await expect(spinner).toHaveAttribute("aria-valuetext", "0°, Seitenansicht links");
  // Dragging a quarter of the picture to the left turns a quarter towards the front.
  const box = (await spinner.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.35, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(spinner).toHaveAttribute("aria-valuetext", "90°, Frontansicht");
  await expectAccessible(page);
  await spinner.focus();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("group", { name: /^Bild 1 von 4/ })).toBeVisible();
  await expect(button).toBeFocused();
});

test("a vehicle without turntable pictures offers no 360° view", async ({ page }) => {
  await open(page, "/carfinder/100005-1-smart-1-pro-plus");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("group", { name: /^Bild 1 von 4/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "360°-Ansicht" })).toHaveCount(0);
});

test("the gallery follows a swipe", async ({ page }) => {
  await open(page, DETAIL);
  const box = (await page.locator(".image-gallery__stage").boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByRole("group", { name: /^Bild 2 von 4/ })).toBeVisible();
});

test("share copies the link where the Web Share API is missing", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.addInitScript(() => Object.defineProperty(navigator, "share", { value: undefined }));
  await open(page, DETAIL);
  await page.getByRole("button", { name: "Teilen" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Link in die Zwischenablage kopiert." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/carfinder\/100001-1-mercedes-benz-a-180-progressive$/);
});

test("a sold vehicle answers the vehicle-not-found page with 404", async ({ page }) => {
  const response = await page.goto("/carfinder/100009-1-mercedes-benz-e-220-d-t-modell");
  expect(response?.status()).toBe(404);
  await expect(page.locator("[data-error-type]")).toHaveAttribute("data-error-type", "vehicle-not-found");
});

test.describe("analytics with consent", () => {
  test.use({ consent: "granted" });

  test("detail view and opening hours push vm_ events with the vehicle id", async ({ page }) => {
    await open(page, DETAIL);
    await page.getByText("Öffnungszeiten anzeigen").click();
    await expect(page.getByRole("table", { name: "Verkauf" })).toBeVisible();
    const events = await page.evaluate(() => (window.dataLayer ?? []) as Array<Record<string, string>>);
    expect(events).toContainEqual(
      expect.objectContaining({ event: "vm_view_vehicle_detail", contract_id: "vm_view_vehicle_detail", vehicle_id: "100001" }),
    );
    expect(events).toContainEqual(expect.objectContaining({ event: "vm_click_vehicle_show_openinghours", vehicle_id: "100001" }));
    expect(await page.evaluate(() => window.vmData?.vehicles["100001"])).toMatchObject({ brand: "mercedes-benz" });
    expect(await page.evaluate(() => window.vmData?.country)).toBe("DE");
  });
});

test.describe("analytics without a decision", () => {
  test.use({ consent: null });

  test("nothing reaches the data layer until the visitor allows statistics; declining drops it", async ({ page }) => {
    await open(page, DETAIL);
    const banner = page.getByRole("region", { name: "Ihre Privatsphäre" });
    await expect(banner).toBeVisible();
    expect(await page.evaluate(() => (window.dataLayer ?? []).length)).toBe(0);
    await expectAccessible(page);
    await expect(banner).toHaveAttribute("data-ready", "true");
    await banner.getByRole("button", { name: "Alle ablehnen" }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByRole("region", { name: "Ihre Privatsphäre" })).toBeHidden();
    expect(await page.evaluate(() => (window.dataLayer ?? []).length)).toBe(0);
  });

  test("allowing statistics sends the queued page events", async ({ page }) => {
    await open(page, DETAIL);
    const banner = page.getByRole("region", { name: "Ihre Privatsphäre" });
    await expect(banner).toHaveAttribute("data-ready", "true");
    await banner.getByRole("button", { name: "Alle akzeptieren" }).click();
    await expect(banner).toBeHidden();
    const events = await page.evaluate(() => (window.dataLayer ?? []) as Array<Record<string, string>>);
    expect(events).toContainEqual(expect.objectContaining({ event: "vm_view_vehicle_detail", vehicle_id: "100001" }));
  });
});

test("the quick search leads into the carfinder with the chosen filters", async ({ page }) => {
  await open(page, "/");
  const quick = page.getByRole("search", { name: "Schnellsuche" });
  await quick.getByLabel("Marke").selectOption("hyundai");
  await quick.getByLabel("Preis bis").selectOption("30000");
  await quick.getByRole("button", { name: "Fahrzeuge finden" }).click();
  await expect(page).toHaveURL(/\/carfinder\?brand=hyundai&price_max=30000$/);
  await expect(page.getByRole("checkbox", { name: /^Hyundai \(/ })).toBeChecked();
  const financial = (await open(page, "/"), page.getByRole("search", { name: "Nach Monatsrate suchen" }));
  await financial.getByLabel("Monatsrate bis").selectOption("500");
  await financial.getByRole("button", { name: "Fahrzeuge finden" }).click();
  await expect(page).toHaveURL(/\/carfinder\?price_max=500&pricetype=private_lease$/);
  await expect(page.getByRole("combobox", { name: "Preisanzeige" })).toHaveValue("private_lease");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the quick search is a plain GET form and the detail page shows offers and data", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("search", { name: "Schnellsuche" }).getByLabel("Marke").selectOption("smart");
    await page.getByRole("search", { name: "Schnellsuche" }).getByRole("button", { name: "Fahrzeuge finden" }).click();
    await expect(page).toHaveURL(/\/carfinder\?brand=smart/);
    await page.goto(DETAIL);
    await expect(page.getByRole("heading", { level: 2, name: "Fahrzeugdaten" })).toBeVisible();
    await expect(page.getByText("Gesamtpreis inkl. Überführungskosten").first()).toBeVisible();
    // The 360° view needs JavaScript: no dead button without it.
    await expect(page.getByRole("button", { name: "360°-Ansicht" })).toBeHidden();
  });
});

test("the brand quick search (car company) leads into the brand's carfinder", async ({ page }) => {
  await open(page, "/hyundai/modelle");
  const quick = page.getByRole("search", { name: "Hyundai finden" });
  await quick.getByLabel("Modell").selectOption("tucson");
  await quick.getByRole("button", { name: "Fahrzeuge finden" }).click();
  await expect(page).toHaveURL(/\/hyundai\/carfinder\?model=tucson$/);
  for (const title of await page.locator(".vehicle-card__title").allTextContents()) expect(title).toMatch(/^Hyundai Tucson/i);
  await expectAccessible(page);
});

test("a decided visitor's detail page shifts nothing while the thumbnails load (CLS ≤ 0.05)", async ({ page }) => {
  expect(await shiftsDuringLoad(page, DETAIL)).toBeLessThanOrEqual(0.05);
});

test("@mobile the detail page shifts nothing on a phone while the thumbnails load", async ({ page }) => {
  expect(await shiftsDuringLoad(page, DETAIL)).toBeLessThanOrEqual(0.05);
});

test("the gallery's thumbnails keep their 120 px once loaded (the content gallery's CSS once made them 800 px)", async ({ page }) => {
  await open(page, DETAIL);
  const thumbs = page.locator(".image-gallery__thumb img");
  expect(await thumbs.count()).toBeGreaterThan(1);
  await thumbs.first().scrollIntoViewIfNeeded();
  await expect.poll(() => thumbs.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const box = await thumbs.first().boundingBox();
  expect(box?.width).toBeGreaterThan(100);
  expect(box?.width).toBeLessThan(140);
});
