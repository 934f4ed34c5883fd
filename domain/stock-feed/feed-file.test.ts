import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { csvRecords, FeedFileError, readFeedFile } from "./feed-file.ts";
import { modelLineOf } from "./feed-vocabulary.ts";

const OPTIONS = { centers: new Set(["center-goslar", "center-hamburg-harburg-hyundai"]), thisMonth: "2026-11" };
const exampleJson = readFileSync("docs/examples/dms-stock.json", "utf8");
const exampleCsv = readFileSync("docs/examples/dms-stock.csv", "utf8");

/** A valid row of the JSON format, to break one field at a time. */
function row(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const [first] = (JSON.parse(exampleJson) as { vehicles: Array<Record<string, unknown>> }).vehicles;
  return { ...first, ...overrides };
}
const readRows = (rows: unknown[]) => readFeedFile(JSON.stringify({ vehicles: rows }), "json", OPTIONS);

describe("the documented example files (docs/examples)", () => {
  it("JSON: maps every field the site shows, refuses the row with a price of 39.990 and reports unknown equipment", () => {
    const { vehicles, rejected, unmapped } = readFeedFile(exampleJson, "json", OPTIONS);
    expect(vehicles.map((vehicle) => vehicle.key)).toEqual(["A-4711", "A-4712"]);
    const [glc, smart] = vehicles;
    expect(glc?.vehicle).toMatchObject({
      slug: "mercedes-benz-glc-300-e-4matic",
      brand: "mercedes-benz",
      model: "glc-suv",
      modelName: "GLC 300 e 4MATIC",
      condition: "used",
      firstRegistration: "2023-03",
      constructionYear: 2023,
      price: 48_990,
      vatReportable: true,
      fuel: "pluginhybrid",
      powerHp: 204,
      transmission: "automatic",
      driveType: "four",
      bodyStyle: "suv",
      category: "passenger",
      interiorMaterial: "leather",
      towbar: true,
      equipment: ["tow_bar", "navigation", "heated_seats", "rear_camera"],
      // Pkw-EnVKV classes worked out from the CO₂ values when the feed gives none.
      wltp: { co2Combined: 20, co2Class: "B", co2Discharged: 179, co2ClassDischarged: "G", consumptionDischarged: 7.9 },
      images: ["https://img.example-dms.de/a-4711/1.jpg", "https://img.example-dms.de/a-4711/2.jpg"],
    });
    expect(glc?.colorKey).toBe("black");
    expect(glc?.vehicle.offers).toEqual([
      { type: "purchase", price: 48_990, totalPrice: 48_990, transferCost: 990 },
      expect.objectContaining({ type: "private_finance", price: 549, contractDurationMonths: 48, interestRate: 5.99, borrowingRate: 5.83 }),
    ]);
    expect(smart?.vehicle).toMatchObject({
      title: "smart #1 Pro+",
      slug: "smart-1-pro-plus",
      model: "smart-1",
      condition: "new",
      listPrice: 43_490,
    });
    expect(smart?.vehicle.firstRegistration).toBeUndefined();
    expect(smart?.colorKey).toBe("white");
    expect(rejected).toEqual([expect.objectContaining({ row: 3, key: "A-4713", field: "price", value: "39.99" })]);
    expect(unmapped.map((issue) => [issue.key, issue.field, issue.value])).toEqual([
      ["A-4711", "features", "Burmester Surround"],
      ["A-4712", "features", "Wärmepumpe"],
    ]);
  });

  it("CSV: semicolons, a quoted cell holding one, German decimal commas, lists in one cell, an offer by dotted columns", () => {
    const { vehicles, rejected, unmapped } = readFeedFile(exampleCsv, "csv", OPTIONS);
    expect(rejected).toEqual([]);
    expect(unmapped).toEqual([]);
    const [tucson, i30] = vehicles;
    expect(tucson?.row).toBe(2);
    expect(tucson?.vehicle).toMatchObject({
      model: "tucson",
      exteriorColor: "Phantom Black; Perleffekt",
      vatReportable: false,
      transmission: "manual",
      wltp: { consumptionCombined: 6.9, co2Combined: 157, co2Class: "F" },
      equipment: ["tow_bar", "navigation", "heated_seats", "parking_sensors"],
    });
    expect(tucson?.vehicle.offers[1]).toEqual(
      expect.objectContaining({
        type: "private_lease",
        price: 329,
        contractDurationMonths: 36,
        annualDistanceKm: 10_000,
        downPayment: 2_500,
      }),
    );
    expect(i30?.vehicle.offers).toHaveLength(1);
    expect(i30?.vehicle).toMatchObject({ condition: "day_registration", bodyStyle: "hatchback", firstRegistration: "2026-10" });
  });
});

