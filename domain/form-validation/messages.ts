import type { FieldValue } from "./rules.ts";

/**
 * The one message catalogue of the form engine, in two locales:
 *
 * - `en`: FormKit's English locale (packages/i18n/src/locales/en.ts), word for word; these are the
 *   spec's texts ('{Name} is required.', 'Please enter a valid URL.', …, section 5).
 * - `de`: FormKit's German locale (de.ts), with four corrections a German reader expects: lists
 *   joined with "oder" (FormKit's `list()` always says "or"), bounds in numeric order,
 *   "darf nur Buchstaben und Leerzeichen" (de.ts: "dürfen") and "E-Mail-Adresse".
 *
 * Plus the texts of the content form itself (submit, reset, retry, thank-you, the error of a form
 * that cannot be shown), which FormKit leaves to the page. `de` is the default locale: every
 * visitor of this site reads German (ADR 0009); an editor may set `locale: "en"` on a form.
 *
 * @example
 * validationMessage("required", { ...context, name: "E-Mail" }, "de") // → "E-Mail ist erforderlich."
 */

export const LOCALES = ["de", "en"] as const;
export type LocaleKey = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: LocaleKey = "de";

export interface MessageContext {
  /** The field's message name: validationLabel, label or name (FormKit's createMessageName). */
  name: string;
  args: readonly string[];
  value: FieldValue;
  /** Message name of another field by address (`require_one`), undefined when there is none. */
  labelAt: (address: string) => string | undefined;
  now: number;
}

type Message = string | ((context: MessageContext) => string);

export interface UiTexts {
  /** FormKit's `ui.incomplete`: shown when a form with errors is submitted. */
  incomplete: string;
  /** FormKit's un-localised `incomplete` message ('Form incomplete.'), our summary heading. */
  formIncomplete: string;
  /** FormKit's fallback for a rule without a message; also a value of the wrong shape. */
  invalid: string;
  submit: string;
  reset: string;
  resetDone: string;
  retry: string;
  sending: string;
  requiredHint: string;
  choose: string;
  thanks: string;
  /** Spec section 8: the form definition could not be loaded. */
  loadError: string;
  sendError: string;
}

interface Catalogue {
  ui: UiTexts;
  validation: Readonly<Record<string, Message>>;
}

