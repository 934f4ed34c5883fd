import { expect, open, test } from "./fixtures.ts";

test("page not found: German copy, error type, 404 status, title, button to home", async ({ page }) => {
  const response = await open(page, "/gibt-es-nicht");
  expect(response?.status()).toBe(404);
  const panel = page.locator("[data-error-type]");
  await expect(panel).toHaveAttribute("data-error-type", "page-not-found");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hoppla, diese Seite existiert nicht");
  await expect(page).toHaveTitle("404 – Page not found: /gibt-es-nicht | Autohaus Gruppe Nord");
  await panel.getByRole("link", { name: "Zur Startseite" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Neu- und Gebrauchtwagen, Transporter und Reisemobile");
});

test("route validity failure: 'Page Not Found: {full path}'", async ({ page }) => {
  const response = await open(page, "/carfinder/keine-id?x=1");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("404 – Page Not Found: /carfinder/keine-id?x=1 | Autohaus Gruppe Nord");
});

test("vehicle not found: German copy and a button to the stock overview", async ({ page }) => {
  const response = await open(page, "/carfinder/999999-1-gibt-es-nicht");
  expect(response?.status()).toBe(404);
  await expect(page.locator("[data-error-type]")).toHaveAttribute("data-error-type", "vehicle-not-found");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hoppla, dieses Fahrzeug existiert nicht.");
  await page.getByRole("link", { name: "Zur Fahrzeugübersicht" }).click();
  await expect(page).toHaveURL(/\/carfinder$/);
});

test("location not found", async ({ page }) => {
  const response = await open(page, "/center/center-atlantis");
  expect(response?.status()).toBe(404);
  await expect(page.locator("[data-error-type]")).toHaveAttribute("data-error-type", "location-not-found");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Die Einrichtung wurde nicht gefunden");
});

test("a malformed URL gets the German 400 page, not a 500", async ({ page }) => {
  const response = await page.goto("/%E0%A4%A");
  expect(response?.status()).toBe(400);
  await expect(page.locator("[data-error-type]")).toHaveAttribute("data-error-type", "broken-link");
  await expect(page.getByRole("link", { name: "Zur Startseite" })).toBeVisible();
});
