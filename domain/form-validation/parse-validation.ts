/**
 * FormKit's rule string syntax (packages/validation/src/validation.ts, parseRules): rules separated
 * by `|`, arguments after the first `:` separated by `,`, hints before the rule name:
 *
 * - `(500)` debounce the rule by 500 ms
 * - `+`     run the rule on an empty value too (skipEmpty off)
 * - `*`     run the rule even when an earlier rule failed (force)
 * - `?`     a failure does not block submitting (blocking off)
 *
 * One deliberate extension: an argument written as a regular expression literal (`/…/`) is kept
 * whole, so `matches:/^\d{2,3}$/` and `matches:/^(a|b)$/` work in a plain string. FormKit splits
 * those at `,` and `|` (its answer is the array syntax, which a content service cannot carry).
 *
 * @example
 * parseValidation("required|(500)?matches:/^\\d{5}$/")
 * // → [{ name: "required", args: [], debounce: 0, … }, { name: "matches", args: ["/^\\d{5}$/"], debounce: 500, blocking: false, … }]
 */

export interface RuleHints {
  /** A failure blocks submitting (false with `?`). */
  blocking: boolean;
  /** Milliseconds to wait before the rule runs (`(500)`). */
  debounce: number;
  /** Runs even when an earlier rule failed (`*`). */
  force: boolean;
  /** Not run on an empty value (false with `+`); undefined = the rule's own default. */
  skipEmpty: boolean | undefined;
}

export interface RuleIntent extends RuleHints {
  name: string;
  args: string[];
}

/** FormKit's `hintPattern` and `rulePattern`: hints are `*+?()` and digits; names start with a letter, at least two characters. */
const HINTED_NAME = /^([*+?()0-9]+)?([a-zA-Z][a-zA-Z0-9_]+)$/;
const DEBOUNCE_GROUP = /\((\d+)\)/;

export function parseValidation(validation: string | undefined): RuleIntent[] {
  if (!validation) return [];
  return splitRules(validation).flatMap((part) => {
    const intent = parseRule(part);
    return intent ? [intent] : [];
  });
}

/** Rule name and hints of a rule head like `(200)+matches`; null when it is not a rule name. */
export function parseRuleHead(head: string): Omit<RuleIntent, "args"> | null {
  const [, hints = "", name] = HINTED_NAME.exec(head.trim()) ?? [];
  if (name === undefined) return null;
  const debounce = DEBOUNCE_GROUP.exec(hints)?.[1];
  return {
    name,
    blocking: !hints.includes("?"),
    debounce: debounce === undefined ? 0 : Number.parseInt(debounce, 10),
    force: hints.includes("*"),
    skipEmpty: hints.includes("+") ? false : undefined,
  };
}

function parseRule(part: RawRule): RuleIntent | null {
  const head = parseRuleHead(part.head);
  return head ? { ...head, args: part.args } : null;
}

interface RawRule {
  head: string;
  args: string[];
}

/** Splits at `|` and `,` like FormKit, except inside a `/…/` argument. */
function splitRules(validation: string): RawRule[] {
  const rules: RawRule[] = [];
  let index = 0;
  while (index <= validation.length) {
    const headEnd = findFirst(validation, index, ":|");
    const head = validation.slice(index, headEnd);
    if (validation[headEnd] === ":") {
      const { args, end } = splitArgs(validation, headEnd + 1);
      rules.push({ head, args });
      index = end + 1;
    } else {
      rules.push({ head, args: [] });
      index = headEnd + 1;
    }
  }
  return rules.filter((rule) => rule.head.trim() !== "");
}

function splitArgs(validation: string, start: number): { args: string[]; end: number } {
  const args: string[] = [];
  let index = start;
  for (;;) {
    const literalEnd = regexLiteralEnd(validation, skipSpaces(validation, index));
    const end = literalEnd === -1 ? findFirst(validation, index, ",|") : findFirst(validation, literalEnd + 1, ",|");
    args.push(validation.slice(index, end).trim());
    if (validation[end] !== ",") {
      // FormKit: "rule:" has no arguments at all.
      return { args: args.length === 1 && args[0] === "" ? [] : args, end };
    }
    index = end + 1;
  }
}

/**
 * If a `/…/` literal starts at `start`: the index of its closing slash, the first unescaped `/`
 * followed (after spaces) by `,`, `|` or the end. Otherwise -1.
 */
function regexLiteralEnd(text: string, start: number): number {
  if (text[start] !== "/") return -1;
  for (let index = start + 1; index < text.length; index += 1) {
    if (text[index] === "\\") {
      index += 1;
      continue;
    }
    if (text[index] !== "/") continue;
    const next = text[skipSpaces(text, index + 1)];
    if (next === undefined || next === "," || next === "|") return index;
  }
  return -1;
}

function skipSpaces(text: string, index: number): number {
  let position = index;
  while (position < text.length && /\s/.test(text.charAt(position))) position += 1;
  return position;
}

function findFirst(text: string, from: number, characters: string): number {
  for (let index = from; index < text.length; index += 1) {
    if (characters.includes(text.charAt(index))) return index;
  }
  return text.length;
}

/** `/…/` as FormKit's `matches` reads it: the text between the first and the last slash, no flags. */
export function regexSource(argument: string): string | null {
  return argument.length >= 2 && argument.startsWith("/") && argument.endsWith("/") ? argument.slice(1, -1) : null;
}
