import { expect, expectAccessible, open, test } from "./fixtures.ts";
import { demoEmployees } from "../kv-seed/demo-employees.ts";

/**
 * Editorial pages from the (demo) content space: several block kinds render, live data
 * blocks show stock, locations and articles, links work, and every page type passes axe.
 */
test("the home story renders heroes, quick search, stock, brands, cards, articles and locations", async ({ page }) => {
  await open(page, "/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Neu- und Gebrauchtwagen, Transporter und Reisemobile");
  await expect(page.getByRole("region", { name: "Aktuelle Themen" })).toBeVisible();
  for (const heading of [
    "Neu eingetroffen",
    "Unsere Marken",
    "Service rund um Ihr Fahrzeug",
    "Aktuelles aus dem Journal",
    "Unsere Standorte",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  // live data: vehicles from the stock, articles from the journal, locations from D1
  await expect(page.locator(".stock-preview .vehicle-card")).toHaveCount(4);
  await expect(page.getByRole("link", { name: "Der neue EQS SUV steht im Showroom" })).toBeVisible();
  await expect(page.getByText("Center Goslar").first()).toBeVisible();
  await expectAccessible(page);
});

test("a journal article opens from the overview and shows its text; breadcrumbs name it", async ({ page }) => {
  await open(page, "/uber-uns/journal");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Journal");
  await page.getByRole("link", { name: "42 neue Auszubildende starten bei uns" }).click();
  await expect(page).toHaveURL(/\/uber-uns\/journal\/ausbildungsstart-2026$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("42 neue Auszubildende starten bei uns");
  await expect(page.getByRole("listitem").filter({ hasText: "14 Automobilkaufleute" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Brotkrumen" })).toContainText("Über uns");
  await expect(page.getByRole("navigation", { name: "Brotkrumen" })).toContainText("42 neue Auszubildende starten bei uns");
  await expect(page).toHaveTitle(/42 neue Auszubildende/);
  await expectAccessible(page);
});

test("a page-builder page with card grid and appointment embed, and links between stories", async ({ page }) => {
  await open(page, "/werkstatt");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Werkstatt");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", "Werkstatt und Service.");
  await page
    .getByRole("link", { name: /Schadensmanagement/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/werkstatt\/schadensmanagement$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Schadensmanagement");
  await expectAccessible(page);
});

test("contact persons, legal pages and a legacy redirect target render from the space", async ({ page }) => {
  await open(page, "/ansprechpartner");
  // The directory from D1: the first center by name, its management first.
  const head = demoEmployees().find(
    (employee) => employee.locationSlug === "center-goslar" && employee.department === "geschaeftsleitung",
  )!;
  await expect(page.locator(".employee-card__name").first()).toHaveText(`${head.firstName} ${head.lastName}`);
  await expect(page.getByRole("heading", { level: 3, name: `${head.firstName} ${head.lastName}` })).toBeVisible();
  await expectAccessible(page);
  await open(page, "/impressum");
  await expect(page.getByRole("heading", { level: 2, name: "Angaben gemäß § 5 DDG" })).toBeVisible();
  await expect(page.getByRole("link", { name: "info@autohaus-gruppe-nord.de" })).toHaveAttribute(
    "href",
    "mailto:info@autohaus-gruppe-nord.de",
  );
  await open(page, "/angebote");
  await expect(page).toHaveURL(/\/Aktionsangebote$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aktionsangebote");
});

test("the news overview pages through the journal", async ({ page }) => {
  // The demo journal holds four articles, three per page: newest first, the oldest on page 2.
  await open(page, "/uber-uns/journal");
  await expect(page.getByRole("link", { name: "Der neue EQS SUV steht im Showroom" })).toBeVisible();
  await expect(page.getByText("3 von 4 Beiträgen")).toBeVisible();
  await page.getByRole("navigation", { name: "Seitennavigation" }).getByRole("link", { name: "Nächste Seite" }).click();
  await expect(page).toHaveURL(/\/uber-uns\/journal\?seite=2$/);
  await expect(page.getByRole("link", { name: "Transporter-Kompetenz-Center in Billbrook eröffnet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Der neue EQS SUV steht im Showroom" })).toHaveCount(0);
  await expectAccessible(page);
});

test("a missing story is the page-not-found page; below the journal it is news-article-not-found", async ({ page }) => {
  const response = await page.goto("/uber-uns/gibt-es-nicht");
  expect(response?.status()).toBe(404);
  await expect(page.locator("[data-error-type]")).toHaveAttribute("data-error-type", "page-not-found");
  const article = await page.goto("/uber-uns/journal/gibt-es-nicht");
  expect(article?.status()).toBe(404);
  await expect(page.locator("[data-error-type]")).toHaveAttribute("data-error-type", "news-article-not-found");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hoppla, dieser Artikel existiert nicht");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("editorial pages are complete server-rendered documents", async ({ page }) => {
    await page.goto("/unsere-reisemobile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsere Reisemobile");
    await expect(page.locator(".vehicle-card").first()).toContainText("Hymer");
  });
});

test("the stock blocks of one vehicle: gallery, 360° view by keyboard (an island), lease detail and results", async ({ page }) => {
  await open(page, "/fahrzeug-der-woche");
  await expect(page.getByRole("img", { name: "Mercedes-Benz GLC 300 e 4MATIC – Bild 4 von 4" })).toBeVisible();
  await expect(page.getByText("Monatliche Rate")).toBeVisible();
  await expect(page.getByText(/[\d.]+ Fahrzeuge gefunden/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Probefahrt im Center Hamburg am Rothenbaum" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Öffnungszeiten Werkstatt" })).toBeVisible();
  const open360 = page.getByRole("button", { name: "360°-Ansicht" });
  await open360.focus();
  await page.keyboard.press("Enter");
  const spinner = page.getByRole("slider", { name: /^360°-Ansicht: Mercedes-Benz GLC 300 e 4MATIC/ });
  await expect(spinner).toBeFocused();
  await page.keyboard.press("PageUp");
  await expect(spinner).toHaveAttribute("aria-valuetext", "90°, Frontansicht");
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(open360).toBeFocused();
});
