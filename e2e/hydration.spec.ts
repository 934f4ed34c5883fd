import { expect, open, test } from "./fixtures.ts";

const PAGE_TYPES = {
  home: "/",
  content: "/werkstatt/online-werkstatttermin",
  carfinder: "/carfinder",
  "brand carfinder": "/mercedes-benz/carfinder",
  "vehicle detail": "/carfinder/100001-1-mercedes-benz-a-180-progressive",
  "vehicle test drive": "/carfinder/100001-1-mercedes-benz-a-180-progressive/probefahrt",
  "vehicle interest": "/mercedes-benz/carfinder/100001-1-mercedes-benz-a-180-progressive/interesse",
  compare: "/carfinder/vergleichen",
  favourites: "/carfinder/favoriten",
  "brand models": "/hyundai/modelle",
  "model detail": "/mercedes-benz/modelle/g-klasse",
  "model contact": "/mercedes-benz/modelle/g-klasse/kontakt",
  location: "/center/center-goslar",
  "location list": "/standorte?ort=23558",
  "brand location": "/hyundai/locations/center-hamburg-harburg-hyundai",
  "lease overview": "/stock/business-lease",
  "lease detail": "/stock/private-lease/100001-1-mercedes-benz-a-180-progressive",
  "lease calculator": "/stock/100001-1-mercedes-benz-a-180-progressive/lease-calculator",
  "direct contact": "/directcontact",
  "page not found": "/gibt-es-nicht",
  "vehicle not found": "/carfinder/999999-1-gibt-es-nicht",
};

for (const [name, path] of Object.entries(PAGE_TYPES)) {
  test(`${name} hydrates without console warnings`, async ({ page }) => {
    await open(page, path);
    await expect(page.locator("main#inhalt")).toBeVisible();
  });
}

test("after hydration links of the app navigate client-side without a document load", async ({ page }) => {
  // App pages (here the carfinder) navigate with the router, to editorial pages too; editorial pages load documents (e2e/editorial.spec.ts).
  await open(page, "/carfinder");
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
  await page.getByRole("contentinfo").getByRole("link", { name: "Impressum" }).click();
  // The router changes the URL once the page's data and chunks are in: on this 2-core machine, with
  // two browsers running, that once took longer than the default 5 s (the marker below is the check).
  await expect(page).toHaveURL(/\/impressum$/, { timeout: 15_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Impressum" })).toBeVisible();
  await expect(page).toHaveTitle("Impressum | Autohaus Gruppe Nord");
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
});

test("the mobile menu opens and closes after hydration @mobile", async ({ page, isMobile }) => {
  test.skip(!isMobile, "mobile layout only");
  await open(page, "/");
  const button = page.getByRole("button", { name: "Menü" });
  const nav = page.getByRole("navigation", { name: "Hauptnavigation" });
  await expect(nav).toBeHidden();
  await button.click();
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(nav).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(button).toBeFocused();
  await button.click();
  await nav.getByRole("link", { name: "Karriere" }).click();
  await expect(page).toHaveURL(/\/karriere$/);
  await expect(nav).toBeHidden();
});
