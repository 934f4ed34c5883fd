import { describe, expect, it } from "vitest";
import { list, LOCALES, resolveLocale, uiTexts } from "./messages.ts";
import { prepareForm } from "./form-model.ts";
import type { FieldValue } from "./rules.ts";
import { input, NOW, run } from "./test-support.ts";
import { validateField } from "./validate.ts";

/**
 * Every message of the catalogue in both locales: `en` is FormKit's English word for word (the
 * spec's texts), `de` FormKit's German with the corrections listed in messages.ts. The field is
 * labelled "Feld" / "feld" to show FormKit's sentence casing.
 */
type Row = [validation: string, value: FieldValue, en: string, de: string];

const ROWS: Row[] = [
  ["accepted", undefined, "Please accept the feld.", "Bitte feld akzeptieren."],
  ["alpha", "a1", "Feld can only contain alphabetical characters.", "Feld darf nur Buchstaben enthalten."],
  ["alpha_spaces", "a1", "Feld can only contain letters and spaces.", "Feld darf nur Buchstaben und Leerzeichen enthalten."],
  ["alphanumeric", "a!", "Feld can only contain letters and numbers.", "Feld darf nur Buchstaben und Zahlen enthalten."],
  ["between:5,10", "11", "Feld must be between 5 and 10.", "Feld muss zwischen 5 und 10 sein."],
  ["between:10,5", "11", "Feld must be between 5 and 10.", "Feld muss zwischen 5 und 10 sein."],
  [
    "between:a,10",
    "11",
    "This field was configured incorrectly and can’t be submitted.",
    "Dieses Feld wurde falsch konfiguriert und kann nicht übermittelt werden.",
  ],
  ["confirm", "x", "Feld does not match.", "Feld stimmt nicht überein."],
  ["contains_alpha", "1", "Feld must contain alphabetical characters.", "Feld muss alphabetische Zeichen enthalten."],
  ["contains_alpha_spaces", "1", "Feld must contain letters or spaces.", "Feld muss Buchstaben oder Leerzeichen enthalten."],
  ["contains_alphanumeric", "!", "Feld must contain letters or numbers.", "Feld muss Buchstaben oder Zahlen enthalten."],
  ["contains_lowercase", "A", "Feld must contain a lowercase letter.", "Feld muss Kleinbuchstaben enthalten."],
  ["contains_numeric", "a", "Feld must contain numbers.", "Feld muss Zahlen enthalten."],
  ["contains_symbol", "a", "Feld must contain a symbol.", "Feld muss ein Symbol enthalten."],
  ["contains_uppercase", "a", "Feld must contain an uppercase letter.", "Feld muss Großbuchstaben enthalten."],
  ["date_after:2026-12-24", "2026-12-01", "Feld must be after Dec 24, 2026.", "Feld muss nach dem 24.12.2026 liegen."],
  ["date_after", "2020-01-01", "Feld must be in the future.", "Feld muss in der Zukunft liegen."],
  ["date_before:2026-12-24", "2027-01-01", "Feld must be before Dec 24, 2026.", "Feld muss vor dem 24.12.2026 liegen."],
  ["date_before", "2030-01-01", "Feld must be in the past.", "Feld muss in der Vergangenheit liegen."],
  [
    "date_between:2026-01-01,2026-12-31",
    "2027-01-01",
    "Feld must be between Jan 1, 2026 and Dec 31, 2026",
    "Feld muss zwischen 01.01.2026 und 31.12.2026 liegen.",
  ],
  [
    "date_between:2027-01-01",
    "2028-01-01",
    "Feld must be between Nov 23, 2026 and Jan 1, 2027",
    "Feld muss zwischen 23.11.2026 und 01.01.2027 liegen.",
  ],
  [
    "date_format:DD.MM.YYYY",
    "2026-12-24",
    "Feld is not a valid date, please use the format DD.MM.YYYY",
    "Feld ist kein gültiges Datum im Format DD.MM.YYYY.",
  ],
  [
    "date_format",
    "nie",
    "This field was configured incorrectly and can’t be submitted",
    "Dieses Feld wurde falsch konfiguriert und kann nicht übermittelt werden.",
  ],
  ["email", "x", "Please enter a valid email address.", "E-Mail-Adresse ist ungültig."],
  ["ends_with:.de", "x.com", "Feld doesn’t end with .de.", "Feld endet nicht mit .de."],
  ["ends_with:.de,.at", "x.com", "Feld doesn’t end with .de or .at.", "Feld endet nicht mit .de oder .at."],
  ["ends_with:.de,.at,.ch", "x.com", "Feld doesn’t end with .de, .at, or .ch.", "Feld endet nicht mit .de, .at, oder .ch."],
  ["is:a,b", "c", "Feld is not an allowed value.", "Feld enthält einen ungültigen Wert."],
  ["+length:1", "", "Feld must be at least one character.", "Feld muss mindestens ein Zeichen enthalten."],
  ["length:0,3", "abcd", "Feld must be less than or equal to 3 characters.", "Feld darf maximal 3 Zeichen enthalten."],
  ["length:3,3", "ab", "Feld should be 3 characters long.", "Feld sollte 3 Zeichen lang sein."],
  ["length:5", "ab", "Feld must be greater than or equal to 5 characters.", "Feld muss mindestens 5 Zeichen enthalten."],
  ["length:5,2", "a", "Feld must be between 2 and 5 characters.", "Feld muss zwischen 2 und 5 Zeichen enthalten."],
  ["lowercase", "A", "Feld can only contain lowercase letters.", "Feld kann nur Kleinbuchstaben enthalten."],
  ["lowercase:allow_numeric", "A", "Feld can only contain lowercase letters and numbers.", "Feld kann nur Kleinbuchstaben enthalten."],
  [
    "lowercase:allow_non_alpha",
    "A",
    "Feld can only contain lowercase letters, numbers and symbols.",
    "Feld kann nur Kleinbuchstaben enthalten.",
  ],
  [
    "lowercase:allow_numeric_dashes",
    "A",
    "Feld can only contain lowercase letters, numbers and dashes.",
    "Feld kann nur Kleinbuchstaben enthalten.",
  ],
  ["matches:/^\\d+$/", "x", "Feld is not an allowed value.", "Feld enthält einen ungültigen Wert."],
  ["max:10", "11", "Feld must be no more than 10.", "Feld darf maximal 10 sein."],
  ["max:1", ["a", "b"], "Cannot have more than 1 feld.", "Darf maximal 1 feld haben."],
  ["min:18", "17", "Feld must be at least 18.", "Feld muss mindestens 18 sein."],
  ["min:2", ["a"], "Cannot have fewer than 2 feld.", "Mindestens 2 feld erforderlich."],
  ["not:test", "test", "“test” is not an allowed feld.", "“test” ist kein gültiger Wert für feld."],
  ["number", "x", "Feld must be a number.", "Feld muss eine Zahl sein."],
  ["require_one:other", "", "feld or Andere is required.", "feld oder Andere ist erforderlich."],
  ["required", "", "Feld is required.", "Feld ist erforderlich."],
  ["starts_with:DE", "AT1", "Feld doesn’t start with DE.", "Feld beginnt nicht mit DE."],
  ["symbol", "a", "Feld must be a symbol.", "Feld muss ein Symbol sein."],
  ["uppercase", "a", "Feld can only contain uppercase letters.", "Feld kann nur Großbuchstaben enthalten."],
  ["url", "x", "Please enter a valid URL.", "Bitte geben Sie eine gültige URL ein."],
];

