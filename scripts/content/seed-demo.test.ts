import { afterEach, describe, expect, it } from "vitest";
import { EmbedFormSchema } from "#content/block-schemas.ts";
import type { Block } from "#content/story-schema.ts";
import { storyblokComponents } from "#content/storyblok-components.ts";
import { validateStoryContent } from "#content/validate-blocks.ts";
import { demoSpace } from "#kv-seed/demo-space/demo-space.ts";
import { parseLayoutContent } from "#content/layout-content-schema.ts";
import { SPACE, standInFixture } from "./content-fixtures.ts";
import { addSampleHome, type ManagementApiStandIn } from "./management-api-stand-in.ts";
import { conformDemoContent, editorShapeProblems, seedDemo, seedPlan } from "./seed-demo.ts";

let standIn: ManagementApiStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

const definitions = storyblokComponents();
const byName = new Map(definitions.map((definition) => [definition.name, definition]));
const { stories } = demoSpace();

function findBlock(value: unknown, component: string): Record<string, unknown> | undefined {
  if (Array.isArray(value)) return value.map((item) => findBlock(item, component)).find(Boolean);
  if (typeof value !== "object" || value === null) return undefined;
  const record = value as Record<string, unknown>;
  return record.component === component ? record : findBlock(Object.values(record), component);
}

describe("the demo content in the space's shape", () => {
  it("fits every component's fields and whitelists, and the site still renders it without a warning", () => {
    for (const story of stories) {
      const conformed = conformDemoContent(story.content, byName);
      expect(editorShapeProblems(conformed, byName), story.full_slug).toEqual([]);
      const warnings: string[] = [];
      // The layout settings story is no page: its own parser reads it (content/layout-content-schema.ts).
      if (story.content.component === "site_settings") parseLayoutContent(conformed, { warn: (message) => warnings.push(message) });
      else validateStoryContent(conformed as Block, { preview: false, warn: (message) => warnings.push(message) });
      expect(warnings, story.full_slug).toEqual([]);
    }
  });

  it("plain text in rich-text fields becomes a document, the form definition form_field bloks the form block reads the same", () => {
    const home = stories.find((story) => story.full_slug === "home");
    const hero = findBlock(conformDemoContent(home?.content as Block, byName), "hero");
    expect(hero?.text).toEqual({
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [{ type: "text", text: "Über 3.000 Neu- und Gebrauchtwagen, Transporter und Reisemobile von sechs Marken." }],
        },
      ],
    });
    const form = stories.map((story) => findBlock(story.content, "embed_form")).find(Boolean);
    if (!form) throw new Error("the demo has no form");
    const conformedForm = conformDemoContent(form as Block, byName);
    const [first] = conformedForm.fields as Array<Record<string, unknown>>;
    expect(first).toMatchObject({ component: "form_field", name: "name" });
    expect(findBlock(conformedForm.fields, "form_option_group")).toMatchObject({ group: "Hamburg" });
    expect(EmbedFormSchema.parse(conformedForm).fields).toEqual(EmbedFormSchema.parse(form).fields);
    expect(EmbedFormSchema.parse(conformedForm).fields_problems).toEqual([]);
  });

  it("the problems of a block that does not fit are named by path", () => {
    const block = { component: "button", _uid: "b", label: 3, variant: "huge", onclick: "x", link: { linktype: "url", url: "/" } };
    expect(editorShapeProblems(block, byName)).toEqual([
      "/button.label: Text erwartet / text expected",
      '/button.variant: keine der Optionen / not an option: "huge"',
      "/button.onclick: kein Feld der Komponente / not a field of the component",
    ]);
    expect(editorShapeProblems({ component: "page", _uid: "p", body: [{ component: "button", _uid: "b", label: "x" }] }, byName)).toEqual([
      "/page.body[0]: button ist hier nicht erlaubt / is not allowed here",
    ]);
  });
});

describe("seed plan", () => {
  it("folders come from the full slugs, parents first; a page that is also a folder becomes the folder's start page", () => {
    const plan = seedPlan(stories);
    const folders = plan.filter((entry) => entry.kind === "folder").map((entry) => entry.path);
    expect(folders).toContain("uber-uns/journal");
    expect(folders.indexOf("werkstatt")).toBeLessThan(folders.indexOf("werkstatt/service-angebote-mercedes-benz"));
    expect(plan.findIndex((entry) => entry.kind !== "folder")).toBe(folders.length);
    expect(plan.find((entry) => entry.path === "werkstatt" && entry.kind !== "folder")).toMatchObject({
      kind: "startpage",
      parent: "werkstatt",
    });
    expect(plan.find((entry) => entry.path === "uber-uns")).toMatchObject({ kind: "folder", name: "Uber uns" });
    expect(plan.find((entry) => entry.path === "karriere" && entry.kind === "folder")?.name).toBe("Karriere");
    expect(plan.find((entry) => entry.path === "home")).toMatchObject({ kind: "story", parent: null, slug: "home" });
  });
});

