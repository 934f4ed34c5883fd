import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { redirectKvKey } from "#redirects/kv-layout.ts";
import { forgetRedirectIndex } from "../adapters/kv-redirect-store.ts";
import { get } from "../test-support/requests.ts";
import { restoringKv } from "../test-support/kv-restore.ts";
import { failingD1, fetchWithDb } from "../test-support/d1-faults.ts";
import { expectConsoleError } from "../test-support/setup.ts";

// What a test writes into the seeded table is put back after it (order-independent tests).
const kv = restoringKv(env.REDIRECTS);
afterEach(async () => {
  await kv.restore();
  forgetRedirectIndex(env.REDIRECTS);
});

/** Puts one legacy entry (and an index naming its first segment) straight into KV, as ops might. */
async function putLegacyEntry(path: string, value: { target: string | null; code: number; external: boolean }) {
  await kv.put(redirectKvKey(path), JSON.stringify(value));
  await kv.put("redirect-index:first-segments", JSON.stringify([path.split("/")[1]]));
  forgetRedirectIndex(env.REDIRECTS);
}

/** Status and Location of the answer to `path`. */
async function answerTo(path: string): Promise<{ status: number; location: string | null }> {
  const response = await get(path);
  return { status: response.status, location: response.headers.get("Location") };
}

/** Entries of the seeded legacy table and where they send a visitor (301). */
const LEGACY_REDIRECTS = [
  {
    behaviour: "legacy path /angebote answers 301 to /Aktionsangebote",
    path: "/angebote",
    location: "/Aktionsangebote",
  },
  {
    behaviour: "/carfinder-nfz carries the bodystyle list and sorting=price-desc, keeping utm parameters",
    path: "/carfinder-nfz?utm_source=newsletter",
    location:
      "/carfinder?bodystyle=containertransport,chassiscab,panelvan,deliveryvan,tipper,boxbody,frigo,openbody,passengertransport,tarpaulin,standardtractor&sorting=price-desc&utm_source=newsletter",
  },
  {
    behaviour: "a contact-person page with trailing slash goes to /ansprechpartner in one hop",
    path: "/ansprechpartner/alexander-carstensen/",
    location: "/ansprechpartner",
  },
  {
    behaviour: "external entries redirect to the absolute target",
    path: "/trucks",
    location: "https://www.mercedes-benz-trucks.com/de_DE/home.html",
  },
];

