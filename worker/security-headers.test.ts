import { exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { BROWSER_UA } from "./test-support/requests.ts";
import { cacheControlForCookie } from "./middleware/security-headers.ts";

const PAGE_TYPES = [
  "/",
  "/impressum",
  "/carfinder",
  "/carfinder/100001-1-mercedes-benz-a-180-progressive",
  "/carfinder/100001-1-mercedes-benz-a-180-progressive/probefahrt",
  "/carfinder/vergleichen",
  "/standorte",
  "/center/center-goslar",
  "/mercedes-benz/modelle",
  "/mercedes-benz/modelle/glc-suv",
  "/stock/private-lease",
  "/stock/100001-1-mercedes-benz-a-180-progressive/lease-calculator",
  "/ansprechpartner",
  "/gibt-es-nicht",
];

function https(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("User-Agent", BROWSER_UA);
  return exports.default.fetch(new Request(`https://dealership.test${path}`, { ...init, headers, redirect: "manual" }));
}

describe("security headers on every page type", () => {
  it.each(PAGE_TYPES)("%s", async (path) => {
    const response = await https(path, { headers: { "cf-ray": "8f00aa11bb22cc33-HAM" } });
    await response.arrayBuffer();
    const header = (name: string) => response.headers.get(name);
    expect(header("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
    expect(header("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(header("Content-Security-Policy")).toMatch(/script-src ('nonce-[\w+/=]+'|'sha256-[\w+/=]+') 'strict-dynamic'/);
    expect(header("Content-Security-Policy")).toContain("object-src 'none'");
    expect(header("Content-Security-Policy")).toContain("frame-ancestors 'self'");
    expect(header("X-Frame-Options")).toBe("SAMEORIGIN");
    expect(header("X-Content-Type-Options")).toBe("nosniff");
    expect(header("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    // Our own request id, never the echo of a request header.
    expect(header("X-Request-Id")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const cookie = header("Set-Cookie");
    if (cookie) expect(cookie).toMatch(/^locale=de; Max-Age=31536000; Path=\/; SameSite=Lax; Secure$/);
    // A response that sets a cookie is never kept by a shared cache.
    if (cookie) expect(header("Cache-Control")).toMatch(/^(private\b|no-store$)/);
  });

  it.each(PAGE_TYPES)("%s for a visitor who has the locale cookie: public only when it is the same for everyone", async (path) => {
    const response = await https(path, { headers: { Cookie: "locale=de" } });
    await response.arrayBuffer();
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(response.headers.get("Cache-Control")).toBe(response.status === 200 ? "public, max-age=0, must-revalidate" : "no-store");
  });

  it.each(["/ankauf?anfrage=K7M3-Q9PX", "/carfinder/100001-1-mercedes-benz-a-180-progressive/probefahrt?anfrage=K7M3-Q9PX"])(
    "a confirmation with the visitor's reference (%s) is never stored",
    async (path) => {
      for (const cookie of ["locale=de", ""]) {
        const response = await https(path, { headers: { Cookie: cookie } });
        await response.arrayBuffer();
        expect(response.headers.get("Cache-Control"), cookie).toBe("no-store");
      }
    },
  );

  it.each([
    [{ "Set-Cookie": "a=b", "Cache-Control": "public, max-age=0, must-revalidate" }, "private, max-age=0, must-revalidate"],
    [{ "Set-Cookie": "a=b", "Cache-Control": "max-age=300" }, "private, max-age=300"],
    [{ "Set-Cookie": "a=b" }, "private, no-cache"],
    [{ "Set-Cookie": "a=b", "Cache-Control": "no-store" }, null],
    [{ "Set-Cookie": "a=b", "Cache-Control": "private, max-age=0" }, null],
    [{ "Cache-Control": "public, max-age=300" }, null],
  ])("any response that sets a cookie is private (%o → %s)", (headers, expected) => {
    expect(cacheControlForCookie(new Headers(headers))).toBe(expected);
  });

  it("plain http gets no HSTS and the locale cookie without Secure", async () => {
    const { exports: worker } = await import("cloudflare:workers");
    const response = await worker.default.fetch(new Request("http://dealership.test/carfinder", { headers: { "User-Agent": BROWSER_UA } }));
    await response.arrayBuffer();
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
    expect(response.headers.get("Set-Cookie")).toBe("locale=de; Max-Age=31536000; Path=/; SameSite=Lax");
  });
});

describe("CSP violation reports (POST /csp-report)", () => {
  const report = (body: string, type = "application/csp-report") =>
    https("/csp-report", { method: "POST", body, headers: { "Content-Type": type } });

  it("the CSP names the endpoint; both report formats are taken and logged once a minute without query strings", async () => {
    const page = await https("/carfinder");
    await page.arrayBuffer();
    expect(page.headers.get("Content-Security-Policy")).toContain("report-uri /csp-report; report-to csp");
    expect(page.headers.get("Reporting-Endpoints")).toBe('csp="/csp-report"');
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const classic = JSON.stringify({
      "csp-report": {
        "document-uri": "https://dealership.test/carfinder?email=a@b.de",
        "effective-directive": "script-src-elem",
        "blocked-uri": "https://evil.example/x.js?t=1",
      },
    });
    expect((await report(classic)).status).toBe(204);
    expect((await report(classic)).status).toBe(204);
    const modern = JSON.stringify([
      {
        type: "csp-violation",
        body: { documentURL: "https://dealership.test/", effectiveDirective: "frame-src", blockedURL: "https://video.example/embed" },
      },
    ]);
    expect((await report(modern, "application/reports+json")).status).toBe(204);
    expect(warn.mock.calls.map((call) => JSON.parse(String(call[0])))).toEqual([
      {
        event: "csp-violation",
        directive: "script-src-elem",
        blocked: "https://evil.example/x.js",
        page: "https://dealership.test/carfinder",
      },
      { event: "csp-violation", directive: "frame-src", blocked: "https://video.example/embed", page: "https://dealership.test/" },
    ]);
  });

  it("a report cannot forge log lines: control characters and line separators stay escaped inside one JSON line", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const forged = "x\n[wrangler:info] GET /admin 200 OK (FORGED)\r\u2028\u0000";
    const body = JSON.stringify({ "csp-report": { "violated-directive": forged, "blocked-uri": "inline\nX", "document-uri": "a\u2029b" } });
    expect((await report(body)).status).toBe(204);
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]?.[0]);
    expect(line).not.toMatch(/[\u0000-\u001f\u0085\u2028\u2029]/);
    expect(JSON.parse(line)).toEqual({ event: "csp-violation", directive: forged.slice(0, 60), blocked: "inline\nX", page: "a\u2029b" });
  });

  it("junk is 400, an oversized body 413, a flood 429", async () => {
    expect((await report("not json")).status).toBe(400);
    expect((await report(JSON.stringify({ hello: "world" }))).status).toBe(400);
    expect((await report(JSON.stringify({ "csp-report": { "blocked-uri": "x".repeat(20_000) } }))).status).toBe(413);
    const statuses: number[] = [];
    for (let index = 0; index < 125; index += 1) statuses.push((await report("{}")).status);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
  });
});
