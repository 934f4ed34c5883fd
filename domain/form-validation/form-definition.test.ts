import { describe, expect, it } from "vitest";
import { formDefinitionProblems, unknownRulesOfForm } from "./form-definition.ts";
import type { FormNode } from "./form-node.ts";
import { input } from "./test-support.ts";

const group = (name: string, children: FormNode[], type: "group" | "list" = "group"): FormNode => ({ name, type, input: "text", children });

describe("form definition problems (shown instead of a broken form)", () => {
  it("a working definition has none", () => {
    expect(
      formDefinitionProblems([
        input("name", { validation: "required|matches:/^[a-z]+$/" }),
        input("topic", { input: "radio", options: [{ label: "A", value: "a" }] }),
      ]),
    ).toEqual([]);
  });

  it.each<[string, FormNode[], string]>([
    ["no fields", [], "Das Formular hat keine Felder."],
    ["only empty groups", [group("contact", [])], "Das Formular hat keine Felder."],
    ["a radio without options", [input("topic", { input: "radio" })], "„topic“: Auswahlfeld ohne Optionen"],
    ["a select without options", [group("car", [input("brand", { input: "select" })])], "„car.brand“: Auswahlfeld ohne Optionen"],
    [
      "a repeated option",
      [
        input("topic", {
          input: "radio",
          options: [
            { label: "A", value: "a" },
            { group: "G", options: [{ label: "A2", value: "a" }] },
          ],
        }),
      ],
      "„topic“: Option „a“ kommt doppelt vor",
    ],
    ["a repeated name", [input("email"), input("email")], "Feldname „email“ kommt doppelt vor"],
    ["a repeated name in a group", [group("contact", [input("email"), input("email")])], "Feldname „contact.email“ kommt doppelt vor"],
    ["a regex that does not compile", [input("plz", { validation: "matches:/[0-9/" })], "„plz“: regulärer Ausdruck /[0-9/ ist ungültig"],
    [
      "a broken regex inside validationRules",
      [input("plz", { validation: "plz", validationRules: { plz: "matches:/(/" } })],
      "„plz“: regulärer Ausdruck /(/ ist ungültig",
    ],
    [
      "too deep",
      [group("a", [group("b", [group("c", [group("d", [group("e", [input("x")])])])])])],
      "„a.b.c.d.e“: zu tief verschachtelt (höchstens 5 Ebenen)",
    ],
    ["too many fields", Array.from({ length: 101 }, (_, index) => input(`f${index}`)), "Das Formular hat mehr als 100 Felder."],
  ])("%s", (_, nodes, problem) => {
    expect(formDefinitionProblems(nodes)).toContain(problem);
  });

  it("list children may share a name (a list addresses them by position)", () => {
    expect(formDefinitionProblems([group("plates", [input("plate"), input("plate")], "list")])).toEqual([]);
  });

  it("unknown rule names are no problem (FormKit ignores them) but the preview names them", () => {
    const nodes = [input("email", { validation: "required|emial" })];
    expect(formDefinitionProblems(nodes)).toEqual([]);
    expect(unknownRulesOfForm(nodes)).toEqual(["„email“: unbekannte Regel „emial“ wird ignoriert"]);
  });
});
