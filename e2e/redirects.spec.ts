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

test("every internal legacy target is reached in one hop (no 404 at the end, no chain through a second redirect such as a vehicle's old slug)", async ({
  request,
}) => {
  const table = (await import("../redirects/legacy-redirects.json", { with: { type: "json" } })).default as Array<{
    path: string;
    target?: string | null;
    external?: boolean;
  }>;
  // About 150 requests: room for a loaded machine running the other journeys beside it.
  test.setTimeout(90_000);
  // One entry per target: entries sharing a target share its answer.
  const byTarget = new Map<string, string>();
  for (const entry of table) if (entry.target && !entry.external && !byTarget.has(entry.target)) byTarget.set(entry.target, entry.path);
  const chains: string[] = [];
  for (const path of byTarget.values()) {
    const first = await request.get(path, { maxRedirects: 0 });
    const location = first.headers().location ?? "";
    const second = await request.get(location, { maxRedirects: 0 });
    if (first.status() < 300 || first.status() > 399 || second.status() !== 200)
      chains.push(`${path} → ${first.status()} ${location} → ${second.status()}`);
  }
  expect(chains).toEqual([]);
});

test("external legacy entries answer 301 with the absolute target", async ({ request }) => {
  const response = await request.get("/trucks", { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toMatch(/^https:\/\//);
});
