import { expect, it } from "vitest";
import { compareGerman } from "./german-order.ts";

const NAMES = [
  "Zentrale",
  "Ärztehaus",
  "Arzt",
  "Öl",
  "Ofen",
  "Übergabe",
  "Ufer",
  "Straße",
  "Strasse",
  "strasse",
  "Service",
  "service",
  "Verkauf Neuwagen",
  "Verkauf",
  "Verkauf-Gebrauchtwagen",
  "A-Klasse",
  "AMG GT",
  "a-klasse",
  "GLC SUV",
  "GLC Coupé",
  "GLA",
  "CLA Shooting Brake",
  "EQS",
  "eSprinter",
  "Sprinter",
  "i30",
  "IONIQ 5",
  "Bad Harzburg",
  "Goslar",
  "Göttingen",
  "Gotha",
];

it("sorts German names as Intl.Collator('de') does", () => {
  const collator = new Intl.Collator("de");
  expect([...NAMES].sort(compareGerman)).toEqual([...NAMES].sort(collator.compare));
});
