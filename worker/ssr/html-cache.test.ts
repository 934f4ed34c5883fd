import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { BROWSER_UA, get, ORIGIN } from "../test-support/requests.ts";
import { keptReads } from "../adapters/kept-reads.ts";
import { acceptsGzip, clearHtmlMemory, htmlCacheSearch, htmlCacheUrl, NONCE_PLACEHOLDER, withNonce } from "./html-cache.ts";
import { leafHandleOf } from "./render-page.tsx";

const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];

/**
 * The copy is stored after the visitor's stream ends (waitUntil): one request whose background work
 * is awaited (waitOnExecutionContext), then the next one must be a hit — no polling, no timing.
 */
async function getUntilCached(path: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const headers = new Headers(init.headers);
  headers.set("User-Agent", BROWSER_UA);
  const first = await createApp().fetch(new Request(`${ORIGIN}${path}`, { ...init, headers }), env, ctx);
  await first.arrayBuffer();
  await waitOnExecutionContext(ctx);
  if (first.headers.get("X-Html-Cache") === "hit") return get(path, init);
  const response = await get(path, init);
  if (response.headers.get("X-Html-Cache") !== "hit")
    throw new Error(`${path} was not served from the HTML cache after its first render settled`);
  return response;
}

afterEach(() => clearHtmlMemory());

