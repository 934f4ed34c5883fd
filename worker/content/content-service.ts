import type { ArticleList, ContentPage } from "#content/content-page-schema.ts";
import type { Block } from "#content/story-schema.ts";
import type { DataPorts } from "#routes/ports.ts";
import { readEnvVars, type EnvVars } from "../env.ts";
import { buildInfo } from "../build-info.ts";
import { CONTENT_CV_KEY_PREFIX, createContentCache, type ContentCache } from "./cached-content.ts";
import { articleSummary, buildContentPage } from "./build-content-page.ts";
import { MAX_PAGE_SIZE, type ContentSource } from "./content-source.ts";

/**
 * Storyblok listing pages the sitemap reads at most (100 stories each): with the stock and the
 * cache reads they stay within the 50 subrequests of one request (docs/limits.md). 2,000 editorial
 * pages is far beyond a dealership group's site; past it the sitemap says so in the log.
 */
export const SITEMAP_STORY_PAGES = 20;
import type { StoryblokSourceOptions } from "./storyblok-source.ts";
import { keptReads } from "../adapters/kept-reads.ts";
import { SETTINGS_ROOT_COMPONENT, SETTINGS_STORY_SLUG } from "#content/layout-content.ts";
import { edgeCache } from "../adapters/edge-cache.ts";
import { isolateCollection } from "../isolate-state.ts";

/** The story behind "/" (Storyblok's convention); the site addresses it as slug "". */
export const HOME_STORY_SLUG = "home";

