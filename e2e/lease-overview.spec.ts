import { expect, expectAccessible, open, test } from "./fixtures.ts";

/** A brand's own lease overview, reached from the filter with and without JavaScript. */
for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("choosing a brand leads to its own lease overview; its vehicles open under the brand", async ({ page }) => {
      if (javaScriptEnabled) await open(page, "/stock/private-lease");
      else await page.goto("/stock/private-lease");
      await page.getByRole("combobox", { name: "Marke", exact: true }).selectOption("hyundai");
      await page.getByRole("button", { name: "Anzeigen" }).click();
      await expect(page).toHaveURL(/\/hyundai\/stock\/private-lease$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privat-Leasing: Hyundai");
      await expect(page.getByRole("combobox", { name: "Marke", exact: true })).toHaveValue("hyundai");
      const first = page.locator(".model-card__name a").first();
      await expect(first).toHaveAttribute("href", /^\/hyundai\/stock\/private-lease\/\d+-1-/);
      if (javaScriptEnabled) await expectAccessible(page);
      await first.click();
      await expect(page).toHaveURL(/\/hyundai\/stock\/private-lease\/\d+-1-/);
      await expect(page.getByText("Privat-Leasing", { exact: true }).first()).toBeVisible();
    });
  });
}
