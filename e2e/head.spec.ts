import { expect, open, test } from "./fixtures.ts";

test("the document is German", async ({ page }) => {
  await open(page, "/");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
});

test("title falls back to the last path segment in title case", async ({ page }) => {
  await open(page, "/werkstatt/service-angebote-mercedes-benz/scheibenreparatur");
  await expect(page).toHaveTitle("Scheibenreparatur | Autohaus Gruppe Nord");
});

test("canonical: lowercased path, whitelisted query parameters sorted by name", async ({ page, baseURL }) => {
  await open(page, "/Aktionsangebote?utm_source=mail&sorting=price-desc&bodystyle=suv");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    `${baseURL}/aktionsangebote?bodystyle=suv&sorting=price-desc`,
  );
});

test("the title follows client-side navigation", async ({ page, baseURL }) => {
  await open(page, "/hyundai/modelle");
  await page.getByRole("link", { name: "TUCSON" }).click();
  await expect(page).toHaveTitle("Hyundai TUCSON | Autohaus Gruppe Nord");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/hyundai/modelle/tucson`);
});

test("the locale cookie is set for a year on path /", async ({ page, context }) => {
  await open(page, "/");
  const cookie = (await context.cookies()).find((candidate) => candidate.name === "locale");
  expect(cookie?.value).toBe("de");
  expect(cookie?.path).toBe("/");
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
});

test("hashed assets are cached for a year, the build manifest is always revalidated", async ({ request }) => {
  // /impressum loads the islands entry (ADR 0017), /carfinder the app's: both builds' assets.
  for (const path of ["/impressum", "/carfinder"]) {
    const html = await (await request.get(path)).text();
    // The app's entry is a module script tag; the islands entry is inserted by the page's one inline script (ADR 0018).
    const entry = (/<script type="module" src="([^"]+)"/.exec(html) ?? /s\.src="([^"]+)"/.exec(html))?.[1];
    expect(entry).toMatch(/^\/assets\/(islands-)?entry-[\w-]+\.js$/);
    const asset = await request.get(entry!);
    expect(asset.status()).toBe(200);
    expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  }
  const manifest = await request.get("/_build/latest.json");
  expect(manifest.headers()["cache-control"]).toBe("no-cache");
  expect(await manifest.json()).toHaveProperty("buildId");
});
