import type { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { API_PATHS, API_PREFIX } from "#domain/api-paths.ts";
import { emptySearchQuery } from "#domain/vehicle-search-query.ts";
import { createBrowserPorts, previewQueryOf } from "./browser-ports.ts";

it("keeps only the visual editor's token from the page URL", () => {
  const search =
    "?_storyblok=123&_storyblok_tk[space_id]=42&_storyblok_tk[timestamp]=1700000000&_storyblok_tk[token]=abc&_storyblok_lang=default&q=x";
  expect(new URLSearchParams(previewQueryOf(search)).toString()).toBe(
    new URLSearchParams({
      "_storyblok_tk[space_id]": "42",
      "_storyblok_tk[timestamp]": "1700000000",
      "_storyblok_tk[token]": "abc",
    }).toString(),
  );
});

it("visitors have no preview query", () => {
  expect(previewQueryOf("?brand=smart")).toBe("");
  expect(previewQueryOf("")).toBe("");
});

describe("the /api URLs of the browser ports", () => {
  /** Every port method called once; the URLs they fetched, in call order. */
  async function fetchedUrls(): Promise<string[]> {
    const urls: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      urls.push(url);
      return Response.json({ error: "Not found." }, { status: 404 });
    });
    const queryClient = async () => ({ fetchQuery: ({ queryFn }: { queryFn: () => unknown }) => queryFn() }) as unknown as QueryClient;
    const ports = createBrowserPorts(queryClient);
    const calls: Array<() => Promise<unknown>> = [
      () => ports.routeLookup.lookup("/mercedes-benz/eq"),
      () => ports.content.getPage(""),
      () => ports.content.getPage("uber-uns/journal"),
      () => ports.content.listArticles({ startsWith: "uber-uns/journal/", page: 2, perPage: 10, tag: "E-Mobilität" }),
      () => ports.vehicles.search(emptySearchQuery(), { brand: "smart" }),
      () => ports.vehicles.getMany([100002, 100001]),
      () => ports.vehicles.adverts([100002, 100001]),
      () => ports.vehicles.priceHistory(100001),
      () => ports.vehicles.getById(100001),
      () => ports.locations.list(),
      () => ports.locations.getBySlug("center-husum"),
      () => ports.models.variants("hyundai"),
      () => ports.models.variants("hyundai", "i30 n"),
      () => ports.employees.search({ location: "center-husum" }, { page: 2, perPage: 12 }),
      () => ports.places.locate({ kind: "postal", code: "20148" }),
      () => ports.places.locate({ kind: "place", key: "bad oldesloe" }),
    ];
    // A 404 is "none" for most ports and an error for the search and the directory: only the URL counts here.
    for (const call of calls) await call().catch(() => undefined);
    vi.unstubAllGlobals();
    return urls;
  }

  it("are the worker's paths, spelled as before the table", async () => {
    expect(await fetchedUrls()).toEqual([
      "/api/route-lookup?path=%2Fmercedes-benz%2Feq",
      "/api/content/home",
      "/api/content/pages/uber-uns/journal",
      "/api/content/articles?starts_with=uber-uns%2Fjournal%2F&page=2&per_page=10&tag=E-Mobilit%C3%A4t",
      "/api/vehicles/search?scope=smart",
      "/api/vehicles?ids=100002,100001",
      "/api/vehicles/adverts?ids=100002,100001",
      "/api/vehicles/100001/prices",
      "/api/vehicles/100001",
      "/api/locations",
      "/api/locations/center-husum",
      "/api/models/hyundai",
      "/api/models/hyundai?model=i30%20n",
      "/api/employees?standort=center-husum&seite=2&per_page=12",
      "/api/places/locate?plz=20148",
      "/api/places/locate?ort=bad%20oldesloe",
    ]);
  });

  it("use every path of the API table", async () => {
    // The entry the worker routes a URL to: the first whose pattern matches, in the table's (registration) order.
    const entries = Object.entries(API_PATHS).map(([name, pattern]) => ({
      name,
      matches: new RegExp(`^${API_PREFIX}${pattern.replace(/:\w+\{\.\+\}/g, ".+").replace(/:\w+/g, "[^/]+")}$`),
    }));
    const routed = (await fetchedUrls()).map((url) => entries.find((entry) => entry.matches.test(url.split("?")[0] ?? ""))?.name);
    expect(new Set(routed)).toEqual(new Set(Object.keys(API_PATHS)));
  });
});