function messageOf(validation: string, value: FieldValue, locale: string): string | undefined {
  const model = prepareForm([input("feld", { validation, locale }), input("other", { label: "Andere" })]);
  const result = validateField(model, model.byPath.get("feld")!, new Map([["feld", value]]), { now: NOW });
  return result.messages[0]?.text;
}

describe("message catalogue", () => {
  it.each(ROWS)("%s (%j): en and de", (validation, value, en, de) => {
    expect(messageOf(validation, value, "en")).toBe(en);
    expect(messageOf(validation, value, "de")).toBe(de);
  });

  it("has the spec's form texts", () => {
    expect(uiTexts("en").incomplete).toBe("Sorry, not all fields are filled out correctly.");
    expect(uiTexts("en").formIncomplete).toBe("Form incomplete.");
    expect(uiTexts("de").incomplete).toBe("Entschuldigung, nicht alle Felder wurden korrekt ausgefüllt.");
    expect(uiTexts("de").formIncomplete).toBe("Formular unvollständig.");
    expect(uiTexts("de").loadError).toBe("Es ist etwas schiefgelaufen...");
  });

  it("both locales have the same texts, none empty, none promising anything 'in Kürze'", () => {
    for (const locale of LOCALES) {
      const texts = Object.values(uiTexts(locale));
      expect(texts.every((text) => text.trim() !== "" && !/in Kürze/i.test(text))).toBe(true);
      expect(Object.keys(uiTexts(locale))).toEqual(Object.keys(uiTexts("de")));
    }
  });

  it("default locale is de; en-GB is en; unknown locales fall back to de", () => {
    expect([
      resolveLocale(undefined),
      resolveLocale("en"),
      resolveLocale("en-GB"),
      resolveLocale("EN"),
      resolveLocale("fr"),
      resolveLocale(""),
    ]).toEqual(["de", "en", "en", "en", "de", "de"]);
  });

  it("FormKit's list: two with the conjunction, three with commas", () => {
    expect([list(["a"], "or"), list(["a", "b"], "or"), list(["a", "b", "c"], "oder")]).toEqual(["a", "a or b", "a, b, oder c"]);
  });
});