export interface ContentServiceOptions {
  /** A valid visual-editor token was presented (worker/content/preview.ts): drafts, no caches. */
  preview?: boolean;
  /** Where background cache writes go (ExecutionContext.waitUntil). */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** A content page as the sitemap lists it. */
export interface SitemapEntry {
  path: string;
  lastModified: string | null;
}

export interface ContentService extends Pick<DataPorts, "content"> {
  /** Every indexable story (all pages of cdn/stories), for /sitemap.xml. */
  listSitemapEntries(): Promise<SitemapEntry[]>;
  /** Re-reads cdn/spaces/me and stores its version as the current cv (the webhook). */
  refreshCv(): Promise<number>;
  /** The cv published content is read at now; undefined in preview or when it cannot be known. */
  currentCv(): Promise<number | undefined>;
  /**
   * The root block of the layout settings story (SETTINGS_STORY_SLUG), unvalidated, or null when the
   * space has none; through the cv cache like a page, so a hit returns the same object every time
   * (worker/content/layout-content-reader.ts keeps its parsed form by that identity).
   */
  getSettingsContent(): Promise<Block | null>;
}

/**
 * The one place the content source is chosen (ARCHITECTURE.md "Embedded default"): Storyblok
 * when STORYBLOK_TOKEN is set, else the demo space in KV. Created per request.
 */
// Long on purpose: one per-request object whose short methods share its lazily chosen source and cache.
export function createContentService(env: Env, options: ContentServiceOptions = {}): ContentService {
  const vars = readEnvVars(env);
  const preview = options.preview === true;
  // Chosen on first use: most callers of createServerPorts never read content.
  let chosen: ContentSource | undefined;
  const sourceOf = () => (chosen ??= chooseSource(env, vars, preview));
  const waitUntil = options.waitUntil ?? ((promise: Promise<unknown>) => void promise.catch(() => undefined));
  let cachePromise: Promise<ContentCache> | undefined;

  const contentCache = () =>
    (cachePromise ??= sourceIdOf(vars).then((sourceId) =>
      createContentCache({
        kv: env.REDIRECTS,
        sourceId,
        buildId: buildInfo().buildId,
        // Kept per isolate for a second (worker/adapters/kept-reads.ts); the webhook's isolate forgets it.
        readCv: () => keptReads.cv(sourceId, () => readCv(env.REDIRECTS, sourceOf(), sourceId)),
        waitUntil,
        cache: edgeCache(),
        warn: (message) => console.warn(message),
      }),
    ));

  /** Preview reads bypass every cache; published reads go through the cv-keyed cache. */
  async function read<T>(kind: string, key: string, load: (cv: number | undefined) => Promise<T>): Promise<T> {
    if (preview) return load(undefined);
    return (await contentCache()).read(kind, key, load);
  }

  // The block schemas and their validator load with the first story a cache miss builds: most
  // requests (vehicles, the carfinder, the API) never validate a story, and a worker's startup
  // should not pay for building fifty zod schemas it may never use (docs/limits.md).
  const validator = async (): Promise<(root: Block) => Block> => {
    const { validateStoryContent } = await import("#content/validate-blocks.ts");
    return (root) => validateStoryContent(root, { preview, warn: (message) => console.warn(message) });
  };

  const content: DataPorts["content"] = {
    async getPage(slug) {
      // The home story lives at "/" only; /home is not a second address for it. The layout
      // settings story is no page either.
      if (slug === HOME_STORY_SLUG || slug === SETTINGS_STORY_SLUG) return null;
      const fullSlug = slug === "" ? HOME_STORY_SLUG : slug;
      return read<ContentPage | null>("page", fullSlug, async (cv) => {
        const response = await sourceOf().getStory(fullSlug, { version: preview ? "draft" : "published", ...(cv !== undefined && { cv }) });
        if (!response) return null;
        return buildContentPage(response.story, { slug, cv: response.cv ?? cv, preview, validate: await validator() });
      });
    },

    async listArticles({ startsWith, page, perPage, tag }) {
      const key = `${startsWith}|${page}|${perPage}|${tag ?? ""}`;
      return read<ArticleList>("articles", key, async (cv) => {
        const result = await sourceOf().getStories({
          version: preview ? "draft" : "published",
          ...(cv !== undefined && { cv }),
          startsWith,
          page,
          perPage,
          contentType: "article",
          sortBy: "content.date:desc",
          excludingFields: ["body"],
          ...(tag && { withTag: tag }),
        });
        return { articles: result.stories.map(articleSummary), total: result.total, page, perPage };
      });
    },
  };

  return {
    content,

    async listSitemapEntries() {
      return read<SitemapEntry[]>("sitemap", "all", async (cv) => {
        const entries: SitemapEntry[] = [];
        for (let page = 1; ; page += 1) {
          const result = await sourceOf().getStories({
            version: "published",
            ...(cv !== undefined && { cv }),
            page,
            perPage: MAX_PAGE_SIZE,
            excludingFields: ["body"],
          });
          for (const story of result.stories) {
            if ((story.content as Record<string, unknown>).noindex === true || story.content.component === SETTINGS_ROOT_COMPONENT)
              continue;
            entries.push({
              path: story.full_slug === HOME_STORY_SLUG ? "/" : `/${story.full_slug.replace(/\/$/, "")}`,
              lastModified: story.published_at ?? null,
            });
          }
          if (result.stories.length === 0 || page * MAX_PAGE_SIZE >= result.total) break;
          if (page === SITEMAP_STORY_PAGES) {
            console.warn(`sitemap: the space has ${result.total} stories; only the first ${page * MAX_PAGE_SIZE} are listed`);
            break;
          }
        }
        return entries;
      });
    },

    async getSettingsContent() {
      return read<Block | null>("settings", SETTINGS_STORY_SLUG, async (cv) => {
        const response = await sourceOf().getStory(SETTINGS_STORY_SLUG, {
          version: preview ? "draft" : "published",
          ...(cv !== undefined && { cv }),
        });
        return response?.story.content ?? null;
      });
    },

    async currentCv() {
      if (preview) return undefined;
      try {
        const sourceId = await sourceIdOf(vars);
        return (await keptReads.cv(sourceId, () => readCv(env.REDIRECTS, sourceOf(), sourceId))) ?? undefined;
      } catch {
        return undefined;
      }
    },

    async refreshCv() {
      const sourceId = await sourceIdOf(vars);
      const { space } = await sourceOf().getSpace();
      await env.REDIRECTS.put(`${CONTENT_CV_KEY_PREFIX}${sourceId}`, String(space.version));
      return space.version;
    },
  };
}

function chooseSource(env: Env, vars: EnvVars, preview: boolean): ContentSource {
  if (!vars.STORYBLOK_TOKEN || vars.mockData) {
    const reason = vars.mockData ? "mock" : "no-token";
    return lazySource("demo", () => import("./demo-space-source.ts").then(({ demoSpaceSource }) => demoSpaceSource(env.REDIRECTS, reason)));
  }
  const options: StoryblokSourceOptions = {
    // Drafts need the space's preview token; published reads use the configured token.
    token: preview && vars.STORYBLOK_PREVIEW_TOKEN ? vars.STORYBLOK_PREVIEW_TOKEN : vars.STORYBLOK_TOKEN,
    apiBase: vars.STORYBLOK_API_BASE,
    oauth: vars.STORYBLOK_OAUTH_TOKEN !== undefined,
    timeoutMs: vars.STORYBLOK_TIMEOUT_MS,
  };
  return lazySource("storyblok", () => import("./storyblok-source.ts").then(({ storyblokSource }) => storyblokSource(options)));
}

/**
 * A content source loaded by its first read, not at startup (docs/limits.md "Startup"): Storyblok's
 * (storyblok-js-client) with the first read that misses every cache; the demo space's with the
 * first content-version read. Requests that never read content load neither.
 */
function lazySource(kind: ContentSource["kind"], make: () => Promise<ContentSource>): ContentSource {
  let source: Promise<ContentSource> | undefined;
  const load = () => (source ??= make());
  return {
    kind,
    getStory: async (fullSlug, query) => (await load()).getStory(fullSlug, query),
    getStories: async (query) => (await load()).getStories(query),
    getSpace: async () => (await load()).getSpace(),
  };
}

/**
 * The cv of the demo space is its version in KV (a re-seed bumps it); Storyblok's lives in
 * KV under the source id, written by the webhook, and is fetched once when it is missing.
 */
async function readCv(kv: KVNamespace, source: ContentSource, sourceId: string): Promise<number | null> {
  if (source.kind === "demo") return (await source.getSpace()).space.version;
  const stored = await kv.get(`${CONTENT_CV_KEY_PREFIX}${sourceId}`);
  if (stored !== null && /^\d+$/.test(stored)) return Number(stored);
  const { space } = await source.getSpace();
  await kv.put(`${CONTENT_CV_KEY_PREFIX}${sourceId}`, String(space.version));
  return space.version;
}

// Hashing the token on every request would cost CPU; the id of a configuration never changes.
// Only resolved ids are kept, so no request awaits a promise another request created.
const sourceIds = isolateCollection("content source ids", new Map<string, string>());
/** "demo", or "sb-" + a hash of API base and token (never the token itself in a key or URL). */
export async function sourceIdOf(vars: EnvVars): Promise<string> {
  if (!vars.STORYBLOK_TOKEN || vars.mockData) return "demo";
  const identity = `${vars.STORYBLOK_API_BASE}|${vars.STORYBLOK_TOKEN}`;
  const known = sourceIds.get(identity);
  if (known) return known;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(identity));
  const id = `sb-${[...new Uint8Array(digest).slice(0, 8)].map((byte) => byte.toString(16).padStart(2, "0")).join("")}`;
  sourceIds.set(identity, id);
  return id;
}
