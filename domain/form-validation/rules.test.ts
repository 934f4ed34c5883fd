import { describe, expect, it } from "vitest";
import { confirmPartner, isEmpty, looseEquals, regexForDateFormat, RULES, type FieldValue } from "./rules.ts";
import { parseValidation } from "./parse-validation.ts";
import { passes } from "./test-support.ts";

/**
 * Every FormKit rule (packages/rules/src), one table row per behaviour, grouped by rule: the
 * validation string, the field's value, whether it passes. Empty values show which rules run on
 * empty (only `required`, `accepted` and `require_one`, or any rule with the `+` hint). "Now" is
 * 2026-11-23 10:00 UTC.
 */
type Row = [validation: string, value: FieldValue, pass: boolean];

const ROWS: Row[] = [
  ["accepted", true, true],
  ["accepted", "yes", true],
  ["accepted", "on", true],
  ["accepted", "1", true],
  ["accepted", "true", true],
  ["accepted", "no", false],
  ["accepted", false, false],
  ["accepted", undefined, false], // runs on empty
  ["accepted", "", false],

  ["alpha", "Jürgen", true],
  ["alpha", "Jürgen1", false],
  ["alpha", "Hans Peter", false],
  ["alpha", "", true], // skipped on empty
  ["alpha:latin", "Jurgen", true],
  ["alpha:latin", "Jürgen", false],
  ["alpha:klingon", "Jürgen", true], // unknown set → default

  ["alpha_spaces", "Hans Müller", true],
  ["alpha_spaces", "Hans-Müller", false],
  ["alpha_spaces:latin", "Hans Muller", true],
  ["alpha_spaces:latin", "Hans Müller", false],
  ["alpha_spaces", "", true],

  ["alphanumeric", "A180d", true],
  ["alphanumeric", "Größe2", true],
  ["alphanumeric", "A 180", false],
  ["alphanumeric:latin", "Größe2", false],
  ["alphanumeric", "", true],

  ["between:5,10", "7", true],
  ["between:5,10", "5", true], // inclusive
  ["between:5,10", "10", true],
  ["between:5,10", "10.5", false],
  ["between:5,10", "4", false],
  ["between:5,10", "sieben", false],
  ["between:10,5", "7", true], // reversed bounds are ordered
  ["between:10,5", "11", false],
  ["between:5", "7", false], // a missing bound never passes
  ["between: 5 , 10 ", "6", true], // arguments are trimmed
  ["between:5,10", "", true],

  ["contains_alpha", "123a", true],
  ["contains_alpha", "123", false],
  ["contains_alpha:latin", "123ä", false],
  ["contains_alpha", "", true],

  ["contains_alpha_spaces", "123 ", true],
  ["contains_alpha_spaces", "123", false],
  ["contains_alpha_spaces:latin", "123ß", false],

  ["contains_alphanumeric", "!!1", true],
  ["contains_alphanumeric", "!!", false],
  ["contains_alphanumeric:latin", "!!é", false],

  ["contains_lowercase", "ABc", true],
  ["contains_lowercase", "ABC", false],
  ["contains_lowercase", "ABCß", true],
  ["contains_lowercase:latin", "ABCß", false],

  ["contains_numeric", "Passwort1", true],
  ["contains_numeric", "Passwort", false],

  ["contains_symbol", "Passwort!", true],
  ["contains_symbol", "Passwort", false],
  ["contains_symbol", "Pass wort", false], // a space is not a symbol

  ["contains_uppercase", "passwörT", true],
  ["contains_uppercase", "passwort", false],
  ["contains_uppercase", "Ärger", true],
  ["contains_uppercase:latin", "Ärger", false],

  ["date_after:2020-01-01", "2020-01-02", true],
  ["date_after:2020-01-01", "2020-01-01", false], // strictly after
  ["date_after:2020-01-01", "kein Datum", false],
  ["date_after", "2026-11-24", true], // no date: after now
  ["date_after", "2026-11-22", false],
  ["date_after:2020-01-01", "", true],

  ["date_before:2020-01-01", "2019-12-31", true],
  ["date_before:2020-01-01", "2020-01-01", false],
  ["date_before", "2026-11-22", true],
  ["date_before", "2026-11-24", false],
  ["date_before", "gestern", false],

  ["date_between:2020-01-01,2020-12-31", "2020-06-01", true],
  ["date_between:2020-01-01,2020-12-31", "2020-01-01", true], // inclusive
  ["date_between:2020-01-01,2020-12-31", "2021-01-01", false],
  ["date_between:2027-01-01", "2026-12-01", true], // one date: from now until then
  ["date_between:2027-01-01", "2026-11-01", false],
  ["date_between:irgendwann", "2026-12-01", false],
  ["date_between:2020-01-01,2020-12-31", "", true],

  ["date_format:DD.MM.YYYY", "24.12.2026", true],
  ["date_format:DD.MM.YYYY", "2026-12-24", false],
  ["date_format:DD.MM.YYYY", "32.12.2026", false],
  ["date_format:DD.MM.YYYY", "31.02.2026", true], // the format, not the calendar
  ["date_format:MM/DD/YY", "12/24/26", true],
  ["date_format:D.M.YYYY", "1.2.2026", true],
  ["date_format:D.M.YYYY", "01.02.2026", false], // M has no leading zero
  ["date_format", "2026-12-24", true], // no format: anything Date.parse reads
  ["date_format", "Heiligabend", false],

  ["email", "max@example.de", true],
  ["email", "max.mustermann@autohaus-gruppe-nord.de", true],
  ["email", "max@example", false],
  ["email", "max@@example.de", false],
  ["email", "max mustermann@example.de", false],
  ["email", "", true],

  ["ends_with:.de,.com", "autohaus.de", true],
  ["ends_with:.de,.com", "autohaus.org", false],
  ["ends_with", "alles", true], // no arguments: any text
  ["ends_with:a", ["a"], false], // only text

  ["is:pkw,transporter", "pkw", true],
  ["is:pkw,transporter", "lkw", false],
  ["is:1", true, true], // loose ==, as in FormKit
  ["is:a", ["a"], true],
  ["is", "pkw", false],

  ["length:5", "abcd", false],
  ["length:5", "abcde", true],
  ["length:2,4", "abc", true],
  ["length:2,4", "abcde", false],
  ["length:4,2", "abc", true], // reversed bounds
  ["length:2", ["a"], false], // lists count their items
  ["length:2", ["a", "b"], true],
  ["length:1", true, false], // neither text nor list
  ["length:5", "", true],

  ["lowercase", "abcäöü", true],
  ["lowercase", "abC", false],
  ["lowercase", "abc1", false],
  ["lowercase:allow_numeric", "abc1", true],
  ["lowercase:allow_numeric_dashes", "a-1", true],
  ["lowercase:allow_non_alpha", "a1!", true],
  ["lowercase:latin", "ä", false],

  ["matches:/^\\d{5}$/", "24103", true],
  ["matches:/^\\d{5}$/", "2410", false],
  ["matches:/^\\d{2,3}$/", "123", true], // a comma inside the regex
  ["matches:/^\\d{2,3}$/", "1234", false],
  ["matches:/^(pkw|lkw)$/|required", "lkw", true], // a pipe inside the regex
  ["matches:/^(pkw|lkw)$/|required", "bus", false],
  ["matches:/^a/,/^b/", "b1", true],
  ["matches:genau,so", "so", true], // plain arguments compare exactly
  ["matches:genau,so", "So", false],
  ["matches:/[/", "[", false], // a regex that does not compile matches nothing
  ["matches:/^\\d+$/", "", true],

  ["max:10", "10", true],
  ["max:10", "11", false],
  ["max:10", "zehn", false], // numeric for text
  ["max:2", ["a", "b", "c"], false], // length for lists
  ["max:2", ["a"], true],
  ["max", "10", true], // default 10
  ["max", "11", false],

  ["min:18", "18", true],
  ["min:18", "17", false],
  ["min:3", "abcd", false], // numeric for text, not its length
  ["min:2", ["a"], false],
  ["min:2", ["a", "b"], true],
  ["min", "0", false], // default 1
  ["min", "1", true],
  ["min:18", "", true],

  ["not:test,demo", "test", false],
  ["not:test,demo", "echt", true],
  ["not:1", true, true], // strict ===

  ["number", "12", true],
  ["number", "12.5", true],
  ["number", "-3e2", true],
  ["number", "12,5", false], // FormKit's isNaN: a decimal comma is not a number
  ["number", "zwölf", false],
  ["number", " ", true], // isNaN(" ") is false
  ["number", "", true],

  ["required", "", false],
  ["required", undefined, false],
  ["required", [], false],
  ["required", "x", true],
  ["required", " ", true], // not trimmed by default
  ["required:trim", " ", false],
  ["required", ["a"], true],
  ["required", false, true], // FormKit: false is a value (see docs: use accepted for boxes)

  ["starts_with:DE,AT", "DE12345", true],
  ["starts_with:DE,AT", "CH12345", false],
  ["starts_with", "irgendwas", true],

  ["symbol", "!?#", true],
  ["symbol", "a!", false],

  ["uppercase", "ABC", true],
  ["uppercase", "ÄÖÜ", true],
  ["uppercase", "AbC", false],
  ["uppercase:latin", "Ä", false],

  ["url", "https://www.autohaus-gruppe-nord.de", true],
  ["url", "http://example.de/pfad?x=1", true],
  ["url", "www.example.de", false],
  ["url", "ftp://example.de", false],
  ["url:ftp:", "ftp://example.de", true],
  ["url", "javascript:alert(1)", false],
];

