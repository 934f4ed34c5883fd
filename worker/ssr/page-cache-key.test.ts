import { expect, it } from "vitest";
import { UNDECIDED } from "#domain/consent.ts";
import { buildInfo } from "../build-info.ts";
import { cacheScopeOf, cachedPagePath, pageCacheKey, type PageRequest } from "./page-cache-key.ts";

/** The HTML cache key's pure parts (ADR 0008): which requests may be cached, and what names a copy. */

const request = (address: string, overrides: Partial<PageRequest> = {}): PageRequest => ({
  url: new URL(address, "https://www.example-autohaus.de"),
  method: "GET",
  preview: false,
  legacyGone: false,
  htmlCache: "on",
  ...overrides,
});

it("a home or content page is cached under its path and normalised query; tracking parameters are dropped", () => {
  expect(cachedPagePath(request("/"))).toBe("/");
  expect(cachedPagePath(request("/werkstatt"))).toBe("/werkstatt");
  expect(cachedPagePath(request("/werkstatt?utm_source=mail&gclid=x"))).toBe("/werkstatt");
  expect(cachedPagePath(request("/ratgeber?seite=2&utm_source=mail"))).toBe("/ratgeber?seite=2");
});

it("app pages, previews, posts, legacy-gone paths, personal queries and a switched-off cache are rendered every time", () => {
  expect(cachedPagePath(request("/carfinder"))).toBeNull();
  expect(cachedPagePath(request("/werkstatt", { preview: true }))).toBeNull();
  expect(cachedPagePath(request("/werkstatt", { method: "POST" }))).toBeNull();
  expect(cachedPagePath(request("/werkstatt", { method: "HEAD" }))).toBeNull();
  expect(cachedPagePath(request("/werkstatt", { legacyGone: true }))).toBeNull();
  expect(cachedPagePath(request("/werkstatt", { htmlCache: "off" }))).toBeNull();
  expect(cachedPagePath(request("/ankauf?anfrage=K7M3-Q9PX"))).toBeNull();
});

it("the scope names the request's origin, the environment and the public origin ('request' when SITE_ORIGIN is unset)", () => {
  const url = new URL("https://staging.example-autohaus.de/werkstatt");
  expect(cacheScopeOf(url, { ENVIRONMENT: "preview", SITE_ORIGIN: "https://www.example-autohaus.de" })).toEqual({
    origin: "https://staging.example-autohaus.de",
    environment: "preview",
    siteOrigin: "https://www.example-autohaus.de",
  });
  expect(cacheScopeOf(url, { ENVIRONMENT: "development", SITE_ORIGIN: undefined }).siteOrigin).toBe("request");
});

it("a copy is named by scope, path, build, content source and versions, settings, consent state and the notices shown", () => {
  const scope = { origin: "https://www.example-autohaus.de", environment: "production", siteOrigin: "request" };
  const versions = { source: "sb-1", cv: 42, stockVersion: "s7" };
  const notices = [
    { key: "winter", text: "Winterreifen jetzt wechseln" },
    { key: "feiertag", text: "Am Feiertag geschlossen" },
  ];
  expect(pageCacheKey(scope, "/werkstatt", versions, { settings: "v3", consent: UNDECIDED, notices })).toEqual({
    ...scope,
    path: "/werkstatt",
    buildId: buildInfo().buildId,
    source: "sb-1",
    cv: 42,
    stockVersion: "s7",
    settings: "v3",
    consent: "undecided",
    notices: "winter.feiertag",
  });
  expect(pageCacheKey(scope, "/", versions, { settings: "v3", consent: UNDECIDED, notices: [] }).notices).toBe("-");
});
