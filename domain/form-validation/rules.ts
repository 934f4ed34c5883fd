import { regexSource } from "./parse-validation.ts";

/**
 * FormKit's validation rules (packages/rules/src/*.ts), ported rule by rule: same names, same
 * arguments, same coercions (`String(value)`, `Number(value)`, loose `==` where FormKit uses it),
 * same defaults and the same `skipEmpty` (only `required`, `accepted` and `require_one` run on an
 * empty value). Every rule answers "does the value pass?". docs/forms-validation.md lists each
 * rule with examples; the tests in rules.test.ts are the executable version of that list.
 *
 * @example
 * RULES.get("between")!.check({ ...context, value: "7" }, ["10", "5"]) // → true (FormKit orders the bounds)
 */

/** What a field holds: text, a ticked box, the ticked options of a checkbox list, or nothing. */
export type FieldValue = string | boolean | readonly string[] | undefined;

export interface RuleContext {
  value: FieldValue;
  /** The node's own name (`confirm` derives its partner from it). */
  name: string;
  /** The value of another field, addressed like FormKit's `node.at()` (siblings, `a.b`, `$parent`, `$root`). */
  valueAt: (address: string) => FieldValue;
  /** Milliseconds since the epoch: "now" for `date_after`/`date_before`/`date_between` without a date. */
  now: number;
}

export interface RuleDefinition {
  check: (context: RuleContext, args: readonly string[]) => boolean;
  /** FormKit's rule-level `skipEmpty`; absent means true. */
  skipEmpty?: false;
}

/** FormKit's `empty()` for the values a form holds: `""`, `undefined` and `[]` are empty; `false` is not. */
export function isEmpty(value: FieldValue): boolean {
  if (value === undefined || value === "") return true;
  return Array.isArray(value) && value.length === 0;
}

/** JavaScript's `==` (FormKit's loose comparison in `is` and `confirm`) for field values, spelled out. */
export function looseEquals(left: FieldValue, right: FieldValue): boolean {
  if (left === undefined || right === undefined) return left === right;
  if (Array.isArray(left) && Array.isArray(right)) return left === right;
  // An array compares as its text ("a,b"); text and a boolean compare as numbers.
  const [a, b] = [Array.isArray(left) ? left.join(",") : left, Array.isArray(right) ? right.join(",") : right];
  return typeof a === typeof b ? a === b : Number(a) === Number(b);
}

/** What `accepted` takes as a yes (FormKit also takes the number 1, which a form never holds). */
const ACCEPTED: readonly string[] = ["yes", "on", "1", "true"];

/** FormKit's character sets: `default` is Unicode-aware, `latin` is ASCII only; unknown names fall back to `default`. */
function setRule(defaultSet: RegExp, namedSets: ReadonlyMap<string, RegExp>): RuleDefinition {
  const characterSet = (name: string | undefined) => (name === undefined ? undefined : namedSets.get(name)) ?? defaultSet;
  return { check: ({ value }, [set]) => characterSet(set).test(String(value)) };
}

const SYMBOLS = "!-/:-@[-`{-~";

/** `Date.parse(String(new Date()))`: FormKit's "now" loses its milliseconds on the way. */
function nowSeconds(now: number): number {
  return Math.floor(now / 1000) * 1000;
}

function compareDate(compare: (field: number, reference: number) => boolean): RuleDefinition {
  return {
    check: ({ value, now }, [reference]) => {
      const timestamp = reference ? Date.parse(reference) : nowSeconds(now);
      const field = Date.parse(String(value));
      return Number.isNaN(field) ? false : compare(field, timestamp);
    },
  };
}

function affix(test: (value: string, item: string) => boolean): RuleDefinition {
  return {
    check: ({ value }, stack) => {
      if (typeof value !== "string") return false;
      return stack.length === 0 || stack.some((item) => test(value, item));
    },
  };
}

/** FormKit's `regexForFormat`: each token is replaced once, in this order. */
const DATE_TOKENS: ReadonlyArray<[string, string]> = [
  ["MM", "(0[1-9]|1[012])"],
  ["M", "([1-9]|1[012])"],
  ["DD", "([012][0-9]|3[01])"],
  ["D", "([012]?[0-9]|3[01])"],
  ["YYYY", "\\d{4}"],
  ["YY", "\\d{2}"],
];

export function regexForDateFormat(format: string): RegExp {
  const escaped = `^${format.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`;
  return new RegExp(DATE_TOKENS.reduce((source, [token, pattern]) => source.replace(token, pattern), escaped));
}

