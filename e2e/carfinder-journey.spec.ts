import { expect, expectAccessible, open, test } from "./fixtures.ts";

const countOf = async (page: import("@playwright/test").Page) =>
  Number((await page.locator(".carfinder-page__count strong").innerText()).replace(/\./g, ""));

/**
 * The buyer's journey in one go: filter → the count changes → open a detail page →
 * add to compare there and from the results until the 7th is refused → the compare page →
 * favourites survive a reload. axe-core on every page type on the way.
 */
test("filter, open a vehicle, compare six (the seventh is refused), keep favourites across a reload", async ({ page }) => {
  // Five page types with axe each: measured ~30 s on a busy 2-core machine.
  test.setTimeout(90_000);
  await open(page, "/carfinder");
  await expectAccessible(page);
  const all = await countOf(page);
  await page.getByRole("checkbox", { name: /^Mercedes-Benz \(/ }).check();
  await expect(page).toHaveURL(/brand=mercedes-benz/);
  await expect.poll(() => countOf(page)).toBeLessThan(all);

  // Open the first result and put it on the compare list and the favourites from its detail page.
  const firstLink = page.locator(".vehicle-card__title a").first();
  const firstTitle = (await firstLink.innerText()).trim();
  await firstLink.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstTitle);
  await expectAccessible(page);
  const summary = page.locator(".vehicle-summary");
  await summary.getByRole("checkbox", { name: `Vergleichen: ${firstTitle}` }).check();
  await summary.getByRole("checkbox", { name: `Merken: ${firstTitle}` }).check();
  await page.goBack();
  await expect(page).toHaveURL(/brand=mercedes-benz/);

  // Five more from the results, then the seventh is refused with the spec's message.
  const toggles = page.getByRole("checkbox", { name: /^Vergleichen: / });
  await expect(toggles.first()).toBeEnabled();
  let added = 1;
  for (let index = 0; added < 6; index += 1) {
    const toggle = toggles.nth(index);
    if (await toggle.isChecked()) continue;
    await toggle.check();
    added += 1;
  }
  const seventh = toggles.nth(7);
  await seventh.click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "Fahrzeug kann nicht hinzugefügt werden. Wählen Sie maximal 6 Fahrzeuge zum Vergleichen aus." }),
  ).toBeVisible();
  await expect(seventh).not.toBeChecked();
  await page
    .getByRole("checkbox", { name: /^Merken: / })
    .nth(3)
    .check();

  await open(page, "/carfinder/vergleichen");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vergleiche 6 Fahrzeuge");
  await expect(page).toHaveTitle(/Vergleiche 6 Fahrzeuge/);
  await expectAccessible(page);

  await open(page, "/carfinder/favoriten");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("link", { name: firstTitle }).first()).toBeVisible();
  await expect(page.getByRole("main").getByRole("button", { name: /Entfernen/ })).toHaveCount(2);
  await expectAccessible(page);
});
