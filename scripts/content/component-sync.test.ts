import { afterEach, describe, expect, it } from "vitest";
import { storyblokComponents, type StoryblokComponentDefinition } from "#content/storyblok-components.ts";
import { compareComponents, diffReport, listComponents, pushComponents } from "./component-sync.ts";
import { SPACE, standInFixture } from "./content-fixtures.ts";
import type { ManagementApiStandIn } from "./management-api-stand-in.ts";

let standIn: ManagementApiStandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

const definitions = storyblokComponents();
const PUSH = { dryRun: false, prune: false };
const writes = (requests: ManagementApiStandIn["requests"]) => requests.filter((request) => request.method !== "GET");

async function pushedSpace(options: Parameters<typeof standInFixture>[0] = {}) {
  const fixture = await standInFixture(options);
  standIn = fixture.standIn;
  await pushComponents(fixture.api, definitions, PUSH, fixture.say);
  fixture.standIn.requests.length = 0;
  fixture.log.length = 0;
  return fixture;
}

const component = (name: string) => standIn?.space(SPACE).components.find((item) => item.name === name);

describe("push", () => {
  it("into an empty space creates every component with the generated definition", async () => {
    const fixture = await standInFixture();
    standIn = fixture.standIn;
    const result = await pushComponents(fixture.api, definitions, PUSH, fixture.say);
    expect(result.created).toEqual(definitions.map((definition) => definition.name));
    expect(writes(fixture.standIn.requests).every((request) => request.method === "POST")).toBe(true);
    expect(fixture.standIn.requests.find((request) => request.method === "POST")?.body).toEqual({ component: definitions[0] });
    expect(component("hero")).toMatchObject({
      display_name: "Bühne",
      is_nestable: true,
      schema: { headline: { type: "text", display_name: "Überschrift" } },
    });
    expect(fixture.log[0]).toBe("angelegt / created: page");
  });

  it("a second push changes nothing (Storyblok's field ids and unset keys do not count as changes)", async () => {
    const fixture = await pushedSpace();
    const result = await pushComponents(fixture.api, definitions, PUSH, fixture.say);
    expect(result).toMatchObject({ created: [], updated: [], deleted: [], rejected: [] });
    expect(result.unchanged).toHaveLength(definitions.length);
    expect(writes(fixture.standIn.requests)).toEqual([]);
  });

  it("updates a changed field with PUT and keeps the field's id, editor settings and fields only the space has", async () => {
    const fixture = await pushedSpace();
    const hero = component("hero");
    if (!hero) throw new Error("hero was not pushed");
    hero.schema.headline = { ...hero.schema.headline, type: "textarea", translatable: true };
    hero.schema.badge = { type: "text", pos: 99 };
    hero.color = "#ff0000";
    const result = await pushComponents(fixture.api, definitions, PUSH, fixture.say);
    expect(result.updated).toEqual(["hero"]);
    expect(writes(fixture.standIn.requests).map((request) => `${request.method} ${request.path}`)).toEqual([
      `PUT /v1/spaces/${SPACE}/components/${hero.id}`,
    ]);
    expect(component("hero")?.schema.headline).toMatchObject({ type: "text", translatable: true, id: hero.schema.headline?.id });
    expect(component("hero")?.schema.badge).toMatchObject({ type: "text" });
    expect(component("hero")?.color).toBe("#ff0000");
    expect(fixture.log).toEqual(["geändert / updated: hero (headline: type)"]);
    expect((await pushComponents(fixture.api, definitions, PUSH, fixture.say)).updated).toEqual([]);
  });

  it("a dry run reads the space and says what it would do, writing nothing", async () => {
    const fixture = await pushedSpace();
    const card = component("card");
    if (card) delete card.schema.link_label;
    const result = await pushComponents(
      fixture.api,
      [...definitions, { ...definitionOf("hero"), name: "hero_new" }],
      { dryRun: true, prune: false },
      fixture.say,
    );
    expect(result).toMatchObject({ created: ["hero_new"], updated: ["card"] });
    expect(fixture.log).toEqual(["würde ändern / would update: card (+link_label)", "würde anlegen / would create: hero_new"]);
    expect(writes(fixture.standIn.requests)).toEqual([]);
  });

  it("reports Storyblok's 422 per component and still pushes the others", async () => {
    const fixture = await standInFixture();
    standIn = fixture.standIn;
    const broken: StoryblokComponentDefinition[] = [
      definitionOf("button"),
      { ...definitionOf("card"), name: "" },
      { ...definitionOf("hero"), name: "hero_colour", schema: { tint: { type: "colour" as "text", pos: 0, display_name: "Farbe" } } },
      definitionOf("card"),
      definitionOf("button"),
    ];
    const result = await pushComponents(fixture.api, broken, PUSH, fixture.say);
    expect(result.created).toEqual(["button", "card"]);
    expect(result.rejected).toEqual([
      { name: "", status: 422, message: "name: can't be blank" },
      { name: "hero_colour", status: 422, message: 'schema: field tint has an invalid type "colour"' },
      { name: "button", status: 422, message: "name: has already been taken" },
    ]);
    expect(fixture.log).toContain('abgelehnt / rejected (422): hero_colour: schema: field tint has an invalid type "colour"');
  });

  it("reads a space of more components than one page and leaves the editors' own components alone", async () => {
    const own = Array.from({ length: 120 }, (_, index) => ({ name: `editor_block_${index}`, schema: { title: { type: "text" } } }));
    const fixture = await standInFixture({ spaces: [{ id: SPACE, components: own }] });
    standIn = fixture.standIn;
    const result = await pushComponents(fixture.api, definitions, PUSH, fixture.say);
    expect(result.onlyInSpace).toHaveLength(120);
    expect(result.created).toHaveLength(definitions.length);
    expect(result.deleted).toEqual([]);
    expect(fixture.standIn.requests.filter((request) => request.path.includes("/components?"))).toHaveLength(2);
    expect(fixture.standIn.space(SPACE).components).toHaveLength(120 + definitions.length);
  });

  it("prune deletes the components the site cannot render and the fields it does not read", async () => {
    const fixture = await pushedSpace({ spaces: [{ id: SPACE, components: [{ name: "teaser", schema: {} }] }] });
    const hero = component("hero");
    if (hero) hero.schema.badge = { type: "text", pos: 9 };
    const result = await pushComponents(fixture.api, definitions, { dryRun: false, prune: true }, fixture.say);
    expect(result.deleted).toEqual(["teaser"]);
    expect(result.updated).toEqual(["hero"]);
    expect(component("teaser")).toBeUndefined();
    expect(component("hero")?.schema.badge).toBeUndefined();
  });
});