it("an islands page is rendered once per cv, then served as the same bytes with its script hash, gzipped once for browsers (ADR 0018)", async () => {
  const first = await get("/impressum");
  expect(first.headers.get("X-Html-Cache")).toBe("miss");
  const csp = first.headers.get("Content-Security-Policy");
  expect(csp).toMatch(/script-src 'sha256-/);
  const rendered = await first.text();
  const cached = await getUntilCached("/impressum");
  expect(cached.headers.get("Content-Encoding")).toBeNull();
  expect(await cached.text()).toBe(rendered);
  expect(cached.headers.get("Content-Security-Policy")).toBe(csp);
  expect(cached.headers.get("Vary")).toBe("Cookie, Accept-Encoding");
  // Browsers get the stored gzip bytes, the same on every hit (the stored buffer is not handed away).
  for (let hit = 0; hit < 2; hit += 1) {
    const gzipped = await get("/impressum", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(gzipped.headers.get("X-Html-Cache")).toBe("hit");
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(gzipped.headers.get("Content-Type")).toContain("text/html");
    // fetch() decodes Content-Encoding for its caller, as a browser does.
    expect(await gzipped.text()).toBe(rendered);
  }
  // A client that refuses gzip gets the plain bytes.
  const refused = await get("/impressum", { headers: { "Accept-Encoding": "gzip;q=0, identity" } });
  expect(refused.headers.get("Content-Encoding")).toBeNull();
  expect(await refused.text()).toBe(rendered);
});

it("a page that hydrates through the app's entry is cached with its nonce as a placeholder and gets a fresh one on every hit", async () => {
  // A content page with a lead form: not an islands page (routes/editorial-pages.ts).
  const path = "/werkstatt/online-werkstatttermin";
  const first = await get(path);
  expect(first.headers.get("X-Html-Cache")).toBe("miss");
  const rendered = await first.text();
  const cached = await getUntilCached(path);
  const html = await cached.text();
  const nonce = nonceOf(cached)!;
  expect(nonce).toBeTruthy();
  expect(nonce).not.toBe(nonceOf(first));
  expect(html).toContain(`nonce="${nonce}"`);
  expect(html).not.toContain(NONCE_PLACEHOLDER);
  expect(html.replaceAll(nonce, "N")).toBe(rendered.replaceAll(nonceOf(first)!, "N"));
  expect(cached.headers.get("Content-Type")).toContain("text/html");
});

it("a copy in the location's cache (a new isolate) is served like the one in memory", async () => {
  const rendered = await (await getUntilCached("/fahrzeugmiete")).text();
  clearHtmlMemory();
  const fromEdge = await get("/fahrzeugmiete", { headers: { "Accept-Encoding": "gzip" } });
  expect(fromEdge.headers.get("X-Html-Cache")).toBe("hit");
  expect(fromEdge.headers.get("Content-Security-Policy")).toMatch(/script-src 'sha256-/);
  expect(fromEdge.headers.get("Content-Encoding")).toBe("gzip");
  expect(await fromEdge.text()).toBe(rendered);
});

it("gzip is taken unless refused (q=0)", () => {
  expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
  expect(acceptsGzip("br;q=1.0, gzip;q=0.8")).toBe(true);
  expect(acceptsGzip("*")).toBe(true);
  expect(acceptsGzip("gzip;q=0")).toBe(false);
  expect(acceptsGzip("identity")).toBe(false);
  expect(acceptsGzip(null)).toBe(false);
});

it("a new content version makes the cached page unreachable (within a second in an isolate that did not write it)", async () => {
  await getUntilCached("/datenschutz");
  const space = JSON.parse((await env.REDIRECTS.get("demo-space:space"))!) as { space: { version: number } };
  await env.REDIRECTS.put("demo-space:space", JSON.stringify({ space: { ...space.space, version: space.space.version + 1 } }));
  try {
    // Written behind this isolate's back (a re-seed, another isolate's webhook): the kept cv holds for up to a second.
    expect((await get("/datenschutz")).headers.get("X-Html-Cache")).toBe("hit");
    keptReads.forget(); // what the webhook does in its isolate, or a second passing
    expect((await get("/datenschutz")).headers.get("X-Html-Cache")).toBe("miss");
  } finally {
    await env.REDIRECTS.put("demo-space:space", JSON.stringify(space));
  }
});

it("HTML_CACHE=off renders every request and stores nothing (ops switch, the bench's uncached rows)", async () => {
  const off = { ...env, HTML_CACHE: "off" } as Env;
  for (let i = 0; i < 3; i += 1) {
    const context = createExecutionContext();
    const response = await createApp().fetch(
      new Request("http://dealership.test/karriere", { headers: { "User-Agent": BROWSER_UA } }),
      off,
      context,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Html-Cache")).toBeNull();
    await response.text();
    await waitOnExecutionContext(context);
  }
  // nothing was stored on the way: with the cache on, the first request is a miss
  expect((await get("/karriere")).headers.get("X-Html-Cache")).toBe("miss");
});

it("pages with live per-request decisions are never cached", async () => {
  // the server route lookup carries middleware settings for this path
  expect((await get("/uber-uns/journal")).headers.get("X-Html-Cache")).toBeNull();
  expect((await get("/carfinder")).headers.get("X-Html-Cache")).toBeNull();
  // not-found answers are rendered each time (only 200s are stored)
  const missing = await get("/gibt-es-nicht-xyz");
  expect(missing.status).toBe(404);
  expect(missing.headers.get("X-Html-Cache")).toBeNull();
});

it("cache keys separate origin, environment, SITE_ORIGIN, content source, build, cv, stock, consent and path; the placeholder round-trips", () => {
  const key = {
    origin: "https://a.test",
    environment: "production",
    siteOrigin: "https://www.autohaus.example",
    source: "demo",
    path: "/x?seite=2",
    buildId: "b1",
    cv: 7,
    stockVersion: "s1",
    consent: "undecided",
  };
  expect(htmlCacheUrl(key)).not.toBe(htmlCacheUrl({ ...key, cv: 8 }));
  expect(htmlCacheUrl(key)).not.toBe(htmlCacheUrl({ ...key, stockVersion: "s2" }));
  expect(htmlCacheUrl(key)).not.toBe(htmlCacheUrl({ ...key, origin: "https://b.test" }));
  expect(htmlCacheUrl(key)).not.toBe(htmlCacheUrl({ ...key, environment: "development" }));
  expect(htmlCacheUrl(key)).not.toBe(htmlCacheUrl({ ...key, siteOrigin: "request" }));
  expect(htmlCacheUrl(key)).not.toBe(htmlCacheUrl({ ...key, buildId: "b2" }));
  expect(htmlCacheUrl(key)).not.toBe(htmlCacheUrl({ ...key, source: "sb-0123456789abcdef" }));
  expect(htmlCacheUrl(key)).not.toBe(htmlCacheUrl({ ...key, consent: "none" }));
  expect(withNonce(`<script nonce="${NONCE_PLACEHOLDER}">`, "abc")).toBe('<script nonce="abc">');
});

it("a copy a development run stored for a forged Host is never served by a production run sharing the cache", async () => {
  const forged = "http://evil.example/werkstatt";
  const fetchWith = async (vars: Record<string, string>) => {
    const ctx = createExecutionContext();
    const response = await createApp().fetch(
      new Request(forged, { headers: { "User-Agent": BROWSER_UA } }),
      { ...env, ...vars } as Env,
      ctx,
    );
    const html = await response.text();
    await waitOnExecutionContext(ctx);
    return { cache: response.headers.get("X-Html-Cache"), html };
  };
  const development = { ENVIRONMENT: "development" };
  await fetchWith(development);
  const again = await fetchWith(development);
  expect(again.cache).toBe("hit");
  expect(again.html).toContain("evil.example");
  const production = await fetchWith({ ENVIRONMENT: "production", SITE_ORIGIN: "https://www.autohaus.example" });
  expect(production.cache).toBe("miss");
  expect(production.html).not.toContain("evil.example");
});

it("a visitor who granted consent and an undecided one never get each other's cached HTML", async () => {
  const now = Math.floor(Date.now() / 1000);
  const grantedCookie = { headers: { Cookie: `agn_consent=v1.maps-video.${now}` } };
  const undecidedHtml = await (await getUntilCached("/uber-uns/das-sind-wir")).text();
  const first = await get("/uber-uns/das-sind-wir", grantedCookie);
  expect(first.headers.get("X-Html-Cache")).toBe("miss");
  await first.text();
  const grantedHtml = await (await getUntilCached("/uber-uns/das-sind-wir", grantedCookie)).text();
  // undecided: banner, placeholders; granted: no banner, the map and the video framed directly
  expect(undecidedHtml).toContain('class="consent-banner"');
  expect(undecidedHtml).not.toContain("<iframe");
  expect(grantedHtml).not.toContain('class="consent-banner"');
  expect(grantedHtml).toContain('<iframe src="https://www.openstreetmap.org/export/embed.html');
  expect(grantedHtml).toContain('<iframe src="https://www.youtube-nocookie.com/embed/');
  // and the undecided copy is still the undecided one
  expect(await (await getUntilCached("/uber-uns/das-sind-wir")).text()).toContain('class="consent-banner"');
});

it("the key keeps only the canonical set and seite 2–500, sorted; personal queries are never cached", () => {
  expect(htmlCacheSearch("")).toBe("");
  expect(htmlCacheSearch("?utm_source=news&gclid=abc&fbclid=x")).toBe("");
  expect(htmlCacheSearch("?utm_source=x&sorting=price-desc&bodystyle=suv")).toBe("?bodystyle=suv&sorting=price-desc");
  expect(htmlCacheSearch("?brand=smart&page=3")).toBe("?brand=smart&page=3");
  expect(htmlCacheSearch("?brand=%3Cscript%3E&sorting=")).toBe("");
  expect(htmlCacheSearch(`?brand=${"x".repeat(41)}`)).toBe("");
  expect(htmlCacheSearch("?utm_source=x&seite=2&gclid=y")).toBe("?seite=2");
  expect(htmlCacheSearch("?seite=02")).toBe("?seite=2");
  for (const page of ["1", "0", "501", "abc", "2.5", ""]) expect(htmlCacheSearch(`?seite=${page}`), page).toBe("");
  expect(htmlCacheSearch("?anfrage=K7M3-Q9PX")).toBeNull();
  expect(htmlCacheSearch("?kennzeichen=HH-AB%201234&utm_source=x")).toBeNull();
  expect(htmlCacheSearch("?__proto__=1&constructor=2")).toBe("");
});

it("random query strings neither bypass nor fill the cache, and no visitor's query reaches the stored copy", async () => {
  const clean = await (await getUntilCached("/impressum")).text();
  const tracked = await get("/impressum?utm_source=newsletter&email=erika%40example.de");
  expect(tracked.headers.get("X-Html-Cache")).toBe("hit");
  const html = await tracked.text();
  expect(html).not.toContain("erika");
  expect(html.replace(/nonce-?[\w"=+/-]*/g, "")).toBe(clean.replace(/nonce-?[\w"=+/-]*/g, ""));
  // A first visit with a random query renders the clean page and stores it under the clean key.
  clearHtmlMemory();
  const first = await get("/werkstatt?x=1&email=max%40example.de");
  expect(first.headers.get("X-Html-Cache")).toBe("miss");
  expect(await first.text()).not.toContain("max%40example.de");
  expect((await getUntilCached("/werkstatt")).headers.get("X-Html-Cache")).toBe("hit");
});

it("a lead confirmation (?anfrage=) is rendered for its visitor and never stored", async () => {
  const response = await get("/ankauf?anfrage=K7M3-Q9PX");
  expect(response.headers.get("X-Html-Cache")).toBeNull();
  expect(await response.text()).toContain("K7M3-Q9PX");
});

it("the leaf route of a path is matched once per isolate and answers the same every time (HTML cache and form posts ask on every request)", () => {
  for (let round = 0; round < 2; round += 1) {
    expect(leafHandleOf("/werkstatt")?.module).toBe("routes/content-page.tsx");
    expect(leafHandleOf("/")?.module).toBe("routes/home-page.tsx");
    expect(leafHandleOf("/carfinder")?.module).toBe("routes/carfinder-page.tsx");
    expect(leafHandleOf("/carfinder")?.acceptsPost).toBe(false);
  }
  // More distinct paths than the memo keeps: still right for the oldest one.
  for (let index = 0; index < 1_100; index += 1) leafHandleOf(`/seite-${index}`);
  expect(leafHandleOf("/werkstatt")?.module).toBe("routes/content-page.tsx");
});
