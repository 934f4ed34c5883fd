/**
 * The spec's form node (section 3 "Form node": name, value, type input|group|list, validation,
 * validationLabel, validationMessages, validationRules, options with optional groups, locale,
 * delay), as editors define it in the content service. Zod-free so the browser's first load and
 * the worker share it; content/block-schemas.ts parses content into exactly this type.
 *
 * @example
 * const email: FormNode = { name: "email", type: "input", input: "email", label: "E-Mail", validation: "required|email" };
 */

/** Field types the content form renders (spec: text, autocomplete, checkbox, toggle, radio; plus the usual HTML inputs). */
export const FORM_INPUT_TYPES = [
  "text",
  "email",
  "tel",
  "number",
  "url",
  "textarea",
  "autocomplete",
  "checkbox",
  "toggle",
  "radio",
  "select",
  "date",
] as const;
export type FormInputType = (typeof FORM_INPUT_TYPES)[number];

export const FORM_NODE_TYPES = ["input", "group", "list"] as const;
export type FormNodeType = (typeof FORM_NODE_TYPES)[number];

export interface FormOption {
  label: string;
  value: string;
}

/** Options may be grouped (FormKit's `{ group, options }`; an optgroup in a select). */
export interface FormOptionGroup {
  group: string;
  options: FormOption[];
}

/** A node's initial value: text, a ticked box, or the ticked options of a checkbox list. */
export type FormNodeValue = string | boolean | string[];

export interface FormNode {
  /** Letters, digits, `_` and `-`; a child's path is `parent.child` (lists: `list.0`). */
  name: string;
  type: FormNodeType;
  input: FormInputType;
  label?: string | undefined;
  help?: string | undefined;
  value?: FormNodeValue | undefined;
  /** FormKit rule string, e.g. `required|length:5,50` (docs/forms-validation.md). */
  validation?: string | undefined;
  /** Replaces label and name in messages. */
  validationLabel?: string | undefined;
  /** Rule name → message that replaces the locale's message for that rule. */
  validationMessages?: Record<string, string> | undefined;
  /** Named rule strings the node's `validation` may use like built-in rules, e.g. `{ plz: "matches:/^\\d{5}$/" }`. */
  validationRules?: Record<string, string> | undefined;
  options?: Array<FormOption | FormOptionGroup> | undefined;
  /** Locale of messages for this node and its children: `de` (default) or `en`. */
  locale?: string | undefined;
  /** Milliseconds between the last keystroke and validation (FormKit's `delay`, default 20). */
  delay?: number | undefined;
  children?: FormNode[] | undefined;
}

export function isOptionGroup(option: FormOption | FormOptionGroup): option is FormOptionGroup {
  return "group" in option;
}

/** Every option of a node, groups flattened. */
export function flatOptions(node: Pick<FormNode, "options">): FormOption[] {
  return (node.options ?? []).flatMap((option) => (isOptionGroup(option) ? option.options : [option]));
}
