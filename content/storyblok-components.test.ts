import * as z from "zod";
import { describe, expect, it } from "vitest";
import { BLOCK_COMPONENTS, FIELD_ITEM_COMPONENTS, NESTED_ONLY_COMPONENTS, ROOT_COMPONENTS, SECTION_COMPONENTS } from "./block-names.ts";
import { BLOCK_LIST_FIELDS } from "./block-schemas.ts";
import { apiOnlyFields, componentSources, editorFields, storyblokComponents, StoryblokMappingError } from "./storyblok-components.ts";
import { storyblokField } from "./storyblok-fields.ts";
import { FIELD_LABELS, OPTION_NAMES } from "./storyblok-labels.ts";
import { SETTINGS_COMPONENTS } from "./layout-content-schema.ts";

const components = storyblokComponents();
const byName = new Map(components.map((component) => [component.name, component]));
const field = (component: string, name: string) => byName.get(component)?.schema[name];

const MANAGEMENT_API_FIELD_TYPES = [
  "text",
  "textarea",
  "richtext",
  "number",
  "boolean",
  "option",
  "options",
  "asset",
  "multiasset",
  "multilink",
  "bloks",
  "datetime",
  "custom",
];

describe("Storyblok components generated from the block schemas", () => {
  it("every component the site renders gets a definition: roots are content types, blocks and field items nestable", () => {
    expect(components.map((component) => component.name)).toEqual([
      ...ROOT_COMPONENTS,
      ...BLOCK_COMPONENTS,
      ...FIELD_ITEM_COMPONENTS,
      ...SETTINGS_COMPONENTS,
    ]);
    for (const name of [...ROOT_COMPONENTS, "site_settings"]) expect(byName.get(name)).toMatchObject({ is_root: true, is_nestable: false });
    for (const name of [...BLOCK_COMPONENTS, ...FIELD_ITEM_COMPONENTS, "nav_link", "footer_column", "info_bar_entry"])
      expect(byName.get(name)).toMatchObject({ is_root: false, is_nestable: true });
    for (const component of components) expect(component.display_name, component.name).not.toBe(component.name);
  });

  it("every field of every schema has a Storyblok mapping", () => {
    const unmapped = componentSources().flatMap((source) =>
      editorFields(source.schema)
        .filter(({ meta }) => meta === undefined)
        .map(({ field: name }) => `${source.name}.${name}`),
    );
    expect(unmapped).toEqual([]);
  });

  it("a field added to a schema without an annotation fails the generator, naming the field", () => {
    const withPlainField = componentSources().map((source) =>
      source.name === "hero" && source.schema instanceof z.ZodObject
        ? { ...source, schema: source.schema.extend({ badge: z.string() }) }
        : source,
    );
    expect(() => storyblokComponents(withPlainField)).toThrow(StoryblokMappingError);
    expect(() => storyblokComponents(withPlainField)).toThrow(/hero\.badge: no Storyblok mapping/);
  });

  it("a field without a German name fails the generator too", () => {
    const withUnnamedField = componentSources().map((source) =>
      source.name === "hero" && source.schema instanceof z.ZodObject
        ? { ...source, schema: source.schema.extend({ badge: storyblokField(z.string(), { type: "text" }) }) }
        : source,
    );
    expect(() => storyblokComponents(withUnnamedField)).toThrow(/hero\.badge: no German name in FIELD_LABELS/);
  });

  it("uses only the Management API's field types, with German names and positions in schema order", () => {
    for (const component of components) {
      const fields = Object.values(component.schema);
      expect(fields.map((definition) => definition.pos)).toEqual(fields.map((_, index) => index));
      for (const definition of fields) {
        expect(MANAGEMENT_API_FIELD_TYPES, component.name).toContain(definition.type);
        expect(definition.display_name.length).toBeGreaterThan(0);
      }
    }
  });

  it("maps each field helper to its Storyblok type", () => {
    expect(field("hero", "headline")).toEqual({ type: "text", pos: 0, display_name: "Überschrift" });
    expect(field("hero", "text")).toMatchObject({ type: "richtext" });
    expect(field("rich_text", "text")).toMatchObject({ type: "richtext" });
    expect(field("hero_stock", "limit")).toMatchObject({ type: "number", min_value: 1, max_value: 6, default_value: "3" });
    expect(field("button", "disabled")).toMatchObject({ type: "boolean" });
    expect(field("button", "variant")).toMatchObject({
      type: "option",
      default_value: "primary",
      exclude_empty_option: true,
      options: [
        { name: "Primär", value: "primary" },
        { name: "Sekundär", value: "secondary" },
        { name: "Tertiär", value: "tertiary" },
        { name: "Dezent", value: "ghost" },
      ],
    });
    expect(field("card", "link")).toMatchObject({ type: "multilink", email_link_type: true, asset_link_type: true });
    expect(field("hero", "image")).toMatchObject({ type: "asset", filetypes: ["images"], allow_external_url: true });
    expect(field("content_image", "image")).toMatchObject({ type: "asset", required: true });
    expect(field("image_grid", "images")).toMatchObject({ type: "multiasset", filetypes: ["images"] });
    expect(field("card", "headline")).toMatchObject({ type: "text", required: true });
    expect(field("article", "date")).toMatchObject({ type: "datetime" });
    expect(field("brand_logos", "brands")).toMatchObject({
      type: "options",
      options: expect.arrayContaining([{ name: "Aston Martin", value: "astonmartin" }]),
    });
    expect(field("location_grid", "brand")).toMatchObject({
      type: "option",
      options: expect.arrayContaining([{ name: "Hymer", value: "hymer" }]),
    });
    expect(field("employee_grid", "department")).toMatchObject({
      type: "option",
      options: expect.arrayContaining([{ name: "Service", value: "service" }]),
    });
    expect(field("stock_quick_entry", "body_styles")).toMatchObject({
      type: "options",
      options: expect.arrayContaining([{ name: "Kleinwagen", value: "compact" }]),
    });
    expect(field("article", "tags")).toMatchObject({ type: "text" });
    expect(field("location_overview", "locations")).toMatchObject({ type: "text" });
    expect(field("stock_media_gallery", "vehicle")).toMatchObject({ type: "text" });
    expect(field("review_widget", "rating")).toMatchObject({ type: "number", min_value: 0, max_value: 5, decimals: 1, required: true });
  });

  it("the shapes Storyblok has no plain field for are explicit: plugin fields, item bloks, and two maps left to the API", () => {
    expect(field("page", "seo")).toMatchObject({ type: "custom", field_type: "seo_metatags" });
    expect(field("button", "booking")).toMatchObject({ type: "custom", field_type: "appointments" });
    expect(field("embed_form", "fields")).toMatchObject({ type: "bloks", component_whitelist: ["form_field"] });
    expect(field("form_field", "options")).toMatchObject({ type: "bloks", component_whitelist: ["form_option", "form_option_group"] });
    expect(field("form_field", "children")).toMatchObject({ type: "bloks", component_whitelist: ["form_field"] });
    expect(field("review_widget", "reviews")).toMatchObject({ type: "bloks", component_whitelist: ["review"] });
    expect(field("partner_brand_component", "attributes")).toMatchObject({ type: "bloks", component_whitelist: ["partner_attribute"] });
    expect(field("form_field", "validationMessages")).toBeUndefined();
    expect(field("form_field", "validationRules")).toBeUndefined();
    expect([...apiOnlyFields()]).toEqual([["form_field", ["validationMessages", "validationRules"]]]);
  });

  it("bloks fields allow only real components: buttons → button, cards → card, slides → hero, page body → every section", () => {
    const names = new Set(components.map((component) => component.name));
    for (const component of components) {
      for (const [name, definition] of Object.entries(component.schema)) {
        if (definition.type !== "bloks") continue;
        expect(definition, `${component.name}.${name}`).toMatchObject({ restrict_components: true, restrict_type: "" });
        expect(definition.component_whitelist?.length, `${component.name}.${name}`).toBeGreaterThan(0);
        expect(definition.component_whitelist?.filter((allowed) => !names.has(allowed))).toEqual([]);
      }
    }
    expect(field("hero", "buttons")?.component_whitelist).toEqual(["button"]);
    expect(field("card_grid", "cards")?.component_whitelist).toEqual(["card"]);
    expect(field("hero_carousel", "slides")?.component_whitelist).toEqual(["hero"]);
    expect(field("employee_grid", "employees")?.component_whitelist).toEqual(["employee"]);
    expect(field("page", "body")?.component_whitelist).toEqual(SECTION_COMPONENTS);
    expect(SECTION_COMPONENTS).not.toContain(NESTED_ONLY_COMPONENTS[0]);
    expect(field("content_two_column", "left")?.component_whitelist).not.toContain("content_two_column");
  });

  it("the block lists validate-blocks walks are the page-builder bloks fields, never the field items", () => {
    const blockLists = Object.fromEntries(
      componentSources()
        .map(
          (source) =>
            [
              source.name,
              editorFields(source.schema)
                .filter(({ meta }) => meta?.type === "bloks" && meta.children === "blocks")
                .map(({ field: name }) => name),
            ] as const,
        )
        .filter(([, fields]) => fields.length > 0),
    );
    expect(blockLists).toEqual(BLOCK_LIST_FIELDS);
    expect(Object.keys(BLOCK_LIST_FIELDS)).not.toContain("embed_form");
    expect(Object.keys(BLOCK_LIST_FIELDS)).not.toContain("review_widget");
  });

  it("every German field and option name is used by some field (no stale labels)", () => {
    const used = new Set<string>();
    const usedOptions = new Set<string>();
    for (const source of componentSources()) {
      for (const { field: name, meta } of editorFields(source.schema)) {
        used.add(name).add(`${source.name}.${name}`);
        if (meta && "values" in meta) usedOptions.add(name).add(`${source.name}.${name}`);
      }
    }
    expect(Object.keys(FIELD_LABELS).filter((key) => !used.has(key))).toEqual([]);
    expect(Object.keys(OPTION_NAMES).filter((key) => !usedOptions.has(key))).toEqual([]);
  });

  it("the layout settings story is a content type of its own with nested links, columns and notices (docs/storyblok-space.md)", () => {
    expect(Object.keys(byName.get("site_settings")?.schema ?? {})).toEqual([
      "navigation",
      "top_bar_claim",
      "top_bar_links",
      "footer_columns",
      "legal_links",
      "info_bar",
    ]);
    expect(field("site_settings", "navigation")).toMatchObject({
      type: "bloks",
      component_whitelist: ["nav_link"],
      display_name: "Hauptnavigation",
    });
    expect(field("site_settings", "footer_columns")).toMatchObject({ type: "bloks", component_whitelist: ["footer_column"] });
    expect(field("site_settings", "info_bar")).toMatchObject({ type: "bloks", component_whitelist: ["info_bar_entry"] });
    expect(field("footer_column", "links")).toMatchObject({ type: "bloks", component_whitelist: ["nav_link"] });
    expect(field("nav_link", "label")).toMatchObject({ type: "text", required: true, display_name: "Linktext" });
    expect(field("nav_link", "link")).toMatchObject({ type: "multilink", required: true });
    expect(field("info_bar_entry", "text")).toMatchObject({ type: "textarea", required: true, display_name: "Hinweistext" });
    expect(field("info_bar_entry", "valid_from")).toMatchObject({ type: "datetime", display_name: "Gültig ab" });
    expect(field("info_bar_entry", "valid_until")).toMatchObject({ type: "datetime", display_name: "Gültig bis" });
    expect(byName.get("nav_link")?.preview_field).toBe("label");
    // The settings entries are no page-builder blocks: validate-blocks never walks them.
    expect(Object.keys(BLOCK_LIST_FIELDS)).not.toContain("site_settings");
  });

  it("is deterministic and plain JSON (what `npm run content -- schema` writes)", () => {
    expect(JSON.parse(JSON.stringify(storyblokComponents()))).toEqual(components);
    expect(field("page", "body")).toMatchObject({ pos: 0, display_name: "Inhalt" });
    expect(byName.get("hero")?.preview_field).toBe("headline");
  });
});
