import { prepareForm } from "./form-model.ts";
import type { FormNode } from "./form-node.ts";
import type { FieldValue } from "./rules.ts";
import { validateField, type FieldResult } from "./validate.ts";

/** Fixed "now" of the engine's tests: 23 November 2026, 10:00 UTC. */
export const NOW = Date.parse("2026-11-23T10:00:00Z");

export function input(name: string, fields: Partial<FormNode> = {}): FormNode {
  return { name, type: "input", input: "text", ...fields };
}

/**
 * Validates the field `field` (or `node.name`) with `validation` against `value`; other fields'
 * values come from `others` (plain text inputs beside it).
 */
export function run(
  validation: string,
  value: FieldValue,
  others: Record<string, FieldValue> = {},
  node: Partial<FormNode> = {},
): FieldResult {
  const own = input("field", { validation, ...node });
  const model = prepareForm([own, ...Object.keys(others).map((name) => input(name))]);
  const values = new Map<string, FieldValue>([[own.name, value], ...Object.entries(others)]);
  const field = model.byPath.get(own.name);
  if (!field) throw new Error(`prepareForm dropped the field "${own.name}"`);
  return validateField(model, field, values, { now: NOW });
}

/** Whether `run` with the same arguments reports no message at all. */
export function passes(...args: Parameters<typeof run>): boolean {
  return run(...args).messages.length === 0;
}
