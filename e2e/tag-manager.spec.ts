import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { CONSENT_COOKIE, consentValue, type ConsentPurpose } from "../domain/consent.ts";
import { E2E_TAG_MANAGER_ID } from "./support/tag-manager.ts";

/**
 * Analytics reach a tag manager: with "Statistiken" granted, the container the
 * site config's tagManagerId names is loaded after idle and sees the vm_* events and the global data
 * object; without the consent nothing loads. The e2e server's tag manager is the local stand-in
 * (client/public/demo/tag-manager.js), loaded exactly as the real one (`?id={tagManagerId}`).
 */
const TAG_MANAGER = /\/demo\/tag-manager\.js\?id=/;

async function withConsent(page: Page, granted: readonly ConsentPurpose[], baseURL: string) {
  await page.context().addCookies([{ name: CONSENT_COOKIE, value: consentValue(granted, Date.now()), url: baseURL }]);
}

interface Seen {
  containerId: string;
  events: string[];
  dataAtEvent: Array<{ vehicles: Record<string, unknown> } | null>;
}

const seen = (page: Page) => page.evaluate(() => (window as unknown as { demoTagManager?: Seen }).demoTagManager ?? null);

for (const [kind, path] of [
  ["app page", "/carfinder"],
  ["editorial page", "/werkstatt"],
] as const) {
  test(`${kind}: with statistics consent the configured container loads after idle and receives the events`, async ({ page, baseURL }) => {
    await withConsent(page, ["statistics"], baseURL!);
    const script = page.waitForRequest((request) => TAG_MANAGER.test(request.url()));
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    expect(new URL((await script).url()).searchParams.get("id")).toBe(E2E_TAG_MANAGER_ID);
    await expect.poll(async () => (await seen(page))?.events ?? []).toEqual(expect.arrayContaining(["gtm.js", "vm_page_view"]));
    expect((await seen(page))?.containerId).toBe(E2E_TAG_MANAGER_ID);
  });
}

test("the vehicle page's event carries the vehicle in the global data object", async ({ page, baseURL }) => {
  await withConsent(page, ["statistics"], baseURL!);
  await page.goto("/carfinder/100001-1-mercedes-benz-a-180-progressive");
  await expect.poll(async () => (await seen(page))?.events ?? []).toContain("vm_view_vehicle_detail");
  const tagManager = await seen(page);
  const index = tagManager?.events.indexOf("vm_view_vehicle_detail") ?? -1;
  expect(Object.keys(tagManager?.dataAtEvent[index]?.vehicles ?? {})).toContain("100001");
});

test("the global data object caches what model, lease and center pages showed", async ({ page, baseURL }) => {
  await withConsent(page, ["statistics"], baseURL!);
  const vmData = (kind: string) =>
    page.evaluate((name) => (window as unknown as { vmData?: Record<string, Record<string, unknown>> }).vmData?.[name] ?? {}, kind);
  for (const [path, kind, id] of [
    ["/mercedes-benz/modelle/glc-suv", "models", "mercedes-benz/glc-suv"],
    ["/stock/private-lease/100001-1-mercedes-benz-a-180-progressive", "lease_vehicles", "100001"],
    ["/center/center-goslar", "locations", "center-goslar"],
  ] as const) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect.poll(async () => Object.keys(await vmData(kind)), { message: path }).toContain(id);
  }
});

test("without statistics consent (undecided or other purposes) no tag manager is requested", async ({ page, baseURL }) => {
  const requested: string[] = [];
  page.on("request", (request) => {
    if (TAG_MANAGER.test(request.url())) requested.push(request.url());
  });
  await page.goto("/carfinder");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await withConsent(page, ["maps", "video"], baseURL!);
  await page.goto("/werkstatt");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // Idle work has run (the deploy watcher, error reporting) by the time the page has been still for a while.
  await page.waitForTimeout(1_500);
  expect(requested).toEqual([]);
  expect(await seen(page)).toBeNull();
});
