import { createHash } from "node:crypto";
import * as z from "zod";
import { FIELD_ITEM_SCHEMAS } from "#content/block-schemas.ts";
import type { FieldItemComponent } from "#content/block-names.ts";
import type { Story } from "#content/story-schema.ts";
import { apiOnlyFields, type StoryblokComponentDefinition, type StoryblokFieldDefinition } from "#content/storyblok-components.ts";
import {
  errorText,
  ManagementApiError,
  RemoteStorySchema,
  StoryResponseSchema,
  type ManagementApi,
  type RemoteStory,
} from "./management-api.ts";

/**
 * `seed-demo` of `npm run content`: puts the demo space (kv-seed/demo-space/) into an empty
 * Storyblok space, so a new dealership starts from a working site: its folders (from the full
 * slugs, parents first), its stories (published, `parent_id` set; a path that is both a page and a
 * folder becomes the folder's start page, which Storyblok serves under the folder's slug) and
 * their content in the shape the space's fields expect (conformDemoContent).
 *
 * Pictures stay the site's own paths (/images/vehicles/….svg): the site accepts them, the asset
 * fields allow external URLs, and editors replace them with uploads; nothing is uploaded.
 * Idempotent by full slug: what exists is left alone, so a second run creates nothing.
 */

type Block = Record<string, unknown> & { component: string; _uid?: string };
type Definitions = ReadonlyMap<string, StoryblokComponentDefinition>;