/** FormKit's `sentence()`: first letter upper case. */
function sentence(text: string): string {
  return text.length > 0 ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** FormKit's `list()`: "a or b", "a, b, or c". */
export function list(items: readonly string[], conjunction: string): string {
  return items.reduce((text, item, index) => {
    let next = text + item;
    if (index <= items.length - 2 && items.length > 2) next += ", ";
    if (index === items.length - 2) next += `${items.length === 2 ? " " : ""}${conjunction} `;
    return next;
  }, "");
}

/** FormKit's `order()`: the smaller bound first. */
function order(first: string | undefined, second: string | undefined): [string, string] {
  const [a = "", b = ""] = [first, second];
  return Number(a) >= Number(b) ? [b, a] : [a, b];
}

/**
 * FormKit's `date()`: a medium date. The locale is the message's (FormKit uses the runtime's) and the
 * zone is UTC, so the worker and every browser print the same day for `2026-12-24`.
 */
function formatDate(value: string | number | undefined, locale: LocaleKey): string {
  const time = typeof value === "number" ? value : value === undefined ? Number.NaN : Date.parse(value);
  if (Number.isNaN(time)) return value === undefined ? "" : String(value);
  // Written out (Intl's de-DE and en-US "medium" style): the first Intl object costs the browser
  // ICU's setup (domain/german-number.ts).
  const date = new Date(time);
  const day = date.getUTCDate();
  const month = date.getUTCMonth();
  const year = date.getUTCFullYear();
  return locale === "de"
    ? `${String(day).padStart(2, "0")}.${String(month + 1).padStart(2, "0")}.${year}`
    : `${EN_MONTHS[month]} ${day}, ${year}`;
}

const EN_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Which of FormKit's five `length` messages applies, with numeric bounds (de.ts compared the texts). */
function lengthCase(args: readonly string[]): { kind: "one" | "atMost" | "exactly" | "atLeast" | "between"; min: number; max: number } {
  const first = Number(args[0] ?? 0);
  const second = args[1] === undefined ? Number.POSITIVE_INFINITY : Number(args[1]);
  const [min, max] = [Math.min(first, second), Math.max(first, second)];
  const unbounded = max === Number.POSITIVE_INFINITY;
  const kind =
    min === 1 && unbounded ? "one" : min === 0 && max ? "atMost" : min === max ? "exactly" : min && unbounded ? "atLeast" : "between";
  return { kind, min, max };
}

/** `date_between` with one date means "from now until then" (the rule's own reading). */
function betweenDates({ args, now }: MessageContext, locale: LocaleKey): [string, string] {
  return args[1] === undefined
    ? [formatDate(now, locale), formatDate(args[0], locale)]
    : [formatDate(args[0], locale), formatDate(args[1], locale)];
}

function requireOneLabels({ name, args, labelAt }: MessageContext): string[] {
  return [name, ...args.flatMap((address) => labelAt(address) ?? [])];
}

const isBadBound = (value: string | undefined) => Number.isNaN(Number(value));

const EN: Catalogue = {
  ui: {
    incomplete: "Sorry, not all fields are filled out correctly.",
    formIncomplete: "Form incomplete.",
    invalid: "This field is not valid.",
    submit: "Submit",
    reset: "Reset",
    resetDone: "The form has been reset.",
    retry: "Send again",
    sending: "Sending …",
    requiredHint: "Fields marked with * are required.",
    choose: "Please choose",
    thanks: "Thank you! We have received your request.",
    loadError: "Something went wrong...",
    sendError: "Your details are still here. Please send the form again.",
  },
  validation: {
    accepted: ({ name }) => `Please accept the ${name}.`,
    date_after: ({ name, args }) =>
      args.length ? `${sentence(name)} must be after ${formatDate(args[0], "en")}.` : `${sentence(name)} must be in the future.`,
    alpha: ({ name }) => `${sentence(name)} can only contain alphabetical characters.`,
    alphanumeric: ({ name }) => `${sentence(name)} can only contain letters and numbers.`,
    alpha_spaces: ({ name }) => `${sentence(name)} can only contain letters and spaces.`,
    contains_alpha: ({ name }) => `${sentence(name)} must contain alphabetical characters.`,
    contains_alphanumeric: ({ name }) => `${sentence(name)} must contain letters or numbers.`,
    contains_alpha_spaces: ({ name }) => `${sentence(name)} must contain letters or spaces.`,
    contains_symbol: ({ name }) => `${sentence(name)} must contain a symbol.`,
    contains_uppercase: ({ name }) => `${sentence(name)} must contain an uppercase letter.`,
    contains_lowercase: ({ name }) => `${sentence(name)} must contain a lowercase letter.`,
    contains_numeric: ({ name }) => `${sentence(name)} must contain numbers.`,
    symbol: ({ name }) => `${sentence(name)} must be a symbol.`,
    uppercase: ({ name }) => `${sentence(name)} can only contain uppercase letters.`,
    lowercase: ({ name, args }) => `${sentence(name)} can only contain lowercase letters${LOWERCASE_POSTFIX.get(args[0] ?? "") ?? ""}.`,
    date_before: ({ name, args }) =>
      args.length ? `${sentence(name)} must be before ${formatDate(args[0], "en")}.` : `${sentence(name)} must be in the past.`,
    between: ({ name, args }) => {
      if (isBadBound(args[0]) || isBadBound(args[1])) return "This field was configured incorrectly and can’t be submitted.";
      const [a, b] = order(args[0], args[1]);
      return `${sentence(name)} must be between ${a} and ${b}.`;
    },
    confirm: ({ name }) => `${sentence(name)} does not match.`,
    date_format: ({ name, args }) =>
      args.length
        ? `${sentence(name)} is not a valid date, please use the format ${args[0]}`
        : "This field was configured incorrectly and can’t be submitted",
    date_between: (context) => {
      const [a, b] = betweenDates(context, "en");
      return `${sentence(context.name)} must be between ${a} and ${b}`;
    },
    email: "Please enter a valid email address.",
    ends_with: ({ name, args }) => `${sentence(name)} doesn’t end with ${list(args, "or")}.`,
    is: ({ name }) => `${sentence(name)} is not an allowed value.`,
    length: ({ name, args }) => {
      const { kind, min, max } = lengthCase(args);
      const texts = {
        one: "must be at least one character.",
        atMost: `must be less than or equal to ${max} characters.`,
        exactly: `should be ${max} characters long.`,
        atLeast: `must be greater than or equal to ${min} characters.`,
        between: `must be between ${min} and ${max} characters.`,
      };
      return `${sentence(name)} ${texts[kind]}`;
    },
    matches: ({ name }) => `${sentence(name)} is not an allowed value.`,
    max: ({ name, value, args }) =>
      Array.isArray(value) ? `Cannot have more than ${args[0] ?? 10} ${name}.` : `${sentence(name)} must be no more than ${args[0] ?? 10}.`,
    min: ({ name, value, args }) =>
      Array.isArray(value) ? `Cannot have fewer than ${args[0] ?? 1} ${name}.` : `${sentence(name)} must be at least ${args[0] ?? 1}.`,
    not: ({ name, value }) => `“${String(value)}” is not an allowed ${name}.`,
    number: ({ name }) => `${sentence(name)} must be a number.`,
    require_one: (context) => `${requireOneLabels(context).join(" or ")} is required.`,
    required: ({ name }) => `${sentence(name)} is required.`,
    starts_with: ({ name, args }) => `${sentence(name)} doesn’t start with ${list(args, "or")}.`,
    url: "Please enter a valid URL.",
  },
};

const LOWERCASE_POSTFIX: ReadonlyMap<string, string> = new Map([
  ["allow_non_alpha", ", numbers and symbols"],
  ["allow_numeric", " and numbers"],
  ["allow_numeric_dashes", ", numbers and dashes"],
]);

const CONFIGURED_INCORRECTLY_DE = "Dieses Feld wurde falsch konfiguriert und kann nicht übermittelt werden.";

const DE: Catalogue = {
  ui: {
    incomplete: "Entschuldigung, nicht alle Felder wurden korrekt ausgefüllt.",
    formIncomplete: "Formular unvollständig.",
    invalid: "Dieses Feld ist ungültig.",
    submit: "Senden",
    reset: "Zurücksetzen",
    resetDone: "Das Formular wurde zurückgesetzt.",
    retry: "Erneut senden",
    sending: "Wird gesendet …",
    requiredHint: "Pflichtfelder sind mit * gekennzeichnet.",
    choose: "Bitte wählen",
    thanks: "Vielen Dank! Ihre Anfrage ist bei uns eingegangen.",
    loadError: "Es ist etwas schiefgelaufen...",
    sendError: "Ihre Angaben sind noch da. Bitte senden Sie das Formular erneut.",
  },
  validation: {
    accepted: ({ name }) => `Bitte ${name} akzeptieren.`,
    date_after: ({ name, args }) =>
      args.length
        ? `${sentence(name)} muss nach dem ${formatDate(args[0], "de")} liegen.`
        : `${sentence(name)} muss in der Zukunft liegen.`,
    alpha: ({ name }) => `${sentence(name)} darf nur Buchstaben enthalten.`,
    alphanumeric: ({ name }) => `${sentence(name)} darf nur Buchstaben und Zahlen enthalten.`,
    alpha_spaces: ({ name }) => `${sentence(name)} darf nur Buchstaben und Leerzeichen enthalten.`,
    contains_alpha: ({ name }) => `${sentence(name)} muss alphabetische Zeichen enthalten.`,
    contains_alphanumeric: ({ name }) => `${sentence(name)} muss Buchstaben oder Zahlen enthalten.`,
    contains_alpha_spaces: ({ name }) => `${sentence(name)} muss Buchstaben oder Leerzeichen enthalten.`,
    contains_symbol: ({ name }) => `${sentence(name)} muss ein Symbol enthalten.`,
    contains_uppercase: ({ name }) => `${sentence(name)} muss Großbuchstaben enthalten.`,
    contains_lowercase: ({ name }) => `${sentence(name)} muss Kleinbuchstaben enthalten.`,
    contains_numeric: ({ name }) => `${sentence(name)} muss Zahlen enthalten.`,
    symbol: ({ name }) => `${sentence(name)} muss ein Symbol sein.`,
    uppercase: ({ name }) => `${sentence(name)} kann nur Großbuchstaben enthalten.`,
    lowercase: ({ name }) => `${sentence(name)} kann nur Kleinbuchstaben enthalten.`,
    date_before: ({ name, args }) =>
      args.length
        ? `${sentence(name)} muss vor dem ${formatDate(args[0], "de")} liegen.`
        : `${sentence(name)} muss in der Vergangenheit liegen.`,
    between: ({ name, args }) => {
      if (isBadBound(args[0]) || isBadBound(args[1])) return CONFIGURED_INCORRECTLY_DE;
      const [a, b] = order(args[0], args[1]);
      return `${sentence(name)} muss zwischen ${a} und ${b} sein.`;
    },
    confirm: ({ name }) => `${sentence(name)} stimmt nicht überein.`,
    date_format: ({ name, args }) =>
      args.length ? `${sentence(name)} ist kein gültiges Datum im Format ${args[0]}.` : CONFIGURED_INCORRECTLY_DE,
    date_between: (context) => {
      const [a, b] = betweenDates(context, "de");
      return `${sentence(context.name)} muss zwischen ${a} und ${b} liegen.`;
    },
    email: "E-Mail-Adresse ist ungültig.",
    ends_with: ({ name, args }) => `${sentence(name)} endet nicht mit ${list(args, "oder")}.`,
    is: ({ name }) => `${sentence(name)} enthält einen ungültigen Wert.`,
    length: ({ name, args }) => {
      const { kind, min, max } = lengthCase(args);
      const texts = {
        one: "muss mindestens ein Zeichen enthalten.",
        atMost: `darf maximal ${max} Zeichen enthalten.`,
        exactly: `sollte ${max} Zeichen lang sein.`,
        atLeast: `muss mindestens ${min} Zeichen enthalten.`,
        between: `muss zwischen ${min} und ${max} Zeichen enthalten.`,
      };
      return `${sentence(name)} ${texts[kind]}`;
    },
    matches: ({ name }) => `${sentence(name)} enthält einen ungültigen Wert.`,
    max: ({ name, value, args }) =>
      Array.isArray(value) ? `Darf maximal ${args[0] ?? 10} ${name} haben.` : `${sentence(name)} darf maximal ${args[0] ?? 10} sein.`,
    min: ({ name, value, args }) =>
      Array.isArray(value) ? `Mindestens ${args[0] ?? 1} ${name} erforderlich.` : `${sentence(name)} muss mindestens ${args[0] ?? 1} sein.`,
    not: ({ name, value }) => `“${String(value)}” ist kein gültiger Wert für ${name}.`,
    number: ({ name }) => `${sentence(name)} muss eine Zahl sein.`,
    require_one: (context) => `${requireOneLabels(context).join(" oder ")} ist erforderlich.`,
    required: ({ name }) => `${sentence(name)} ist erforderlich.`,
    starts_with: ({ name, args }) => `${sentence(name)} beginnt nicht mit ${list(args, "oder")}.`,
    url: "Bitte geben Sie eine gültige URL ein.",
  },
};

/** Keyed by LocaleKey only (resolveLocale), never by raw input. */
const CATALOGUES: Readonly<Record<LocaleKey, Catalogue>> = { de: DE, en: EN };

/** FormKit's `parseLocale`: exact key, then the language (`en-GB` → `en`), else the default. */
export function resolveLocale(requested: string | undefined): LocaleKey {
  const language = (requested ?? "").trim().toLowerCase().split("-")[0];
  return LOCALES.find((locale) => locale === language) ?? DEFAULT_LOCALE;
}

export function uiTexts(locale: LocaleKey): UiTexts {
  return CATALOGUES[locale].ui;
}

/** The locale's message for a built-in rule, or null when the locale has none. */
export function validationMessage(rule: string, context: MessageContext, locale: LocaleKey): string | null {
  const validation = CATALOGUES[locale].validation;
  const message = Object.hasOwn(validation, rule) ? validation[rule] : undefined;
  if (message === undefined) return null;
  return typeof message === "string" ? message : message(context);
}
