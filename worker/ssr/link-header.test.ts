import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { buildInfo } from "../build-info.ts";
import { BROWSER_UA, get, ORIGIN } from "../test-support/requests.ts";
import { clearHtmlMemory } from "./html-cache.ts";
import { cachedPageLinkHeader, criticalAssets, lcpImageOf, linkHeaderValue, pageLinkHeader } from "./link-header.ts";

const VEHICLE = "/carfinder/100001-1-mercedes-benz-a-180-progressive";

afterEach(() => clearHtmlMemory());

/** A fresh render (HTML cache off: never a hit from an earlier test). */
async function render(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const request = new Request(`${ORIGIN}${path}`, { headers: { "User-Agent": BROWSER_UA, ...headers }, redirect: "manual" });
  const response = await createApp().fetch(request, { ...env, HTML_CACHE: "off" } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** An HTML cache hit: the first request's copy is stored once its background work has run. */
async function hit(path: string): Promise<Response> {
  const ctx = createExecutionContext();
  const first = await createApp().fetch(new Request(`${ORIGIN}${path}`, { headers: { "User-Agent": BROWSER_UA } }), env, ctx);
  await first.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return get(path);
}

/** The links of a Link header, each as its target and its parameters. */
function linksOf(response: Response): string[] {
  return (response.headers.get("Link") ?? "").split(", ").filter(Boolean);
}

const stylesheet = () => `<${buildInfo().stylesheets[0]}>; rel=preload; as=style`;

describe("the Link header Early Hints are made from", () => {
  it("a content page: the stylesheet, its hero image with high priority; no script (it starts after the first screen)", async () => {
    const response = await render("/werkstatt");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<link rel="preload" as="image" href="/images/vehicles/estate-grey-2.svg" fetchPriority="high"/>');
    expect(linksOf(response)).toEqual([stylesheet(), "</images/vehicles/estate-grey-2.svg>; rel=preload; as=image; fetchpriority=high"]);
  });

  it("a vehicle page: its first gallery picture, not the thumbnails", async () => {
    const response = await render(VEHICLE);
    await response.arrayBuffer();
    expect(linksOf(response)).toEqual([stylesheet(), "</images/vehicles/hatchback-red-1.svg>; rel=preload; as=image; fetchpriority=high"]);
  });

  it("the home page: the first hero slide only", async () => {
    const response = await render("/");
    const html = await response.text();
    // Only the first slide is on the first screen: the later slides load their images lazily.
    expect(html.match(/<link rel="preload" as="image"[^>]*fetchPriority="high"/g)?.length).toBe(1);
    expect(linksOf(response)).toEqual([stylesheet(), "</images/vehicles/suv-blue-2.svg>; rel=preload; as=image; fetchpriority=high"]);
  });

  it("the compare page rendered from the list's cookie mirror: the first compared photo; the visitor's own page, kept by no shared cache", async () => {
    const response = await render("/carfinder/vergleichen", { Cookie: "locale=de; agn_compare=100001.100002" });
    const html = await response.text();
    expect(html).toContain("Vergleiche 2 Fahrzeuge");
    expect(response.headers.get("Cache-Control")).toBe("private, no-cache");
    expect(linksOf(response)).toEqual([stylesheet(), "</images/vehicles/hatchback-red-1.svg>; rel=preload; as=image; fetchpriority=high"]);
    const without = await render("/carfinder/vergleichen", { Cookie: "locale=de" });
    await without.arrayBuffer();
    expect(without.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    expect(linksOf(without)).toEqual([stylesheet()]);
  });

  it("a page without an LCP image announces the stylesheet", async () => {
    const response = await render("/impressum");
    await response.arrayBuffer();
    expect(linksOf(response)).toEqual([stylesheet()]);
  });

  it("an HTML cache hit carries the header its stored head gives (an islands page, a nonce page)", async () => {
    const islands = await hit("/werkstatt");
    await islands.arrayBuffer();
    expect(islands.headers.get("X-Html-Cache")).toBe("hit");
    expect(linksOf(islands)).toEqual([stylesheet(), "</images/vehicles/estate-grey-2.svg>; rel=preload; as=image; fetchpriority=high"]);
    const withForm = await hit("/werkstatt/online-werkstatttermin");
    await withForm.arrayBuffer();
    expect(withForm.headers.get("X-Html-Cache")).toBe("hit");
    expect(linksOf(withForm)).toEqual([stylesheet(), "</images/vehicles/saloon-silver-2.svg>; rel=preload; as=image; fetchpriority=high"]);
  });

  it.each([
    ["a 404", "/gibt-es-nicht-xyz", 404],
    ["an API response", "/api/employees?standort=center-marne&per_page=5", 200],
    ["a legacy redirect", "/angebote", 301],
    ["a loader's redirect", "/stock/100001-1-alter-name/lease-calculator?laufzeit=36", 301],
    ["a page with the visitor's reference (no-store)", "/ankauf?anfrage=K7M3-Q9PX", 200],
  ])("none on %s", async (_, path, status) => {
    const response = await get(path);
    await response.arrayBuffer();
    expect(response.status).toBe(status);
    expect(response.headers.get("Link")).toBeNull();
  });
});

describe("the header's parts", () => {
  const head = (links: string) => `<!DOCTYPE html><html lang="de"><head><meta charSet="utf-8"/>${links}<title>x</title>`;

  it("the LCP image is the first image preload with high priority; one chosen by srcset is left to the document", () => {
    expect(
      lcpImageOf(
        head(
          '<link rel="preload" as="image" href="/a.svg"/><link rel="preload" as="image" href="/b.svg?w=1&amp;h=2" fetchPriority="high"/><link rel="preload" as="image" href="/c.svg" fetchPriority="high"/>',
        ),
      ),
    ).toEqual({ href: "/b.svg?w=1&h=2", as: "image", fetchpriority: "high" });
    expect(
      lcpImageOf(
        head('<link rel="preload" as="image" imageSrcSet="/a-320.jpg 320w, /a-640.jpg 640w" imageSizes="100vw" fetchPriority="high"/>'),
      ),
    ).toBeNull();
    expect(lcpImageOf(head('<link rel="preload" as="image" href="/a.svg"/>'))).toBeNull();
  });

  it("targets are percent-encoded where a header could not carry them; at most six links within 2,000 characters", () => {
    expect(linkHeaderValue([{ href: "/bilder/Äpfel <1>.jpg", as: "image" }])).toBe(
      "</bilder/%C3%84pfel%20%3C1%3E.jpg>; rel=preload; as=image",
    );
    expect(linkHeaderValue([{ href: "/x\uD800.jpg", as: "image" }])).toBeNull();
    const many = Array.from({ length: 8 }, (_, index) => ({ href: `/images/photo-${index}.jpg`, as: "image" as const }));
    expect(linkHeaderValue(many)?.split(", ")).toHaveLength(6);
    const long = { href: `/${"x".repeat(1990)}.jpg`, as: "image" as const };
    expect(linkHeaderValue([long, { href: "/a.css", as: "style" }])).toBe("</a.css>; rel=preload; as=style");
  });

  it("the stylesheet comes from criticalAssets alone (inlining the critical CSS drops it there)", () => {
    expect(criticalAssets()).toEqual(buildInfo().stylesheets.map((href) => ({ href, as: "style" })));
    expect(pageLinkHeader(null)).toBe(linkHeaderValue(criticalAssets()));
  });

  it("a stored islands page's head is read from its bytes, and once per copy", () => {
    const html = `${head('<link rel="preload" as="image" href="/hero.svg" fetchPriority="high"/>')}</head><body></body></html>`;
    const body = new TextEncoder().encode(html);
    const document = { kind: "static" as const, body, gzip: body, scriptHash: "'sha256-x'" };
    const header = cachedPageLinkHeader(document);
    expect(header).toBe(pageLinkHeader(html));
    expect(header).toContain("</hero.svg>");
    body.fill(32);
    expect(cachedPageLinkHeader(document)).toBe(header);
  });
});
