import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import type { AppEnv } from "../env.ts";
import { keptReads } from "../adapters/kept-reads.ts";
import { STOCK_VERSION_KEY } from "../adapters/stock-version.ts";
import { consentState } from "../middleware/consent-state.ts";
import { requestContext } from "../middleware/request-context.ts";
import { securityHeaders } from "../middleware/security-headers.ts";
import { BROWSER_UA, get, ORIGIN } from "../test-support/requests.ts";
import { clearHtmlMemory } from "./html-cache.ts";
import { htmlETag, ifNoneMatchHits } from "./html-validators.ts";

const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
/** A returning visitor: has the locale cookie, so the page is "public" and sets no cookie. */
const VISITOR = { Cookie: "locale=de" };
/** A content page with a lead form: hydrates through the app's entry, its scripts carry the nonce. */
const NONCE_PAGE = "/werkstatt/online-werkstatttermin";

/** A request whose background work (the HTML cache's copy) has run before it returns. */
async function settled(path: string, headers: Record<string, string> = VISITOR): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await createApp().fetch(
    new Request(`${ORIGIN}${path}`, { headers: { "User-Agent": BROWSER_UA, ...headers } }),
    env,
    ctx,
  );
  await response.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return response;
}

afterEach(() => {
  clearHtmlMemory();
  keptReads.forget();
});

