import { expect, open, test } from "./fixtures.ts";

const countOf = async (page: import("@playwright/test").Page) =>
  Number((await page.locator(".carfinder-page__count strong").innerText()).replace(/\./g, ""));

test("filtering updates the count and results without a page load; the checkbox keeps focus and its place", async ({ page }) => {
  await open(page, "/carfinder");
  const before = await countOf(page);
  expect(before).toBeGreaterThan(3_000);
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  const diesel = page.getByRole("checkbox", { name: /^Diesel \(/ });
  await diesel.scrollIntoViewIfNeeded();
  // Options above it may vanish (zero counts); what matters is that it stays where the visitor looks.
  const positionBefore = (await diesel.boundingBox())!.y;
  await diesel.check();
  await expect(page).toHaveURL(/[?&]fuel=diesel/);
  await expect.poll(() => countOf(page)).toBeLessThan(before);
  await expect(diesel).toBeChecked();
  await expect(diesel).toBeFocused();
  expect(Math.abs((await diesel.boundingBox())!.y - positionBefore)).toBeLessThan(4);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  // Back restores the unfiltered search.
  await page.goBack();
  await expect.poll(() => countOf(page)).toBe(before);
  await expect(diesel).not.toBeChecked();
});

test("the legacy carfinder-nfz link lands on commercial vehicles, most expensive first", async ({ page }) => {
  await open(page, "/carfinder-nfz");
  await expect(page.getByRole("combobox", { name: "Sortierung" })).toHaveValue("price-desc");
  await expect(page.getByRole("checkbox", { name: /^Kastenwagen \(/ })).toBeChecked();
  const prices = await page.locator(".vehicle-card__price strong").allTextContents();
  const values = prices.map((text) => Number(text.replace(/\D/g, "")));
  expect(values).toEqual([...values].sort((a, b) => b - a));
});

test("a result card opens the vehicle detail page", async ({ page }) => {
  await open(page, "/carfinder?brand=smart");
  const first = page.locator(".vehicle-card__title a").first();
  const title = await first.innerText();
  await first.click();
  await expect(page).toHaveURL(/\/carfinder\/\d+-1-[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});

test("pagination walks through the results", async ({ page }) => {
  await open(page, "/carfinder");
  await page.getByRole("link", { name: "Nächste Seite" }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText("Seite 2", { exact: true })).toHaveAttribute("aria-current", "page");
});

test("the price type shows monthly lease rates", async ({ page }) => {
  await open(page, "/carfinder");
  await page.getByRole("combobox", { name: "Preisanzeige" }).selectOption("private_lease");
  await expect(page).toHaveURL(/pricetype=private_lease/);
  await expect(page.locator(".vehicle-card__price strong").first()).toContainText("mtl.");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filters work as a plain GET form", async ({ page }) => {
    await page.goto("/mercedes-benz/carfinder");
    const before = await countOf(page);
    await page
      .getByRole("checkbox", { name: /^Elektro \(/ })
      .first()
      .check();
    await page.getByRole("button", { name: "Ergebnisse anzeigen" }).click();
    await expect(page).toHaveURL(/\/mercedes-benz\/carfinder\?.*fuel=electric/);
    expect(await countOf(page)).toBeLessThan(before);
    for (const title of await page.locator(".vehicle-card__title").allTextContents())
      expect(title).toMatch(/^Mercedes-(Benz|AMG|Maybach) /);
  });
});
