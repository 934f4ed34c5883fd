import type { Page } from "@playwright/test";
import { expect, expectAccessible, open, test } from "./fixtures.ts";

const REFUSAL = "Fahrzeug kann nicht hinzugefügt werden. Wählen Sie maximal 6 Fahrzeuge zum Vergleichen aus.";
const SOLD_ID = 100009; // status "sold" in kv-seed/demo-vehicles.ts
const AVAILABLE_ID = 100001;

const cards = (page: Page) => page.locator(".vehicle-card");
/** The list toasts (ui/carfinder/list-toast.tsx): one polite region for the page. */
const toast = (page: Page) => page.locator(".toast-region--lists");
const compareBox = (page: Page, index: number) =>
  cards(page)
    .nth(index)
    .getByRole("checkbox", { name: /^Vergleichen: / });
const favouriteBox = (page: Page, index: number) =>
  cards(page)
    .nth(index)
    .getByRole("checkbox", { name: /^Merken: / });

/** Puts a list into localStorage before the page's scripts run, as an earlier visit would have. */
async function storeList(page: Page, key: "agn-compare" | "agn-favourites", entries: Array<{ id: number; title: string }>) {
  await page.addInitScript(
    ([storageKey, value]) => {
      if (!sessionStorage.getItem(`seeded-${storageKey}`)) {
        localStorage.setItem(storageKey, value);
        sessionStorage.setItem(`seeded-${storageKey}`, "1");
      }
    },
    [
      key,
      JSON.stringify({ state: { entries: entries.map((entry, index) => ({ ...entry, addedAt: 1_700_000_000_000 + index })) }, version: 1 }),
    ] as const,
  );
}

test("compare: six vehicles at most, then the comparison with differences only and removal", async ({ page }) => {
  // A long journey with two axe runs (one over the carfinder's ~1,200 elements): 30 s was too tight on a busy 2-core machine.
  test.setTimeout(60_000);
  await open(page, "/carfinder");
  for (let index = 0; index < 6; index++) {
    await compareBox(page, index).check();
    await expect(compareBox(page, index)).toBeChecked();
  }
  const sixthTitle = (await cards(page).nth(5).locator(".vehicle-card__title").textContent())?.trim() ?? "";
  await expect(toast(page)).toHaveCount(1);
  await expect(toast(page)).toHaveAttribute("role", "status");
  await expect(toast(page).locator(".toast p")).toHaveText(`${sixthTitle}: Zum Vergleich hinzugefügt.`);
  await expect(toast(page).getByRole("link", { name: "Zum Vergleich" })).toHaveAttribute("href", "/carfinder/vergleichen");

  // The seventh is refused with the spec's message and stays unchecked.
  const seventh = compareBox(page, 6);
  await seventh.click();
  await expect(cards(page).nth(6).getByRole("alert")).toHaveText(REFUSAL);
  await expect(seventh).not.toBeChecked();
  // Making room elsewhere withdraws the refusal; taking the room again brings the list back to six.
  await compareBox(page, 0).uncheck();
  await expect(cards(page).nth(6).locator("[role=alert]")).toBeEmpty();
  await expect(toast(page).locator(".toast p")).toHaveText(/: Aus dem Vergleich entfernt\.$/);
  // Undo puts it back (the toast's own button, by keyboard).
  await toast(page).getByRole("button", { name: "Rückgängig" }).focus();
  await page.keyboard.press("Enter");
  await expect(compareBox(page, 0)).toBeChecked();
  await expect(toast(page).locator(".toast")).toHaveCount(0);
  await expect(
    page.getByRole("navigation", { name: "Vergleich und Favoriten" }).getByRole("link", { name: /^Vergleich\s+6\s+Fahrzeuge$/ }),
  ).toBeVisible();
  await expectAccessible(page);

  await cards(page).nth(0).getByRole("link", { name: "6 Fahrzeuge vergleichen" }).click();
  await expect(page).toHaveURL(/\/carfinder\/vergleichen$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vergleiche 6 Fahrzeuge");
  await expect(page).toHaveTitle(/^Vergleiche 6 Fahrzeuge/);
  const table = page.getByRole("table");
  await expect(table.locator("thead th[scope=col]")).toHaveCount(7);
  await expectAccessible(page);

  // "Nur Unterschiede anzeigen" hides the rows where all six agree, and only those.
  const rows = table.locator("tbody tr.compare-table__row");
  const all = await rows.count();
  const differing = await table.locator("tbody tr.compare-table__row--differs").count();
  expect(differing).toBeGreaterThan(0);
  expect(differing).toBeLessThan(all);
  await page.getByRole("checkbox", { name: "Nur Unterschiede anzeigen" }).check();
  await expect(rows).toHaveCount(differing);
  await expect(table.getByRole("rowheader").filter({ hasText: "(unterschiedlich)" })).toHaveCount(differing);
  await page.getByRole("checkbox", { name: "Nur Unterschiede anzeigen" }).uncheck();
  await expect(rows).toHaveCount(all);

  // Removing a vehicle by keyboard.
  const firstTitle = (await table.locator(".compare-table__title").first().innerText()).trim();
  await table.getByRole("button", { name: `Entfernen: ${firstTitle}` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vergleiche 5 Fahrzeuge");
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "wurde aus dem Vergleich entfernt" })).toContainText(firstTitle);
  await expect(table.locator("thead th[scope=col]")).toHaveCount(6);

  // The list survives a reload.
  await open(page, "/carfinder/vergleichen");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vergleiche 5 Fahrzeuge");
});

