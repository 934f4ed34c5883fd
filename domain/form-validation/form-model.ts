import { flatOptions, type FormInputType, type FormNode, type FormOption } from "./form-node.ts";
import { resolveLocale, type LocaleKey } from "./messages.ts";
import { parseValidation, type RuleIntent } from "./parse-validation.ts";
import { NOT_MULTI_LINE, NOT_SINGLE_LINE } from "../text-lines.ts";
import { RULES, type FieldValue, type RuleDefinition } from "./rules.ts";

/**
 * A form definition (the editor's nodes) prepared once for validation in the browser and on the
 * worker: every input node becomes a field with its dotted path (`contact.email`, list children
 * `phones.0`), its message name, locale and parsed rule stack.
 *
 * @example
 * const model = prepareForm(block.fields, { locale: block.locale });
 * model.fields.map((field) => field.path) // → ["name", "contact.email", …]
 */

/** How a field holds its value. */
export type FieldKind = "text" | "choice" | "flag" | "choices";

export interface FormRule extends RuleIntent {
  /** The editor's name for a `validationRules` entry this rule came from (its message key). */
  alias?: string | undefined;
  /** The built-in rule this intent names (resolved once, here: unknown names never reach validation). */
  definition: RuleDefinition;
}

export interface FormField {
  path: string;
  node: FormNode;
  kind: FieldKind;
  /** FormKit's createMessageName: validationLabel, label or name. */
  messageName: string;
  locale: LocaleKey;
  rules: FormRule[];
  /** Allowed values of a choice or choices field. */
  options: FormOption[];
}

export interface FormModel {
  fields: FormField[];
  byPath: ReadonlyMap<string, FormField>;
  /** The form's own locale (its summary, buttons and alerts). */
  locale: LocaleKey;
}

export type FormValues = ReadonlyMap<string, FieldValue>;

const CHOICE_INPUTS: ReadonlySet<FormInputType> = new Set(["radio", "select"]);

export function fieldKind(node: FormNode): FieldKind {
  if (node.input === "toggle") return "flag";
  if (node.input === "checkbox") return flatOptions(node).length > 0 ? "choices" : "flag";
  return CHOICE_INPUTS.has(node.input) ? "choice" : "text";
}

export function prepareForm(nodes: readonly FormNode[], options: { locale?: string | undefined } = {}): FormModel {
  const formLocale = options.locale;
  const fields = flatten(nodes, "", formLocale);
  return { fields, byPath: new Map(fields.map((field) => [field.path, field])), locale: resolveLocale(formLocale) };
}

/** A node's dotted path: its name below a group, its position below a list (FormKit's list values are arrays). */
export function nodePath(prefix: string, node: Pick<FormNode, "name">, index: number, inList: boolean): string {
  const segment = inList ? String(index) : node.name;
  return prefix ? `${prefix}.${segment}` : segment;
}

function flatten(nodes: readonly FormNode[], prefix: string, inheritedLocale: string | undefined, listParent = false): FormField[] {
  return nodes.flatMap((node, index) => {
    const path = nodePath(prefix, node, index, listParent);
    // FormKit's `locale` is config: it passes down to children.
    const locale = node.locale ?? inheritedLocale;
    if (node.type !== "input") return flatten(node.children ?? [], path, locale, node.type === "list");
    return [
      {
        path,
        node,
        kind: fieldKind(node),
        messageName: node.validationLabel || node.label || node.name,
        locale: resolveLocale(locale),
        rules: rulesOf(node),
        options: flatOptions(node),
      },
    ];
  });
}

/**
 * The node's rule stack. A name from `validationRules` stands for its own rule string: its rules are
 * inserted in place, carry the hints written on the name and report under the name (its message
 * key). Aliases use built-in rules only, so they cannot loop. Unknown names are dropped, as in FormKit.
 */
export function rulesOf(node: Pick<FormNode, "validation" | "validationRules">): FormRule[] {
  return parseValidation(node.validation).flatMap((intent): FormRule[] => {
    const builtIn = RULES.get(intent.name);
    if (builtIn) return [{ ...intent, definition: builtIn }];
    const aliased = aliasOf(node, intent.name);
    if (aliased === undefined) return [];
    return parseValidation(aliased).flatMap((inner): FormRule[] => {
      const definition = RULES.get(inner.name);
      if (!definition) return [];
      return [
        {
          ...inner,
          definition,
          alias: intent.name,
          blocking: inner.blocking && intent.blocking,
          debounce: Math.max(inner.debounce, intent.debounce),
          force: inner.force || intent.force,
          skipEmpty: intent.skipEmpty ?? inner.skipEmpty,
        },
      ];
    });
  });
}

