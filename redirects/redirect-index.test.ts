import { expect, test } from "vitest";
import { buildBloomIndex, buildRedirectIndexValue, MAX_LISTED_SEGMENTS, parseRedirectIndex } from "./redirect-index.ts";

const manyKeys = (count: number) => Array.from({ length: count }, (_, i) => `/alte-seite-${i}`);

test("up to 1,000 first segments the index is the sorted segment list of ADR 0003", () => {
  expect(buildRedirectIndexValue(["/center/a", "/angebote", "/center/b", "/"])).toBe('["","angebote","center"]');
});

test("the old array format is read: a listed segment may hold any key below it", () => {
  const filter = parseRedirectIndex(["angebote", "center"]);
  expect(filter?.mayContain("/center/irgendwas")).toBe(true);
  expect(filter?.mayContain("/carfinder")).toBe(false);
});

test("beyond 1,000 segments it becomes a Bloom filter over the keys", () => {
  const value = JSON.parse(buildRedirectIndexValue(manyKeys(MAX_LISTED_SEGMENTS + 1)));
  expect(value).toMatchObject({ format: "bloom", keys: MAX_LISTED_SEGMENTS + 1 });
});

test("the Bloom filter has no false negatives and about 1 % false positives", () => {
  const keys = manyKeys(20_000);
  const filter = parseRedirectIndex(JSON.parse(JSON.stringify(buildBloomIndex(keys))))!;
  expect(keys.every((key) => filter.mayContain(key))).toBe(true);
  const others = Array.from({ length: 20_000 }, (_, i) => `/carfinder/${i}-1-wagen`);
  const rate = others.filter((key) => filter.mayContain(key)).length / others.length;
  expect(rate).toBeLessThan(0.02);
});

test("100,000 keys make a Bloom index of about 160 KB", () => {
  const value = buildRedirectIndexValue(manyKeys(100_000));
  expect(value.length).toBeLessThan(170_000);
});

test("the same key set gives the same index text, whatever the order", () => {
  const keys = manyKeys(1_500);
  expect(buildRedirectIndexValue([...keys].reverse())).toBe(buildRedirectIndexValue(keys));
});

test("anything else is no index", () => {
  expect(parseRedirectIndex({ format: "bloom", keys: 1, bits: 64, hashes: 3, filter: "AA==" })).toBeNull();
  expect(parseRedirectIndex("angebote")).toBeNull();
  expect(parseRedirectIndex(["a", "a"])).toBeNull();
});
