import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { Hono } from "hono";
import { describe, expect, it, vi } from "vitest";
import { StorySchema } from "#content/story-schema.ts";
import { DEMO_SPACE_KEY_PREFIX as SEED_PREFIX } from "#kv-seed/seed-data.ts";
import type { AppEnv } from "../env.ts";
import { readEnvVars } from "../env.ts";
import { requestContext } from "../middleware/request-context.ts";
import { createSitemapHandlers, urlset } from "../sitemap.ts";
import { STOCK_VERSION_KEY } from "../adapters/vehicle-search-index.ts";
import { fakeSpace, fakeStory } from "../test-support/fake-storyblok.ts";
import { get } from "../test-support/requests.ts";
import { articleSummary, buildContentPage, storyblokDate } from "./build-content-page.ts";
import { DEMO_MODE_WARNING, DEMO_SPACE_KV_PREFIX, demoSpaceSource, MOCK_MODE_WARNING, resetDemoModeWarning } from "./demo-space-source.ts";
import { isPreviewRequest, isValidPreviewToken, readPreviewParams, sha1Hex } from "./preview.ts";
import { storyblokSource } from "./storyblok-source.ts";
import { clearContentMemory } from "./cached-content.ts";
import { sourceIdOf } from "./content-service.ts";
import { createApp } from "../app.ts";

const NOW = 1_800_000_000;

describe("preview token check (Storyblok's rule)", () => {
  const previewToken = "secret-preview";
  async function params(spaceId = "4711", timestamp = String(NOW - 60)) {
    return { spaceId, timestamp, token: await sha1Hex(`${spaceId}:${previewToken}:${timestamp}`) };
  }

  it("accepts sha1(space_id:preview_token:timestamp) younger than an hour", async () => {
    expect(await isValidPreviewToken(await params(), { previewToken, nowSeconds: NOW })).toBe(true);
    expect(await isValidPreviewToken(await params(), { previewToken, spaceId: 4711, nowSeconds: NOW })).toBe(true);
  });

  it("refuses a wrong token, an old timestamp, another space, a missing preview token and garbage", async () => {
    expect(await isValidPreviewToken({ ...(await params()), token: "a".repeat(40) }, { previewToken, nowSeconds: NOW })).toBe(false);
    expect(await isValidPreviewToken(await params("4711", String(NOW - 3600)), { previewToken, nowSeconds: NOW })).toBe(false);
    expect(await isValidPreviewToken(await params("4711", String(NOW + 3600)), { previewToken, nowSeconds: NOW })).toBe(false);
    expect(await isValidPreviewToken(await params("99"), { previewToken, spaceId: 4711, nowSeconds: NOW })).toBe(false);
    expect(await isValidPreviewToken(await params(), { previewToken: undefined, nowSeconds: NOW })).toBe(false);
    expect(await isValidPreviewToken({ spaceId: "1 OR 1", timestamp: "x", token: "<script>" }, { previewToken, nowSeconds: NOW })).toBe(
      false,
    );
  });

  it("reads the three _storyblok_tk parameters or nothing", async () => {
    const url = new URL(`https://x.test/a?_storyblok_tk[space_id]=1&_storyblok_tk[timestamp]=2&_storyblok_tk[token]=3`);
    expect(readPreviewParams(url)).toEqual({ spaceId: "1", timestamp: "2", token: "3" });
    expect(readPreviewParams(new URL("https://x.test/a?_storyblok_tk[space_id]=1"))).toBeNull();
    const { token } = await params();
    const valid = new URL(
      `https://x.test/?_storyblok_tk%5Bspace_id%5D=4711&_storyblok_tk%5Btimestamp%5D=${NOW - 60}&_storyblok_tk%5Btoken%5D=${token}`,
    );
    expect(await isPreviewRequest(valid, { STORYBLOK_PREVIEW_TOKEN: previewToken }, NOW)).toBe(true);
    expect(await isPreviewRequest(valid, { STORYBLOK_PREVIEW_TOKEN: undefined }, NOW)).toBe(false);
  });
});