test("a returning visitor's comparison comes in the first response: the list store mirrors its ids into the page's cookie", async ({
  page,
}) => {
  await open(page, "/carfinder");
  const titles = [];
  for (const index of [0, 1]) {
    await compareBox(page, index).check();
    titles.push((await cards(page).nth(index).locator(".vehicle-card__title").textContent())?.trim() ?? "");
  }
  const mirror = async () => (await page.context().cookies()).find((cookie) => cookie.name === "agn_compare");
  await expect.poll(async () => (await mirror())?.value).toMatch(/^[1-9]\d*\.[1-9]\d*$/);
  expect((await mirror())?.path).toBe("/carfinder/vergleichen");

  // The document itself: the table with both vehicles, never the loading state; the visitor's own page.
  const document = await page.request.get("/carfinder/vergleichen");
  expect(document.headers()["cache-control"]).toBe("private, no-cache");
  const html = await document.text();
  expect(html).toContain("Vergleiche 2 Fahrzeuge");
  for (const title of titles) expect(html).toContain(title.replaceAll("&", "&amp;"));
  expect(html).not.toContain("Ihre Vergleichsliste wird geladen");

  await open(page, "/carfinder/vergleichen");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vergleiche 2 Fahrzeuge");
  await page.getByRole("button", { name: `Entfernen: ${titles[0]}` }).click();
  await expect.poll(async () => (await mirror())?.value).toMatch(/^[1-9]\d*$/);
  await page.getByRole("button", { name: `Entfernen: ${titles[1]}` }).click();
  // An empty list leaves no cookie behind.
  await expect.poll(mirror).toBeUndefined();
});

test("favourites: ticked vehicles stay ticked after a reload and are listed on the favourites page", async ({ page }) => {
  await open(page, "/carfinder");
  const titles = [];
  for (const index of [0, 1]) {
    await favouriteBox(page, index).check();
    titles.push((await cards(page).nth(index).locator(".vehicle-card__title").textContent())?.trim() ?? "");
  }
  await expect(toast(page).locator(".toast p")).toHaveText(`${titles[1]}: Zu den Favoriten hinzugefügt.`);
  await expect(toast(page).getByRole("link", { name: "Zu den Favoriten" })).toHaveAttribute("href", "/carfinder/favoriten");
  await toast(page).getByRole("button", { name: "Hinweis schließen" }).click();
  await expect(toast(page).locator(".toast")).toHaveCount(0);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(favouriteBox(page, 0)).toBeChecked();
  await expect(favouriteBox(page, 1)).toBeChecked();
  await expect(favouriteBox(page, 2)).not.toBeChecked();

  await page
    .getByRole("navigation", { name: "Vergleich und Favoriten" })
    .getByRole("link", { name: /^Favoriten\s+2\s+Fahrzeuge$/ })
    .click();
  await expect(page).toHaveURL(/\/carfinder\/favoriten$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meine Favoriten");
  const list = page.locator(".favourites-list");
  await expect(list.getByRole("heading", { level: 2 })).toHaveText(titles);
  await expectAccessible(page);

  await list.getByRole("button", { name: `Entfernen: ${titles[0]}` }).click();
  await expect(list.getByRole("heading", { level: 2 })).toHaveText([titles[1]!]);
  await list.getByRole("button", { name: `Entfernen: ${titles[1]}` }).click();
  await expect(page.getByText("Sie haben noch keine Fahrzeuge gemerkt.", { exact: false })).toBeVisible();
});

test("a stored vehicle that was sold leaves both lists and the visitor is told", async ({ page }) => {
  const sold = { id: SOLD_ID, title: "Mercedes-Benz E 220 d Limousine" };
  await storeList(page, "agn-compare", [sold, { id: AVAILABLE_ID, title: "Mercedes-Benz A 180" }]);
  await storeList(page, "agn-favourites", [sold]);

  await open(page, "/carfinder/vergleichen");
  await expect(page.getByRole("status").filter({ hasText: "nicht mehr verfügbar" })).toHaveText(
    `Das Fahrzeug „${sold.title}“ ist nicht mehr verfügbar und wurde aus Ihrer Vergleichsliste entfernt.`,
  );
  // One vehicle left: no comparison yet, with a way back to the search.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fahrzeugvergleich");
  await expect(page.getByText("Für einen Vergleich benötigen Sie mindestens zwei Fahrzeuge.", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "Weitere Fahrzeuge auswählen" })).toHaveAttribute("href", "/carfinder");
  await expectAccessible(page);
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem("agn-compare")!).state.entries.map((entry: { id: number }) => entry.id)),
  ).toEqual([AVAILABLE_ID]);

  await open(page, "/carfinder/favoriten");
  await expect(page.getByRole("status").filter({ hasText: "nicht mehr verfügbar" })).toHaveText(
    `Das Fahrzeug „${sold.title}“ ist nicht mehr verfügbar und wurde aus Ihren Favoriten entfernt.`,
  );
  await expect(page.getByText("Sie haben noch keine Fahrzeuge gemerkt.", { exact: false })).toBeVisible();
});

