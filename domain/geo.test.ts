import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { byDistance, distanceKm, formatDistanceKm, LOCATION_QUERY_MESSAGE, parseLocationQuery, placeKey, type GeoPoint } from "./geo.ts";

const HAMBURG: GeoPoint = { latitude: 53.5511, longitude: 9.9937 };
const MUENCHEN: GeoPoint = { latitude: 48.1374, longitude: 11.5755 };
const GOSLAR: GeoPoint = { latitude: 51.906, longitude: 10.43 };
const HUSUM: GeoPoint = { latitude: 54.48, longitude: 9.05 };

describe("distanceKm", () => {
  it("gives the known Hamburg–München distance (about 612 km)", () => {
    expect(distanceKm(HAMBURG, MUENCHEN)).toBeGreaterThan(609);
    expect(distanceKm(HAMBURG, MUENCHEN)).toBeLessThan(615);
  });

  it("is symmetric", () => {
    expect(distanceKm(MUENCHEN, HAMBURG)).toBeCloseTo(distanceKm(HAMBURG, MUENCHEN), 9);
  });

  it("is zero for the same point", () => {
    expect(distanceKm(HAMBURG, { ...HAMBURG })).toBe(0);
  });

  it("uses the mean earth radius: one degree of latitude is about 111.2 km", () => {
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111.195, 2);
  });

  it("stays finite for antipodal points (half the circumference)", () => {
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(Math.PI * 6371.0088, 6);
  });
});

describe("byDistance", () => {
  const centers = [
    { slug: "muenchen", ...MUENCHEN },
    { slug: "husum", ...HUSUM },
    { slug: "goslar", ...GOSLAR },
    { slug: "hamburg", ...HAMBURG },
  ];

  it("sorts nearest first and adds the distance", () => {
    const sorted = byDistance(HAMBURG, centers);
    expect(sorted.map((c) => c.slug)).toEqual(["hamburg", "husum", "goslar", "muenchen"]);
    expect(sorted[0]?.distanceKm).toBe(0);
    expect(sorted[3]?.distanceKm).toBeCloseTo(distanceKm(HAMBURG, MUENCHEN), 9);
  });

  it("keeps the input order for equal distances (stable)", () => {
    const twins = ["a", "b", "c", "d", "e"].map((slug) => ({ slug, ...GOSLAR }));
    const sorted = byDistance(HAMBURG, [{ slug: "near", ...HAMBURG }, ...twins, { slug: "far", ...MUENCHEN }]);
    expect(sorted.map((c) => c.slug)).toEqual(["near", "a", "b", "c", "d", "e", "far"]);
    const reversed = byDistance(HAMBURG, [...twins].reverse());
    expect(reversed.map((c) => c.slug)).toEqual(["e", "d", "c", "b", "a"]);
  });

  it("does not change the input", () => {
    const input = [...centers];
    const snapshot = structuredClone(input);
    byDistance(GOSLAR, input);
    expect(input).toEqual(snapshot);
  });

  it("returns an empty list for no items", () => {
    expect(byDistance(HAMBURG, [])).toEqual([]);
  });
});

describe("placeKey", () => {
  it("folds umlauts, their ae/oe/ue spelling, case and surrounding space", () => {
    const keys = ["Lübeck", "Luebeck", "LUBECK", "  lübeck ", "LÜBECK", "Lu\u0308beck"].map(placeKey);
    expect(new Set(keys)).toEqual(new Set(["lubeck"]));
  });

  it("turns ß into ss", () => {
    expect(placeKey("Gießen")).toBe(placeKey("Giessen"));
    expect(placeKey("Weißwasser")).toBe("weisswasser");
  });

  it("treats hyphens, dots, slashes, parentheses and runs of space alike", () => {
    expect(placeKey("Hamburg-Harburg")).toBe("hamburg harburg");
    expect(placeKey("Hamburg-Harburg")).toBe(placeKey("hamburg   harburg"));
    expect(placeKey("Frankfurt (Oder)")).toBe("frankfurt oder");
    expect(placeKey("Frankfurt/Oder")).toBe("frankfurt oder");
    expect(placeKey("St. Peter-Ording")).toBe("st peter ording");
    expect(placeKey("Halle (Saale)")).toBe(placeKey("Halle/Saale"));
  });

  it("folds ä/ae the same way", () => {
    expect(placeKey("Dänischenhagen")).toBe(placeKey("Daenischenhagen"));
    expect(placeKey("Bärnau")).toBe("barnau");
  });

  it("folds ö/oe and ü/ue everywhere", () => {
    expect(placeKey("Köln")).toBe(placeKey("Koeln"));
    expect(placeKey("München")).toBe(placeKey("Muenchen"));
    expect(placeKey("Mönchengladbach")).toBe(placeKey("MOENCHENGLADBACH"));
  });

  it("keeps different places apart", () => {
    expect(placeKey("Husum")).not.toBe(placeKey("Hamburg"));
    expect(placeKey("Bad Oldesloe")).not.toBe(placeKey("Oldesloe"));
  });
});

