import { expect, expectAccessible, open, test } from "./fixtures.ts";

const countOf = async (page: import("@playwright/test").Page) =>
  Number((await page.locator(".carfinder-page__count strong").innerText()).replace(/\./g, ""));

test("the seats radio group (multi-radio) and the power slider (range) filter at once", async ({ page }) => {
  await open(page, "/carfinder");
  const before = await countOf(page);
  const seven = page.getByRole("radio", { name: "ab 7" });
  await seven.check();
  await expect(page).toHaveURL(/[?&]seats_min=7/);
  await expect.poll(() => countOf(page)).toBeLessThan(before);
  await expect(seven).toBeChecked();
  const withSeats = await countOf(page);
  const slider = page.getByRole("slider", { name: "Leistung" });
  await slider.fill("300");
  await expect(page).toHaveURL(/[?&]power_min=300/);
  await expect.poll(() => countOf(page)).toBeLessThan(withSeats);
  await expect(slider).toHaveAttribute("aria-valuetext", "ab 300 PS");
  // Back to "beliebig": the parameter leaves the URL.
  await page.getByRole("radio", { name: "Beliebig" }).check();
  await expect(page).not.toHaveURL(/seats_min/);
  await expectAccessible(page);
});

test.describe("analytics with consent", () => {
  test.use({ consent: "granted" });

  test("the overview and its filter changes push vm_ events; a card click reports more details", async ({ page }) => {
    await open(page, "/carfinder");
    await page.getByRole("checkbox", { name: /^Diesel \(/ }).check();
    await expect(page).toHaveURL(/fuel=diesel/);
    await page.locator(".vehicle-card__title a").first().click();
    await expect(page).toHaveURL(/\/carfinder\/\d+-1-/);
    const events = await page.evaluate(() => (window.dataLayer ?? []) as Array<Record<string, unknown>>);
    expect(events).toContainEqual(expect.objectContaining({ event: "vm_view_vehicle_overview" }));
    expect(events).toContainEqual(
      expect.objectContaining({ event: "vm_adjust_vehicle_overview_filter", filter_name: "fuel", filter_value: ["diesel"] }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ event: "vm_click_vehicle_more_details", vehicle_id: expect.stringMatching(/^\d+$/) }),
    );
    expect(events).toContainEqual(expect.objectContaining({ event: "vm_page_view" }));
  });
});
