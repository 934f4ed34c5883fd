import { expect, open, test } from "./fixtures.ts";

/**
 * A page's JavaScript is asked for once its first screen is painted (ADR 0046,
 * worker/ssr/first-screen-start.ts): after the load event, never with the document, the
 * stylesheet and the first screen's images; and the page still hydrates.
 */
const PAGES = ["/", "/werkstatt", "/carfinder", "/carfinder/100001-1-mercedes-benz-a-180-progressive", "/center/center-goslar"];

for (const path of PAGES) {
  test(`${path}: no script before the load event, then the page hydrates`, async ({ page }) => {
    await open(page, path);
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => ({ name: new URL(entry.name).pathname, start: entry.startTime }));
      return { loadEnd: navigation.loadEventEnd, scripts };
    });
    expect(timing.scripts.length).toBeGreaterThan(0);
    for (const script of timing.scripts) expect(script.start, script.name).toBeGreaterThanOrEqual(timing.loadEnd);
  });
}

test("a key pressed before the load event starts the page at once", async ({ page }) => {
  // Hold the first-screen image back so the load event cannot come before the key.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/images/vehicles/**", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/carfinder/100001-1-mercedes-benz-a-180-progressive", { waitUntil: "domcontentloaded" });
  const pressedAt = await page.evaluate(() => performance.now());
  await page.keyboard.press("Tab");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
  // Started by the key, not by the latest-start timer (3 s after the document was parsed).
  const firstScript = await page.evaluate(() =>
    Math.min(
      ...performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".js"))
        .map((entry) => entry.startTime),
    ),
  );
  expect(firstScript - pressedAt).toBeLessThan(1500);
  release();
});