describe("parseLocationQuery", () => {
  it("reads five digits as a postal code, ignoring surrounding space", () => {
    expect(parseLocationQuery("20148")).toEqual({ kind: "postal", code: "20148" });
    expect(parseLocationQuery("  01067 \t")).toEqual({ kind: "postal", code: "01067" });
    // An address line: the postal code decides, the place name is ignored.
    expect(parseLocationQuery("20148 Hamburg")).toEqual({ kind: "postal", code: "20148" });
    expect(parseLocationQuery("20148Hamburg")).toEqual({ kind: "place", key: "20148hamburg", text: "20148Hamburg" });
  });

  it.each(["1", "2014", "201480", "1234567890"])("rejects %s (not five digits)", (input) => {
    expect(parseLocationQuery(input)).toEqual({ kind: "invalid", message: LOCATION_QUERY_MESSAGE });
  });

  it("uses the German message", () => {
    expect(LOCATION_QUERY_MESSAGE).toBe("Bitte geben Sie eine fünfstellige Postleitzahl oder einen Ort ein.");
  });

  it.each(["", "   ", "\t\n"])("reads %j as empty", (input) => {
    expect(parseLocationQuery(input)).toEqual({ kind: "empty" });
  });

  it("reads other input as a place name", () => {
    expect(parseLocationQuery("  Lübeck ")).toEqual({ kind: "place", key: "lubeck", text: "Lübeck" });
    expect(parseLocationQuery("Frankfurt (Oder)")).toEqual({ kind: "place", key: "frankfurt oder", text: "Frankfurt (Oder)" });
  });

  it("rejects punctuation without letters (no key to look up)", () => {
    expect(parseLocationQuery(" - ")).toEqual({ kind: "invalid", message: LOCATION_QUERY_MESSAGE });
    expect(parseLocationQuery("(/)")).toEqual({ kind: "invalid", message: LOCATION_QUERY_MESSAGE });
  });

  it("rejects input longer than 80 characters", () => {
    expect(parseLocationQuery("a".repeat(80))).toMatchObject({ kind: "place" });
    expect(parseLocationQuery("a".repeat(81))).toEqual({ kind: "invalid", message: LOCATION_QUERY_MESSAGE });
  });

  it.each(["__proto__", "constructor", "toString", "hasOwnProperty"])("treats %s as ordinary place text", (input) => {
    const result = parseLocationQuery(input);
    expect(result).toEqual({ kind: "place", key: input.toLowerCase(), text: input });
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  });

  it.each(["\uD800", "a\uDC00b", "\uDBFF\uDFFF", "\u0000", "😀", "-", "()", "12 345", "D-20148"])("does not throw for %j", (input) => {
    expect(() => parseLocationQuery(input)).not.toThrow();
  });
});

describe("formatDistanceKm", () => {
  it("shows one decimal with a comma under 10 km", () => {
    expect([3.44, 0, 9.94].map(formatDistanceKm)).toEqual(["3,4 km", "0,0 km", "9,9 km"]);
  });

  it("shows whole kilometres with a thousands dot from 10 km", () => {
    expect([10, 612.4, 1234.4].map(formatDistanceKm)).toEqual(["10 km", "612 km", "1.234 km"]);
  });

  it("does not show 10,0 km for values that round up to 10", () => {
    expect(formatDistanceKm(9.96)).toBe("10 km");
  });
});

