import { ABORTED_REQUEST, allowConsoleProblems, expect, open, test } from "./fixtures.ts";

test("scrolls to top on route change and restores the position on back", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await open(page, "/mercedes-benz/modelle");
  // Scrolled down to the card (the overview lists the lines by price: the G-Klasse is far down).
  const link = page.getByRole("link", { name: "G-Klasse", exact: true });
  await link.scrollIntoViewIfNeeded();
  const saved = await page.evaluate(() => window.scrollY);
  expect(saved).toBeGreaterThan(500);
  await link.click();
  await expect(page).toHaveURL(/g-klasse$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/modelle$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(saved);
});

test("the skip link is the first stop for keyboard users and moves focus to the content", async ({ page }) => {
  await open(page, "/impressum");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Zum Inhalt springen" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#inhalt$/);
});

// Both start on an app page: editorial pages load documents anyway (ADR 0016, e2e/editorial.spec.ts).
test("a chunk that fails to load reloads the target path once", async ({ page, consoleProblems }) => {
  await open(page, "/carfinder");
  let aborted = 0;
  await page.route(/\/assets\/content-page-[^/]+\.js$/, async (route) => {
    if (aborted++ === 0) return route.abort();
    return route.continue();
  });
  const documentLoad = page.waitForEvent("load");
  await page.getByRole("contentinfo").getByRole("link", { name: "Datenschutz" }).click();
  await documentLoad;
  await expect(page).toHaveURL(/\/datenschutz$/);
  await expect(page.getByRole("heading", { level: 1, name: "Datenschutz" })).toBeVisible();
  expect(aborted).toBeGreaterThanOrEqual(1);
  // The aborted chunk request itself is logged by Chromium; that one is expected here.
  allowConsoleProblems(consoleProblems, ABORTED_REQUEST);
});

test("after a new deployment the next navigation becomes a full page load", async ({ page }) => {
  await page.clock.install();
  await open(page, "/carfinder");
  await page.route(/\/_build\/latest\.json\?t=\d+$/, (route) => route.fulfill({ json: { buildId: "a-newer-build" } }));
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  await page.clock.fastForward("01:05");
  const buildCheck = page.waitForRequest(/\/_build\/latest\.json\?t=\d+$/);
  await page.getByRole("contentinfo").getByRole("link", { name: "Impressum" }).click();
  await buildCheck;
  // The client navigation waits for the build check, then for the page's chunk and content: on two
  // busy cores (the whole suite in parallel) that has taken longer than the default 5 s.
  await expect(page).toHaveURL(/\/impressum$/, { timeout: 15_000 });
  const documentLoad = page.waitForEvent("load");
  await page.getByRole("contentinfo").getByRole("link", { name: "Datenschutz" }).click();
  await documentLoad;
  await expect(page).toHaveURL(/\/datenschutz$/);
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
});

test("a client navigation preloads the route's chunks from the table fetched when idle (ADR 0020)", async ({ page }) => {
  const table = page.waitForResponse(/\/assets\/route-preloads-[\w]+\.json$/);
  await open(page, "/carfinder");
  expect((await table).ok()).toBe(true);
  await page.waitForLoadState("networkidle");
  const detailChunk = page.waitForRequest(/\/assets\/vehicle-detail-page-[\w-]+\.js$/);
  await page.locator(".vehicle-card a").first().click();
  await detailChunk;
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname),
  );
  expect(preloaded.some((href) => /^\/assets\/vehicle-detail-page-/.test(href))).toBe(true);
  expect(preloaded.some((href) => /^\/assets\/image-gallery-/.test(href))).toBe(true);
  // The loader's code comes with the page's, not after it.
  expect(preloaded.some((href) => /^\/assets\/vehicle-detail-loader-/.test(href))).toBe(true);
});
