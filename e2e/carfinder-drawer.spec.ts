import type { Page } from "@playwright/test";
import { expect, expectAccessible, open, shiftsDuringLoad, test } from "./fixtures.ts";

/**
 * On a phone the carfinder shows results first; "Filter (n)" opens the filters
 * as a modal drawer whose apply button carries the live total. Without JavaScript the button
 * is a link to the GET form below the results.
 */

const countOf = async (page: Page) => Number((await page.locator(".carfinder-page__count strong").innerText()).replace(/\./g, ""));
const applyCount = async (page: Page) =>
  Number((await page.getByRole("dialog").locator("button[type=submit]").innerText()).replace(/\D/g, ""));
const COUNT = new Intl.NumberFormat("de-DE");

test.describe("on a phone 390 px wide", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("@mobile the first screen shows the count, the Filter button and the first vehicle, not the filters", async ({ page }) => {
    await open(page, "/carfinder");
    await expect(page.locator(".carfinder-page__count")).toBeInViewport();
    await expect(page.getByRole("button", { name: "Filter", exact: true })).toBeInViewport();
    await expect(page.locator(".vehicle-card__title").first()).toBeInViewport();
    await expect(page.getByRole("form", { name: "Fahrzeuge filtern" })).toBeHidden();
    await expectAccessible(page);
  });

  test("@mobile the drawer is a modal dialog: focus moves in, a filter updates the count on its button, applying closes it and filters the results", async ({
    page,
  }) => {
    await open(page, "/carfinder");
    const all = await countOf(page);
    await page.getByRole("button", { name: "Filter", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Filter" });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
    await expect(dialog.getByRole("heading", { name: "Filter" })).toBeFocused();
    await expect(dialog.getByRole("button", { name: "Schließen" })).toBeVisible();
    const apply = dialog.getByRole("button", { name: /Fahrzeuge? anzeigen$/ });
    await expect(apply).toHaveText(`${COUNT.format(all)} Fahrzeuge anzeigen`);

    await dialog.getByRole("checkbox", { name: /^Diesel \(/ }).check();
    await expect(page).toHaveURL(/[?&]fuel=diesel/);
    await expect.poll(() => applyCount(page)).toBeLessThan(all);
    const diesel = await applyCount(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("checkbox", { name: /^Diesel \(/ })).toBeFocused();

    // A typed price counts as soon as the visitor moves on to the next field.
    await dialog.getByRole("spinbutton", { name: "Preis bis" }).fill("30000");
    await page.keyboard.press("Tab");
    await expect(page).toHaveURL(/[?&]price_max=30000/);
    await expect.poll(() => applyCount(page)).toBeLessThan(diesel);
    const filtered = await applyCount(page);
    await expectAccessible(page);

    await apply.click();
    await expect(dialog).toBeHidden();
    const opener = page.getByRole("button", { name: "Filter (2)" });
    await expect(opener).toBeFocused();
    expect(await countOf(page)).toBe(filtered);
    for (const facts of await page.locator(".vehicle-card__facts").allTextContents()) expect(facts).toContain("Diesel");

    // "Zurücksetzen" clears every filter and leaves the drawer open on the full total.
    await opener.click();
    await dialog.getByRole("link", { name: "Zurücksetzen" }).click();
    await expect(page).toHaveURL(/\/carfinder$/);
    await expect.poll(() => applyCount(page)).toBe(all);
    await expect(dialog).toBeVisible();
  });

  test("@mobile Escape and the close button close the drawer; focus returns to the Filter button", async ({ page }) => {
    await open(page, "/carfinder?fuel=electric");
    const opener = page.getByRole("button", { name: "Filter (1)" });
    const dialog = page.getByRole("dialog", { name: "Filter" });
    await opener.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Schließen" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page).toHaveURL(/\?fuel=electric$/);
  });

  test("@mobile reopening the drawer before its close event arrives opens it (a fast second press)", async ({ page }) => {
    await open(page, "/carfinder");
    const opener = page.getByRole("button", { name: "Filter", exact: true });
    const dialog = page.getByRole("dialog", { name: "Filter" });
    await opener.click();
    await expect(dialog).toBeVisible();
    // Escape's way (cancel, then close), then the next press before the dialog's close event, a task
    // later, arrives: Chromium runs input before that task when busy (CI saw it once).
    await page.evaluate(async () => {
      document.querySelector<HTMLDialogElement>("dialog.filter-drawer")?.requestClose();
      await Promise.resolve();
      document.querySelector<HTMLButtonElement>("button.filter-opener")?.click();
    });
    await expect(dialog).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("@mobile the Filter link leads to the GET form below the results, and submitting it filters", async ({ page }) => {
      await page.goto("/carfinder");
      const before = await countOf(page);
      const form = page.getByRole("form", { name: "Fahrzeuge filtern" });
      await expect(form).not.toBeInViewport();
      await page.getByRole("link", { name: "Filter", exact: true }).click();
      await expect(page).toHaveURL(/#filter$/);
      await expect(page.getByRole("heading", { name: "Filter", exact: true })).toBeInViewport();
      await form.getByRole("checkbox", { name: /^Elektro \(/ }).check();
      await form.getByRole("button", { name: "Ergebnisse anzeigen" }).click();
      await expect(page).toHaveURL(/\/carfinder\?.*fuel=electric/);
      expect(await countOf(page)).toBeLessThan(before);
      await expect(page.getByRole("link", { name: "Filter (1)" })).toBeVisible();
      for (const facts of await page.locator(".vehicle-card__facts").allTextContents()) expect(facts).toContain("Elektro");
    });
  });
});

test("@mobile loading the carfinder shifts nothing (CLS ≤ 0.05; a Pixel 7 in the mobile project)", async ({ page }) => {
  expect(await shiftsDuringLoad(page, "/carfinder")).toBeLessThanOrEqual(0.05);
});

test("on a wide screen the filters stay beside the results, without a Filter button", async ({ page }) => {
  await open(page, "/carfinder");
  const form = page.getByRole("form", { name: "Fahrzeuge filtern" });
  await expect(form).toBeVisible();
  await expect(page.getByRole("button", { name: "Filter", exact: true })).toBeHidden();
  await expect(page.getByRole("link", { name: "Filter", exact: true })).toBeHidden();
  const formBox = (await form.boundingBox())!;
  const resultsBox = (await page.getByRole("region", { name: "Suchergebnisse" }).boundingBox())!;
  expect(formBox.x + formBox.width).toBeLessThanOrEqual(resultsBox.x);
  expect(Math.abs(formBox.y - resultsBox.y)).toBeLessThan(2);
});