describe("diff", () => {
  it("a space that matches the code has no differences", async () => {
    const fixture = await pushedSpace();
    const report = diffReport(SPACE, compareComponents(definitions, await listComponents(fixture.api)));
    expect(report).toEqual({ differences: 0, text: `Space ${SPACE} und Code stimmen überein. / Space ${SPACE} matches the code.` });
  });

  it("names what the space lacks, what differs in type, options and settings (a new type alone), and what only the space has", async () => {
    const fixture = await pushedSpace({ spaces: [{ id: SPACE, components: [{ name: "teaser", schema: {} }] }] });
    fixture.standIn.space(SPACE).components = fixture.standIn.space(SPACE).components.filter((item) => item.name !== "image_slider");
    const button = component("button");
    const card = component("card");
    if (!button || !card) throw new Error("not pushed");
    button.schema.variant = { ...button.schema.variant, options: [{ name: "Primär", value: "primary" }] };
    button.schema.label = { ...button.schema.label, display_name: "Text", required: false };
    card.schema.headline = { ...card.schema.headline, type: "textarea", required: false };
    delete card.schema.subline;
    card.schema.badge = { type: "text" };
    const { text, differences } = diffReport(SPACE, compareComponents(definitions, await listComponents(fixture.api)));
    expect(text.split("\n")).toEqual([
      "+ card.subline: Feld fehlt im Space / field missing in the space",
      '~ card.headline: Typ / type Space "textarea" ≠ Code "text"',
      "- card.badge: Feld nur im Space, die Website liest es nicht / field only in the space, the site ignores it",
      "+ image_slider: fehlt im Space / missing in the space",
      '~ button.label: display_name Space "Text" ≠ Code "Beschriftung"',
      "~ button.label: required Space null ≠ Code true",
      "~ button.variant: Optionen / options Space primary ≠ Code primary, secondary, tertiary, ghost",
      "- teaser: nur im Space, die Website zeigt ihn nicht / only in the space, the site cannot render it",
      `Space ${SPACE}: 8 Unterschiede zum Code. / Space ${SPACE}: 8 differences from the code.`,
    ]);
    expect(differences).toBe(8);
  });
});

function definitionOf(name: string): StoryblokComponentDefinition {
  const definition = definitions.find((item) => item.name === name);
  if (!definition) throw new Error(`no definition ${name}`);
  return definition;
}