describe("names and overrides in messages", () => {
  it("the message name is validationLabel, else label, else name, sentence-cased", () => {
    expect(run("required", "", {}, { name: "email" }).messages[0]?.text).toBe("Email ist erforderlich.");
    expect(run("required", "", {}, { name: "email", label: "E-Mail-Adresse" }).messages[0]?.text).toBe("E-Mail-Adresse ist erforderlich.");
    expect(run("required", "", {}, { name: "email", label: "E-Mail-Adresse", validationLabel: "Ihre E-Mail" }).messages[0]?.text).toBe(
      "Ihre E-Mail ist erforderlich.",
    );
  });

  it("validationMessages replace the locale's message per rule", () => {
    const node = { validationMessages: { required: "Wir brauchen Ihre E-Mail.", constructor: "nie" } };
    expect(run("required|email", "", {}, node).messages[0]?.text).toBe("Wir brauchen Ihre E-Mail.");
    expect(run("required|email", "x", {}, node).messages[0]?.text).toBe("E-Mail-Adresse ist ungültig.");
  });

  it("validationRules define named rules: inserted in place, hints carried over, reported and overridable under the name", () => {
    const node = { label: "PLZ", validationRules: { plz: "matches:/^\\d{5}$/", toString: "required" } };
    expect(run("required|plz", "2410", {}, node).messages).toEqual([
      { rule: "plz", text: "PLZ enthält einen ungültigen Wert.", blocking: true },
    ]);
    expect(run("required|plz", "24103", {}, node).messages).toEqual([]);
    expect(run("?plz", "2410", {}, node).blocking).toBe(false);
    expect(run("plz", "2410", {}, { ...node, validationMessages: { plz: "Bitte eine fünfstellige PLZ." } }).messages[0]?.text).toBe(
      "Bitte eine fünfstellige PLZ.",
    );
    // only own entries count: "toString" is not inherited from Object.prototype, "valueOf" is unknown
    expect(run("valueOf|toString", "", {}, node).messages.map((message) => message.rule)).toEqual(["toString"]);
  });

  it("locale comes from the node, else its group, else the form; de by default", () => {
    const model = prepareForm(
      [
        {
          name: "contact",
          type: "group",
          input: "text",
          locale: "en",
          children: [input("email", { validation: "required" }), input("phone", { validation: "required", locale: "de" })],
        },
        input("name", { validation: "required" }),
      ],
      { locale: "de" },
    );
    const text = (path: string) => validateField(model, model.byPath.get(path)!, new Map()).messages[0]?.text;
    expect([text("contact.email"), text("contact.phone"), text("name")]).toEqual([
      "Email is required.",
      "Phone ist erforderlich.",
      "Name ist erforderlich.",
    ]);
    expect(prepareForm([], { locale: "en" }).locale).toBe("en");
    expect(prepareForm([]).locale).toBe("de");
  });
});
