import type * as z from "zod";
import { BRAND_KEYS, BRAND_NAMES } from "#domain/brands.ts";
import { DEPARTMENT_KEYS, DEPARTMENTS } from "#domain/employees.ts";
import { BODY_STYLE_LABELS } from "#domain/vehicle-labels.ts";
import { BODY_STYLES } from "#domain/vehicle-vocabulary.ts";
import { BLOCK_COMPONENTS, FIELD_ITEM_COMPONENTS, ROOT_COMPONENTS } from "./block-names.ts";
import { BLOCK_SCHEMAS, FIELD_ITEM_SCHEMAS, objectShape, ROOT_SCHEMAS } from "./block-schemas.ts";
import { storyblokFieldOf, type StoryblokFieldMeta, type StoryblokFieldType } from "./storyblok-fields.ts";
import { COMPONENT_NAMES, FIELD_LABELS, OPTION_NAMES } from "./storyblok-labels.ts";
import { SETTINGS_COMPONENTS, SETTINGS_SCHEMAS } from "./layout-content-schema.ts";
import { SETTINGS_ROOT_COMPONENT } from "./layout-content.ts";

/**
 * The site's Storyblok components in the Management API's format (POST/PUT
 * `spaces/{id}/components`, "The Component Object" and "The Component Schema Field Object"),
 * generated from the zod schemas the site validates content with (content/block-schemas.ts) and
 * their field annotations (content/storyblok-fields.ts). Nothing here is a second list of fields:
 * a field added to a schema appears in the space on the next `npm run content -- push`.
 *
 * Throws StoryblokMappingError naming every field without a Storyblok type or German name, so a
 * schema change cannot silently leave editors without its field.
 *
 * @example
 * const components = storyblokComponents();
 * components.find((component) => component.name === "hero")?.schema.headline; // { type: "text", pos: 0, display_name: "Überschrift" }
 */

export interface StoryblokOption {
  name: string;
  value: string;
}

export interface StoryblokFieldDefinition {
  type: StoryblokFieldType;
  pos: number;
  display_name: string;
  description?: string;
  required?: boolean;
  default_value?: string;
  options?: StoryblokOption[];
  exclude_empty_option?: boolean;
  min_value?: number;
  max_value?: number;
  decimals?: number;
  filetypes?: string[];
  allow_external_url?: boolean;
  restrict_type?: string;
  restrict_components?: boolean;
  component_whitelist?: string[];
  field_type?: string;
  email_link_type?: boolean;
  asset_link_type?: boolean;
}

export interface StoryblokComponentDefinition {
  name: string;
  display_name: string;
  is_root: boolean;
  is_nestable: boolean;
  preview_field?: string;
  schema: Record<string, StoryblokFieldDefinition>;
}

/** Where a component's definition comes from: its schema and whether it is a story's root. */
export interface ComponentSource {
  name: string;
  schema: z.core.$ZodType;
  root: boolean;
}

export class StoryblokMappingError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`Storyblok components cannot be generated:\n${problems.map((problem) => `- ${problem}`).join("\n")}`);
    this.problems = problems;
  }
}

/** Storyblok's own keys of every blok, not fields an editor fills in. */
const SYSTEM_KEYS = new Set(["component", "_uid", "_editable"]);

/** The field Storyblok shows in a blok's collapsed row, the first of these a component has. */
const PREVIEW_FIELDS = ["headline", "title", "label", "name", "group", "author"];

/**
 * Every component of the space: the story roots, the page-builder blocks, the field items, and the
 * layout settings story (content type `site_settings` and its entries, content/layout-content-schema.ts).
 */
export function componentSources(): ComponentSource[] {
  return [
    ...ROOT_COMPONENTS.map((name) => ({ name, schema: ROOT_SCHEMAS[name], root: true })),
    ...BLOCK_COMPONENTS.map((name) => ({ name, schema: BLOCK_SCHEMAS[name], root: false })),
    ...FIELD_ITEM_COMPONENTS.map((name) => ({ name, schema: FIELD_ITEM_SCHEMAS[name], root: false })),
    ...SETTINGS_COMPONENTS.map((name) => ({ name, schema: SETTINGS_SCHEMAS[name], root: name === SETTINGS_ROOT_COMPONENT })),
  ];
}

/** The fields of a component's schema an editor fills in, in the schema's order, with their annotations. */
export function editorFields(schema: z.core.$ZodType): Array<{ field: string; meta: StoryblokFieldMeta | undefined }> {
  return Object.entries(objectShape(schema) ?? {})
    .filter(([field]) => !SYSTEM_KEYS.has(field))
    .map(([field, fieldSchema]) => ({ field, meta: storyblokFieldOf(fieldSchema) }));
}

/**
 * Fields the site reads that have no Storyblok field (annotated `not-editable`), by component:
 * content may carry them (set through the API), the editor just does not show them.
 */
export function apiOnlyFields(sources: readonly ComponentSource[] = componentSources()): ReadonlyMap<string, readonly string[]> {
  return new Map(
    sources
      .map(
        (source) =>
          [source.name, editorFields(source.schema).flatMap(({ field, meta }) => (meta?.type === "not-editable" ? [field] : []))] as const,
      )
      .filter(([, fields]) => fields.length > 0),
  );
}

