import { expect, test } from "vitest";
import { REDIRECT_PREFIX_INDEX_KEY, RedirectPrefixIndexSchema, buildRedirectKvEntries, redirectKvKey } from "./kv-layout.ts";
import { RedirectKvValueSchema, RedirectTableSchema } from "./redirect-entry-schema.ts";

function smallTable() {
  return RedirectTableSchema.parse([
    { path: "/angebote", target: "/Aktionsangebote" },
    { path: "/Ansprechpartner/Max-Muster/", target: "/ansprechpartner" },
    { path: "/ansprechpartner/erika-musterfrau/", target: "/ansprechpartner" },
    { path: "/trucks", target: "https://www.mercedes-benz-trucks.com/de_DE/home.html", external: true },
    { path: "/newsletter-anmeldung" },
    { path: "/winteraktion", target: "/pkw", code: 1200 },
  ]);
}

test("redirectKvKey prefixes the normalized key", () => {
  expect(redirectKvKey("/angebote")).toBe("redirect:/angebote");
});

test("buildRedirectKvEntries writes one entry per row under its normalized key", () => {
  const entries = new Map(buildRedirectKvEntries(smallTable()).map(({ key, value }) => [key, value]));
  expect(entries.size).toBe(7);
  expect(JSON.parse(entries.get("redirect:/ansprechpartner/max-muster") ?? "")).toEqual({
    target: "/ansprechpartner",
    code: 301,
    external: false,
  });
  expect(JSON.parse(entries.get("redirect:/newsletter-anmeldung") ?? "")).toEqual({ target: null, code: 301, external: false });
  expect(JSON.parse(entries.get("redirect:/winteraktion") ?? "")).toMatchObject({ code: 301 });
});

test("every value buildRedirectKvEntries writes parses with RedirectKvValueSchema", () => {
  for (const { key, value } of buildRedirectKvEntries(smallTable())) {
    if (key === REDIRECT_PREFIX_INDEX_KEY) continue;
    expect(RedirectKvValueSchema.safeParse(JSON.parse(value)).success).toBe(true);
  }
});

test("buildRedirectKvEntries includes the prefix index", () => {
  const index = buildRedirectKvEntries(smallTable()).find(({ key }) => key === REDIRECT_PREFIX_INDEX_KEY);
  expect(index).toBeDefined();
  expect(RedirectPrefixIndexSchema.parse(JSON.parse(index?.value ?? ""))).toEqual([
    "angebote",
    "ansprechpartner",
    "newsletter-anmeldung",
    "trucks",
    "winteraktion",
  ]);
});

test("the prefix index key cannot collide with an entry key", () => {
  expect(REDIRECT_PREFIX_INDEX_KEY.startsWith(redirectKvKey(""))).toBe(false);
});

test("a prefix index listing a segment twice is rejected", () => {
  expect(RedirectPrefixIndexSchema.safeParse(["angebote", "angebote"]).success).toBe(false);
});
