/**
 * Pure geo helpers for the "nearest center" search: great-circle distance, sorting by
 * distance, the lookup key for German place names, parsing the visitor's query
 * (postal code or place name) and formatting distances for German visitors.
 * No dependencies: the PLZ/place data ships in kv-seed/geo/ (see its README).
 */
import { germanNumber } from "./german-number.ts";

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** Mean earth radius (IUGG) in km. */
const EARTH_RADIUS_KM = 6371.0088;

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in km (haversine formula). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  // min() guards against h creeping above 1 by rounding for antipodal points.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Copies of `items` with their distance from `origin`, nearest first; ties keep input order. */
export function byDistance<T extends GeoPoint>(origin: GeoPoint, items: readonly T[]): Array<T & { distanceKm: number }> {
  // Array.prototype.sort is stable (ES2019), so equal distances keep their input order.
  return items.map((item) => ({ ...item, distanceKm: distanceKm(origin, item) })).sort((a, b) => a.distanceKm - b.distanceKm);
}

/**
 * Lookup key for a place name, so that spelling variants meet:
 * "Lübeck", "Luebeck", "LUBECK" and "  lübeck " → "lubeck";
 * "Hamburg-Harburg" → "hamburg harburg"; "Frankfurt (Oder)" → "frankfurt oder".
 * Umlauts are folded to the bare vowel and "ae/oe/ue" as well (so "Soest" → "sost":
 * harmless, because both sides of a lookup go through the same function).
 */
export function placeKey(name: string): string {
  return (
    name
      .trim()
      .normalize("NFC")
      // German has no casing rules of its own: the plain conversion is the same without ICU.
      .toLowerCase()
      .replace(/ß/g, "ss")
      .replace(/ae|ä/g, "a")
      .replace(/oe|ö/g, "o")
      .replace(/ue|ü/g, "u")
      .replace(/[\s\-./()]+/g, " ")
      .trim()
  );
}

export type LocationQuery =
  | { kind: "postal"; code: string }
  | { kind: "place"; key: string; text: string }
  | { kind: "invalid"; message: string }
  | { kind: "empty" };

export const LOCATION_QUERY_MESSAGE = "Bitte geben Sie eine fünfstellige Postleitzahl oder einen Ort ein.";

/** Longest accepted query; longer input is rejected rather than looked up. */
const MAX_QUERY_LENGTH = 80;

/**
 * Reads the visitor's input: five digits are a postal code (PLZ), other digit-only input
 * is invalid, anything else is a place name. Never throws.
 */
export function parseLocationQuery(input: string): LocationQuery {
  const text = typeof input === "string" ? input.trim() : "";
  if (text === "") return { kind: "empty" };
  if (text.length > MAX_QUERY_LENGTH) return { kind: "invalid", message: LOCATION_QUERY_MESSAGE };
  if (/^[0-9]+$/.test(text)) {
    return text.length === 5 ? { kind: "postal", code: text } : { kind: "invalid", message: LOCATION_QUERY_MESSAGE };
  }
  // "20148 Hamburg", as people write an address line: the postal code decides.
  const [, postalCode] = /^(\d{5})\s+\D/.exec(text) ?? [];
  if (postalCode !== undefined) return { kind: "postal", code: postalCode };
  const key = placeKey(text);
  // Input of punctuation only ("-", "()") has no key to look up.
  if (key === "") return { kind: "invalid", message: LOCATION_QUERY_MESSAGE };
  return { kind: "place", key, text };
}

const ONE_DECIMAL = germanNumber({ min: 1, max: 1 });
const WHOLE = germanNumber({ min: 0, max: 0 });

/** "3,4 km" under 10 km, otherwise whole km: "12 km", "1.234 km". */
export function formatDistanceKm(km: number): string {
  const value = Math.max(0, km);
  // Decide on the rounded value, so that 9.96 km gives "10 km", not "10,0 km".
  const tenths = Math.round(value * 10) / 10;
  return tenths < 10 ? `${ONE_DECIMAL.format(tenths)} km` : `${WHOLE.format(value)} km`;
}