describe("rows the import refuses, and why", () => {
  it("absurd or ambiguous numbers", () => {
    const { vehicles, rejected } = readRows([
      row({ key: "n1", mileageKm: 99_999_999 }),
      row({ key: "n2", price: -1 }),
      row({ key: "n3", price: "45.990" }),
      row({ key: "n4", powerKw: 1e9 }),
      row({ key: "n5", seats: "fünf" }),
      row({ key: "n6", firstRegistration: "2027-01" }),
      row({ key: "n7", price: 0 }),
    ]);
    expect(vehicles).toEqual([]);
    expect(rejected.map((issue) => [issue.key, issue.field])).toEqual([
      ["n1", "mileageKm"],
      ["n2", "price"],
      ["n3", "price"],
      ["n4", "powerKw"],
      ["n5", "seats"],
      ["n6", "firstRegistration"],
      ["n7", "price"],
    ]);
    expect(rejected[2]?.message).toMatch(/ohne Punkt/);
  });

  it("text with line breaks or control characters, keys with markup, images that are not https", () => {
    const { vehicles, rejected } = readRows([
      row({ key: "t1", variant: "GLC\n300" }),
      row({ key: "t2", exteriorColor: "Schwarz\u0007" }),
      row({ key: "<b>x</b>" }),
      row({ key: "t4", images: ["http://img.example-dms.de/1.jpg"] }),
      row({ key: "t5", images: ["javascript:alert(1)"] }),
      row({ key: "t6", images: [] }),
    ]);
    expect(vehicles).toEqual([]);
    expect(rejected.map((issue) => [issue.key, issue.field])).toEqual([
      ["t1", "variant"],
      ["t2", "exteriorColor"],
      [undefined, "key"],
      ["t4", "images"],
      ["t5", "images"],
      ["t6", "images"],
    ]);
  });

  it("an image named by a file name alone is a picture the DMS uploads; a name with a path or another extension is refused", () => {
    const { vehicles, rejected } = readRows([
      row({ key: "u1", images: ["A-4711_1.JPG", "https://img.example-dms.de/2.jpg", "a.b-c.webp"] }),
      row({ key: "u2", images: ["../geheim.jpg"] }),
      row({ key: "u3", images: ["bild.svg"] }),
    ]);
    expect(vehicles.map((vehicle) => vehicle.vehicle.images)).toEqual([
      ["upload:A-4711_1.JPG", "https://img.example-dms.de/2.jpg", "upload:a.b-c.webp"],
    ]);
    expect(rejected.map((issue) => [issue.key, issue.field, issue.message])).toEqual([
      ["u2", "images", "ist weder eine https-Adresse noch der Name einer hochgeladenen Bilddatei (.jpg, .png, .webp)"],
      ["u3", "images", "ist weder eine https-Adresse noch der Name einer hochgeladenen Bilddatei (.jpg, .png, .webp)"],
    ]);
  });

  it("keeps script in text fields as text (the pages escape it) but never in the slug", () => {
    const script = '<script>alert("x")</script>';
    const { vehicles, rejected } = readRows([
      row({ key: "s1", variant: `GLC ${script}`, exteriorColor: script, interiorColor: script, title: `Angebot ${script}` }),
    ]);
    expect(rejected).toEqual([]);
    expect(vehicles[0]?.vehicle.title).toBe(`Angebot ${script}`);
    expect(vehicles[0]?.vehicle.slug).toBe("angebot-script-alert-x-script");
  });

  it("values the site cannot map: a required one refuses the row, an optional one is reported and left out", () => {
    const { vehicles, rejected, unmapped } = readRows([
      row({ key: "u1", make: "BMW" }),
      row({ key: "u2", fuel: "Holzvergaser" }),
      row({ key: "u3", center: "center-nirgendwo" }),
      row({ key: "u4", model: "EQ" }),
      row({ key: "u5", colorFamily: "Kariert" }),
    ]);
    expect(rejected.map((issue) => [issue.key, issue.field])).toEqual([
      ["u1", "make"],
      ["u2", "fuel"],
      ["u3", "center"],
      ["u4", "model"],
    ]);
    // An unknown family is reported; the colour's name still says black.
    expect(vehicles.map((vehicle) => [vehicle.key, vehicle.colorKey])).toEqual([["u5", "black"]]);
    expect(unmapped.map((issue) => [issue.key, issue.field, issue.value])).toEqual(
      expect.arrayContaining([
        ["u1", "make", "BMW"],
        ["u2", "fuel", "Holzvergaser"],
        ["u3", "center", "center-nirgendwo"],
        ["u4", "model", "EQ"],
        ["u5", "colorFamily", "Kariert"],
      ]),
    );
  });

  it("a key named twice refuses every row with it, even when one of them is refused for something else", () => {
    const { vehicles, rejected } = readRows([row({ key: "d3" }), row({ key: "d3", price: "viel" })]);
    expect(vehicles).toEqual([]);
    expect(rejected.filter((issue) => issue.field === "key").map((issue) => issue.row)).toEqual([1, 2]);
  });

  it("a whole-number key is read as text; refused values are shown with control characters escaped", () => {
    const { vehicles, rejected } = readRows([row({ key: 4711 }), row({ key: "e1", variant: "GLC\u001b[31m" })]);
    expect(vehicles.map((vehicle) => vehicle.key)).toEqual(["4711"]);
    expect(rejected[0]?.value).toBe("GLC\\u001b[31m");
  });

  it("a CSV line with more cells than the header (an unquoted separator) is refused, not shifted", () => {
    const header = exampleCsv.split("\n")[0]!;
    const line = exampleCsv.split("\n")[1]!.replace("TUCSON 1.6 T-GDI Trend", "TUCSON 1.6; T-GDI Trend");
    const { vehicles, rejected } = readFeedFile(`${header}\n${line}\n`, "csv", OPTIONS);
    expect(vehicles).toEqual([]);
    expect(rejected).toContainEqual(
      expect.objectContaining({ row: 2, key: "H-2001", field: "(Zeile)", message: expect.stringMatching(/mehr Zellen/) }),
    );
  });

  it("a key named twice refuses both rows (the import then leaves that vehicle as it is)", () => {
    const { vehicles, rejected } = readRows([row({ key: "d1" }), row({ key: "d1", price: 1_000 }), row({ key: "d2" })]);
    expect(vehicles.map((vehicle) => vehicle.key)).toEqual(["d2"]);
    expect(rejected.filter((issue) => issue.key === "d1").map((issue) => issue.row)).toEqual([1, 2]);
  });

  it("a finance offer without the rates PAngV asks for is refused with the row", () => {
    const [finance] = row().offers as Array<Record<string, unknown>>;
    const { rejected } = readRows([row({ key: "f1", offers: [{ ...finance, effectiveRate: undefined }] })]);
    expect(rejected.map((issue) => issue.field)).toEqual(["offers.0.effectiveRate"]);
  });
});