describe("validators on cached HTML", () => {
  it("a cached page has a weak ETag named by its key, the same on the miss and on every hit whatever the nonce", async () => {
    const first = await settled(NONCE_PAGE);
    const etag = first.headers.get("ETag");
    expect(etag).toMatch(/^W\/"[0-9a-f]{24}"$/);
    const hits = [await get(NONCE_PAGE, { headers: VISITOR }), await get(NONCE_PAGE, { headers: VISITOR })];
    for (const response of hits) {
      await response.arrayBuffer();
      expect(response.headers.get("X-Html-Cache")).toBe("hit");
      expect(response.headers.get("ETag")).toBe(etag);
    }
    expect(nonceOf(hits[0]!)).toBeTruthy();
    expect(nonceOf(hits[0]!)).not.toBe(nonceOf(hits[1]!));
  });

  it("If-None-Match with it: 304 without a body, a CSP or a Content-Type, before anything is read; Vary: Cookie stays", async () => {
    const etag = (await settled(NONCE_PAGE)).headers.get("ETag")!;
    clearHtmlMemory(); // and the location's copy is not read either: the 304 comes from the key
    for (const ifNoneMatch of [etag, `"other", ${etag}`, etag.replace(/^W\//, "")]) {
      const response = await get(NONCE_PAGE, { headers: { ...VISITOR, "If-None-Match": ifNoneMatch } });
      expect(response.status, ifNoneMatch).toBe(304);
      expect(await response.text()).toBe("");
      expect(response.headers.get("ETag")).toBe(etag);
      expect(response.headers.get("Content-Security-Policy")).toBeNull();
      expect(response.headers.get("Content-Type")).toBeNull();
      expect(response.headers.get("Link")).toBeNull();
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
      expect(response.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
      expect(response.headers.get("X-Html-Cache")).toBe("not-modified");
    }
  });

  it("an islands page: the same ETag on its gzipped hit, a 304 for it", async () => {
    const etag = (await settled("/impressum")).headers.get("ETag")!;
    const gzipped = await get("/impressum", { headers: { ...VISITOR, "Accept-Encoding": "gzip" } });
    await gzipped.arrayBuffer();
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(gzipped.headers.get("ETag")).toBe(etag);
    const response = await get("/impressum", { headers: { ...VISITOR, "If-None-Match": etag } });
    expect(response.status).toBe(304);
    expect(response.headers.get("Content-Security-Policy")).toBeNull();
  });

  it("a stale ETag gets the page: a new content version, a new stock version", async () => {
    const path = "/datenschutz";
    const etag = (await settled(path)).headers.get("ETag")!;
    const space = (await env.REDIRECTS.get("demo-space:space"))!;
    const stock = await env.REDIRECTS.get(STOCK_VERSION_KEY);
    const { space: record } = JSON.parse(space) as { space: { version: number } };
    try {
      await env.REDIRECTS.put("demo-space:space", JSON.stringify({ space: { ...record, version: record.version + 1 } }));
      keptReads.forget();
      const afterPublish = await get(path, { headers: { ...VISITOR, "If-None-Match": etag } });
      expect(afterPublish.status).toBe(200);
      const published = afterPublish.headers.get("ETag")!;
      expect(published).not.toBe(etag);
      await afterPublish.text();
      await env.REDIRECTS.put(STOCK_VERSION_KEY, `${stock ?? "none"}-next`);
      keptReads.forget();
      const afterImport = await get(path, { headers: { ...VISITOR, "If-None-Match": published } });
      expect(afterImport.status).toBe(200);
      expect(afterImport.headers.get("ETag")).not.toBe(published);
      await afterImport.text();
    } finally {
      await env.REDIRECTS.put("demo-space:space", space);
      if (stock === null) await env.REDIRECTS.delete(STOCK_VERSION_KEY);
      else await env.REDIRECTS.put(STOCK_VERSION_KEY, stock);
    }
  });

  it("another consent state is another page: its ETag differs", async () => {
    const undecided = (await settled("/karriere")).headers.get("ETag")!;
    const now = Math.floor(Date.now() / 1000);
    const granted = await get("/karriere", {
      headers: { Cookie: `locale=de; agn_consent=v1.maps-video.${now}`, "If-None-Match": undecided },
    });
    expect(granted.status).toBe(200);
    await granted.arrayBuffer();
    expect(granted.headers.get("ETag")).toMatch(/^W\//);
    expect(granted.headers.get("ETag")).not.toBe(undecided);
  });

  it.each([
    ["a page the HTML cache does not keep", "/carfinder", 200],
    ["a 404", "/gibt-es-nicht-xyz", 404],
    ["a confirmation with the visitor's reference", "/ankauf?anfrage=K7M3-Q9PX", 200],
  ])("no ETag, and no 304, on %s", async (_, path, status) => {
    const response = await get(path, { headers: { ...VISITOR, "If-None-Match": "*" } });
    await response.arrayBuffer();
    expect(response.status).toBe(status);
    expect(response.headers.get("ETag")).toBeNull();
  });
});

describe("the ETag and If-None-Match", () => {
  const key = {
    origin: "https://a.test",
    environment: "production",
    siteOrigin: "https://www.autohaus.example",
    source: "demo",
    path: "/werkstatt",
    buildId: "b1",
    cv: 7,
    stockVersion: "s1",
    settings: "v1",
    consent: "undecided",
    notices: "-",
  };
  const noon = Date.UTC(2026, 10, 28, 12);

  it("names every part of the key, and the day; the same key on the same day is the same ETag", async () => {
    const etag = await htmlETag(key, noon);
    expect(await htmlETag({ ...key }, noon + 3_600_000)).toBe(etag);
    for (const other of [
      { buildId: "b2" },
      { cv: 8 },
      { stockVersion: "s2" },
      { consent: "none" },
      { path: "/werkstatt?seite=2" },
      { settings: "v2" },
    ])
      expect(await htmlETag({ ...key, ...other }, noon), JSON.stringify(other)).not.toBe(etag);
    expect(await htmlETag(key, noon + 86_400_000)).not.toBe(etag);
    expect(etag).not.toContain("undecided");
  });

  it("compares weakly, takes lists; * is not taken (a 404 has a key too)", () => {
    expect(ifNoneMatchHits('W/"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHits('"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHits(' "x" , W/"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHits("*", 'W/"abc"')).toBe(false);
    expect(ifNoneMatchHits('W/"abd"', 'W/"abc"')).toBe(false);
    expect(ifNoneMatchHits(null, 'W/"abc"')).toBe(false);
    expect(ifNoneMatchHits("", 'W/"abc"')).toBe(false);
  });
});

it("the security headers leave a 304 without a CSP: the browser keeps the one stored with its copy", async () => {
  const app = new Hono<AppEnv>();
  app.use("*", requestContext());
  app.use("*", consentState());
  app.use("*", securityHeaders());
  app.get("/page", () => new Response(null, { status: 304, headers: { "Content-Type": "text/html; charset=utf-8", ETag: 'W/"a"' } }));
  app.get("/full", () => new Response("<p>x</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } }));
  const ctx = createExecutionContext();
  const notModified = await app.fetch(new Request(`${ORIGIN}/page`, { headers: { "User-Agent": BROWSER_UA } }), env, ctx);
  expect(notModified.status).toBe(304);
  expect(notModified.headers.get("Content-Security-Policy")).toBeNull();
  expect(notModified.headers.get("X-Content-Type-Options")).toBe("nosniff");
  const full = await app.fetch(new Request(`${ORIGIN}/full`, { headers: { "User-Agent": BROWSER_UA } }), env, ctx);
  expect(full.headers.get("Content-Security-Policy")).toContain("script-src 'nonce-");
  await waitOnExecutionContext(ctx);
});
