import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ContentPageSchema } from "#content/content-page-schema.ts";
import { readEnvVars } from "../env.ts";
import { expectConsoleError } from "../test-support/setup.ts";
import { fakeSpace, fakeStory, signBody, SPACE_ID, type FakeSpace } from "../test-support/fake-storyblok.ts";
import { clearContentMemory, CONTENT_CV_KEY_PREFIX } from "./cached-content.ts";
import { sourceIdOf } from "./content-service.ts";
import { sha1Hex } from "./preview.ts";
import { forgetWebhookWindow, WEBHOOK_WINDOW_MS } from "../webhooks/storyblok-webhook.ts";

const SLUG = "pipeline-test";

function pageStory(title: string, version = "v1") {
  return fakeStory(
    SLUG,
    {
      seo: { title, description: `Beschreibung ${version}` },
      body: [{ component: "rich_text", _uid: `t-${version}`, text: { type: "doc", content: [] } }],
    },
    "page",
    "Testseite",
  );
}

async function cvOf(space: FakeSpace): Promise<string | null> {
  return env.REDIRECTS.get(`${CONTENT_CV_KEY_PREFIX}${await sourceIdOf(readEnvVars(space.env))}`);
}

async function storyRequests(space: FakeSpace, slug = SLUG) {
  return (await space.requests()).filter((request) => request.path === `/v2/cdn/stories/${slug}`);
}

async function pageJson(space: FakeSpace, slug = SLUG) {
  const response = await space.fetch(`/api/content/pages/${slug}`);
  expect(response.status).toBe(200);
  return ContentPageSchema.parse(await response.json());
}

async function webhook(space: FakeSpace, body: string, signature?: string | null) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature !== null) headers["webhook-signature"] = signature ?? (await signBody(body));
  return space.fetch("/webhooks/storyblok", { method: "POST", body, headers });
}

const PUBLISHED = JSON.stringify({
  text: "The user x published the Story Testseite",
  action: "published",
  space_id: SPACE_ID,
  story_id: 1,
  full_slug: SLUG,
});

/**
 * A space whose page was served once at cv 100 (the last good copy, titled `lastGood`) and then
 * published anew with the webhook: the next read must ask Storyblok for the new version.
 */
async function spaceWithLastGoodCopy(lastGood: string, published: { title: string; cv: number }): Promise<FakeSpace> {
  const space = await fakeSpace({ version: 100, stories: [pageStory(lastGood)] });
  expect((await pageJson(space)).title).toBe(lastGood);
  await space.publish(pageStory(published.title, "v2"), published.cv);
  await webhook(space, PUBLISHED);
  return space;
}

// Every test starts with a cold isolate cache; KV and the Cache API are keyed per fake space.
beforeEach(() => clearContentMemory());
afterEach(() => clearContentMemory());

