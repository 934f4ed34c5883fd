import * as z from "zod";

/**
 * How each field of content/block-schemas.ts appears in a Storyblok space: the field type of
 * Storyblok's Management API and what that type needs (option values, number range, allowed
 * blocks). The schemas annotate their field helpers once; content/storyblok-components.ts walks
 * the schemas and turns these annotations into component definitions, so the space is generated
 * from exactly the fields the site validates (docs/storyblok-space.md).
 *
 * Kept to plain data: the worker imports the schemas, and registering is one WeakMap entry per
 * helper. German names for editors live in content/storyblok-labels.ts, which the worker never loads.
 *
 * @example
 * const flag = storyblokField(z.preprocess(…, z.boolean()), { type: "boolean" });
 */
export type StoryblokFieldMeta =
  | { type: "text" | "textarea" | "richtext" | "datetime" | "multilink" | "asset" | "multiasset"; required?: boolean }
  | { type: "number"; min: number; max: number; default?: number; decimals?: number; required?: boolean }
  | { type: "boolean"; default?: boolean }
  | { type: "option" | "options"; values: readonly string[]; default?: string; required?: boolean }
  /**
   * `children: "blocks"`: page-builder blocks, each validated with its own schema by
   * content/validate-blocks.ts (BLOCK_LIST_FIELDS). `"items"`: entries of this one field (form
   * fields, reviews), read by the parent's schema; their components exist only for the editor.
   */
  | { type: "bloks"; allow: readonly string[]; children: "blocks" | "items" }
  /** A field-type plugin (Storyblok `custom`) that stores an object, named by its `field_type`. */
  | { type: "custom"; plugin: string }
  /** The site reads it, but Storyblok has no field for its shape; `reason` says what editors do instead. */
  | { type: "not-editable"; reason: string };

export type StoryblokFieldType = Exclude<StoryblokFieldMeta["type"], "not-editable">;

export const storyblokFields = z.registry<StoryblokFieldMeta>();

/** Annotates `schema` (the same instance, so identity checks on it keep working) and returns it. */
export function storyblokField<S extends z.core.$ZodType>(schema: S, meta: StoryblokFieldMeta): S {
  storyblokFields.add(schema, meta);
  return schema;
}

/**
 * The annotation of a field's schema. `.default()`, `.optional()` and `.nullable()` wrappers around
 * an annotated helper count as the helper (a default becomes the field's default value).
 */
export function storyblokFieldOf(schema: z.core.$ZodType): StoryblokFieldMeta | undefined {
  const own = storyblokFields.get(schema);
  if (own) return own;
  const def = schema._zod.def as { type: string; innerType?: z.core.$ZodType; defaultValue?: unknown };
  if (!def.innerType || !["default", "optional", "nullable"].includes(def.type)) return undefined;
  const inner = storyblokFieldOf(def.innerType);
  if (!inner || def.type !== "default") return inner;
  const fallback = def.defaultValue;
  if (inner.type === "boolean" && typeof fallback === "boolean") return { ...inner, default: fallback };
  if (inner.type === "number" && typeof fallback === "number") return { ...inner, default: fallback };
  if ((inner.type === "option" || inner.type === "options") && typeof fallback === "string") return { ...inner, default: fallback };
  return inner;
}