// ---------------------------------------------------------------------------------------------
// The shipped data (kv-seed/geo/, built by build-geo-data.ts).

type PostalRow = [code: string, lat: number, lng: number, place: string];
type PlaceRow = [name: string, lat: number, lng: number, population: number];

const readJson = <T>(file: string): T => JSON.parse(readFileSync(new URL(`../kv-seed/geo/${file}`, import.meta.url), "utf8")) as T;

const inGermany = (lat: number, lng: number) => lat >= 47.2 && lat <= 55.1 && lng >= 5.8 && lng <= 15.1;
const point = (lat: number, lng: number): GeoPoint => ({ latitude: lat, longitude: lng });

describe("de-postal-codes.json", () => {
  const rows = readJson<PostalRow[]>("de-postal-codes.json");
  const byCode = new Map(rows.map((row) => [row[0], row]));
  const pointOf = (code: string): GeoPoint => {
    const row = byCode.get(code);
    if (!row) throw new Error(`PLZ ${code} missing`);
    return point(row[1], row[2]);
  };

  it("has more than 8,000 rows with unique five-digit codes", () => {
    expect(rows.length).toBeGreaterThan(8000);
    expect(rows.every(([code]) => /^\d{5}$/.test(code))).toBe(true);
    expect(byCode.size).toBe(rows.length);
  });

  it("puts every coordinate inside Germany's bounding box and names a place", () => {
    const outside = rows.filter(([, lat, lng]) => !inGermany(lat, lng));
    expect(outside).toEqual([]);
    expect(rows.every(([, , , place]) => typeof place === "string" && place.length > 0)).toBe(true);
  });

  it("rounds coordinates to at most four decimals", () => {
    const tooPrecise = rows.filter(([, lat, lng]) => Math.round(lat * 1e4) / 1e4 !== lat || Math.round(lng * 1e4) / 1e4 !== lng);
    expect(tooPrecise).toEqual([]);
  });

  it.each([
    ["20148", "Hamburg", point(53.55, 9.99)],
    ["38640", "Goslar", GOSLAR],
    ["25813", "Husum", HUSUM],
    ["80331", "München", MUENCHEN],
  ])("puts %s near %s", (code, _name, expected) => {
    expect(distanceKm(pointOf(code), expected)).toBeLessThan(15);
  });

  it("does not send a PLZ to a namesake elsewhere (Husum in Lower Saxony, Kleve on the Lower Rhine)", () => {
    // 31632 Husum (Landkreis Nienburg) is not Husum in Nordfriesland.
    expect(distanceKm(pointOf("31632"), HUSUM)).toBeGreaterThan(150);
    // 25776 lists Kleve (Dithmarschen); the town of Kleve (NRW) is 350 km away.
    expect(distanceKm(pointOf("25776"), point(54.2, 9.1))).toBeLessThan(40);
  });
});

describe("de-places.json", () => {
  const rows = readJson<PlaceRow[]>("de-places.json");
  const byKey = new Map(rows.map((row) => [placeKey(row[0]), row]));

  it("has one row per place key, all inside Germany", () => {
    expect(rows.length).toBeGreaterThan(5000);
    expect(byKey.size).toBe(rows.length);
    expect(rows.filter(([, lat, lng]) => !inGermany(lat, lng))).toEqual([]);
    expect(rows.every(([, , , population]) => Number.isInteger(population) && population >= 0)).toBe(true);
  });

  it.each([
    ["Lübeck", point(53.87, 10.69)],
    ["Luebeck", point(53.87, 10.69)],
    ["Husum", HUSUM],
    ["Goslar", GOSLAR],
    ["München", MUENCHEN],
    ["Hamburg", HAMBURG],
  ])("finds %s by its key", (name, expected) => {
    const row = byKey.get(placeKey(name));
    expect(row).toBeDefined();
    if (row) expect(distanceKm(point(row[1], row[2]), expected)).toBeLessThan(15);
  });

  it("keeps the most populous place for a shared name (Husum in Nordfriesland, not in Lower Saxony)", () => {
    expect(byKey.get("husum")?.[3]).toBeGreaterThan(15000);
  });
});
