import { expect, open, test } from "./fixtures.ts";

test("legacy /angebote lands on /Aktionsangebote", async ({ page }) => {
  const response = await open(page, "/angebote");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/Aktionsangebote$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Aktionsangebote");
});

test("legacy /carfinder-nfz lands on the carfinder with bodystyle and sorting", async ({ page }) => {
  await open(page, "/carfinder-nfz");
  const url = new URL(page.url());
  expect(url.pathname).toBe("/carfinder");
  expect(url.searchParams.get("sorting")).toBe("price-desc");
  expect(url.searchParams.get("bodystyle")?.split(",")).toContain("panelvan");
});

test("a trailing slash is removed, keeping query and hash", async ({ page }) => {
  await open(page, "/impressum/?a=1#inhalt");
  expect(page.url()).toMatch(/\/impressum\?a=1#inhalt$/);
});

test("every internal target of the legacy table exists (no redirect ends on a 404)", async ({ request }) => {
  const table = (await import("../redirects/legacy-redirects.json", { with: { type: "json" } })).default as Array<{
    target?: string | null;
    external?: boolean;
  }>;
  const targets = [...new Set(table.filter((entry) => entry.target && !entry.external).map((entry) => entry.target!))];
  const failures: string[] = [];
  for (const target of targets) {
    const response = await request.get(target, { maxRedirects: 5 });
    if (response.status() !== 200) failures.push(`${target} → ${response.status()}`);
  }
  expect(failures).toEqual([]);
});

test("external legacy entries answer 301 with the absolute target", async ({ request }) => {
  const response = await request.get("/trucks", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toMatch(/^https:\/\//);
});
