import { describe, expect, it } from "vitest";
import { validateStoryContent } from "./validate-blocks.ts";
import { BLOCK_FIXTURES, ROOT_FIXTURES } from "./block-fixtures.ts";
import type { Block } from "./story-schema.ts";
import { demoSpace } from "#kv-seed/demo-space/demo-space.ts";

function run(root: Block, preview = false) {
  const warnings: string[] = [];
  const content = validateStoryContent(root, { preview, warn: (message) => warnings.push(message) }) as Record<string, unknown>;
  return { content, warnings };
}

const page = (...body: unknown[]) => ({ component: "page", _uid: "root", body }) as Block;

describe("validateStoryContent", () => {
  it("keeps valid blocks, applies defaults and warns about nothing", () => {
    const { content, warnings } = run(page(BLOCK_FIXTURES.hero, BLOCK_FIXTURES.card_grid));
    expect(warnings).toEqual([]);
    const body = content.body as Array<Record<string, unknown>>;
    expect(body.map((block) => block.component)).toEqual(["hero", "card_grid"]);
    expect(body[0]).toMatchObject({ variant: "default" });
    expect((body[0]!.buttons as Array<Record<string, unknown>>)[0]).toMatchObject({ component: "button", size: "medium", disabled: false });
  });

  it("production: an unknown block is skipped with a warning", () => {
    const { content, warnings } = run(page({ component: "fancy_slider", _uid: "u1" }, BLOCK_FIXTURES.rich_text));
    expect((content.body as Block[]).map((block) => block.component)).toEqual(["rich_text"]);
    expect(warnings).toEqual(["Block „fancy_slider“ (u1) übersprungen: unbekannte Komponente"]);
  });

  it("production: an invalid block is skipped, its siblings stay", () => {
    const { content, warnings } = run(page({ component: "card", _uid: "c1" }, BLOCK_FIXTURES.card));
    expect((content.body as Block[]).map((block) => block._uid)).toEqual(["fx-card"]);
    expect(warnings[0]).toMatch(/^Block „card“ \(c1\) übersprungen: headline: /);
  });

  it("preview: an invalid block becomes a visible marker with its issues", () => {
    const { content } = run(
      page({
        component: "hero",
        _uid: "h1",
        buttons: [{ component: "button", _uid: "b1", label: "x", link: { linktype: "url", url: "javascript:alert(1)" } }],
      }),
      true,
    );
    const hero = (content.body as Array<Record<string, unknown>>)[0]!;
    expect(hero.component).toBe("hero");
    expect(hero.buttons).toEqual([
      {
        component: "invalid_block",
        _uid: "b1",
        original: "button",
        issues: [expect.stringMatching(/^link: unsicheres oder ungültiges Linkziel/)],
      },
    ]);
  });

  it("preview: unknown blocks are marked too", () => {
    const { content } = run(page({ component: "fancy_slider", _uid: "u1" }), true);
    expect(content.body).toEqual([{ component: "invalid_block", _uid: "u1", original: "fancy_slider", issues: ["unbekannte Komponente"] }]);
  });

  it("nested lists are validated child by child (a bad card drops only that card)", () => {
    const grid = { ...BLOCK_FIXTURES.card_grid, cards: [{ component: "card", _uid: "bad" }, BLOCK_FIXTURES.card] };
    const { content, warnings } = run(page(grid));
    expect(((content.body as Array<Record<string, unknown>>)[0]!.cards as Block[]).map((card) => card._uid)).toEqual(["fx-card"]);
    expect(warnings).toHaveLength(1);
  });

  it("bloks embedded in rich text are validated", () => {
    const text = {
      type: "doc",
      content: [{ type: "blok", attrs: { id: "x", body: [BLOCK_FIXTURES.button, { component: "nope", _uid: "n" }] } }],
    };
    const { content, warnings } = run(page({ component: "rich_text", _uid: "rt", text }));
    const blok = ((content.body as Array<Record<string, unknown>>)[0]!.text as { content: Array<{ attrs: { body: Block[] } }> })
      .content[0]!;
    expect(blok.attrs.body.map((block) => block.component)).toEqual(["button"]);
    expect(warnings).toHaveLength(1);
  });

  it("article roots validate their fields; an article without title keeps the page alive", () => {
    expect(run(ROOT_FIXTURES.article as Block).content).toMatchObject({
      component: "article",
      title: "Der neue EQS SUV steht im Showroom",
      tags: ["Elektro"],
    });
    const broken = run({ component: "article", _uid: "a" } as Block);
    expect(broken.content).toEqual({ component: "page", _uid: "a", body: [] });
    expect(broken.warnings).toHaveLength(1);
    expect(run({ component: "article", _uid: "a" } as Block, true).content.body).toEqual([
      { component: "invalid_block", _uid: "a", original: "article", issues: ["title: Titel fehlt"] },
    ]);
  });

  it("an unknown root becomes an empty page", () => {
    const { content, warnings } = run({ component: "landing", _uid: "l" } as Block);
    expect(content).toEqual({ component: "page", _uid: "l", body: [] });
    expect(warnings).toHaveLength(1);
  });

  it("the whole demo space validates without a single warning", () => {
    // The layout settings story is no page (content/layout-content-schema.ts validates it).
    for (const story of demoSpace().stories.filter((entry) => entry.content.component !== "site_settings")) {
      const { warnings } = run(story.content);
      expect(warnings, story.full_slug).toEqual([]);
    }
  });
});

describe("BLOCK_LIST_FIELDS (derived from the schemas)", () => {
  it("names every field whose schema is a nested block list", async () => {
    const { BLOCK_LIST_FIELDS } = await import("./block-schemas.ts");
    expect(BLOCK_LIST_FIELDS).toMatchObject({
      page: ["body"],
      hero: ["buttons"],
      hero_carousel: ["slides"],
      card_grid: ["cards", "buttons"],
      content_two_column: ["left", "right"],
      employee_overview: ["employees"],
    });
    expect(Object.keys(BLOCK_LIST_FIELDS)).toHaveLength(20);
  });
});