describe("story → ContentPage", () => {
  const validate = (root: { component: string; _uid: string }) => root;

  it("takes title and description from the SEO plugin field, else seo_title/seo_description, else the story name", () => {
    const plugin = StorySchema.parse(
      fakeStory("a", { seo: { title: " SEO-Titel ", description: "SEO-Text", og_image: "x" }, noindex: true }, "page", "Name"),
    );
    expect(buildContentPage(plugin, { slug: "a", cv: 5, preview: false, validate })).toMatchObject({
      slug: "a",
      kind: "page",
      title: "SEO-Titel",
      seoTitle: "SEO-Titel",
      description: "SEO-Text",
      noindex: true,
      cv: 5,
      preview: false,
      storyId: plugin.id,
    });
    const plain = StorySchema.parse(fakeStory("b", { seo_title: "Einfach", seo_description: "Beschreibung" }, "page", "Name"));
    expect(buildContentPage(plain, { slug: "b", cv: undefined, preview: true, validate })).toMatchObject({
      title: "Einfach",
      description: "Beschreibung",
      noindex: false,
      preview: true,
    });
    const bare = StorySchema.parse(fakeStory("c", { seo: { title: "", description: "" } }, "page", "Nur Name"));
    const page = buildContentPage(bare, { slug: "c", cv: 1, preview: false, validate });
    expect(page.title).toBe("Nur Name");
    expect(page.seoTitle).toBeUndefined();
    expect(page.description).toBeUndefined();
  });

  it("an article is titled by its own title and described by its teaser unless SEO fields say otherwise", () => {
    const article = StorySchema.parse(
      fakeStory("news/x", { title: "Artikel", teaser: "Anriss", date: "2026-03-14 08:00" }, "article", "Name"),
    );
    expect(buildContentPage(article, { slug: "news/x", cv: 1, preview: false, validate })).toMatchObject({
      kind: "article",
      title: "Artikel",
      description: "Anriss",
    });
    expect(articleSummary(article)).toMatchObject({
      fullSlug: "news/x",
      title: "Artikel",
      teaser: "Anriss",
      date: "2026-03-14T08:00:00.000Z",
    });
  });

  it("passes the root through the block validation", () => {
    const story = StorySchema.parse(fakeStory("d", { body: [{ component: "kaputt", _uid: "1" }] }));
    const page = buildContentPage(story, { slug: "d", cv: 1, preview: false, validate: (root) => ({ ...root, body: [] }) });
    expect(page.content).toMatchObject({ component: "page", body: [] });
  });

  it("reads Storyblok dates as UTC", () => {
    expect(storyblokDate("2026-11-18 08:00")).toBe("2026-11-18T08:00:00.000Z");
    expect(storyblokDate("2026-11-18")).toBe("2026-11-18T00:00:00.000Z");
    expect(storyblokDate("gestern")).toBeUndefined();
  });
});

describe("storyblok adapter", () => {
  it("keeps to 5 requests per second (3 with an OAuth token)", { timeout: 10_000 }, async () => {
    const space = await fakeSpace({ stories: [fakeStory("a")] });
    const vars = readEnvVars(space.env);
    const source = storyblokSource({ token: space.token, apiBase: vars.STORYBLOK_API_BASE, oauth: false, timeoutMs: 2000 });
    await Promise.all(Array.from({ length: 6 }, () => source.getStory("a", { version: "published", cv: 1 })));
    const times = (await space.requests()).map((request) => request.at);
    expect(times.at(5)! - times.at(0)!).toBeGreaterThanOrEqual(900);
    expect(times.at(4)! - times.at(0)!).toBeLessThan(900);

    const oauth = storyblokSource({ token: space.token, apiBase: vars.STORYBLOK_API_BASE, oauth: true, timeoutMs: 2000 });
    const before = (await space.requests()).length;
    await Promise.all(Array.from({ length: 4 }, () => oauth.getStory("a", { version: "published", cv: 1 })));
    const oauthTimes = (await space.requests()).slice(before).map((request) => request.at);
    expect(oauthTimes.at(3)! - oauthTimes.at(0)!).toBeGreaterThanOrEqual(900);
  });

  it("rejects other non-2xx with message, status and response; 404 is no story", async () => {
    const space = await fakeSpace({ stories: [fakeStory("a")] });
    const source = storyblokSource({
      token: space.token,
      apiBase: readEnvVars(space.env).STORYBLOK_API_BASE,
      oauth: false,
      timeoutMs: 2000,
    });
    expect(await source.getStory("fehlt", { version: "published" })).toBeNull();
    await space.faults({ status: 401, times: 1 });
    await expect(source.getStory("a", { version: "published" })).rejects.toMatchObject({
      name: "ContentSourceError",
      status: 401,
      message: expect.stringContaining("401"),
    });
    const stories = await source.getStories({ version: "published", perPage: 1 });
    expect(stories).toMatchObject({ total: 1, page: 1, perPage: 1, cv: 100 });
    expect((await source.getSpace()).space.version).toBe(100);
  });
});