export function storyblokComponents(sources: readonly ComponentSource[] = componentSources()): StoryblokComponentDefinition[] {
  const problems: string[] = [];
  const names = new Set(sources.map((source) => source.name));
  const definitions = sources.map((source) => componentDefinition(source, names, problems));
  if (problems.length > 0) throw new StoryblokMappingError(problems);
  return definitions;
}

function componentDefinition(source: ComponentSource, names: ReadonlySet<string>, problems: string[]): StoryblokComponentDefinition {
  const displayName = (COMPONENT_NAMES as Record<string, string | undefined>)[source.name];
  if (!displayName) problems.push(`${source.name}: no German name in COMPONENT_NAMES (content/storyblok-labels.ts)`);
  if (!objectShape(source.schema)) problems.push(`${source.name}: its schema is not an object`);
  const schema: Record<string, StoryblokFieldDefinition> = {};
  let pos = 0;
  for (const { field, meta } of editorFields(source.schema)) {
    const where = `${source.name}.${field}`;
    if (!meta) {
      problems.push(`${where}: no Storyblok mapping (annotate its schema with storyblokField, content/storyblok-fields.ts)`);
      continue;
    }
    if (meta.type === "not-editable") continue;
    const definition = fieldDefinition(source.name, field, meta, pos, problems);
    if (meta.type === "bloks") {
      for (const allowed of meta.allow) if (!names.has(allowed)) problems.push(`${where}: allows "${allowed}", which is no component`);
    }
    schema[field] = definition;
    pos += 1;
  }
  const preview = PREVIEW_FIELDS.find((field) => schema[field] !== undefined);
  return {
    name: source.name,
    display_name: displayName ?? source.name,
    is_root: source.root,
    is_nestable: !source.root,
    ...(preview && { preview_field: preview }),
    schema,
  };
}

function fieldDefinition(
  component: string,
  field: string,
  meta: Exclude<StoryblokFieldMeta, { type: "not-editable" }>,
  pos: number,
  problems: string[],
): StoryblokFieldDefinition {
  const label = FIELD_LABELS[`${component}.${field}`] ?? FIELD_LABELS[field];
  if (!label) problems.push(`${component}.${field}: no German name in FIELD_LABELS (content/storyblok-labels.ts)`);
  const base: StoryblokFieldDefinition = {
    type: meta.type,
    pos,
    display_name: label?.name ?? field,
    ...(label?.description && { description: label.description }),
  };
  switch (meta.type) {
    case "text":
    case "textarea":
    case "richtext":
    case "datetime":
      return { ...base, ...(meta.required && { required: true }) };
    case "multilink":
      // The site's link rules accept e-mail and asset links (content/link-field.ts).
      return { ...base, ...(meta.required && { required: true }), email_link_type: true, asset_link_type: true };
    case "asset":
    case "multiasset":
      // External URLs: the site also takes https images and its own paths (the demo's pictures).
      return { ...base, ...(meta.required && { required: true }), filetypes: ["images"], allow_external_url: true };
    case "number":
      return {
        ...base,
        ...(meta.required && { required: true }),
        min_value: meta.min,
        max_value: meta.max,
        ...(meta.decimals !== undefined && { decimals: meta.decimals }),
        ...(meta.default !== undefined && { default_value: String(meta.default) }),
      };
    case "boolean":
      return { ...base, ...(meta.default === true && { default_value: "true" }) };
    case "option":
    case "options": {
      const names = optionNames(component, field, meta.values);
      const options = meta.values.map((value) => {
        const name = names?.[value];
        if (!name) problems.push(`${component}.${field}: option "${value}" has no German name (OPTION_NAMES)`);
        return { name: name ?? value, value };
      });
      return {
        ...base,
        ...(meta.required && { required: true }),
        options,
        ...(meta.default !== undefined && { default_value: meta.default }),
        // A field with a default (or a required one) has nothing to gain from an empty choice.
        ...(meta.type === "option" && (meta.default !== undefined || meta.required) && { exclude_empty_option: true }),
      };
    }
    case "bloks":
      return { ...base, restrict_type: "", restrict_components: true, component_whitelist: [...meta.allow] };
    case "custom":
      return { ...base, field_type: meta.plugin };
  }
}

const DEPARTMENT_NAMES: Readonly<Record<string, string>> = Object.fromEntries(DEPARTMENTS.map(({ key, label }) => [key, label]));

/** The German names of an option field's values: a shared vocabulary's own, else OPTION_NAMES. */
function optionNames(component: string, field: string, values: readonly string[]): Readonly<Record<string, string>> | undefined {
  if (values === BRAND_KEYS) return BRAND_NAMES;
  if (values === DEPARTMENT_KEYS) return DEPARTMENT_NAMES;
  if (values === BODY_STYLES) return BODY_STYLE_LABELS;
  return OPTION_NAMES[`${component}.${field}`] ?? OPTION_NAMES[field];
}
