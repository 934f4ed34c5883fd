import { describe, expect, it } from "vitest";
import { StorySchema } from "#content/story-schema.ts";
import { BLOCK_COMPONENTS, ROOT_COMPONENTS } from "#content/block-names.ts";
import legacyRedirects from "#redirects/legacy-redirects.json" with { type: "json" };
import routeLookups from "../route-lookups.json" with { type: "json" };
import { validateStoryContent } from "#content/validate-blocks.ts";
import { demoSpace } from "./demo-space.ts";
import { SETTINGS_COMPONENTS, parseLayoutContent } from "#content/layout-content-schema.ts";
import { FALLBACK_LAYOUT, SETTINGS_ROOT_COMPONENT, SETTINGS_STORY_SLUG } from "#content/layout-content.ts";

const { space, stories } = demoSpace();
const slugs = new Set(stories.map((story) => story.full_slug));
/** The pages and articles (the layout settings story is no page). */
const pages = stories.filter((story) => story.content.component !== SETTINGS_ROOT_COMPONENT);

/** Paths the app answers with its own routes (not content). */
const APP_ROUTES = [
  /^\/$/,
  /^\/carfinder(\/|$)/,
  /^\/[a-z-]+\/carfinder(\/|$)/,
  /^\/[a-z-]+\/modelle(\/|$)/,
  /^\/center\//,
  /^\/[a-z-]+\/locations\//,
  /^\/directcontact$/,
  /^\/(?:[a-z-]+\/)?stock\//,
];

function blocksOf(value: unknown): Array<{ component: string }> {
  if (Array.isArray(value)) return value.flatMap(blocksOf);
  if (typeof value !== "object" || value === null) return [];
  const record = value as Record<string, unknown>;
  const own = typeof record.component === "string" && typeof record._uid === "string" ? [record as { component: string }] : [];
  return [...own, ...Object.values(record).flatMap(blocksOf)];
}

describe("demo space", () => {
  it("is deterministic", () => {
    expect(demoSpace()).toEqual(demoSpace());
  });

  it("every story is a valid Storyblok story with a unique full slug and uuid", () => {
    for (const story of stories) expect(StorySchema.safeParse(story).success, story.full_slug).toBe(true);
    expect(slugs.size).toBe(stories.length);
    expect(new Set(stories.map((story) => story.uuid)).size).toBe(stories.length);
    expect(space.version).toBeGreaterThan(0);
  });

  it("has a home story and journal articles", () => {
    expect(slugs.has("home")).toBe(true);
    expect(
      stories.filter((story) => story.full_slug.startsWith("uber-uns/journal/") && story.content.component === "article").length,
    ).toBeGreaterThanOrEqual(3);
  });

  it("no internal legacy redirect or route lookup target lands on a missing page", () => {
    const targets = [...legacyRedirects, ...routeLookups]
      .filter(
        (entry): entry is typeof entry & { target: string } =>
          "target" in entry && typeof entry.target === "string" && entry.target.startsWith("/"),
      )
      .map((entry) => entry.target.split(/[?#]/)[0]!);
    const missing = targets.filter(
      (target) => !APP_ROUTES.some((route) => route.test(target)) && !slugs.has(target.slice(1).toLowerCase()),
    );
    expect(missing).toEqual([]);
  });

  it("uses only block components the site renders", () => {
    const known = new Set<string>([...BLOCK_COMPONENTS, ...ROOT_COMPONENTS, ...SETTINGS_COMPONENTS]);
    const used = new Set(stories.flatMap((story) => blocksOf(story.content)).map((block) => block.component));
    expect([...used].filter((component) => !known.has(component))).toEqual([]);
    // The demo shows most of what editors can place.
    expect(used.size).toBeGreaterThanOrEqual(25);
  });

  it("every story passes the production block validation without a warning", () => {
    const warnings: string[] = [];
    for (const story of pages)
      validateStoryContent(story.content, { preview: false, warn: (message) => warnings.push(`${story.full_slug}: ${message}`) });
    expect(warnings).toEqual([]);
  });

  it("has the layout settings story: the built-in layout as editors would enter it, and a notice whose window is over", () => {
    const settings = stories.find((story) => story.full_slug === SETTINGS_STORY_SLUG);
    const warnings: string[] = [];
    const layout = parseLayoutContent(settings?.content, { warn: (message) => warnings.push(message) });
    expect(warnings).toEqual([]);
    expect({ ...layout, infoBar: [] }).toEqual(FALLBACK_LAYOUT);
    expect(layout.infoBar).toHaveLength(1);
    // Over before today's e2e runs: no page of the demo shows the bar.
    expect(layout.infoBar[0]?.until).toBeLessThan(Date.parse("2026-11-01T00:00:00Z"));
  });
});
