import { expect, expectAccessible, open, test } from "./fixtures.ts";

/** The lease calculator updates the rate as the visitor chooses. */
const PATH = "/stock/100001-1-mercedes-benz-a-180-progressive/lease-calculator";
const euros = (text: string | null) => Number((text ?? "").replace(/\D/g, ""));

test("the rate follows term, mileage, down payment and customer type; the choice goes into the URL", async ({ page }) => {
  await open(page, `${PATH}?laufzeit=48&km=10000&anzahlung=0`);
  const rate = page.locator(".lease-calculator__rate strong");
  const start = euros(await rate.textContent());
  expect(start).toBeGreaterThan(0);
  await page.getByLabel("Laufzeit").selectOption("36");
  await expect.poll(async () => euros(await rate.textContent())).toBeGreaterThan(start);
  const shorter = euros(await rate.textContent());
  await page.getByLabel(/Leasing-Sonderzahlung/).fill("5000");
  await expect.poll(async () => euros(await rate.textContent())).toBeLessThan(shorter);
  const withDownPayment = euros(await rate.textContent());
  await page.getByLabel("Gewerbekunde (zzgl. MwSt.)").check();
  await expect.poll(async () => euros(await rate.textContent())).toBe(Math.round(withDownPayment / 1.19));
  await expect(page.locator(".lease-calculator__rate")).toContainText("zzgl. 19 % MwSt.");
  await page.getByRole("button", { name: "Rate berechnen" }).click();
  await expect(page).toHaveURL(/laufzeit=36&km=10000&anzahlung=5000&kunde=gewerblich/);
  await expectAccessible(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("'Rate berechnen' reloads with the choice", async ({ page }) => {
    await page.goto(PATH);
    const before = euros(await page.locator(".lease-calculator__rate strong").textContent());
    await page.getByLabel("Laufleistung pro Jahr").selectOption("30000");
    await page.getByRole("button", { name: "Rate berechnen" }).click();
    await expect(page).toHaveURL(/km=30000/);
    expect(euros(await page.locator(".lease-calculator__rate strong").textContent())).toBeGreaterThan(before);
  });
});

test("the vehicle page links to the calculator from its lease offer", async ({ page }) => {
  await open(page, "/carfinder/100001-1-mercedes-benz-a-180-progressive");
  // Inside the lease offer's <details>, closed until opened: the link is there either way.
  const link = page.locator("a", { hasText: "Eigene Leasingrate berechnen" }).first();
  await expect(link).toHaveAttribute("href", `${PATH}`);
});
