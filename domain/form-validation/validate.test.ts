import { describe, expect, it } from "vitest";
import { initialValues, normalizeSubmittedValue, prepareForm, resolveAddress } from "./form-model.ts";
import type { FormNode, FormOption } from "./form-node.ts";
import { input, NOW } from "./test-support.ts";
import { hasBlockingMessages, validateForm, validateFormSubmission } from "./validate.ts";

const TOPICS: FormOption[] = [
  { label: "Verkauf", value: "sales" },
  { label: "Service", value: "service" },
];

/** A callback form as an editor would build it: a group, a radio, a checkbox list, consent and a list. */
const CALLBACK: FormNode[] = [
  input("name", { label: "Name", validation: "required|length:2,80" }),
  {
    name: "contact",
    type: "group",
    input: "text",
    label: "Kontakt",
    children: [
      input("email", { input: "email", label: "E-Mail", validation: "require_one:phone|?email" }),
      input("phone", { input: "tel", label: "Telefon", validation: "matches:/^[0-9 +()/-]{6,20}$/" }),
    ],
  },
  input("topic", { input: "radio", label: "Thema", validation: "required", options: TOPICS }),
  input("brands", {
    input: "checkbox",
    label: "Marken",
    validation: "max:2",
    options: [
      {
        group: "Pkw",
        options: [
          { label: "smart", value: "smart" },
          { label: "Hyundai", value: "hyundai" },
        ],
      },
      { label: "Iveco", value: "iveco" },
    ],
  }),
  input("newsletter", { input: "toggle", label: "Newsletter" }),
  input("privacy", { input: "checkbox", label: "Datenschutzhinweise", validation: "accepted" }),
  {
    name: "plates",
    type: "list",
    input: "text",
    label: "Kennzeichen",
    children: [
      input("first", { label: "Erstes Kennzeichen" }),
      input("second", { label: "Zweites Kennzeichen", validation: "confirm:$parent.plates.0" }),
    ],
  },
];

const VALID = {
  name: "Max Mustermann",
  "contact.email": "max@example.de",
  "contact.phone": "",
  topic: "service",
  brands: ["smart"],
  privacy: true,
  "plates.0": "HH-AB 1",
  "plates.1": "HH-AB 1",
};

describe("form model", () => {
  const model = prepareForm(CALLBACK);

  it("flattens groups to dotted paths and lists to indexes", () => {
    expect(model.fields.map((field) => `${field.path}:${field.kind}`)).toEqual([
      "name:text",
      "contact.email:text",
      "contact.phone:text",
      "topic:choice",
      "brands:choices",
      "newsletter:flag",
      "privacy:flag",
      "plates.0:text",
      "plates.1:text",
    ]);
  });

  it("initial values: empty text, no choice, no ticked box; an editor's value when it fits", () => {
    expect(Object.fromEntries(initialValues(model))).toEqual({
      name: "",
      "contact.email": "",
      "contact.phone": "",
      topic: "",
      brands: [],
      newsletter: undefined,
      privacy: undefined,
      "plates.0": "",
      "plates.1": "",
    });
    const preset = prepareForm([
      input("topic", { input: "radio", value: "service", options: TOPICS }),
      input("news", { input: "toggle", value: "true" }),
      input("brands", { input: "checkbox", value: ["iveco", "nope"], options: [{ label: "Iveco", value: "iveco" }] }),
      input("gone", { input: "select", value: "x", options: [{ label: "A", value: "a" }] }),
    ]);
    expect(Object.fromEntries(initialValues(preset))).toEqual({ topic: "service", news: true, brands: ["iveco"], gone: "" });
  });

  it.each([
    ["name", "Max", { ok: true, value: "Max" }],
    ["name", 42, { ok: false }],
    ["name", { text: "x" }, { ok: false }],
    ["name", "x".repeat(5_001), { ok: false }],
    ["name", undefined, { ok: true, value: "" }],
    ["name", "Max\r\nBcc: x@evil.example", { ok: false }], // a text input holds one line
    ["name", "Max\u0000", { ok: false }],
    ["name", "Max\u2028Moritz", { ok: false }],
    ["name", "Max\tMoritz", { ok: true, value: "Max\tMoritz" }], // a pasted tab breaks no line
    ["topic", "sales", { ok: true, value: "sales" }],
    ["topic", "", { ok: true, value: "" }],
    ["topic", "marketing", { ok: false }],
    ["brands", ["iveco", "smart"], { ok: true, value: ["smart", "iveco"] }], // option order
    ["brands", "iveco", { ok: true, value: ["iveco"] }], // one ticked box of a plain POST
    ["brands", ["iveco", "tesla"], { ok: false }],
    ["brands", [["iveco"]], { ok: false }],
    ["privacy", true, { ok: true, value: true }],
    ["privacy", "true", { ok: true, value: true }],
    ["privacy", "on", { ok: true, value: true }],
    ["privacy", false, { ok: true, value: undefined }],
    ["privacy", "yes please", { ok: false }],
  ])("normalises %s = %j", (path, raw, expected) => {
    expect(normalizeSubmittedValue(model.byPath.get(path)!, raw)).toEqual(expected);
  });

  it("a textarea keeps line breaks and tabs, never other control characters", () => {
    const notes = prepareForm([input("notes", { input: "textarea", label: "Nachricht" })]).byPath.get("notes")!;
    expect(normalizeSubmittedValue(notes, "Zeile 1\r\nZeile 2\tEnde")).toEqual({ ok: true, value: "Zeile 1\r\nZeile 2\tEnde" });
    expect(normalizeSubmittedValue(notes, "Zeile\u0000")).toEqual({ ok: false });
  });

  it.each([
    ["email", "phone", "phone"],
    ["contact.email", "phone", "contact.phone"],
    ["contact.email", "$parent.name", "name"],
    ["contact.email", "$root.name", "name"],
    ["name", "contact.phone", "contact.phone"],
    ["plates.1", "$parent.plates.0", "plates.0"],
    ["contact.email", "$self", "contact.email"],
  ])("from %s the address %s is %s (FormKit's node.at)", (from, address, path) => {
    expect(resolveAddress(from, address)).toBe(path);
  });
});