describe("embedded demo space", () => {
  it("uses the KV layout the seed writes", () => {
    expect(DEMO_SPACE_KV_PREFIX).toBe(SEED_PREFIX);
  });

  it("warns once per isolate that demo content is served", async () => {
    resetDemoModeWarning();
    clearContentMemory();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect((await get("/api/content/pages/impressum")).status).toBe(200);
    expect((await get("/api/content/pages/datenschutz")).status).toBe(200);
    expect(warn.mock.calls.filter((call) => call[0] === DEMO_MODE_WARNING)).toHaveLength(1);
  });

  it("with the public mock setting 'true' it serves the demo space even with a token, and says so once", async () => {
    resetDemoModeWarning();
    clearContentMemory();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const mocked = { ...env, STORYBLOK_TOKEN: "a-real-looking-token", PUBLIC_MOCK_DATA: "true" } as Env;
    expect(await sourceIdOf(readEnvVars(mocked))).toBe("demo");
    const ctx = createExecutionContext();
    const app = createApp();
    for (const path of ["/api/content/pages/impressum", "/api/content/pages/datenschutz"]) {
      const response = await app.fetch(new Request(`http://dealership.test${path}`), mocked, ctx);
      expect(response.status, path).toBe(200);
    }
    await waitOnExecutionContext(ctx);
    expect(warn.mock.calls.filter((call) => call[0] === MOCK_MODE_WARNING)).toHaveLength(1);
    resetDemoModeWarning();
  });

  it("answers stories, lists and the space from KV", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const source = demoSpaceSource(env.REDIRECTS);
    const home = await source.getStory("home", { version: "published" });
    expect(home?.story.full_slug).toBe("home");
    expect(home?.cv).toBe((await source.getSpace()).space.version);
    const articles = await source.getStories({
      version: "published",
      startsWith: "uber-uns/journal/",
      contentType: "article",
      sortBy: "content.date:desc",
      perPage: 2,
      excludingFields: ["body"],
    });
    expect(articles.total).toBe(4);
    expect(articles.stories).toHaveLength(2);
    expect(articles.stories[0]?.content.body).toBeUndefined();
  });

  it("serves the home page and journal articles through the API", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const home = await (await get("/api/content/pages/home")).json();
    expect(home).toMatchObject({ slug: "", kind: "page", title: "Neu- und Gebrauchtwagen, Transporter und Reisemobile" });
    const list = (await (await get("/api/content/articles?starts_with=uber-uns/journal/&per_page=3")).json()) as {
      articles: Array<{ date: string }>;
      total: number;
    };
    expect(list.total).toBe(4);
    expect(list.articles.map((article) => article.date)).toEqual([...list.articles.map((article) => article.date)].sort().reverse());
  });
});

