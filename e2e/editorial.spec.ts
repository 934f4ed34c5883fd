import { expect, open, test } from "./fixtures.ts";

/**
 * Editorial pages hydrate through their own entry without the data router (ADR 0016): home and
 * content pages without lead forms. Links from them load documents; pages with lead forms and
 * every app page keep the app entry and its client navigation.
 */

const entryOf = (page: import("@playwright/test").Page) =>
  page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src]')].map((script) => new URL(script.src).pathname));

test("home and a content page hydrate through the editorial entry; the app's entry is never fetched", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  for (const path of ["/", "/werkstatt"]) {
    await open(page, path);
    expect(await entryOf(page)).toEqual([expect.stringMatching(/^\/assets\/editorial-entry-[\w-]+\.js$/)]);
  }
  expect(requested.filter((path) => /^\/assets\/(entry|framework)-[\w-]+\.js$/.test(path))).toEqual([]);
});

test("a page with a lead form and the app pages keep the app entry", async ({ page }) => {
  for (const path of ["/werkstatt/online-werkstatttermin", "/carfinder"]) {
    await open(page, path);
    expect(await entryOf(page)).toEqual([expect.stringMatching(/^\/assets\/entry-[\w-]+\.js$/)]);
  }
});

test("a link on an editorial page loads the target document", async ({ page }) => {
  await open(page, "/werkstatt");
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
  await page.getByRole("contentinfo").getByRole("link", { name: "Impressum" }).click();
  await expect(page).toHaveURL(/\/impressum$/);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("heading", { level: 1, name: "Impressum" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
});

test("the home page's quick search leads into the carfinder, which hydrates with the app entry", async ({ page }) => {
  await open(page, "/");
  const quick = page.getByRole("search", { name: "Schnellsuche" });
  await quick.getByLabel("Marke").selectOption("smart");
  await quick.getByRole("button", { name: "Fahrzeuge finden" }).click();
  await expect(page).toHaveURL(/\/carfinder\?brand=smart/);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  expect(await entryOf(page)).toEqual([expect.stringMatching(/^\/assets\/entry-[\w-]+\.js$/)]);
});