describe("validateForm", () => {
  it("cross-field rules see the other fields' values", () => {
    const model = prepareForm(CALLBACK);
    const values = new Map(Object.entries({ ...VALID, "contact.email": "" }));
    const results = validateForm(model, values, { now: NOW });
    expect(results.get("contact.email")?.messages[0]?.text).toBe("E-Mail oder Telefon ist erforderlich.");
    expect(hasBlockingMessages(results)).toBe(true);
    values.set("contact.phone", "040 123456");
    expect(hasBlockingMessages(validateForm(model, values, { now: NOW }))).toBe(false);
  });
});

describe("validateFormSubmission (the worker's authority)", () => {
  it("accepts a valid submission and returns the values in the fields' shapes; an unticked box is false", () => {
    expect(validateFormSubmission(CALLBACK, VALID)).toEqual({
      ok: true,
      values: { ...VALID, newsletter: false },
    });
  });

  it("drops fields the form does not have, including prototype keys", () => {
    const body = JSON.parse(
      `{"__proto__": {"admin": true}, "constructor": "x", "isAdmin": true, ${JSON.stringify(VALID).slice(1)}`,
    ) as Record<string, unknown>;
    const result = validateFormSubmission(CALLBACK, body);
    expect(result.ok).toBe(true);
    expect(result.ok && Object.keys(result.values)).not.toContain("isAdmin");
    expect(result.ok && Object.hasOwn(result.values, "__proto__")).toBe(false);
  });

  it("applies every rule and reports the first blocking message per field, in German", () => {
    const result = validateFormSubmission(CALLBACK, {
      ...VALID,
      name: "M",
      topic: "",
      privacy: false,
      "contact.email": "",
      "plates.1": "HH-XY 2",
    });
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        name: "Name muss zwischen 2 und 80 Zeichen enthalten.",
        "contact.email": "E-Mail oder Telefon ist erforderlich.",
        topic: "Thema ist erforderlich.",
        privacy: "Bitte Datenschutzhinweise akzeptieren.",
        "plates.1": "Zweites Kennzeichen stimmt nicht überein.",
      },
    });
  });

  it("non-blocking (?) failures do not refuse a submission", () => {
    expect(validateFormSubmission(CALLBACK, { ...VALID, "contact.email": "kaputt", "contact.phone": "040 123456" }).ok).toBe(true);
  });

  it("rejects values of the wrong shape with the locale's 'not valid' text", () => {
    const result = validateFormSubmission(CALLBACK, { ...VALID, name: 42, brands: ["tesla"], newsletter: "vielleicht" });
    expect(result).toEqual({
      ok: false,
      fieldErrors: { name: "Dieses Feld ist ungültig.", brands: "Dieses Feld ist ungültig.", newsletter: "Dieses Feld ist ungültig." },
    });
    expect(validateFormSubmission(CALLBACK, { ...VALID, name: 42 }, { locale: "en" })).toEqual({
      ok: false,
      fieldErrors: { name: "This field is not valid." },
    });
  });

  it("a missing body field is an empty value, so required fields fail", () => {
    const result = validateFormSubmission(
      [input("name", { validation: "required" }), input("ok", { input: "checkbox", validation: "accepted" })],
      {},
    );
    expect(result).toEqual({ ok: false, fieldErrors: { name: "Name ist erforderlich.", ok: "Bitte ok akzeptieren." } });
  });

  it("a field called constructor is an ordinary field", () => {
    expect(validateFormSubmission([input("constructor", { validation: "required" })], {})).toEqual({
      ok: false,
      fieldErrors: { constructor: "Constructor ist erforderlich." },
    });
    expect(validateFormSubmission([input("constructor", { validation: "required" })], { constructor: "da" })).toEqual({
      ok: true,
      values: { constructor: "da" },
    });
  });
});
