import { exports } from "cloudflare:workers";
import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { routes } from "#routes/route-table.ts";
import { BROWSER_UA } from "./test-support/requests.ts";
import { SPECULATION_RULES_PATHS, speculationRules } from "./speculation-rules.ts";

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return exports.default.fetch(
    new Request(`https://dealership.test${path}`, { headers: { "User-Agent": BROWSER_UA, ...headers }, redirect: "manual" }),
  );
}

const DETAIL_PAGES = [
  "/carfinder/100001-1-mercedes-benz-a-180-progressive",
  "/mercedes-benz/carfinder/100001-1-mercedes-benz-a-180-progressive",
  "/stock/private-lease/100001-1-mercedes-benz-a-180-progressive",
  "/stock/business-finance/100001-1-mercedes-benz-a-180-progressive",
  "/smart/stock/business-lease/100001-1-smart-fortwo",
];

const NOT_SPECULATED = [
  "/carfinder/vergleichen",
  "/carfinder/favoriten",
  "/mercedes-benz/carfinder/vergleichen",
  "/carfinder/100001-1-mercedes-benz-a-180-progressive/interesse",
  "/carfinder/100001-1-mercedes-benz-a-180-progressive/probefahrt",
  "/mercedes-benz/carfinder/100001-1-mercedes-benz-a-180-progressive/probefahrt",
  "/stock/100001-1-mercedes-benz-a-180-progressive/lease-calculator",
  "/stock/private-lease",
  "/carfinder",
  "/carfinder?marke=mercedes-benz",
  "/carfinder/100001-1-mercedes-benz-a-180-progressive?anfrage=K7M3-Q9PX",
  "/admin/redirects",
  "/admin/stock/100001-1-x",
  "/api/vehicles/100001",
  "/api/carfinder/100001-1-mercedes-benz-a-180-progressive",
  "/admin/carfinder/100001-1-mercedes-benz-a-180-progressive",
  "/gibt-es-nicht/carfinder/100001-1-mercedes-benz-a-180-progressive",
  "/",
  "/impressum",
];

/** Whether a URL on the page's origin matches the rules' `href_matches` (URLPattern, as Chrome evaluates it). */
function speculated(href: string, page = "https://dealership.test/"): boolean {
  const { where } = speculationRules("pointer").prerender[0] ?? { where: { href_matches: [] } };
  return where.href_matches.some((init) => new URLPattern({ ...init, baseURL: page }).test(new URL(href, page)));
}

describe("the speculation rules' URL patterns", () => {
  it.each(DETAIL_PAGES)("match the vehicle page %s, which the route table sends to a detail page", (path) => {
    expect(speculated(path)).toBe(true);
    const leaf = matchRoutes(routes, path)?.at(-1)?.route.handle?.module;
    expect(["routes/vehicle-detail-page.tsx", "routes/offer-detail-page.tsx"]).toContain(leaf);
  });

  it.each(NOT_SPECULATED)("leave %s alone", (path) => {
    expect(speculated(path)).toBe(false);
  });

  it("only on the page's own origin", () => {
    expect(speculated("https://other.test/carfinder/100001-1-mercedes-benz-a-180-progressive")).toBe(false);
    expect(speculated("http://dealership.test/carfinder/100001-1-mercedes-benz-a-180-progressive")).toBe(false);
    expect(speculated("https://dealership.test/carfinder/100001-1-mercedes-benz-a-180-progressive#galerie")).toBe(true);
  });

  it("prerender on hover for a mouse, on touch for a phone; both fall back to a prefetch", () => {
    expect(speculationRules("pointer").prerender[0]?.eagerness).toBe("moderate");
    expect(speculationRules("touch").prerender[0]?.eagerness).toBe("conservative");
    expect(speculationRules("touch").prefetch[0]?.eagerness).toBe("moderate");
  });
});

describe("the Speculation-Rules header", () => {
  it.each(["/", "/impressum"])("an islands page (%s) names the rule set, served as application/speculationrules+json", async (path) => {
    const page = await get(path);
    await page.arrayBuffer();
    expect(page.status).toBe(200);
    expect(page.headers.get("Speculation-Rules")).toBe(`"${SPECULATION_RULES_PATHS.pointer}"`);
    // The header's fetch is not subject to the page's CSP; the page's script-src stays as strict as it was.
    expect(page.headers.get("Content-Security-Policy")).toMatch(/script-src 'sha256-[\w+/=]+' 'strict-dynamic'/);
    expect(page.headers.get("Content-Security-Policy")).not.toContain("unsafe-inline' 'strict");

    const rules = await get(SPECULATION_RULES_PATHS.pointer);
    expect(rules.status).toBe(200);
    expect(rules.headers.get("Content-Type")).toBe("application/speculationrules+json");
    expect(await rules.json()).toEqual(speculationRules("pointer"));
  });

  it("a phone (Sec-CH-UA-Mobile: ?1) gets the touch rules", async () => {
    const page = await get("/", { "Sec-CH-UA-Mobile": "?1" });
    await page.arrayBuffer();
    expect(page.headers.get("Speculation-Rules")).toBe(`"${SPECULATION_RULES_PATHS.touch}"`);
    const rules = await get(SPECULATION_RULES_PATHS.touch);
    expect(await rules.json()).toEqual(speculationRules("touch"));
  });

  it.each([
    "/carfinder",
    "/carfinder/100001-1-mercedes-benz-a-180-progressive",
    "/carfinder/vergleichen",
    "/gibt-es-nicht",
    "/admin/redirects",
    "/api/vehicles?ids=100001",
    "/healthz",
  ])("%s (an app page, an error page, admin or API) carries none", async (path) => {
    const response = await get(path);
    await response.arrayBuffer();
    expect(response.headers.get("Speculation-Rules")).toBeNull();
  });
});
