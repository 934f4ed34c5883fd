import { expect, expectAccessible, open, test } from "./fixtures.ts";

/**
 * The finance sections (/stock/private-finance, /stock/business-finance; docs/models-and-leasing.md):
 * a brand's own overview reached from the filter with and without JavaScript, the detail page's
 * representative example (§ 17 PAngV), axe on both page types, and the way through by keyboard.
 * Vehicle 100001 of the demo stock has both finance offers.
 */
const DETAIL = "/stock/private-finance/100001-1-mercedes-benz-a-180-progressive";

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("choosing a brand leads to its own finance overview; its vehicles open under the brand with their example", async ({ page }) => {
      if (javaScriptEnabled) await open(page, "/stock/private-finance");
      else await page.goto("/stock/private-finance");
      await expect(page.locator(".model-card").first()).toContainText("Repräsentatives Beispiel gemäß § 17 Abs. 4 PAngV");
      await page.getByRole("combobox", { name: "Marke", exact: true }).selectOption("hyundai");
      await page.getByRole("button", { name: "Anzeigen" }).click();
      await expect(page).toHaveURL(/\/hyundai\/stock\/private-finance$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privat-Finanzierung: Hyundai");
      const first = page.locator(".model-card__name a").first();
      await expect(first).toHaveAttribute("href", /^\/hyundai\/stock\/private-finance\/\d+-1-/);
      await first.click();
      await expect(page).toHaveURL(/\/hyundai\/stock\/private-finance\/\d+-1-/);
      await expect(page.getByRole("heading", { level: 2, name: "Repräsentatives Beispiel gemäß § 17 Abs. 4 PAngV" })).toBeVisible();
      await expect(page.getByText("Effektiver Jahreszins", { exact: true })).toBeVisible();
    });
  });
}

for (const path of ["/stock/private-finance", "/stock/business-finance", DETAIL]) {
  test(`axe finds no WCAG 2.x A/AA violation on ${path} @mobile`, async ({ page }) => {
    await open(page, path);
    await expectAccessible(page);
  });
}

test("by keyboard: the section switch and the detail page's actions", async ({ page }) => {
  await open(page, "/stock/private-finance");
  const business = page.getByRole("navigation", { name: "Finanzierungsart" }).getByRole("link", { name: "Gewerbe-Finanzierung" });
  await business.focus();
  await expect(business).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/stock\/business-finance$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gewerbe-Finanzierung");

  await open(page, DETAIL);
  const interest = page.getByRole("link", { name: "Finanzierung anfragen" });
  await interest.focus();
  await expect(interest).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/carfinder\/100001-1-mercedes-benz-a-180-progressive\/interesse\?angebot=private_finance$/);
});
