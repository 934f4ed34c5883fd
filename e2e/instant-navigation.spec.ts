import { expect, open, test } from "./fixtures.ts";

/** A vehicle page link (domain/site-paths.ts: [/{brand}]/carfinder/{id}-1-{slug}). */
const VEHICLE_LINK = /^\/(?:[a-z-]+\/)?carfinder\/[1-9][0-9]*-1-[a-z0-9-]+$/;

// ADR 0043: on the hydrated carfinder a click is a client navigation; resting on a result first
// loads its route and its data, so the click itself asks /api for nothing.
test("hovering a result, then clicking it, shows the vehicle page without waiting for its data after the click", async ({ page }) => {
  await open(page, "/carfinder");
  // The intent prefetch is part of the after-idle chunk.
  await page.waitForFunction(() => performance.getEntriesByName("agn:first-idle").length > 0);
  const hrefs = await page
    .locator('main a[href*="/carfinder/"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  const href = hrefs.find((candidate) => VEHICLE_LINK.test(candidate));
  expect(href, "a result links to its vehicle page").toBeTruthy();
  const link = page.locator(`main a[href="${href}"]`).first();
  const answered: string[] = [];
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith("/api/vehicles/")) answered.push(pathname);
  });
  // The listeners come with the after-idle chunk, which may still be loading after the idle mark:
  // rest on the link again until the warm-up has been answered.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await link.hover();
    await expect.poll(() => answered.length, { timeout: 2_000 }).toBeGreaterThan(0);
  }).toPass({ timeout: 20_000 });
  const warmedPath = answered[0]!;
  await page.waitForLoadState("networkidle");

  const afterClick: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/")) afterClick.push(pathname);
  });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  // The loader's data came from the prefetch; only the sections that load when idle (the center's
  // contact, the price history, the contact persons) ask /api afterwards, below the first screen.
  expect(afterClick).not.toContain(warmedPath);
  expect(afterClick.filter((path) => path.startsWith("/api/vehicles/") && !path.endsWith("/prices"))).toEqual([]);
});

test("a link that is no vehicle page is not warmed", async ({ page }) => {
  await open(page, "/carfinder");
  await page.waitForFunction(() => performance.getEntriesByName("agn:first-idle").length > 0);
  await page.waitForLoadState("networkidle");
  const requests: string[] = [];
  page.on("request", (request) => requests.push(new URL(request.url()).pathname));
  await page.getByRole("contentinfo").getByRole("link", { name: "Impressum" }).hover();
  await page.waitForTimeout(300);
  expect(requests.filter((path) => path.startsWith("/api/"))).toEqual([]);
});

test("the home page names the Speculation Rules for vehicle pages; the carfinder does not", async ({ page, request }) => {
  const home = await page.goto("/");
  expect(home?.headers()["speculation-rules"]).toBe('"/speculation-rules.json"');
  const rules = await request.get("/speculation-rules.json");
  expect(rules.headers()["content-type"]).toBe("application/speculationrules+json");
  const json = (await rules.json()) as { prerender: Array<{ eagerness: string }>; prefetch: unknown[] };
  expect(json.prerender[0]?.eagerness).toBe("moderate");
  expect(json.prefetch).toHaveLength(1);
  expect(await page.evaluate(() => HTMLScriptElement.supports?.("speculationrules"))).toBe(true);

  const carfinder = await page.goto("/carfinder");
  expect(carfinder?.headers()["speculation-rules"]).toBeUndefined();
});