describe("redirect rule 1: legacy table from KV", () => {
  for (const { behaviour, path, location } of LEGACY_REDIRECTS) {
    it(behaviour, async () => {
      expect(await answerTo(path)).toEqual({ status: 301, location });
    });
  }

  it("an entry without target gives the 404 page-not-found inside the layout", async () => {
    await putLegacyEntry("/alte-seite-ohne-ziel", { target: null, code: 301, external: false });
    const response = await get("/alte-seite-ohne-ziel");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('data-error-type="page-not-found"');
    expect(html).toContain("Hoppla, diese Seite existiert nicht");
  });

  it("an entry without target asked for with a trailing slash answers 404 at once (no 301 to the slashless path first)", async () => {
    expect(await answerTo("/corona-hinweise/")).toEqual({ status: 404, location: null });
    expect(await answerTo("/corona-hinweise/?x=1")).toEqual({ status: 404, location: null });
  });

  it.each([
    ["/gebrauchtwagen/fahrzeug/3998120-smart-fortwo-coupe-eq", "/carfinder/3998120-1-smart-3-premium"],
    ["/gebrauchtwagen/fahrzeug/4400871-hymer-b-mc-t-580?utm_source=x", "/carfinder/4400871-1-hymer-b-klasse-masterline-t-780?utm_source=x"],
  ])("a legacy vehicle entry whose slug changed since it was written takes one hop: %s → %s", async (path, location) => {
    expect(await answerTo(path)).toEqual({ status: 301, location });
    // …and that is where the vehicle is (no second hop).
    expect((await get(location)).status).toBe(200);
  });

  it("D1 failing: a legacy vehicle entry still redirects, to the target as written", async () => {
    const down = await fetchWithDb("/gebrauchtwagen/fahrzeug/3998120-smart-fortwo-coupe-eq", failingD1(/vehicles/));
    expect(down.status).toBe(301);
    expect(down.headers.get("Location")).toBe("/carfinder/3998120-1-smart-fortwo-coupe-eq");
    expectConsoleError(/^D1: legacy vehicle target unavailable/);
  });

  it("a vehicle target of another brand or an unknown vehicle: the target as written (the vehicle page decides)", async () => {
    await putLegacyEntry("/alt-fremdmarke", { target: "/hyundai/carfinder/3998120-1-alt", code: 301, external: false });
    expect(await answerTo("/alt-fremdmarke")).toEqual({ status: 301, location: "/hyundai/carfinder/3998120-1-alt" });
    await putLegacyEntry("/alt-unbekannt", { target: "/carfinder/999999999-1-alt", code: 301, external: false });
    expect(await answerTo("/alt-unbekannt")).toEqual({ status: 301, location: "/carfinder/999999999-1-alt" });
  });

  it("an absolute target without the external flag is refused (404, never followed)", async () => {
    await putLegacyEntry("/boese", { target: "https://evil.example/", code: 301, external: false });
    expect(await answerTo("/boese")).toEqual({ status: 404, location: null });
  });

  it("a javascript: target is refused even when flagged external", async () => {
    await putLegacyEntry("/xss", { target: "javascript:alert(1)", code: 301, external: true });
    expect(await answerTo("/xss")).toEqual({ status: 404, location: null });
  });

  it("paths whose first segment has no legacy entry never read the redirect key", async () => {
    forgetRedirectIndex(env.REDIRECTS);
    await get("/impressum"); // warms the per-isolate prefix index
    const kvGet = vi.spyOn(env.REDIRECTS, "get");
    await get("/impressum");
    const keys = kvGet.mock.calls.map(([key]) => String(key));
    expect(keys.filter((key) => key.startsWith("redirect:"))).toEqual([]);
  });
});

describe("redirect rule 2: trailing slash", () => {
  it("a path ending in / redirects 301 to the same path without slash, keeping the query", async () => {
    expect(await answerTo("/carfinder/?bodystyle=suv&sorting=price-asc")).toEqual({
      status: 301,
      location: "/carfinder?bodystyle=suv&sorting=price-asc",
    });
  });

  it("the root path / is not redirected", async () => {
    expect((await get("/")).status).toBe(200);
  });

  it("//evil.example/ cannot become a protocol-relative redirect", async () => {
    const response = await get("//evil.example/");
    expect(response.headers.get("Location") ?? "").not.toMatch(/^\/\//);
  });
});

describe("redirect rule 3: dynamic route lookup", () => {
  it("an internal lookup target answers 301 to the path", async () => {
    expect(await answerTo("/mercedes-benz/eq")).toEqual({ status: 301, location: "/mercedes-benz/modelle" });
  });

  it("an absolute lookup target answers with a full redirect to it", async () => {
    expect(await answerTo("/mercedes-benz/konfigurator")).toEqual({
      status: 301,
      location: "https://www.mercedes-benz.de/passengercars/buy/configurator.html",
    });
  });

  it("middleware settings from the lookup apply to the page (noindex, no-store)", async () => {
    const journal = await (await get("/uber-uns/journal")).text();
    expect(journal).toContain('<meta name="robots" content="noindex"/>');
    const press = await get("/pressekontakt");
    expect(press.status).toBe(200);
    expect(press.headers.get("Cache-Control")).toBe("no-store");
  });

  it.each([
    "javascript:alert(1)",
    "//evil.example/",
    "/\\evil.example/",
    "/.//evil.example/",
    "\t//evil.example/",
    "https://user:pass@evil.example/",
    "ftp://evil.example/",
    "impressum-neu",
  ])("a lookup target that breaks the redirect table's rules (%j) is ignored, its middleware still applies", async (target) => {
    await kv.put("route-lookup:/impressum", JSON.stringify({ target, middleware: { noStore: true } }));
    const response = await get("/impressum");
    expect(response.status).toBe(200);
    expect(response.headers.get("Location")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await (await get("/api/route-lookup?path=/impressum")).json()).toEqual({ middleware: { noStore: true } });
  });
});
