import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { redirectKvKey } from "#redirects/kv-layout.ts";
import { forgetRedirectIndex } from "../adapters/kv-redirect-store.ts";
import { get } from "../test-support/requests.ts";
import { restoringKv } from "../test-support/kv-restore.ts";

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

describe("redirect rule 1: legacy table from KV", () => {
  it("legacy path /angebote answers 301 to /Aktionsangebote", async () => {
    const response = await get("/angebote");
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/Aktionsangebote");
  });

  it("/carfinder-nfz carries the bodystyle list and sorting=price-desc, keeping utm parameters", async () => {
    const response = await get("/carfinder-nfz?utm_source=newsletter");
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(
      "/carfinder?bodystyle=containertransport,chassiscab,panelvan,deliveryvan,tipper,boxbody,frigo,openbody,passengertransport,tarpaulin,standardtractor&sorting=price-desc&utm_source=newsletter",
    );
  });

  it("a contact-person page with trailing slash goes to /ansprechpartner in one hop", async () => {
    const response = await get("/ansprechpartner/alexander-carstensen/");
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/ansprechpartner");
  });

  it("external entries redirect to the absolute target", async () => {
    const response = await get("/trucks");
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toMatch(/^https:\/\//);
  });

  it("an entry without target gives the 404 page-not-found inside the layout", async () => {
    await putLegacyEntry("/alte-seite-ohne-ziel", { target: null, code: 301, external: false });
    const response = await get("/alte-seite-ohne-ziel");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('data-error-type="page-not-found"');
    expect(html).toContain("Hoppla, diese Seite existiert nicht");
    forgetRedirectIndex(env.REDIRECTS);
  });

  it("an absolute target without the external flag is refused (404, never followed)", async () => {
    await putLegacyEntry("/boese", { target: "https://evil.example/", code: 301, external: false });
    const response = await get("/boese");
    expect(response.status).toBe(404);
    expect(response.headers.get("Location")).toBeNull();
    forgetRedirectIndex(env.REDIRECTS);
  });

  it("a javascript: target is refused even when flagged external", async () => {
    await putLegacyEntry("/xss", { target: "javascript:alert(1)", code: 301, external: true });
    const response = await get("/xss");
    expect(response.status).toBe(404);
    expect(response.headers.get("Location")).toBeNull();
    forgetRedirectIndex(env.REDIRECTS);
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
    const response = await get("/carfinder/?bodystyle=suv&sorting=price-asc");
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/carfinder?bodystyle=suv&sorting=price-asc");
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
    const response = await get("/mercedes-benz/eq");
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/mercedes-benz/modelle");
  });

  it("an absolute lookup target answers with a full redirect to it", async () => {
    const response = await get("/mercedes-benz/konfigurator");
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("https://www.mercedes-benz.de/passengercars/buy/configurator.html");
  });

  it("middleware settings from the lookup apply to the page (noindex, no-store)", async () => {
    const journal = await (await get("/uber-uns/journal")).text();
    expect(journal).toContain('<meta name="robots" content="noindex"/>');
    const press = await get("/pressekontakt");
    expect(press.status).toBe(200);
    expect(press.headers.get("Cache-Control")).toBe("no-store");
  });

  it("an unsafe lookup target is ignored", async () => {
    await kv.put("route-lookup:/impressum", JSON.stringify({ target: "javascript:alert(1)" }));
    const response = await get("/impressum");
    expect(response.status).toBe(200);
  });
});
