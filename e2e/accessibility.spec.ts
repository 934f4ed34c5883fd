import { expectAccessible, open, test } from "./fixtures.ts";

const PAGES = [
  "/",
  "/impressum",
  "/carfinder",
  "/carfinder/vergleichen",
  "/carfinder/100001-1-mercedes-benz-a-180-progressive",
  "/carfinder/100001-1-mercedes-benz-a-180-progressive/probefahrt",
  "/mercedes-benz/modelle",
  "/mercedes-benz/modelle/g-klasse",
  "/center/center-goslar",
  "/standorte",
  "/ansprechpartner",
  "/stock/private-lease",
  "/stock/private-lease/100001-1-mercedes-benz-a-180-progressive",
  "/mercedes-benz/modelle/glc-suv",
  "/standorte?ort=Atlantis",
  "/stock/100001-1-mercedes-benz-a-180-progressive/lease-calculator",
  "/gibt-es-nicht",
  "/carfinder/999999-1-gibt-es-nicht",
];

for (const path of PAGES) {
  test(`axe finds no WCAG 2.x A/AA violation on ${path} @mobile`, async ({ page }) => {
    await open(page, path);
    await expectAccessible(page);
  });
}

test("axe is clean on the static 400 page", async ({ page }) => {
  await page.goto("/%E0%A4%A");
  await expectAccessible(page);
});