function aliasOf(node: Pick<FormNode, "validationRules">, name: string): string | undefined {
  const rules = node.validationRules;
  return rules && Object.hasOwn(rules, name) ? rules[name] : undefined;
}

/** Rule names in a validation string that are neither built in nor defined in `validationRules`. */
export function unknownRuleNames(node: Pick<FormNode, "validation" | "validationRules">): string[] {
  return parseValidation(node.validation)
    .map((intent) => intent.name)
    .filter((name) => !RULES.has(name) && aliasOf(node, name) === undefined);
}

/** True when the field must be filled in: its stack has `required`, or `accepted` for a box. */
export function isRequiredField(field: Pick<FormField, "rules">): boolean {
  return field.rules.some((rule) => rule.name === "required" || rule.name === "accepted");
}

/**
 * The value a field starts with. An unticked box is `undefined`, like an untouched FormKit
 * checkbox and like a plain form POST (docs/forms-validation.md "Values").
 */
export function initialValue(field: FormField): FieldValue {
  const value = field.node.value;
  switch (field.kind) {
    case "flag":
      return value === true || value === "true" ? true : undefined;
    case "choices": {
      const wanted = Array.isArray(value) ? value : typeof value === "string" && value !== "" ? [value] : [];
      return field.options.map((option) => option.value).filter((option) => wanted.includes(option));
    }
    case "choice":
      return typeof value === "string" && field.options.some((option) => option.value === value) ? value : "";
    case "text":
      return typeof value === "string" ? value : "";
  }
}

export function initialValues(model: FormModel): Map<string, FieldValue> {
  return new Map(model.fields.map((field) => [field.path, initialValue(field)]));
}

/** Longest text a field accepts from a visitor (the lead pipeline caps the whole body too). */
export const MAX_TEXT_LENGTH = 5_000;

export type NormalizedValue = { ok: true; value: FieldValue } | { ok: false };

/**
 * A submitted value (JSON body or form POST) in the field's own shape, or not ok when it has the
 * wrong type, is too long or names an option the field does not offer.
 */
export function normalizeSubmittedValue(field: FormField, raw: unknown): NormalizedValue {
  if (raw === undefined || raw === null) return { ok: true, value: emptyValue(field) };
  switch (field.kind) {
    case "flag":
      if (raw === true || raw === "true" || raw === "on") return { ok: true, value: true };
      return raw === false || raw === "false" || raw === "" ? { ok: true, value: undefined } : { ok: false };
    case "choices": {
      const items: unknown[] = Array.isArray(raw) ? raw : [raw];
      if (items.length > field.options.length || !items.every((item) => typeof item === "string" && isOption(field, item)))
        return { ok: false };
      const chosen = new Set(items as string[]);
      return { ok: true, value: field.options.map((option) => option.value).filter((option) => chosen.has(option)) };
    }
    case "choice":
      return typeof raw === "string" && (raw === "" || isOption(field, raw)) ? { ok: true, value: raw } : { ok: false };
    case "text":
      // Only a textarea takes line breaks (domain/text-lines.ts); no field takes other control characters.
      return typeof raw === "string" &&
        raw.length <= MAX_TEXT_LENGTH &&
        !(field.node.input === "textarea" ? NOT_MULTI_LINE : NOT_SINGLE_LINE).test(raw)
        ? { ok: true, value: raw }
        : { ok: false };
  }
}

function isOption(field: FormField, value: string): boolean {
  return field.options.some((option) => option.value === value);
}

function emptyValue(field: FormField): FieldValue {
  return field.kind === "choices" ? [] : field.kind === "flag" ? undefined : "";
}

/** What leaves the form: an unticked box says `false`, everything else as it is. */
export function submittedValue(field: FormField, value: FieldValue): string | boolean | string[] {
  if (field.kind === "flag") return value === true;
  if (Array.isArray(value)) return [...value];
  return typeof value === "string" ? value : "";
}

/**
 * FormKit's `node.at(address)` from a field: names are looked up beside the field (in its group),
 * `a.b` descends, `$parent` climbs, `$root` starts at the form, `$self` is the field.
 */
export function resolveAddress(fromPath: string, address: string): string {
  const own = fromPath.split(".");
  let pointer = own.slice(0, -1);
  for (const segment of address.split(".")) {
    if (segment === "$root") pointer = [];
    else if (segment === "$parent") pointer = pointer.slice(0, -1);
    else if (segment === "$self") pointer = own;
    else pointer = [...pointer, segment];
  }
  return pointer.join(".");
}