describe("FormKit rules", () => {
  it("the table covers every rule of the engine", () => {
    const covered = new Set(ROWS.map(([validation]) => parseValidation(validation)[0]?.name));
    covered.add("confirm").add("require_one"); // cross-field: own tests below
    expect([...RULES.keys()].filter((name) => !covered.has(name))).toEqual([]);
  });

  it.each(ROWS)("%s with %j passes: %s", (validation, value, pass) => {
    expect(passes(validation, value)).toBe(pass);
  });
});

describe("cross-field rules", () => {
  it("confirm compares with <name>_confirm by default", () => {
    expect(passes("confirm", "geheim", { field_confirm: "geheim" })).toBe(true);
    expect(passes("confirm", "geheim", { field_confirm: "anders" })).toBe(false);
  });

  it("confirm on a *_confirm field compares with the field without the suffix (also _confirmed)", () => {
    expect(confirmPartner("password_confirm")).toBe("password");
    expect(confirmPartner("password_confirmed")).toBe("password");
    expect(confirmPartner("email")).toBe("email_confirm");
    expect(passes("confirm", "a@b.de", { email: "a@b.de" }, { name: "email_confirm" })).toBe(true);
    expect(passes("confirm", "a@b.de", { email: "c@d.de" }, { name: "email_confirm" })).toBe(false);
  });

  it("confirm with a custom address, loose by default and strict on request", () => {
    expect(passes("confirm:email_repeat", "a@b.de", { email_repeat: "a@b.de" })).toBe(true);
    expect(passes("confirm:email_repeat", "a@b.de", { email_repeat: "x@b.de" })).toBe(false);
    expect(passes("confirm:other", "1", { other: true })).toBe(true); // "1" == true
    expect(passes("confirm:other,strict", "1", { other: true })).toBe(false);
    expect(passes("confirm:missing", "x")).toBe(false);
  });

  it("confirm skips an empty value (FormKit's default skipEmpty)", () => {
    expect(passes("confirm", "", { field_confirm: "x" })).toBe(true);
  });

  it("require_one passes when this field or one of the named fields has a value, and runs on empty", () => {
    expect(passes("require_one:email,phone", "", { email: "", phone: "" })).toBe(false);
    expect(passes("require_one:email,phone", "", { email: "", phone: "040 123" })).toBe(true);
    expect(passes("require_one:email,phone", "x", { email: "", phone: "" })).toBe(true);
    expect(passes("require_one:email", undefined, { email: ["a"] })).toBe(true);
  });
});

describe("helpers", () => {
  it("empty means '', undefined and []; false and text are values", () => {
    expect([isEmpty(""), isEmpty(undefined), isEmpty([]), isEmpty(false), isEmpty(" "), isEmpty(["a"])]).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it.each<[FieldValue, FieldValue, boolean]>([
    ["a", "a", true],
    ["1", true, true],
    ["0", false, true],
    ["true", true, false],
    [["a", "b"], "a,b", true],
    [[], false, true],
    [undefined, "", false],
    [undefined, undefined, true],
  ])("%j == %j is %s, like JavaScript", (left, right, equal) => {
    expect(looseEquals(left, right)).toBe(equal);
  });

  it("date format tokens become a regular expression, each once, in FormKit's order", () => {
    expect(regexForDateFormat("DD.MM.YYYY").source).toBe("^([012][0-9]|3[01])\\.(0[1-9]|1[012])\\.\\d{4}$");
    expect(regexForDateFormat("YY-M-D").source).toBe("^\\d{2}-([1-9]|1[012])-([012]?[0-9]|3[01])$");
  });
});