test("empty lists show their empty states, and corrupted storage does not break the pages", async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem("agn-compare", '{"state":{"entries":[{"id":"1; drop table"}]},"version":1}');
      localStorage.setItem("agn-favourites", "{not json");
      sessionStorage.setItem("seeded", "1");
    }
  });
  await open(page, "/carfinder/vergleichen");
  await expect(page.getByText("Sie haben noch keine Fahrzeuge zum Vergleichen ausgewählt.", { exact: false })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fahrzeugvergleich");
  await expectAccessible(page);
  expect(await page.evaluate(() => localStorage.getItem("agn-compare"))).toBeNull();

  await open(page, "/carfinder/favoriten");
  await expect(page.getByText("Sie haben noch keine Fahrzeuge gemerkt.", { exact: false })).toBeVisible();
  await expectAccessible(page);
});

test("the comparison table scrolls sideways on a phone with the feature column in view @mobile", async ({ page, isMobile }) => {
  test.skip(!isMobile, "mobile layout only");
  await storeList(page, "agn-compare", [
    { id: 100001, title: "A" },
    { id: 100002, title: "B" },
    { id: 100003, title: "C" },
  ]);
  await open(page, "/carfinder/vergleichen");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vergleiche 3 Fahrzeuge");
  // Only the table scrolls: the page itself stays as wide as the phone (the cells' visually hidden
  // text once escaped the scroll box, widened the page and moved the fixed consent banner).
  const region = page.getByRole("region", { name: /Vergleich von 3 Fahrzeugen/ });
  await expect(region.getByRole("table")).toBeVisible();
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  const header = page.getByRole("rowheader", { name: /^Kilometerstand/ });
  const before = (await header.boundingBox())!.x;
  await region.evaluate((element) => element.scrollBy(400, 0));
  await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  expect(Math.abs((await header.boundingBox())!.x - before)).toBeLessThan(2);
  await expectAccessible(page);
});

test("parsing with zod in the browser raises no Content-Security-Policy issue (no eval probe)", async ({ page, context }) => {
  const cdp = await context.newCDPSession(page);
  const issues: string[] = [];
  cdp.on("Audits.issueAdded", ({ issue }) => {
    if (issue.code === "ContentSecurityPolicyIssue") issues.push(JSON.stringify(issue.details));
  });
  await cdp.send("Audits.enable");
  await open(page, "/carfinder");
  await compareBox(page, 0).check();
  await compareBox(page, 1).check();
  // The compare page validates what the API answers with zod (client/api-schemas.ts).
  await cards(page).nth(0).getByRole("link", { name: "2 Fahrzeuge vergleichen" }).click();
  await expect(page.getByRole("table")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vergleiche 2 Fahrzeuge");
  expect(issues).toEqual([]);
});
