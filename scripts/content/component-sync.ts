import * as z from "zod";
import type { StoryblokComponentDefinition } from "#content/storyblok-components.ts";
import {
  ComponentResponseSchema,
  ManagementApiError,
  errorText,
  RemoteComponentSchema,
  type ManagementApi,
  type RemoteComponent,
} from "./management-api.ts";

/**
 * `push` and `diff` of `npm run content`: compares the generated component definitions
 * (content/storyblok-components.ts) with a space's components, creates the missing ones (POST),
 * updates the changed ones (PUT) and leaves identical ones alone, so a second push changes nothing.
 *
 * Only the keys the code generates are compared ("managed"), after normalising what Storyblok adds
 * or leaves out (field ids, `translatable: false`, unset keys). An update keeps what editors set
 * beyond that (a field's `translatable`, the component's folder, icon and colour) and keeps fields
 * only the space has; components only the space has are deleted only with `--prune --yes`.
 */

const MANAGED_COMPONENT_KEYS = ["display_name", "is_root", "is_nestable", "preview_field"] as const;
const MANAGED_FIELD_KEYS = [
  "type",
  "pos",
  "display_name",
  "description",
  "required",
  "default_value",
  "options",
  "exclude_empty_option",
  "min_value",
  "max_value",
  "decimals",
  "filetypes",
  "allow_external_url",
  "restrict_type",
  "restrict_components",
  "component_whitelist",
  "field_type",
  "email_link_type",
  "asset_link_type",
] as const;
/** The component object's writable keys ("Create a Component"); an update sends these back as they are. */
const WRITABLE_COMPONENT_KEYS = [
  "image",
  "preview_tmpl",
  "component_group_uuid",
  "color",
  "icon",
  "internal_tag_ids",
  "content_type_asset_preview",
] as const;

type Field = Record<string, unknown>;

/** Absent, null, false, "" and [] all mean "not set" to Storyblok's editor. */
function isUnset(value: unknown): boolean {
  return value === undefined || value === null || value === false || value === "" || (Array.isArray(value) && value.length === 0);
}

function normalisedValue(key: string, value: unknown): unknown {
  if (key === "component_whitelist" || key === "filetypes") return Array.isArray(value) ? value.map(String).sort() : value;
  if (key === "options" && Array.isArray(value))
    return value.map((option: unknown) => {
      const { name, value: optionValue } = (option ?? {}) as { name?: unknown; value?: unknown };
      return { name: String(name ?? ""), value: String(optionValue ?? "") };
    });
  if (key === "pos" || key === "min_value" || key === "max_value" || key === "decimals") return Number(value);
  if (key === "default_value") return String(value);
  return value;
}