describe("sitemap", () => {
  function sitemapApp(limit: number) {
    const handlers = createSitemapHandlers(limit);
    const app = new Hono<AppEnv>();
    app.use("*", requestContext());
    app.get("/sitemap.xml", handlers.index);
    app.get("/:part{sitemap-[0-9]+\\.xml}", handlers.part);
    return app;
  }
  async function fetchFrom(app: Hono<AppEnv>, path: string) {
    const { createExecutionContext } = await import("cloudflare:test");
    return app.fetch(new Request(`https://autohaus.test${path}`), env, createExecutionContext());
  }

  it("lists content pages, the carfinder, available vehicles, model pages, the location list, locations and the lease overviews", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const xml = await (await get("/sitemap.xml")).text();
    expect(xml).toContain("<urlset");
    for (const path of [
      "/</loc>",
      "/impressum</loc>",
      "/uber-uns/journal/ausbildungsstart-2026</loc>",
      "/carfinder</loc>",
      "/mercedes-benz/modelle</loc>",
      "/center/",
      "/standorte</loc>",
      "/stock/private-lease</loc>",
      "/stock/business-lease</loc>",
      "/hyundai/stock/private-lease</loc>",
      "/iveco/stock/business-lease</loc>",
    ])
      expect(xml).toContain(path);
    expect(xml).toMatch(/\/carfinder\/\d+-1-[a-z0-9-]+<\/loc>/);
    expect(xml).not.toContain("/home</loc>");
  });

  it("splits into an index and parts when over the limit", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const app = sitemapApp(1000);
    const index = await (await fetchFrom(app, "/sitemap.xml")).text();
    expect(index).toContain("<sitemapindex");
    const parts = [...index.matchAll(/<loc>https:\/\/autohaus\.test\/(sitemap-\d+\.xml)<\/loc>/g)].map((match) => match[1]);
    expect(parts.length).toBeGreaterThan(1);
    let total = 0;
    for (const part of parts) {
      const response = await fetchFrom(app, `/${part}`);
      expect(response.status).toBe(200);
      const count = ((await response.text()).match(/<url>/g) ?? []).length;
      expect(count).toBeLessThanOrEqual(1000);
      total += count;
    }
    const single = await (await fetchFrom(sitemapApp(1_000_000), "/sitemap.xml")).text();
    expect(total).toBe((single.match(/<url>/g) ?? []).length);
    expect((await fetchFrom(app, `/sitemap-${parts.length + 1}.xml`)).status).toBe(404);
  });

  it("escapes URLs", () => {
    expect(urlset([{ path: "/a&b" }], "https://x.test")).toContain("<loc>https://x.test/a&#38;b</loc>");
  });

  it("reads the vehicles from D1 once per stock version: a new import's version reads them again", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const app = sitemapApp(1_000_000);
    const vehicleReads: string[] = [];
    const db = new Proxy(env.DB, {
      get(target, property) {
        if (property === "prepare")
          return (sql: string) => {
            if (sql.includes("FROM vehicles")) vehicleReads.push(sql);
            return target.prepare(sql);
          };
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const fetchWith = (path: string) =>
      app.fetch(new Request(`https://autohaus.test${path}`), { ...env, DB: db }, createExecutionContext());
    const previous = await env.REDIRECTS.get(STOCK_VERSION_KEY);
    try {
      await env.REDIRECTS.put(STOCK_VERSION_KEY, `sitemap-test-${crypto.randomUUID()}`);
      const first = await (await fetchWith("/sitemap.xml")).text();
      expect(vehicleReads).toHaveLength(1);
      expect(await (await fetchWith("/sitemap.xml")).text()).toBe(first);
      expect(vehicleReads).toHaveLength(1);
      await env.REDIRECTS.put(STOCK_VERSION_KEY, `sitemap-test-${crypto.randomUUID()}`);
      expect(await (await fetchWith("/sitemap.xml")).text()).toBe(first);
      expect(vehicleReads).toHaveLength(2);
      // The vehicles' entries are kept as written for one origin; another origin gets its own.
      const other = await (
        await app.fetch(new Request("https://other.test/sitemap.xml"), { ...env, DB: db }, createExecutionContext())
      ).text();
      expect(other).toMatch(/<loc>https:\/\/other\.test\/carfinder\/\d+-1-/);
      expect(other).not.toContain("autohaus.test");
      expect(other.match(/<url>/g)?.length).toBe(first.match(/<url>/g)?.length);
    } finally {
      if (previous === null) await env.REDIRECTS.delete(STOCK_VERSION_KEY);
      else await env.REDIRECTS.put(STOCK_VERSION_KEY, previous);
    }
  });
});