/** An editor's `/…/` as a RegExp, or null when it does not compile (then it matches nothing). */
export function compileRegexArgument(argument: string): RegExp | null {
  const source = regexSource(argument);
  if (source === null) return null;
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

const EMAIL = /^(([^<>()[\].,;:\s@"]+(\.[^<>()[\].,;:\s@"]+)*)|(".+"))@(([^<>()[\].,;:\s@"]+\.)+[^<>()[\].,;:\s@"]{2,})$/i;

function lengthOf(value: FieldValue): number | null {
  return typeof value === "string" || Array.isArray(value) ? value.length : null;
}

export const RULES: ReadonlyMap<string, RuleDefinition> = new Map<string, RuleDefinition>([
  ["accepted", { check: ({ value }) => value === true || (typeof value === "string" && ACCEPTED.includes(value)), skipEmpty: false }],
  ["alpha", setRule(/^\p{L}+$/u, new Map([["latin", /^[a-z]+$/i]]))],
  ["alpha_spaces", setRule(/^[\p{L} ]+$/u, new Map([["latin", /^[a-z ]+$/i]]))],
  ["alphanumeric", setRule(/^[0-9\p{L}]+$/u, new Map([["latin", /^[0-9a-z]+$/i]]))],
  [
    "between",
    {
      check: ({ value }, [from, to]) => {
        const [number, low, high] = [Number(value), Number(from), Number(to)];
        if (Number.isNaN(number) || Number.isNaN(low) || Number.isNaN(high)) return false;
        return number >= Math.min(low, high) && number <= Math.max(low, high);
      },
    },
  ],
  [
    "confirm",
    {
      check: ({ value, name, valueAt }, [address, comparison = "loose"]) => {
        const partner = valueAt(address || confirmPartner(name));
        return comparison === "strict" ? value === partner : looseEquals(partner, value);
      },
    },
  ],
  ["contains_alpha", setRule(/\p{L}/u, new Map([["latin", /[a-z]/i]]))],
  ["contains_alpha_spaces", setRule(/[\p{L} ]/u, new Map([["latin", /[a-z ]/i]]))],
  ["contains_alphanumeric", setRule(/[0-9\p{L}]/u, new Map([["latin", /[0-9a-z]/i]]))],
  ["contains_lowercase", setRule(/\p{Ll}/u, new Map([["latin", /[a-z]/]]))],
  ["contains_numeric", { check: ({ value }) => /[0-9]/.test(String(value)) }],
  ["contains_symbol", { check: ({ value }) => new RegExp(`[${SYMBOLS}]`).test(String(value)) }],
  ["contains_uppercase", setRule(/\p{Lu}/u, new Map([["latin", /[A-Z]/]]))],
  ["date_after", compareDate((field, reference) => field > reference)],
  ["date_before", compareDate((field, reference) => field < reference)],
  [
    "date_between",
    {
      check: ({ value, now }, [first, second]) => {
        // FormKit treats NaN and 0 alike (falsy); one date means "between now and that date".
        let start = first === undefined ? Number.NaN : Date.parse(first);
        let end = second === undefined ? Number.NaN : Date.parse(second);
        const field = Date.parse(String(value));
        if (start && !end) {
          end = start;
          start = now;
        } else if (!start || !field) {
          return false;
        }
        return field >= start && field <= end;
      },
    },
  ],
  [
    "date_format",
    {
      check: ({ value }, [format]) => (format ? regexForDateFormat(format).test(String(value)) : !Number.isNaN(Date.parse(String(value)))),
    },
  ],
  ["email", { check: ({ value }) => EMAIL.test(String(value)) }],
  ["ends_with", affix((value, item) => value.endsWith(item))],
  ["is", { check: ({ value }, stack) => stack.some((item) => looseEquals(item, value)) }],
  [
    "length",
    {
      check: ({ value }, [first = "0", second]) => {
        const low = Number.parseInt(first, 10);
        const parsedHigh = second === undefined ? Number.NaN : Number.parseInt(second, 10);
        const high = Number.isNaN(parsedHigh) ? Number.POSITIVE_INFINITY : parsedHigh;
        const min = Math.min(low, high);
        const max = Math.max(high, low);
        const length = lengthOf(value);
        return length !== null && length >= min && length <= max;
      },
    },
  ],
  [
    "lowercase",
    setRule(
      /^\p{Ll}+$/u,
      new Map([
        ["allow_non_alpha", new RegExp(`^[0-9\\p{Ll}${SYMBOLS}]+$`, "u")],
        ["allow_numeric", /^[0-9\p{Ll}]+$/u],
        ["allow_numeric_dashes", /^[0-9\p{Ll}-]+$/u],
        ["latin", /^[a-z]+$/],
      ]),
    ),
  ],
  [
    "matches",
    {
      check: ({ value }, stack) =>
        stack.some((pattern) => {
          if (regexSource(pattern) === null) return pattern === value;
          return compileRegexArgument(pattern)?.test(String(value)) ?? false;
        }),
    },
  ],
  [
    "max",
    { check: ({ value }, [maximum = "10"]) => (Array.isArray(value) ? value.length <= Number(maximum) : Number(value) <= Number(maximum)) },
  ],
  [
    "min",
    { check: ({ value }, [minimum = "1"]) => (Array.isArray(value) ? value.length >= Number(minimum) : Number(value) >= Number(minimum)) },
  ],
  ["not", { check: ({ value }, stack) => !stack.some((item) => item === value) }],
  ["number", { check: ({ value }) => !Number.isNaN(Number(value)) }],
  [
    "require_one",
    {
      check: ({ value, valueAt }, names) => !isEmpty(value) || names.some((name) => !isEmpty(valueAt(name))),
      skipEmpty: false,
    },
  ],
  [
    "required",
    {
      check: ({ value }, [action]) => (action === "trim" && typeof value === "string" ? value.trim() !== "" : !isEmpty(value)),
      skipEmpty: false,
    },
  ],
  ["starts_with", affix((value, item) => value.startsWith(item))],
  ["symbol", { check: ({ value }) => new RegExp(`^[${SYMBOLS}]+$`).test(String(value)) }],
  ["uppercase", setRule(/^\p{Lu}+$/u, new Map([["latin", /^[A-Z]+$/]]))],
  [
    "url",
    {
      check: ({ value }, stack) => {
        const protocols = stack.length > 0 ? stack : ["http:", "https:"];
        try {
          return protocols.includes(new URL(String(value)).protocol);
        } catch {
          return false;
        }
      },
    },
  ],
]);

/** `confirm` without an address: `password` ↔ `password_confirm` (FormKit also strips `_confirmed`). */
export function confirmPartner(name: string): string {
  return /_confirm(?:ed)?$/.test(name) ? name.replace(/_confirm(?:ed)?$/, "") : `${name}_confirm`;
}

export function skipsEmpty(rule: RuleDefinition): boolean {
  return rule.skipEmpty !== false;
}