describe("seed-demo", () => {
  it("fills an empty space: folders, then every story published under its folder, each path of the demo answered", async () => {
    const fixture = await standInFixture();
    standIn = fixture.standIn;
    const result = await seedDemo(fixture.api, stories, definitions, { yes: false }, fixture.say);
    expect(result).toMatchObject({ refused: false, rejected: [], skipped: [] });
    expect(result.stories).toHaveLength(stories.length);
    const stored = fixture.standIn.space(SPACE).stories;
    const byPath = new Map(stored.filter((story) => !story.is_folder).map((story) => [story.full_slug.replace(/\/$/, ""), story]));
    for (const story of stories) {
      expect(byPath.get(story.full_slug), story.full_slug).toMatchObject({
        published: true,
        content: { component: story.content.component },
      });
    }
    expect(stored.find((story) => story.full_slug === "werkstatt/")).toMatchObject({ is_startpage: true, name: "Werkstatt" });
    expect(byPath.get("uber-uns/journal/ausbildungsstart-2026")).toMatchObject({ tag_list: ["Karriere"] });
    const journal = stored.find((story) => story.is_folder && story.full_slug === "uber-uns/journal");
    expect(byPath.get("uber-uns/journal/hymer-saisoneroeffnung")?.parent_id).toBe(journal?.id);
    expect(fixture.log[0]).toBe("Ordner angelegt / folder created: aktionsangebote/");
  });

  it("refuses a space that already has stories, unless --yes; with --yes a second run creates nothing", async () => {
    const fixture = await standInFixture();
    standIn = fixture.standIn;
    await seedDemo(fixture.api, stories, definitions, { yes: false }, fixture.say);
    const count = fixture.standIn.space(SPACE).stories.length;
    fixture.standIn.requests.length = 0;

    const refused = await seedDemo(fixture.api, stories, definitions, { yes: false }, fixture.say);
    expect(refused).toMatchObject({ refused: true, existingStories: count, stories: [] });
    expect(fixture.standIn.requests.filter((request) => request.method !== "GET")).toEqual([]);

    const again = await seedDemo(fixture.api, stories, definitions, { yes: true }, fixture.say);
    expect(again).toMatchObject({ refused: false, folders: [], stories: [], rejected: [] });
    expect(again.skipped).toHaveLength(count);
    expect(fixture.standIn.space(SPACE).stories).toHaveLength(count);
  });

  it("with --yes creates only what is missing", async () => {
    const fixture = await standInFixture();
    standIn = fixture.standIn;
    await seedDemo(fixture.api, stories.slice(0, 5), definitions, { yes: false }, fixture.say);
    const result = await seedDemo(fixture.api, stories, definitions, { yes: true }, fixture.say);
    expect(result.skipped).toEqual(expect.arrayContaining(stories.slice(0, 5).map((story) => story.full_slug)));
    expect(result.stories).toHaveLength(stories.length - 5);
  });

  it("a new space's sample Home story counts as empty and is replaced by the demo's home", async () => {
    const fixture = await standInFixture();
    standIn = fixture.standIn;
    addSampleHome(fixture.standIn.space(SPACE));
    const result = await seedDemo(fixture.api, stories, definitions, { yes: false }, fixture.say);
    expect(result.refused).toBe(false);
    expect(fixture.log).toContain("Story ersetzt / story replaced: home");
    const home = fixture.standIn.space(SPACE).stories.find((story) => story.full_slug === "home");
    expect(home).toMatchObject({ id: 1, name: "Startseite", published: true });
    expect(findBlock(home?.content, "teaser")).toBeUndefined();
  });

  it("demo content that does not fit the components is refused before anything is written", async () => {
    const fixture = await standInFixture();
    standIn = fixture.standIn;
    const withoutHero = definitions.filter((definition) => definition.name !== "hero");
    await expect(seedDemo(fixture.api, stories, withoutHero, { yes: false }, fixture.say)).rejects.toThrow(
      /the demo content does not fit the components:\nhome\/page\.body\[0\]\/hero_carousel\.slides\[0\]\/hero: Komponente fehlt/,
    );
    expect(fixture.standIn.requests).toEqual([]);
  });
});