describe("Storyblok content through the cv cache", () => {
  it("serves a story as ContentPage with SEO title and description, read at the space's cv", async () => {
    const space = await fakeSpace({ version: 100, stories: [pageStory("Titel eins")] });
    const page = await pageJson(space);
    expect(page).toMatchObject({
      slug: SLUG,
      kind: "page",
      title: "Titel eins",
      seoTitle: "Titel eins",
      description: "Beschreibung v1",
      cv: 100,
      preview: false,
    });
    const [request] = await storyRequests(space);
    expect(request?.query).toMatchObject({ cv: "100", version: "published", language: "de", resolve_links: "url", token: space.token });
    expect(await cvOf(space)).toBe("100");
  });

  it("asks Storyblok at most once per page per cv, however often the page is requested", async () => {
    const space = await fakeSpace({ stories: [pageStory("Titel")] });
    for (let index = 0; index < 5; index += 1) await pageJson(space);
    expect(await storyRequests(space)).toHaveLength(1);
    // A new isolate (cold memory) in the same location answers from the Cache API.
    clearContentMemory();
    await pageJson(space);
    expect(await storyRequests(space)).toHaveLength(1);
  });

  it("a publish is visible on the next request after the webhook (cv bump)", async () => {
    const space = await fakeSpace({ version: 100, stories: [pageStory("Vorher")] });
    expect((await pageJson(space)).title).toBe("Vorher");
    await space.publish(pageStory("Nachher", "v2"), 101);
    // Before the webhook the old cv still holds: the cached page stays.
    expect((await pageJson(space)).title).toBe("Vorher");
    const response = await webhook(space, PUBLISHED);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, action: "published", cv: 101 });
    expect(await cvOf(space)).toBe("101");
    const page = await pageJson(space);
    expect(page.title).toBe("Nachher");
    expect(page.cv).toBe(101);
  });

  it("a publish reaches the cached HTML page on the next request after the webhook", async () => {
    // Its own slug: the HTML cache is keyed by cv, not by space, and other tests' spaces start at cv 100 too.
    const slug = "pipeline-html-test";
    const story = (title: string, version: string) =>
      fakeStory(
        slug,
        {
          seo: { title, description: version },
          body: [{ component: "rich_text", _uid: `h-${version}`, text: { type: "doc", content: [] } }],
        },
        "page",
        "HTML-Test",
      );
    const space = await fakeSpace({ version: 300, stories: [story("Vorher", "v1")] });
    expect((await space.fetch(`/${slug}`)).headers.get("X-Html-Cache")).toBe("miss");
    const cached = await space.fetch(`/${slug}`);
    expect(cached.headers.get("X-Html-Cache")).toBe("hit");
    expect(await cached.text()).toContain("Vorher");
    await space.publish(story("Nachher", "v2"), 301);
    expect((await space.fetch(`/${slug}`)).headers.get("X-Html-Cache")).toBe("hit");
    expect((await webhook(space, PUBLISHED)).status).toBe(200);
    const after = await space.fetch(`/${slug}`);
    expect(after.headers.get("X-Html-Cache")).toBe("miss");
    expect(await after.text()).toContain("Nachher");
  });

  it("retries HTTP 429 and serves the page when Storyblok answers within 10 retries", async () => {
    const space = await fakeSpace({ stories: [pageStory("Nach Drosselung")] });
    await env.REDIRECTS.put(`${CONTENT_CV_KEY_PREFIX}${await sourceIdOf(readEnvVars(space.env))}`, "100");
    await space.faults({ status: 429, times: 3, path: `/v2/cdn/stories/${SLUG}` });
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    expect((await pageJson(space)).title).toBe("Nach Drosselung");
    expect(await storyRequests(space)).toHaveLength(4);
  });

  it("after 11 answers of 429 (10 retries) the last good content is served and the failure logged", { timeout: 20_000 }, async () => {
    const space = await spaceWithLastGoodCopy("Letzter guter Stand", { title: "Nie gesehen", cv: 101 });
    await space.faults({ status: 429, times: 11, path: `/v2/cdn/stories/${SLUG}` });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const page = await pageJson(space);
    expect(page.title).toBe("Letzter guter Stand");
    expect(await storyRequests(space)).toHaveLength(1 + 11);
    expect(warn.mock.calls.map(String).join("\n")).toMatch(/last good copy.*HTTP 429/);
  });

  it("a 5xx from Storyblok serves the last good content instead of an error page", async () => {
    const space = await spaceWithLastGoodCopy("Stabil", { title: "Kaputt", cv: 102 });
    await space.faults({ status: 503, times: 1, path: `/v2/cdn/stories/${SLUG}` });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const response = await space.fetch(`/${SLUG}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Stabil");
  });

  it("a slow Storyblok (over the timeout) serves the last good content", async () => {
    const space = await spaceWithLastGoodCopy("Schnell genug", { title: "Zu langsam", cv: 103 });
    await space.faults({ delayMs: 1500, times: 1, path: `/v2/cdn/stories/${SLUG}` });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const started = Date.now();
    expect((await pageJson(space)).title).toBe("Schnell genug");
    expect(Date.now() - started).toBeLessThan(1500);
    expect(warn.mock.calls.map(String).join("\n")).toMatch(/timeout/i);
  });

  it("an outage without any last good copy is a 503 with Retry-After, not an empty page", async () => {
    const space = await fakeSpace({ version: 100, stories: [pageStory("Nie gelesen")] });
    await env.REDIRECTS.put(`${CONTENT_CV_KEY_PREFIX}${await sourceIdOf(readEnvVars(space.env))}`, "100");
    await space.faults({ status: 500, times: 1, path: `/v2/cdn/stories/${SLUG}` });
    const response = await space.fetch(`/api/content/pages/${SLUG}`);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("60");
    expectConsoleError(/^content source unavailable, failing open: .*HTTP 500/);
    expectConsoleError(/unhandled.*HTTP 500/);
  });

  it("an unknown slug is 404 and is cached like a page (no upstream request per visit)", async () => {
    const space = await fakeSpace({ stories: [] });
    expect((await space.fetch("/api/content/pages/gibt-es-nicht")).status).toBe(404);
    expect((await space.fetch("/api/content/pages/gibt-es-nicht")).status).toBe(404);
    expect(await storyRequests(space, "gibt-es-nicht")).toHaveLength(1);
  });

  it('the home story is /api/content/pages/home with slug ""; /home itself is no page', async () => {
    const space = await fakeSpace({ stories: [fakeStory("home", { seo: { title: "Startseite" } })] });
    const page = ContentPageSchema.parse(await (await space.fetch("/api/content/pages/home")).json());
    expect(page).toMatchObject({ slug: "", title: "Startseite" });
    expect((await space.fetch("/api/content/home")).status).toBe(200);
  });

  it("lists articles of a folder newest first with summaries and total", async () => {
    const article = (slug: string, date: string, tags: string[]) => ({
      ...fakeStory(
        `news/${slug}`,
        { title: `Artikel ${slug}`, teaser: "Kurz", date: `${date} 08:00`, image: { filename: "/a.svg", alt: "Bild" }, body: "lang" },
        "article",
      ),
      tag_list: tags,
    });
    const space = await fakeSpace({
      stories: [article("alt", "2025-01-01", ["A"]), article("neu", "2026-05-01", ["A", "B"]), fakeStory("news/uebersicht")],
    });
    const response = await space.fetch("/api/content/articles?starts_with=news/&page=1&per_page=1");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      articles: [
        {
          uuid: expect.any(String),
          fullSlug: "news/neu",
          title: "Artikel neu",
          teaser: "Kurz",
          image: { filename: "/a.svg", alt: "Bild" },
          date: "2026-05-01T08:00:00.000Z",
          tags: ["A", "B"],
        },
      ],
      total: 2,
      page: 1,
      perPage: 1,
    });
    const [request] = (await space.requests()).filter((entry) => entry.path === "/v2/cdn/stories");
    expect(request?.query).toMatchObject({
      starts_with: "news/",
      content_type: "article",
      excluding_fields: "body",
      per_page: "1",
      page: "1",
    });
    const tagged = await (await space.fetch("/api/content/articles?starts_with=news/&tag=B")).json();
    expect(tagged).toMatchObject({ total: 1, perPage: 25 });
  });

  it("rejects bad article queries with 400", async () => {
    const space = await fakeSpace();
    for (const query of [
      "",
      "starts_with=../x",
      "starts_with=news/&page=0",
      "starts_with=news/&per_page=101",
      "starts_with=news/&page=abc",
    ]) {
      expect((await space.fetch(`/api/content/articles?${query}`)).status, query).toBe(400);
    }
  });
});

describe("POST /webhooks/storyblok", () => {
  it("without a signature answers 401 and leaves the cv alone", async () => {
    const space = await fakeSpace({ version: 100 });
    await env.REDIRECTS.put(`${CONTENT_CV_KEY_PREFIX}${await sourceIdOf(readEnvVars(space.env))}`, "99");
    expect((await webhook(space, PUBLISHED, null)).status).toBe(401);
    expect((await webhook(space, PUBLISHED, "0".repeat(40))).status).toBe(401);
    expect((await webhook(space, PUBLISHED, await signBody(PUBLISHED, "wrong secret"))).status).toBe(401);
    expect((await webhook(space, `${PUBLISHED} `, await signBody(PUBLISHED))).status).toBe(401);
    expect(await cvOf(space)).toBe("99");
    expect((await space.requests()).filter((request) => request.path === "/v2/cdn/spaces/me")).toHaveLength(0);
  });

  it("a signed delivery stores the new cv; each content action counts", async () => {
    const space = await fakeSpace({ version: 555 });
    for (const action of ["published", "unpublished", "deleted", "moved"]) {
      forgetWebhookWindow();
      const body = JSON.stringify({ text: "x", action, space_id: SPACE_ID, story_id: 1, full_slug: SLUG });
      const response = await webhook(space, body);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true, action, cv: 555 });
    }
    expect(await cvOf(space)).toBe("555");
  });

  it("replays are coalesced: 30 signed deliveries in a burst cost one Storyblok read now and one at the window's end", async () => {
    const space = await fakeSpace({ version: 600, stories: [pageStory("Vorher")] });
    const reads = async () => (await space.requests()).filter((request) => request.path === "/v2/cdn/spaces/me").length;
    expect((await webhook(space, PUBLISHED)).status).toBe(200);
    expect(await cvOf(space)).toBe("600");
    // A real publish inside the window, then 29 replays: one trailing read picks the publish up.
    await space.publish(pageStory("Nachher", "v2"), 601);
    const started = Date.now();
    const statuses = await Promise.all(Array.from({ length: 29 }, async () => (await webhook(space, PUBLISHED)).status));
    expect(new Set(statuses)).toEqual(new Set([202]));
    expect(await reads()).toBe(2);
    expect(await cvOf(space)).toBe("601");
    expect(Date.now() - started).toBeLessThan(WEBHOOK_WINDOW_MS + 2_000);
  });

  it("other signed events are acknowledged and ignored", async () => {
    const space = await fakeSpace({ version: 7 });
    const body = JSON.stringify({ text: "x", action: "branch_deployed", space_id: SPACE_ID });
    expect(await (await webhook(space, body)).json()).toEqual({ ok: true, ignored: true, action: "branch_deployed" });
    expect(await cvOf(space)).toBeNull();
  });

  it("refuses bodies over 64 KB with 413", async () => {
    const space = await fakeSpace();
    const body = JSON.stringify({ action: "published", text: "x".repeat(70 * 1024) });
    expect((await webhook(space, body)).status).toBe(413);
  });

  it("without a configured secret the endpoint is closed", async () => {
    const space = await fakeSpace({ version: 9, vars: { STORYBLOK_WEBHOOK_SECRET: undefined } });
    expect((await webhook(space, PUBLISHED)).status).toBe(401);
    expect(await cvOf(space)).toBeNull();
  });
});

describe("visual editor preview (_storyblok_tk)", () => {
  async function previewQuery(previewToken: string, { spaceId = SPACE_ID, timestamp = Math.floor(Date.now() / 1000) } = {}) {
    const token = await sha1Hex(`${spaceId}:${previewToken}:${timestamp}`);
    // As the visual editor sends it: brackets unencoded, plus its other parameters.
    return `_storyblok=1&_storyblok_c=page&_storyblok_tk[space_id]=${spaceId}&_storyblok_tk[timestamp]=${timestamp}&_storyblok_tk[token]=${token}&_storyblok_lang=default&_storyblok_release=0`;
  }

  it("a valid token shows the draft, uncached, noindex, frameable by app.storyblok.com only", async () => {
    const space = await fakeSpace({ stories: [pageStory("Veröffentlicht")], drafts: [pageStory("Entwurf", "draft")] });
    const query = await previewQuery(space.previewToken);
    for (let index = 0; index < 2; index += 1) {
      const response = await space.fetch(`/${SLUG}?${query}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Entwurf");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.headers.get("X-Robots-Tag")).toBe("noindex");
      expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors https://app.storyblok.com");
      expect(response.headers.get("X-Frame-Options")).toBeNull();
    }
    // Bypasses every cache: each preview request reads the draft anew, with the preview token.
    const drafts = (await space.previewRequests()).filter((request) => request.path === `/v2/cdn/stories/${SLUG}`);
    expect(drafts).toHaveLength(2);
    expect(drafts[0]?.query).toMatchObject({ token: space.previewToken, version: "draft" });
    expect(drafts[0]?.query.cv).toBeUndefined();
    // …and writes none: the public page is still the published one.
    const published = await space.fetch(`/${SLUG}`);
    expect(await published.text()).toContain("Veröffentlicht");
    expect(published.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    expect(published.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'self'");
    expect(published.headers.get("X-Robots-Tag")).toBeNull();
  });

  it("client navigation in the editor: the content API reads drafts with a valid token, uncached", async () => {
    const space = await fakeSpace({ stories: [pageStory("Veröffentlicht")], drafts: [pageStory("Entwurf", "draft")] });
    const draft = await space.fetch(`/api/content/pages/${SLUG}?${await previewQuery(space.previewToken)}`);
    expect(((await draft.json()) as { title: string; preview: boolean }).preview).toBe(true);
    expect(draft.headers.get("Cache-Control")).toBe("no-store");
    const published = await space.fetch(`/api/content/pages/${SLUG}?${await previewQuery("wrong-preview-token")}`);
    expect(((await published.json()) as { preview: boolean }).preview).toBe(false);
    expect(published.headers.get("Cache-Control")).not.toBe("no-store");
  });

  it("an invalid, expired or foreign-space token is an ordinary published page", async () => {
    const space = await fakeSpace({ stories: [pageStory("Veröffentlicht")], drafts: [pageStory("Entwurf", "draft")] });
    const queries = [
      await previewQuery("wrong-preview-token"),
      await previewQuery(space.previewToken, { timestamp: Math.floor(Date.now() / 1000) - 3700 }),
      await previewQuery(space.previewToken, { spaceId: 1234 }),
      "_storyblok_tk[space_id]=4711&_storyblok_tk[timestamp]=1&_storyblok_tk[token]=abc",
    ];
    for (const query of queries) {
      const response = await space.fetch(`/${SLUG}?${query}`);
      expect(response.status, query).toBe(200);
      const html = await response.text();
      expect(html).toContain("Veröffentlicht");
      expect(html).not.toContain("Entwurf");
      expect(response.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    }
  });
});