describe("files the import refuses as a whole", () => {
  it("not JSON, no list, a CSV column that is not a field or reaches a prototype, an open quote", () => {
    expect(() => readFeedFile("{", "json", OPTIONS)).toThrow(FeedFileError);
    expect(() => readFeedFile('{"cars":[]}', "json", OPTIONS)).toThrow(/vehicles/);
    expect(() => csvRecords("key;__proto__.polluted\nA;1\n")).toThrow(/Unbekannte Spalte/);
    expect(() => csvRecords("key;constructor\nA;1\n")).toThrow(FeedFileError);
    expect(() => csvRecords("key;Preis (EUR)\nA;1\n")).toThrow(/Unbekannte Spalte/);
    expect(() => csvRecords('key;price\nA;"1\n')).toThrow(/Anführungszeichen/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a JSON row's own __proto__ key is data, not a prototype", () => {
    const { vehicles } = readFeedFile(
      `{"vehicles":[${JSON.stringify(row({ key: "p1" })).replace(/^\{/, '{"__proto__":{"price":1},')}]}`,
      "json",
      OPTIONS,
    );
    expect(vehicles[0]?.vehicle.price).toBe(48_990);
  });
});

it("model lines: by key, name, the name's start when it names one line, never a guess", () => {
  expect(modelLineOf("mercedes-benz", "GLC")).toBe("glc-suv");
  expect(modelLineOf("mercedes-benz", "glc-suv")).toBe("glc-suv");
  expect(modelLineOf("mercedes-benz", "Sprinter")).toBe("sprinter");
  expect(modelLineOf("mercedes-benz", "EQ")).toBeUndefined();
  expect(modelLineOf("smart", "#1")).toBe("smart-1");
  // mobile.de's models are designations: the line is their first word or its "-Klasse".
  expect(modelLineOf("mercedes-benz", "GLC 300")).toBe("glc-suv");
  expect(modelLineOf("mercedes-benz", "C 200")).toBe("c-klasse");
  expect(modelLineOf("mercedes-benz", "CLA 200")).toBe("cla-coupe");
  expect(modelLineOf("mercedes-benz", "Sprinter 317 CDI")).toBe("sprinter");
  expect(modelLineOf("mercedes-benz", "EQE 350+")).toBe("eqe");
  expect(modelLineOf("mercedes-benz", "X 250")).toBeUndefined();
  expect(modelLineOf("hyundai", "")).toBeUndefined();
});
