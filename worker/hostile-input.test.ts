import { describe, expect, it, vi } from "vitest";
import { get } from "./test-support/requests.ts";
import { appointmentDay, leadCount, plainTestDrivePost, postLead, postPlainForm, TEST_DRIVE_PAGE } from "./test-support/fake-leads.ts";

/**
 * Hostile input across the routes and APIs: path tricks, prototype names as
 * segments, invalid UTF-8, script in every query parameter a page shows back. Nothing may answer
 * 500, and nothing may reflect script.
 */
const SCRIPT = "<script>alert(1)</script>";
const ENCODED = encodeURIComponent(SCRIPT);

const PATHS = [
  "/..%2f..%2fetc%2fpasswd",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/carfinder/%2e%2e%2fwrangler.toml",
  "/center/a%2Fb",
  "/__proto__",
  "/constructor",
  "/__proto__/modelle",
  "/constructor/carfinder",
  "/hyundai/modelle/__proto__",
  "/hyundai/modelle/constructor/preisliste.pdf",
  "/stock/__proto__/100001-1-x",
  "/stock/private-lease/__proto__",
  "/__proto__/stock/private-lease",
  "/hyundai/stock/constructor",
  "/hyundai/stock/private-lease/__proto__",
  "/center/__proto__",
  "/hyundai/locations/constructor",
  "/carfinder/__proto__",
  "/carfinder/100001-1-x%00",
  "/%C3%28",
  "/%FF%FE",
  "/carfinder/%E0%A4%A",
  `/${"a".repeat(4_000)}`,
  "/api/models/__proto__",
  "/api/models/constructor?model=__proto__",
  "/api/vehicles/__proto__",
  "/api/locations/constructor",
  "/api/content/pages/__proto__",
  "/api/vehicles?ids=__proto__,constructor",
  "/api/route-lookup?path=/__proto__",
  "/api/places/locate?ort=__proto__",
  "/api/employees?standort=__proto__&abteilung=constructor&marke=toString",
];

const QUERIES = [
  `/carfinder?q=${ENCODED}&brand=${ENCODED}&sorting=${ENCODED}&pricetype=${ENCODED}&price_min=${ENCODED}`,
  `/carfinder?__proto__[x]=1&constructor=1&toString=1`,
  `/standorte?ort=${ENCODED}&marke=${ENCODED}`,
  `/standorte?plz=${ENCODED}`,
  `/ansprechpartner?suche=${ENCODED}&standort=${ENCODED}&abteilung=${ENCODED}&marke=${ENCODED}&seite=${ENCODED}`,
  `/stock/private-lease?marke=${ENCODED}&felgen=${ENCODED}&seite=${ENCODED}`,
  `/mercedes-benz/modelle?kraftstoff=${ENCODED}&karosserie=${ENCODED}&sortierung=${ENCODED}`,
  `/stock/100001-1-mercedes-benz-a-180-progressive/lease-calculator?laufzeit=${ENCODED}&km=${ENCODED}&anzahlung=${ENCODED}&kunde=${ENCODED}`,
  `/carfinder/100001-1-mercedes-benz-a-180-progressive/probefahrt?angebot=${ENCODED}`,
  `/werkstatt?anfrage=${ENCODED}`,
  `/uber-uns/journal?seite=${ENCODED}`,
  `/api/vehicles/search?q=${ENCODED}&page=${ENCODED}`,
];

/** `path` answers below 500, and its body holds neither SCRIPT nor anything matching `leak`. */
async function expectHarmless(path: string, leak: RegExp): Promise<void> {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  const response = await get(path);
  const body = await response.text();
  expect(response.status, path).toBeLessThan(500);
  expect(body).not.toContain(SCRIPT);
  expect(body).not.toMatch(leak);
}

