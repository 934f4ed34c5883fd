import {
  normalizeSubmittedValue,
  prepareForm,
  resolveAddress,
  submittedValue,
  type FormField,
  type FormModel,
  type FormRule,
  type FormValues,
} from "./form-model.ts";
import type { FormNode } from "./form-node.ts";
import { uiTexts, validationMessage, type MessageContext } from "./messages.ts";
import { isEmpty, skipsEmpty, type FieldValue, type RuleContext } from "./rules.ts";

/**
 * Runs a field's rule stack the way FormKit's validation plugin does (validation.ts `run`): in
 * order; a rule that skips empty values counts as passed on an empty value; after the first failure
 * only forced (`*`) rules still run; a `?` failure shows but does not block. The same functions
 * judge the browser's form and the worker's submission, so both always agree.
 *
 * @example
 * const model = prepareForm(block.fields);
 * const result = validateField(model, model.byPath.get("email")!, new Map([["email", "max@"]]));
 * // → { messages: [{ rule: "email", text: "E-Mail-Adresse ist ungültig.", blocking: true }], blocking: true, debounce: 0 }
 */

export interface FieldMessage {
  rule: string;
  text: string;
  blocking: boolean;
}

export interface FieldResult {
  /** Messages of the failed rules, in rule order. */
  messages: FieldMessage[];
  /** A blocking rule failed: the form must not be submitted. */
  blocking: boolean;
  /** Longest debounce (`(500)` hint) among the rules that ran: how long the field is "validating". */
  debounce: number;
}

export interface ValidateOptions {
  /** "Now" for date rules without a date (tests pin it). */
  now?: number;
}

export function validateField(model: FormModel, field: FormField, values: FormValues, options: ValidateOptions = {}): FieldResult {
  const now = options.now ?? Date.now();
  const value = values.get(field.path);
  const context: RuleContext = { value, name: field.node.name, now, valueAt: (address) => values.get(resolveAddress(field.path, address)) };
  const messages: FieldMessage[] = [];
  let passing = true;
  let debounce = 0;
  for (const rule of field.rules) {
    const { definition } = rule;
    const skipEmpty = rule.skipEmpty ?? skipsEmpty(definition);
    if (isEmpty(value) && skipEmpty) continue;
    if (!passing && !rule.force) continue;
    debounce = Math.max(debounce, rule.debounce);
    if (definition.check(context, rule.args)) continue;
    passing = false;
    messages.push({ rule: rule.alias ?? rule.name, text: messageOf(model, field, rule, value, now), blocking: rule.blocking });
  }
  return { messages, blocking: messages.some((message) => message.blocking), debounce };
}

/** Every field's result, by path. */
export function validateForm(model: FormModel, values: FormValues, options: ValidateOptions = {}): Map<string, FieldResult> {
  return new Map(model.fields.map((field) => [field.path, validateField(model, field, values, options)]));
}

/** FormKit's form-level `blocking`: some field has a blocking message, so submitting shows "incomplete". */
export function hasBlockingMessages(results: ReadonlyMap<string, FieldResult>): boolean {
  return [...results.values()].some((result) => result.blocking);
}

/** The first blocking message of a field, if any (what the summary and the server report). */
export function firstBlockingMessage(result: FieldResult | undefined): string | undefined {
  return result?.messages.find((message) => message.blocking)?.text;
}

/**
 * Message lookup order (FormKit createFailedMessage): the node's `validationMessages` for the rule
 * (for a `validationRules` name first that name), then the locale's message for the rule, then the
 * locale's "not valid" text.
 */
function messageOf(model: FormModel, field: FormField, rule: FormRule, value: FieldValue, now: number): string {
  const custom = field.node.validationMessages;
  for (const key of [rule.alias, rule.name]) {
    const message = key !== undefined && custom && Object.hasOwn(custom, key) ? custom[key] : undefined;
    if (message !== undefined) return message;
  }
  const context: MessageContext = {
    name: field.messageName,
    args: rule.args,
    value,
    now,
    labelAt: (address) => model.byPath.get(resolveAddress(field.path, address))?.messageName,
  };
  return validationMessage(rule.name, context, field.locale) ?? uiTexts(field.locale).invalid;
}

export type SubmissionResult =
  | { ok: true; values: Record<string, string | boolean | string[]> }
  | { ok: false; fieldErrors: Record<string, string> };

/**
 * The worker's judgement of a content form submission ("the server is the authority").
 * `fields` is the body's `{ "<dotted path>": value }`: unknown paths are dropped, a value of the
 * wrong shape (not text, a box, or a list of offered options; text over 5,000 characters) is an
 * error, and every rule of every field runs. Errors are the first blocking message per path, in the
 * field's locale; values come back in the fields' own shape (an unticked box is `false`).
 *
 * @example
 * validateFormSubmission(block.fields, { email: "max@example.de", privacy: true })
 * // → { ok: true, values: { email: "max@example.de", privacy: true } }
 */
export function validateFormSubmission(
  nodes: readonly FormNode[],
  fields: Readonly<Record<string, unknown>>,
  options: ValidateOptions & { locale?: string } = {},
): SubmissionResult {
  const model = prepareForm(nodes, { locale: options.locale });
  const values = new Map<string, FieldValue>();
  const fieldErrors = new Map<string, string>();
  for (const field of model.fields) {
    const raw = typeof fields === "object" && fields !== null && Object.hasOwn(fields, field.path) ? fields[field.path] : undefined;
    const normalized = normalizeSubmittedValue(field, raw);
    if (normalized.ok) values.set(field.path, normalized.value);
    else fieldErrors.set(field.path, uiTexts(field.locale).invalid);
  }
  for (const field of model.fields) {
    if (fieldErrors.has(field.path)) continue;
    const message = firstBlockingMessage(validateField(model, field, values, options));
    if (message !== undefined) fieldErrors.set(field.path, message);
  }
  if (fieldErrors.size > 0) return { ok: false, fieldErrors: Object.fromEntries(fieldErrors) };
  return { ok: true, values: Object.fromEntries(model.fields.map((field) => [field.path, submittedValue(field, values.get(field.path))])) };
}
