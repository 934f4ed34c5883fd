import { prepareForm, rulesOf, unknownRuleNames } from "./form-model.ts";
import type { FormNode } from "./form-node.ts";
import { compileRegexArgument } from "./rules.ts";
import { regexSource } from "./parse-validation.ts";

/**
 * Checks an editor's form definition beyond its shape (content/block-schemas.ts checks the shape):
 * a definition with problems cannot work, so the page shows "Es ist etwas schiefgelaufen..."
 * instead of a broken form, and the preview lists the problems in German.
 *
 * @example
 * formDefinitionProblems([{ name: "topic", type: "input", input: "radio" }])
 * // → ["„topic“: Auswahlfeld ohne Optionen"]
 */

export const MAX_FORM_FIELDS = 100;
export const MAX_FORM_DEPTH = 5;

export function formDefinitionProblems(nodes: readonly FormNode[]): string[] {
  const problems = [...structureProblems(nodes, "", 1)];
  const { fields } = prepareForm(nodes);
  if (fields.length === 0) problems.push("Das Formular hat keine Felder.");
  if (fields.length > MAX_FORM_FIELDS) problems.push(`Das Formular hat mehr als ${MAX_FORM_FIELDS} Felder.`);
  for (const field of fields) {
    if (field.kind === "choice" && field.options.length === 0) problems.push(`„${field.path}“: Auswahlfeld ohne Optionen`);
    const values = field.options.map((option) => option.value);
    for (const duplicate of new Set(values.filter((value, index) => values.indexOf(value) !== index)))
      problems.push(`„${field.path}“: Option „${duplicate}“ kommt doppelt vor`);
    for (const rule of rulesOf(field.node)) {
      if (rule.name !== "matches") continue;
      for (const argument of rule.args) {
        if (regexSource(argument) !== null && compileRegexArgument(argument) === null)
          problems.push(`„${field.path}“: regulärer Ausdruck ${argument} ist ungültig`);
      }
    }
  }
  return problems;
}

function structureProblems(nodes: readonly FormNode[], prefix: string, depth: number, inList = false): string[] {
  // A list addresses its children by position, so their names may repeat.
  const names = inList ? [] : nodes.map((node) => node.name);
  const duplicates = [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
  const own = duplicates.map((name) => `Feldname „${prefix ? `${prefix}.${name}` : name}“ kommt doppelt vor`);
  const problems = [...own];
  for (const node of nodes) {
    if (node.type === "input") continue;
    const path = prefix ? `${prefix}.${node.name}` : node.name;
    if (depth >= MAX_FORM_DEPTH) problems.push(`„${path}“: zu tief verschachtelt (höchstens ${MAX_FORM_DEPTH} Ebenen)`);
    else problems.push(...structureProblems(node.children ?? [], path, depth + 1, node.type === "list"));
  }
  return problems;
}

/** Rule names a node's validation uses that do nothing (FormKit ignores them): shown in the preview only. */
export function unknownRulesOfForm(nodes: readonly FormNode[]): string[] {
  return prepareForm(nodes).fields.flatMap((field) =>
    unknownRuleNames(field.node).map((name) => `„${field.path}“: unbekannte Regel „${name}“ wird ignoriert`),
  );
}