describe("hostile input never gives a 500 and never reflects script", () => {
  it.each(PATHS)("path %s", (path) => expectHarmless(path, /function Object\(\)|\[native code\]|D1_ERROR|at Object\./));

  it.each(QUERIES)("query %s", (path) => expectHarmless(path, /<script>alert|onerror=alert/i));

  it("prototype keys in a JSON API body are refused or ignored, never merged", async () => {
    const response = await get("/api/leads", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://dealership.test" },
      body: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"type":"contact"}',
    });
    expect(response.status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("hostile bodies and headers", () => {
  it("script in every text field of a plain form post: re-rendered escaped on a problem, nothing stored", async () => {
    const body = plainTestDrivePost({
      preferredDate1: appointmentDay(4),
      timeOfDay: SCRIPT,
      firstName: SCRIPT,
      lastName: `Feindlich${SCRIPT}`,
      email: `${SCRIPT}@example.test`,
      phone: SCRIPT,
      message: SCRIPT,
    });
    const response = await postPlainForm(TEST_DRIVE_PAGE, body);
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).not.toContain(SCRIPT);
    expect(html).toContain("&lt;script&gt;");
    expect(await leadCount("payload LIKE ?", "%Feindlich%")).toBe(0);
  });

  it("oversized and malformed bodies are refused before anything is stored", async () => {
    const before = await leadCount("1 = 1");
    const huge = JSON.stringify({ kind: "contact", message: "x".repeat(3 * 1024 * 1024) });
    expect((await postLead(undefined, { raw: huge, headers: { "Content-Type": "application/json" } })).status).toBe(413);
    const invalidUtf8 = new Uint8Array([0x7b, 0x22, 0x6b, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    expect((await postLead(undefined, { raw: invalidUtf8, headers: { "Content-Type": "application/json" } })).status).toBe(400);
    expect((await postLead(undefined, { raw: '{"kind":', headers: { "Content-Type": "application/json" } })).status).toBe(400);
    expect(await leadCount("1 = 1")).toBe(before);
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const report = await get("/csp-report", {
      method: "POST",
      headers: { "Content-Type": "application/csp-report" },
      body: JSON.stringify({ "csp-report": { "document-uri": "x".repeat(64 * 1024) } }),
    });
    expect(report.status).toBe(413);
    const webhook = await get("/webhooks/storyblok", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "x".repeat(2 * 1024 * 1024),
    });
    expect(webhook.status).toBeGreaterThanOrEqual(400);
    expect(webhook.status).toBeLessThan(500);
  });

  it("oversized headers and hostile header values give no 500 and are never reflected", async () => {
    const cases: Array<{ headers: Record<string, string>; userAgent?: string }> = [
      { headers: { Cookie: `agn_consent=${"v1.".repeat(5_000)}; locale=${SCRIPT}` } },
      { headers: {}, userAgent: `${"Mozilla/5.0 ".repeat(700)}${SCRIPT}` },
      { headers: { "Accept-Language": `${SCRIPT},de;q=0.9`, Referer: `https://evil.example/${ENCODED}` } },
      { headers: { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "javascript" } },
    ];
    for (const { headers, userAgent } of cases) {
      const response = await get("/carfinder", { headers, ...(userAgent && { userAgent }) });
      expect(response.status, Object.keys(headers).join() || "User-Agent").toBeLessThan(500);
      const html = await response.text();
      expect(html).not.toContain(SCRIPT);
      expect(html).not.toContain("evil.example");
    }
  });
});

describe("hostile requests of the second probe: nothing leaves the site, nothing grows with the request", () => {
  const FORM = { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://dealership.test", "Sec-Fetch-Site": "same-origin" };
  const lead = "kind=direct_contact&topic=sales&firstName=A&lastName=Umweg&email=a%40example.test&message=x&privacyAccepted=on";
  const CASES: Array<{ name: string; path: string; init: RequestInit }> = [
    {
      name: "8 MB cross-site form post",
      path: "/directcontact",
      init: {
        method: "POST",
        headers: { ...FORM, Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
        body: `${lead}&pad=${"x".repeat(8 * 1024 * 1024)}`,
      },
    },
    {
      name: "8 MB same-origin form post to a 404 path",
      path: "/nope-xyz",
      init: { method: "POST", headers: FORM, body: `pad=${"x".repeat(8 * 1024 * 1024)}` },
    },
    {
      name: "8 MB form post to the sitemap",
      path: "/sitemap.xml",
      init: { method: "POST", headers: FORM, body: `pad=${"x".repeat(8 * 1024 * 1024)}` },
    },
    { name: "400,000 empty fields", path: "/directcontact", init: { method: "POST", headers: FORM, body: "a=&".repeat(400_000) } },
    {
      name: "consent back via a dot segment",
      path: "/cookie-einstellungen",
      init: { method: "POST", headers: FORM, body: "choice=none&back=%2F.%2F%2Fevil.example" },
    },
    {
      name: "consent back via a parent segment",
      path: "/cookie-einstellungen",
      init: { method: "POST", headers: FORM, body: "choice=none&back=/..//evil.example" },
    },
    { name: "a lead posted to a protocol-relative path", path: "//evil.example/x", init: { method: "POST", headers: FORM, body: lead } },
    { name: "a lead posted to a backslash path", path: "/\\evil.example/x", init: { method: "POST", headers: FORM, body: lead } },
    { name: "a protocol-relative GET", path: "//evil.example/", init: {} },
  ];

  it.each(CASES)("$name", async ({ path, init }) => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const response = await get(path, init);
    const body = await response.text();
    expect(response.status).toBeLessThan(500);
    expect(body.length).toBeLessThan(100_000);
    const location = response.headers.get("Location");
    if (location !== null) expect(new URL(location, "https://www.example.de").origin).toBe("https://www.example.de");
    expect(await leadCount("payload LIKE ?", "%Umweg%")).toBe(0);
  });
});

describe("hostile stock feeds: nothing breaks a page, nothing absurd reaches the stock", () => {
  it("script in every text field, absurd numbers, duplicated keys and prototype names in one pushed export", async () => {
    const { env } = await import("cloudflare:workers");
    const { importStock, readCenterSlugs } = await import("./adapters/d1-stock-import.ts");
    const { readFeedFile } = await import("#domain/stock-feed/feed-file.ts");
    const example = (await import("../docs/examples/dms-stock.json")).default;
    const base = example.vehicles[0] as Record<string, unknown>;
    const rows = [
      { ...base, key: "h-script", title: SCRIPT, variant: SCRIPT, exteriorColor: SCRIPT, interiorColor: SCRIPT, features: [SCRIPT] },
      { ...base, key: "h-huge", price: 1e15, mileageKm: -5, powerKw: "∞", seats: 1e9 },
      { ...base, key: "h-twice" },
      { ...base, key: "h-twice", price: 1 },
      { ...base, key: "__proto__" },
      { ...base, key: "h-proto", constructor: { prototype: { polluted: true } } },
    ];
    // A row's own "__proto__" property is data (JSON.parse), never the row's prototype.
    const text = JSON.stringify({ vehicles: rows }).replace('"key":"h-proto"', '"__proto__":{"price":1,"polluted":true},"key":"h-proto"');
    const feed = readFeedFile(text, "json", { centers: await readCenterSlugs(env.DB), thisMonth: "2026-11" });
    const result = await importStock(env.DB, env.REDIRECTS, { source: "hostile", trigger: "cli", rows: feed, force: false, dryRun: false });
    // Added: the scripted row (as text) and h-proto at its own price; refused: the absurd numbers,
    // both rows of the key named twice, and "__proto__" as a key.
    expect(result).toMatchObject({ outcome: "applied", added: 2, rejected: 4 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(feed.unmapped.map((issue) => issue.value)).toContain(SCRIPT);
    const ids = await env.DB.prepare(
      "SELECT vehicle_id AS id, source_key FROM vehicle_sources WHERE source_key LIKE 'hostile:%' ORDER BY source_key",
    ).all<{
      id: number;
      source_key: string;
    }>();
    expect(ids.results.map((row) => row.source_key)).toEqual(["hostile:h-proto", "hostile:h-script"]);
    const proto = await env.DB.prepare("SELECT price_purchase FROM vehicles WHERE id = ?").bind(ids.results[0]!.id).first();
    expect(proto).toEqual({ price_purchase: 48_990 });
    const scripted = ids.results.find((row) => row.source_key === "hostile:h-script")!;
    const page = await get(`/carfinder/${scripted.id}-1-script-alert-1-script`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).not.toContain(SCRIPT);
    for (const path of ["/carfinder", "/carfinder?sort=price_asc", "/sitemap.xml"]) expect((await get(path)).status).toBeLessThan(500);
  });
});
