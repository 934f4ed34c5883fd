import * as z from "zod";
import { SpaceResponseSchema, StorySchema, type SpaceResponse, type Story } from "#content/story-schema.ts";
import { CONTENT_PAGE_SIZE, ContentSourceError, type ContentSource, type StoriesQuery } from "./content-source.ts";
import { isolateRecord } from "../isolate-state.ts";

/**
 * KV layout of the embedded demo space, written by kv-seed/seed-data.ts (`npm run seed`, worker
 * test setup): `demo-space:space` = `{ space: { id, name, version } }`, one
 * `demo-space:story:{full_slug}` per story, and `demo-space:stories` = every story (for listings:
 * one KV read, as a Storyblok listing is one request per 100 stories). The worker may not import
 * kv-seed, so the prefix is repeated here; worker/content/demo-space-source.test.ts checks both agree.
 */
export const DEMO_SPACE_KV_PREFIX = "demo-space:";
const SPACE_KEY = `${DEMO_SPACE_KV_PREFIX}space`;
const STORY_KEY_PREFIX = `${DEMO_SPACE_KV_PREFIX}story:`;
const ALL_STORIES_KEY = `${DEMO_SPACE_KV_PREFIX}stories`;

export const DEMO_MODE_WARNING =
  "Content: no STORYBLOK_TOKEN configured, serving the embedded demo space from KV (demo content, not from Storyblok).";
/** The spec's mock-data mode (section 9): the public mock setting is 'true'. Also said in the browser (ui/mock-data-warning.ts). */
export const MOCK_MODE_WARNING =
  "Mock data mode: PUBLIC_MOCK_DATA is 'true', serving the embedded demo content from KV instead of Storyblok.";

/**
 * `warned`: like the spec's mock-data mode, say it once per isolate, not on every request.
 * `lastSpace`: the space record last parsed in this isolate, by its stored text (the cv is read on
 * every HTML-cache lookup).
 */
const demo = isolateRecord("demo space", (): { warned: boolean; lastSpace: { text: string; parsed: SpaceResponse } | undefined } => ({
  warned: false,
  lastSpace: undefined,
}));
export function resetDemoModeWarning(): void {
  demo.warned = false;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The embedded demo space as a ContentSource: the same shapes Storyblok answers, read from KV.
 * Drafts equal published content (there is no editor); `cv` is the space version.
 */
export function demoSpaceSource(kv: KVNamespace, reason: "no-token" | "mock" = "no-token"): ContentSource {
  if (!demo.warned) {
    demo.warned = true;
    console.warn(reason === "mock" ? MOCK_MODE_WARNING : DEMO_MODE_WARNING);
  }

  async function space() {
    // Read on every HTML-cache lookup (the cv): the parsed value is kept while the stored text is unchanged.
    const text = await kv.get(SPACE_KEY);
    const { lastSpace } = demo;
    if (text !== null && lastSpace?.text === text) return lastSpace.parsed;
    const raw = text === null ? null : parseJson(text);
    const parsed = SpaceResponseSchema.safeParse(raw);
    if (!parsed.success || text === null)
      throw new ContentSourceError("Demo space is not seeded (run `npm run seed`).", { status: 503, response: raw });
    demo.lastSpace = { text, parsed: parsed.data };
    return parsed.data;
  }

  async function story(fullSlug: string): Promise<Story | null> {
    const raw = await kv.get(`${STORY_KEY_PREFIX}${fullSlug}`, "json");
    if (raw === null) return null;
    const parsed = StorySchema.safeParse(raw);
    if (!parsed.success) throw new ContentSourceError(`Demo story ${fullSlug} is invalid.`, { response: raw });
    return parsed.data;
  }

  async function allStories(startsWith: string): Promise<Story[]> {
    const listed = await kv.get(ALL_STORIES_KEY, "json");
    if (listed !== null) {
      const parsed = z.array(StorySchema).safeParse(listed);
      if (!parsed.success) throw new ContentSourceError("Demo story list is invalid.", { response: null });
      return parsed.data.filter((entry) => entry.full_slug.startsWith(startsWith));
    }
    // A space seeded before the list key existed: one read per story.
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await kv.list({ prefix: `${STORY_KEY_PREFIX}${startsWith}`, cursor });
      names.push(...page.keys.map((key) => key.name.slice(STORY_KEY_PREFIX.length)));
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
    const stories = await Promise.all(names.map(story));
    return stories.filter((entry): entry is Story => entry !== null);
  }

  return {
    kind: "demo",

    async getStory(fullSlug) {
      const [found, { space: info }] = await Promise.all([story(fullSlug), space()]);
      return found ? { story: found, cv: info.version, rels: [], links: [] } : null;
    },

    async getStories(query: StoriesQuery) {
      const page = query.page ?? 1;
      const perPage = query.perPage ?? CONTENT_PAGE_SIZE;
      const [stories, { space: info }] = await Promise.all([allStories(query.startsWith ?? ""), space()]);
      const uuids = query.byUuids && new Set(query.byUuids);
      const matching = stories.filter(
        (entry) =>
          (!uuids || uuids.has(entry.uuid)) &&
          (!query.withTag || (entry.tag_list ?? []).includes(query.withTag)) &&
          (!query.contentType || entry.content.component === query.contentType),
      );
      if (query.sortBy) matching.sort(compareBy(query.sortBy));
      const excluded = new Set(query.excludingFields ?? []);
      const slice = matching.slice((page - 1) * perPage, page * perPage).map((entry) => withoutFields(entry, excluded));
      return { stories: slice, total: matching.length, page, perPage, cv: info.version };
    },

    getSpace: space,
  };
}

const SortSchema = z.string().regex(/^[a-z_.]+:(asc|desc)$/);

/** Storyblok's sort_by: "field:dir" on a story field or "content.field". */
function compareBy(sortBy: string): (a: Story, b: Story) => number {
  if (!SortSchema.safeParse(sortBy).success) return () => 0;
  const [path, direction] = sortBy.split(":") as [string, "asc" | "desc"];
  const read = (entry: Story): string => {
    const value = path.startsWith("content.")
      ? (entry.content as Record<string, unknown>)[path.slice(8)]
      : (entry as Record<string, unknown>)[path];
    return value === null || value === undefined ? "" : String(value);
  };
  const sign = direction === "desc" ? -1 : 1;
  return (a, b) => sign * read(a).localeCompare(read(b));
}

function withoutFields(entry: Story, fields: Set<string>): Story {
  if (fields.size === 0) return entry;
  const content = Object.fromEntries(Object.entries(entry.content).filter(([key]) => !fields.has(key))) as Story["content"];
  return { ...entry, content };
}