function normalisedField(field: Field): Field {
  const result: Field = {};
  for (const key of MANAGED_FIELD_KEYS) if (!isUnset(field[key])) result[key] = normalisedValue(key, field[key]);
  return result;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface FieldChange {
  field: string;
  keys: string[];
  code: Field;
  space: Field;
}

export interface ComponentComparison {
  name: string;
  /** missing: only in the code · unknown: only in the space (the site cannot render it). */
  status: "missing" | "changed" | "same" | "unknown";
  componentKeys: string[];
  fieldsMissing: string[];
  fieldsChanged: FieldChange[];
  /** Fields only the space has: the site ignores them. */
  fieldsExtra: string[];
  remote?: RemoteComponent;
  code?: StoryblokComponentDefinition;
}

export function compareComponents(
  code: readonly StoryblokComponentDefinition[],
  remote: readonly RemoteComponent[],
): ComponentComparison[] {
  const remoteByName = new Map(remote.map((component) => [component.name, component]));
  const codeNames = new Set(code.map((component) => component.name));
  const comparisons = code.map((definition): ComponentComparison => {
    const existing = remoteByName.get(definition.name);
    if (!existing)
      return {
        name: definition.name,
        status: "missing",
        componentKeys: [],
        fieldsMissing: [],
        fieldsChanged: [],
        fieldsExtra: [],
        code: definition,
      };
    const componentKeys = MANAGED_COMPONENT_KEYS.filter((key) => {
      const want = (definition as unknown as Record<string, unknown>)[key];
      const have = existing[key];
      return isUnset(want) ? !isUnset(have) : !same(want, have);
    });
    const fieldsMissing: string[] = [];
    const fieldsChanged: FieldChange[] = [];
    for (const [name, field] of Object.entries(definition.schema)) {
      const remoteField = existing.schema[name];
      if (!remoteField) {
        fieldsMissing.push(name);
        continue;
      }
      const want = normalisedField(field as unknown as Field);
      const have = normalisedField(remoteField);
      const keys = [...new Set([...Object.keys(want), ...Object.keys(have)])].filter((key) => !same(want[key], have[key]));
      if (keys.length > 0) fieldsChanged.push({ field: name, keys, code: want, space: have });
    }
    const fieldsExtra = Object.keys(existing.schema).filter((name) => !(name in definition.schema));
    const changed = componentKeys.length > 0 || fieldsMissing.length > 0 || fieldsChanged.length > 0;
    return {
      name: definition.name,
      status: changed ? "changed" : "same",
      componentKeys: [...componentKeys],
      fieldsMissing,
      fieldsChanged,
      fieldsExtra,
      remote: existing,
      code: definition,
    };
  });
  const unknown = remote
    .filter((component) => !codeNames.has(component.name))
    .map(
      (component): ComponentComparison => ({
        name: component.name,
        status: "unknown",
        componentKeys: [],
        fieldsMissing: [],
        fieldsChanged: [],
        fieldsExtra: [],
        remote: component,
      }),
    );
  return [...comparisons, ...unknown];
}

/** The PUT body: the code's definition over what the space keeps (field ids, editor settings, extra fields unless pruned). */
export function updatedComponent(code: StoryblokComponentDefinition, remote: RemoteComponent, prune: boolean): Record<string, unknown> {
  const schema: Record<string, Field> = {};
  for (const [name, field] of Object.entries(code.schema)) {
    const kept = Object.fromEntries(
      Object.entries(remote.schema[name] ?? {}).filter(([key]) => !(MANAGED_FIELD_KEYS as readonly string[]).includes(key)),
    );
    schema[name] = { ...kept, ...field };
  }
  if (!prune) {
    let pos = Object.keys(code.schema).length;
    for (const [name, field] of Object.entries(remote.schema)) if (!(name in code.schema)) schema[name] = { ...field, pos: pos++ };
  }
  const kept = Object.fromEntries(WRITABLE_COMPONENT_KEYS.filter((key) => key in remote).map((key) => [key, remote[key]]));
  return {
    ...kept,
    id: remote.id,
    name: code.name,
    display_name: code.display_name,
    is_root: code.is_root,
    is_nestable: code.is_nestable,
    preview_field: code.preview_field ?? null,
    schema,
  };
}

export async function listComponents(api: ManagementApi): Promise<RemoteComponent[]> {
  // Fails early with the 401/404 message when the token or the space is wrong.
  await api.request("GET", "", z.unknown());
  return api.list("components", "components", RemoteComponentSchema);
}

export interface PushOptions {
  dryRun: boolean;
  prune: boolean;
}

export interface PushResult {
  created: string[];
  updated: string[];
  unchanged: string[];
  /** Only in the space: left alone, or deleted with prune. */
  onlyInSpace: string[];
  deleted: string[];
  rejected: Array<{ name: string; status: number; message: string }>;
}

export async function pushComponents(
  api: ManagementApi,
  definitions: readonly StoryblokComponentDefinition[],
  options: PushOptions,
  log: (line: string) => void,
): Promise<PushResult> {
  const comparisons = compareComponents(definitions, await listComponents(api));
  const result: PushResult = { created: [], updated: [], unchanged: [], onlyInSpace: [], deleted: [], rejected: [] };
  const verb = options.dryRun ? { create: "würde anlegen / would create", update: "würde ändern / would update" } : undefined;
  for (const comparison of comparisons) {
    const { name, code, remote } = comparison;
    try {
      if (comparison.status === "missing" && code) {
        if (!options.dryRun) await api.request("POST", "components", ComponentResponseSchema, { component: code });
        result.created.push(name);
        log(`${verb?.create ?? "angelegt / created"}: ${name}`);
      } else if (comparison.status === "changed" && code && remote) {
        if (!options.dryRun)
          await api.request("PUT", `components/${remote.id}`, ComponentResponseSchema, {
            component: updatedComponent(code, remote, options.prune),
          });
        result.updated.push(name);
        log(`${verb?.update ?? "geändert / updated"}: ${name} (${changeSummary(comparison)})`);
      } else if (comparison.status === "same" && code && remote) {
        if (options.prune && comparison.fieldsExtra.length > 0) {
          if (!options.dryRun)
            await api.request("PUT", `components/${remote.id}`, ComponentResponseSchema, {
              component: updatedComponent(code, remote, true),
            });
          result.updated.push(name);
          log(
            `${options.dryRun ? "würde entfernen / would remove" : "entfernt / removed"}: ${name} fields ${comparison.fieldsExtra.join(", ")}`,
          );
        } else result.unchanged.push(name);
      } else if (comparison.status === "unknown" && remote) {
        result.onlyInSpace.push(name);
        if (options.prune) {
          if (!options.dryRun) await api.request("DELETE", `components/${remote.id}`, z.unknown());
          result.deleted.push(name);
          log(`${options.dryRun ? "würde löschen / would delete" : "gelöscht / deleted"}: ${name}`);
        }
      }
    } catch (error) {
      if (!(error instanceof ManagementApiError) || error.status !== 422) throw error;
      result.rejected.push({ name, status: error.status, message: errorText(error.body) });
      log(`abgelehnt / rejected (422): ${name}: ${errorText(error.body)}`);
    }
  }
  return result;
}

function changeSummary(comparison: ComponentComparison): string {
  return [
    ...comparison.componentKeys,
    ...comparison.fieldsMissing.map((field) => `+${field}`),
    ...comparison.fieldsChanged.map((change) => `${change.field}: ${change.keys.join(", ")}`),
  ].join("; ");
}

/** What `diff` prints, and whether space and code differ. */
export function diffReport(spaceId: number, comparisons: readonly ComponentComparison[]): { text: string; differences: number } {
  const lines: string[] = [];
  for (const comparison of comparisons) {
    const { name } = comparison;
    if (comparison.status === "missing") lines.push(`+ ${name}: fehlt im Space / missing in the space`);
    if (comparison.status === "unknown")
      lines.push(`- ${name}: nur im Space, die Website zeigt ihn nicht / only in the space, the site cannot render it`);
    for (const key of comparison.componentKeys)
      lines.push(
        `~ ${name}: ${key} Space ${JSON.stringify(comparison.remote?.[key] ?? null)} ≠ Code ${JSON.stringify((comparison.code as unknown as Record<string, unknown> | undefined)?.[key] ?? null)}`,
      );
    for (const field of comparison.fieldsMissing) lines.push(`+ ${name}.${field}: Feld fehlt im Space / field missing in the space`);
    for (const change of comparison.fieldsChanged) {
      // Another type brings other settings with it: the type is the one difference worth reading.
      for (const key of change.keys.includes("type") ? ["type"] : change.keys) {
        const describe = (value: unknown) =>
          key === "options" && Array.isArray(value)
            ? value.map((option: { value: string }) => option.value).join(", ")
            : JSON.stringify(value ?? null);
        const label = key === "type" ? "Typ / type" : key === "options" ? "Optionen / options" : key;
        lines.push(`~ ${name}.${change.field}: ${label} Space ${describe(change.space[key])} ≠ Code ${describe(change.code[key])}`);
      }
    }
    for (const field of comparison.fieldsExtra)
      lines.push(`- ${name}.${field}: Feld nur im Space, die Website liest es nicht / field only in the space, the site ignores it`);
  }
  const differences = lines.length;
  const summary =
    differences === 0
      ? `Space ${spaceId} und Code stimmen überein. / Space ${spaceId} matches the code.`
      : `Space ${spaceId}: ${differences} Unterschiede zum Code. / Space ${spaceId}: ${differences} differences from the code.`;
  return { text: [...lines, summary].join("\n"), differences };
}
