import { buildInfo } from "./build-info.ts";
import { describe, expect, it } from "vitest";
import { BOT_UA, get } from "./test-support/requests.ts";

describe("health and platform", () => {
  it("GET /healthz answers 200", async () => {
    const response = await get("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("every response carries a request id", async () => {
    const response = await get("/healthz");
    expect(response.headers.get("X-Request-Id")).toMatch(/.+/);
  });
});

describe("SSR document", () => {
  it("home page streams a German document with title, canonical and its islands' page data", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="de">/);
    expect(html).toContain("<title>Neu- und Gebrauchtwagen, Transporter und Reisemobile | Autohaus Gruppe Nord</title>");
    expect(html).toContain('<link rel="canonical" href="http://dealership.test/"/>');
    // An editorial page (ADR 0017): the islands' page data, not the router's hydration data.
    expect(html).toContain("window.__agnPage={");
    expect(html).not.toContain("window.__staticRouterHydrationData");
  });

  it("an app page carries the router's hydration data", async () => {
    expect(await (await get("/carfinder")).text()).toContain("window.__staticRouterHydrationData=JSON.parse(");
  });

  it("every script of an app page carries the per-response CSP nonce", async () => {
    const response = await get("/carfinder");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    // The data script; it inserts the entry itself after the first screen ('strict-dynamic').
    expect(scripts.length).toBeGreaterThanOrEqual(1);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(csp).toContain("'strict-dynamic'");
  });

  it("the nonce differs per response", async () => {
    const first = (await get("/carfinder")).headers.get("Content-Security-Policy");
    const second = (await get("/carfinder")).headers.get("Content-Security-Policy");
    expect(first).not.toBe(second);
  });

  it("an islands page has one inline script, allowed by its hash, and no nonce (ADR 0018)", async () => {
    const response = await get("/impressum");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).not.toContain("'nonce-");
    const hash = /script-src '(sha256-[^']+)' 'strict-dynamic'/.exec(csp)?.[1];
    expect(hash).toBeTruthy();
    const html = await response.text();
    expect(html).not.toContain("nonce=");
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/type="application\/ld\+json"/.test(attributes!),
    );
    expect(inline).toHaveLength(1);
    const [, attributes, body] = inline[0]!;
    expect(attributes).not.toContain("src=");
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body)));
    expect(hash).toBe(`sha256-${btoa(String.fromCharCode(...digest))}`);
    // The script inserts the islands entry itself ('strict-dynamic' trusts it).
    expect(body).toContain(`s.src="${buildInfo().editorial.entry}"`);
  });

  it("sets the locale cookie for 365 days on path /", async () => {
    const response = await get("/");
    expect(response.headers.get("Set-Cookie")).toBe("locale=de; Max-Age=31536000; Path=/; SameSite=Lax");
    const again = await get("/", { headers: { Cookie: "locale=de" } });
    expect(again.headers.get("Set-Cookie")).toBeNull();
  });

  it("title falls back to the last path segment in title case", async () => {
    // The content page has its own title; a route without one uses the fallback.
    const html = await (await get("/werkstatt/service-angebote-mercedes-benz/spardepot")).text();
    expect(html).toContain("<title>Spardepot | Autohaus Gruppe Nord</title>");
  });

  it("canonical keeps only whitelisted query parameters, sorted, and lowercases the path", async () => {
    const html = await (await get("/Aktionsangebote?utm_source=x&sorting=price-desc&bodystyle=suv")).text();
    expect(html).toContain('<link rel="canonical" href="http://dealership.test/aktionsangebote?bodystyle=suv&amp;sorting=price-desc"/>');
  });

  it("bots get the complete document", async () => {
    const response = await get("/", { userAgent: BOT_UA });
    const html = await response.text();
    expect(html).toContain("</html>");
    expect(html).toContain("Unsere Marken");
  });
});