const SYSTEM_KEYS = new Set(["component", "_uid", "_editable"]);
/** Keys the site reads without a Storyblok field (the form's rule messages): allowed in content, not shown to editors. */
const API_ONLY = apiOnlyFields();

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function itemUid(seed: string): string {
  const hash = createHash("sha1").update(seed).digest("hex");
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-4${hash.slice(13, 16)}-a${hash.slice(17, 20)}-${hash.slice(20, 32)}`;
}

/**
 * The demo's content as an editor would have made it in the generated space: plain text in a rich
 * text field becomes a rich-text document, numbers in text and number fields become text (what
 * Storyblok stores), tag lists a comma-separated text, the form definition's plain nodes become
 * `form_field`/`form_option` bloks, plugin objects name their plugin. The site reads either shape.
 */
export function conformDemoContent(block: Block, definitions: Definitions): Block {
  const definition = definitions.get(block.component);
  if (!definition) return block;
  const result: Block = { ...block };
  for (const [name, field] of Object.entries(definition.schema)) {
    if (name in block) result[name] = conformValue(block[name], field, definitions, `${block._uid ?? block.component}/${name}`);
  }
  return result;
}

function conformValue(value: unknown, field: StoryblokFieldDefinition, definitions: Definitions, seed: string): unknown {
  switch (field.type) {
    case "richtext":
      return typeof value === "string" && value.trim() !== ""
        ? { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: value.trim() }] }] }
        : value;
    case "text":
    case "textarea":
      if (typeof value === "number") return String(value);
      return Array.isArray(value) ? value.map(String).join(", ") : value;
    case "number":
      return typeof value === "number" ? String(value) : value;
    case "custom":
      return isObject(value) && !("plugin" in value) ? { plugin: field.field_type, ...value } : value;
    case "bloks":
      if (!Array.isArray(value)) return value;
      return value.map((item, index) => {
        if (!isObject(item)) return item;
        const block =
          typeof item.component === "string"
            ? (item as Block)
            : { component: itemComponent(item, field.component_whitelist ?? []), _uid: itemUid(`${seed}/${index}`), ...item };
        return conformDemoContent(block, definitions);
      });
    default:
      return value;
  }
}

/** Which of a field's item components a plain entry is: the first whose schema reads it (an option group has `group`). */
function itemComponent(item: Record<string, unknown>, allowed: readonly string[]): string {
  const fits = allowed.find((name) => {
    const schema = FIELD_ITEM_SCHEMAS[name as FieldItemComponent] as z.ZodType | undefined;
    return schema?.safeParse(item).success;
  });
  return fits ?? allowed[0] ?? "unknown";
}

/** Where a block's values do not fit its component's fields as an editor would see them (empty when they all do). */
export function editorShapeProblems(block: unknown, definitions: Definitions, path = ""): string[] {
  if (!isObject(block) || typeof block.component !== "string") return [`${path || "/"}: kein Block / not a block`];
  const definition = definitions.get(block.component);
  const where = `${path}/${block.component}`;
  if (!definition) return [`${where}: Komponente fehlt im Space / no such component`];
  const problems: string[] = [];
  for (const [name, value] of Object.entries(block)) {
    if (SYSTEM_KEYS.has(name) || API_ONLY.get(block.component)?.includes(name)) continue;
    const field = definition.schema[name];
    if (!field) {
      problems.push(`${where}.${name}: kein Feld der Komponente / not a field of the component`);
      continue;
    }
    const problem = valueProblem(value, field);
    if (problem) problems.push(`${where}.${name}: ${problem}`);
    if (field.type === "bloks" && Array.isArray(value)) {
      for (const [index, child] of value.entries()) {
        const component = isObject(child) ? child.component : undefined;
        if (typeof component === "string" && !field.component_whitelist?.includes(component))
          problems.push(`${where}.${name}[${index}]: ${component} ist hier nicht erlaubt / is not allowed here`);
        problems.push(...editorShapeProblems(child, definitions, `${where}.${name}[${index}]`));
      }
    }
  }
  return problems;
}

function valueProblem(value: unknown, field: StoryblokFieldDefinition): string | null {
  if (value === undefined || value === null || value === "") return null;
  const values = new Set(field.options?.map((option) => option.value));
  switch (field.type) {
    case "text":
    case "textarea":
      return typeof value === "string" ? null : "Text erwartet / text expected";
    case "richtext":
      return isObject(value) && value.type === "doc" ? null : "Rich-Text-Dokument erwartet / rich text expected";
    case "number":
      return (typeof value === "string" || typeof value === "number") && Number.isFinite(Number(value))
        ? null
        : "Zahl erwartet / number expected";
    case "boolean":
      return typeof value === "boolean" ? null : "true/false erwartet / boolean expected";
    case "option":
      return typeof value === "string" && values.has(value) ? null : `keine der Optionen / not an option: ${JSON.stringify(value)}`;
    case "options":
      return Array.isArray(value) && value.every((item) => typeof item === "string" && values.has(item))
        ? null
        : `keine der Optionen / not among the options: ${JSON.stringify(value)}`;
    case "asset":
      return isObject(value) && typeof value.filename === "string" ? null : "Asset erwartet / asset expected";
    case "multiasset":
      return Array.isArray(value) && value.every((item) => isObject(item) && typeof item.filename === "string")
        ? null
        : "Assets erwartet / assets expected";
    case "multilink":
      return isObject(value) && typeof value.linktype === "string" ? null : "Link erwartet / link expected";
    case "datetime":
      return typeof value === "string" && /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/.test(value)
        ? null
        : "Datum „JJJJ-MM-TT HH:mm“ erwartet / date expected";
    case "bloks":
      return Array.isArray(value) ? null : "Liste von Blöcken erwartet / list of bloks expected";
    case "custom":
      return isObject(value) && value.plugin === field.field_type
        ? null
        : `Objekt des Plugins ${field.field_type} erwartet / plugin object expected`;
  }
}

// ---- the plan -----------------------------------------------------------------------------------

export interface SeedEntry {
  /** The path the site asks for ("werkstatt", "uber-uns/journal/neuer-eqs-suv-im-showroom"). */
  path: string;
  kind: "folder" | "story" | "startpage";
  name: string;
  slug: string;
  /** The folder's path, or null at the root. */
  parent: string | null;
  story?: Story;
}

const parentOf = (path: string) => (path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : null);
const lastSegment = (path: string) => path.slice(path.lastIndexOf("/") + 1);

/** Folders first (parents before children), then the stories in the demo's order. */
export function seedPlan(stories: readonly Story[]): SeedEntry[] {
  const byPath = new Map(stories.map((story) => [story.full_slug, story]));
  const folders = new Set<string>();
  for (const story of stories) {
    for (let parent = parentOf(story.full_slug); parent !== null; parent = parentOf(parent)) folders.add(parent);
  }
  const folderEntries = [...folders]
    .sort((a, b) => a.split("/").length - b.split("/").length || a.localeCompare(b))
    .map(
      (path): SeedEntry => ({
        path,
        kind: "folder",
        name: byPath.get(path)?.name ?? humanName(lastSegment(path)),
        slug: lastSegment(path),
        parent: parentOf(path),
      }),
    );
  const storyEntries = stories.map(
    (story): SeedEntry =>
      folders.has(story.full_slug)
        ? { path: story.full_slug, kind: "startpage", name: story.name, slug: lastSegment(story.full_slug), parent: story.full_slug, story }
        : { path: story.full_slug, kind: "story", name: story.name, slug: story.slug, parent: parentOf(story.full_slug), story },
  );
  return [...folderEntries, ...storyEntries];
}

/** "uber-uns" → "Uber uns": a folder the demo has no page for gets its slug as a name. */
function humanName(slug: string): string {
  const words = slug.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// ---- seeding ------------------------------------------------------------------------------------

export interface SeedResult {
  /** The space already had stories and --yes was not given: nothing was written. */
  refused: boolean;
  existingStories: number;
  folders: string[];
  stories: string[];
  skipped: string[];
  rejected: Array<{ path: string; message: string }>;
}

/** A new space's sample story ("Home" of Storyblok's default components): the demo's home replaces it. */
function isSampleHome(stories: readonly RemoteStory[]): boolean {
  const [only] = stories;
  return stories.length === 1 && only !== undefined && only.full_slug === "home" && !only.is_folder;
}

const storyKey = (fullSlug: string) => fullSlug.replace(/\/+$/, "");

export async function seedDemo(
  api: ManagementApi,
  demoStories: readonly Story[],
  definitions: readonly StoryblokComponentDefinition[],
  options: { yes: boolean },
  log: (line: string) => void,
): Promise<SeedResult> {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const content = new Map(demoStories.map((story) => [story.full_slug, conformDemoContent(story.content as Block, byName)]));
  const problems = [...content].flatMap(([path, block]) => editorShapeProblems(block, byName).map((problem) => `${path}${problem}`));
  if (problems.length > 0)
    throw new Error(
      `Die Demo-Inhalte passen nicht zu den Komponenten / the demo content does not fit the components:\n${problems.slice(0, 20).join("\n")}`,
    );

  await api.request("GET", "", z.unknown());
  const existing = await api.list("stories", "stories", RemoteStorySchema);
  const sampleHome = isSampleHome(existing);
  const result: SeedResult = { refused: false, existingStories: existing.length, folders: [], stories: [], skipped: [], rejected: [] };
  if (existing.length > 0 && !sampleHome && !options.yes) return { ...result, refused: true };

  const folderIds = new Map(existing.filter((story) => story.is_folder).map((story) => [storyKey(story.full_slug), story.id]));
  const storiesByPath = new Map(existing.filter((story) => !story.is_folder).map((story) => [storyKey(story.full_slug), story]));
  const failed = new Set<string>();

  for (const entry of seedPlan(demoStories)) {
    if (entry.parent !== null && failed.has(entry.parent)) {
      failed.add(entry.path);
      result.rejected.push({ path: entry.path, message: `Ordner ${entry.parent} fehlt / folder ${entry.parent} is missing` });
      continue;
    }
    const parentId = entry.parent === null ? 0 : (folderIds.get(entry.parent) ?? 0);
    try {
      if (entry.kind === "folder") {
        if (folderIds.has(entry.path)) {
          result.skipped.push(`${entry.path}/`);
          continue;
        }
        if (storiesByPath.get(entry.path)?.is_startpage === false)
          throw new Error(`eine Story belegt den Ordnernamen / a story holds the folder's slug`);
        const { story } = await api.request("POST", "stories", StoryResponseSchema, {
          story: { name: entry.name, slug: entry.slug, parent_id: parentId, is_folder: true },
        });
        folderIds.set(entry.path, story.id);
        result.folders.push(entry.path);
        log(`Ordner angelegt / folder created: ${entry.path}/`);
        continue;
      }
      const demo = entry.story;
      if (!demo) continue;
      const payload = {
        story: {
          name: entry.name,
          slug: entry.slug,
          parent_id: parentId,
          content: content.get(entry.path),
          ...(entry.kind === "startpage" && { is_startpage: true }),
          ...(demo.tag_list && demo.tag_list.length > 0 && { tag_list: demo.tag_list }),
        },
        publish: 1,
      };
      const found = storiesByPath.get(entry.path);
      if (found && !(sampleHome && entry.path === "home")) {
        result.skipped.push(entry.path);
        continue;
      }
      if (found) await api.request("PUT", `stories/${found.id}`, StoryResponseSchema, payload);
      else await api.request("POST", "stories", StoryResponseSchema, payload);
      result.stories.push(entry.path);
      log(`${found ? "Story ersetzt / story replaced" : "Story angelegt / story created"}: ${entry.path}`);
    } catch (error) {
      if (error instanceof ManagementApiError && error.status !== 422) throw error;
      const message = error instanceof ManagementApiError ? errorText(error.body) : error instanceof Error ? error.message : String(error);
      failed.add(entry.path);
      result.rejected.push({ path: entry.path, message });
      log(`abgelehnt / rejected: ${entry.path}: ${message}`);
    }
  }
  return result;
}
