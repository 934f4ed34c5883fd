import { expect, expectAccessible, open, test } from "./fixtures.ts";

/** The contact-person directory, filtered by a GET form. */

test("filter the directory by center and department, then by name; reset shows everyone again", async ({ page }) => {
  await open(page, "/ansprechpartner");
  const form = page.getByRole("search", { name: "Ansprechpartner filtern" });
  const total = Number((await page.locator(".employee-overview__count").textContent())!.replace(/\D/g, ""));
  expect(total).toBeGreaterThanOrEqual(150);
  await form.getByLabel("Standort").selectOption({ label: "Center Husum" });
  await form.getByLabel("Abteilung").selectOption({ label: "Service" });
  await form.getByRole("button", { name: "Ansprechpartner finden" }).click();
  await expect(page).toHaveURL(/standort=center-husum&abteilung=service/);
  await expect(page.locator(".employee-overview__count")).toHaveText("5 Ansprechpartner");
  for (const meta of await page.locator(".employee-card__meta").allTextContents()) expect(meta).toContain("Service · Center Husum");
  const first = (await page.locator(".employee-card__name").first().textContent())!;
  await page.getByLabel("Name oder Aufgabe").fill(first.split(" ")[1]!);
  await page.getByLabel("Name oder Aufgabe").press("Enter");
  await expect(page.locator(".employee-card__name").first()).toHaveText(first);
  await page.getByRole("link", { name: "Filter zurücksetzen" }).click();
  await expect(page.locator(".employee-overview__count")).toHaveText(`${total} Ansprechpartner`);
});

test("nothing found: the hint to adjust the filters, and axe finds nothing", async ({ page }) => {
  await open(page, "/ansprechpartner?suche=zzzz");
  await expect(page.getByText("Keine Ansprechpartner gefunden. Bitte passen Sie Ihre Filter an.")).toBeVisible();
  await expectAccessible(page);
});

test("axe is clean on the directory with its cards and page links", async ({ page }) => {
  await open(page, "/ansprechpartner");
  await expectAccessible(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the filters are a plain GET form", async ({ page }) => {
    await page.goto("/ansprechpartner");
    await page.getByLabel("Marke", { exact: true }).selectOption({ label: "Iveco" });
    await page.getByRole("button", { name: "Ansprechpartner finden" }).click();
    await expect(page).toHaveURL(/marke=iveco/);
    for (const meta of await page.locator(".employee-card__meta").allTextContents()) expect(meta).toContain("Transporter-Kompetenz-Center");
  });
});
