import { expect, test } from "vitest";
import legacyRedirects from "./legacy-redirects.json" with { type: "json" };
import legacyRedirectsSource from "./legacy-redirects.json?raw";
import { REDIRECT_PREFIX_INDEX_KEY, RedirectPrefixIndexSchema, buildRedirectKvEntries, redirectKvKey } from "./kv-layout.ts";
import { resolveLegacyRedirect } from "./match-redirect.ts";
import { firstSegment, normalizeRedirectKey } from "./normalize-path.ts";
import { RedirectKvValueSchema, RedirectTableSchema } from "./redirect-entry-schema.ts";

const ORIGIN = "https://www.autohaus-beispiel.de";

const CARFINDER_NFZ =
  "/carfinder?bodystyle=containertransport,chassiscab,panelvan,deliveryvan,tipper,boxbody,frigo,openbody,passengertransport,tarpaulin,standardtractor&sorting=price-desc";

/** The worker's lookup, against an in-memory KV seeded exactly as production KV is. */
function seededLookup() {
  const kv = new Map(buildRedirectKvEntries(RedirectTableSchema.parse(legacyRedirects)).map(({ key, value }) => [key, value]));
  const reads: string[] = [];
  const firstSegments = new Set(RedirectPrefixIndexSchema.parse(JSON.parse(kv.get(REDIRECT_PREFIX_INDEX_KEY) ?? "")));
  function answer(pathAndQuery: string) {
    const url = new URL(`${ORIGIN}${pathAndQuery}`);
    const key = normalizeRedirectKey(url.pathname);
    if (key === null || !firstSegments.has(firstSegment(key))) return null;
    reads.push(redirectKvKey(key));
    const raw = kv.get(redirectKvKey(key));
    return raw === undefined ? null : resolveLegacyRedirect(RedirectKvValueSchema.parse(JSON.parse(raw)), url);
  }
  return { answer, reads };
}

test("table file parses with the production schema and has no duplicate keys", () => {
  const result = RedirectTableSchema.safeParse(legacyRedirects);
  expect(result.error?.issues ?? []).toEqual([]);
  const keys = legacyRedirects.map((entry) => normalizeRedirectKey(entry.path));
  expect(new Set(keys).size).toBe(legacyRedirects.length);
});

test("table file is pretty-printed with one entry per line", () => {
  const lines = legacyRedirectsSource.trimEnd().split("\n");
  expect(lines[0]).toBe("[");
  expect(lines.at(-1)).toBe("]");
  expect(lines.length - 2).toBe(legacyRedirects.length);
});

test.each([
  ["/angebote", "/Aktionsangebote"],
  ["/inzahlungname", "/ankauf"],
  ["/stellenangebote", "/karriere"],
  ["/trucks", "https://www.mercedes-benz-trucks.com/de_DE/home.html"],
  ["/trucks-sales", "https://www.mercedes-benz-trucks.com/de_DE/buy/truckstore.html"],
  ["/carfinder-all", "/carfinder"],
  ["/carfinder-garage", "/carfinder/favoriten"],
  ["/carfinder-nfz", CARFINDER_NFZ],
  ["/center/hyundai-hamburg-harburg", "https://www.hyundai.de/haendlersuche"],
  ["/center/aston-martin-hamburg", "https://www.astonmartin.com/de/dealers/aston-martin-hamburg"],
  ["/center/karo-plus-hamburg", "https://www.karo-plus.de/"],
  ["/ansprechpartner/dr-thomas-ahrens/", "/ansprechpartner"],
  ["/karrieretag-2022", "/karriere"],
  ["/ausbildungsoffensive-2023", "/karriere/ausbildung"],
  ["/amg-performance-tage", "/amg"],
  ["/jubilaeum-75-jahre", "/ueber-uns"],
  ["/stellenangebote/kfz-mechatroniker-pkw-goslar", "/karriere"],
  ["/stellenangebote/kfz-mechatroniker-hyundai-hamburg-harburg", "/center/center-hamburg-harburg-hyundai"],
  ["/fahrzeugarchiv/4711235-mercedes-benz-c-200-t-modell", "/carfinder/4711235-1-mercedes-benz-c-200-t-modell"],
  ["/news/die-neue-g-klasse-ist-da", "/mercedes-benz/modelle/g-klasse"],
  ["/news/modellpflege-2021", "/mercedes-benz/modelle"],
  ["/center/center-goslar-mercedes-benz", "/center/center-goslar"],
])("legacy path %s answers 301 to %s", (path, location) => {
  expect(seededLookup().answer(path)).toEqual({ kind: "redirect", location, status: 301 });
});

test("table holds every spec example", () => {
  const table = RedirectTableSchema.parse(legacyRedirects);
  const targetOf = new Map(table.map((entry) => [entry.path, entry]));
  expect(targetOf.get("/carfinder-nfz")?.target).toBe(CARFINDER_NFZ);
  for (const path of ["/trucks", "/trucks-sales"]) {
    expect(targetOf.get(path)).toMatchObject({
      external: true,
      target: expect.stringMatching(/^https:\/\/www\.mercedes-benz-trucks\.com\//),
    });
  }
  const externalHosts = (pattern: RegExp) =>
    table.filter((entry) => pattern.test(entry.path)).map((entry) => entry.external && new URL(entry.target ?? "").host);
  expect(externalHosts(/^\/center\/hyundai-/).length).toBeGreaterThanOrEqual(3);
  expect(new Set(externalHosts(/^\/center\/hyundai-/))).toEqual(new Set(["www.hyundai.de"]));
  expect(externalHosts(/aston-martin/).length).toBeGreaterThanOrEqual(2);
  expect(new Set(externalHosts(/aston-martin/))).toEqual(new Set(["www.astonmartin.com"]));
  expect(externalHosts(/^\/center\/karo-plus-/).length).toBeGreaterThanOrEqual(2);
  expect(new Set(externalHosts(/^\/center\/karo-plus-/))).toEqual(new Set(["www.karo-plus.de"]));
  const targets = new Set(table.map((entry) => entry.target));
  for (const target of ["/karriere", "/karriere/ausbildung", "/amg", "/ueber-uns", "/mercedes-benz/modelle"]) {
    expect(targets).toContain(target);
  }
  expect(table.filter((entry) => entry.target === null).length).toBeGreaterThanOrEqual(3);
  expect(table.some((entry) => entry.code === 302)).toBe(true);
  expect(table.some((entry) => entry.code === 308)).toBe(true);
  expect(legacyRedirects.some((entry) => "code" in entry && entry.code === 1200)).toBe(true);
});

test("old vehicle-archive paths go to the carfinder detail of the same vehicle", () => {
  const archive = legacyRedirects.filter((entry) => /^\/(fahrzeugarchiv|gebrauchtwagen\/fahrzeug)\//.test(entry.path));
  expect(archive.length).toBeGreaterThanOrEqual(3);
  for (const entry of archive) {
    const [, id, slug] = /\/(\d+)-([a-z0-9-]+)$/.exec(entry.path) ?? [];
    expect(entry.target).toBe(`/carfinder/${id}-1-${slug}`);
  }
});

test("old news paths go to model pages", () => {
  const news = legacyRedirects.filter((entry) => entry.path.startsWith("/news/"));
  expect(news.length).toBeGreaterThanOrEqual(3);
  for (const entry of news) expect(entry.target).toMatch(/^\/mercedes-benz\/(modelle|model-groups)(\/|$)/);
});

test("old center paths with brand suffixes go to the plain center page", () => {
  const suffixed = legacyRedirects.filter((entry) => /^\/center\/center-.+-(mercedes-benz|smart)$/.test(entry.path));
  expect(suffixed.length).toBeGreaterThanOrEqual(5);
  for (const entry of suffixed) expect(entry.target).toMatch(/^\/center\/[a-z-]+$/);
});

test("an entry without target gives page-not-found", () => {
  expect(seededLookup().answer("/newsletter-anmeldung")).toEqual({ kind: "not-found" });
  expect(seededLookup().answer("/corona-hinweise/")).toEqual({ kind: "not-found" });
});

test("302 and 308 entries answer with their code", () => {
  expect(seededLookup().answer("/aktuelle-aktion")).toEqual({ kind: "redirect", location: "/Aktionsangebote", status: 302 });
  expect(seededLookup().answer("/index.php")).toEqual({ kind: "redirect", location: "/", status: 308 });
});

test("code 1200 in the table falls back to 301", () => {
  expect(seededLookup().answer("/winteraktion")).toMatchObject({ kind: "redirect", status: 301 });
});

test("more than 400 contact-person entries", () => {
  const contacts = legacyRedirects.filter((entry) => /^\/ansprechpartner\/[^/]+\/?$/i.test(entry.path));
  expect(contacts.length).toBeGreaterThan(400);
  for (const entry of contacts) {
    expect(entry.target).toBe("/ansprechpartner");
    // German names with umlauts and ß transliterated (ä→ae, ö→oe, ü→ue, ß→ss).
    expect(entry.path).toMatch(/^\/ansprechpartner\/[a-z]+(-[a-z]+)+\/?$/i);
  }
});

test("a contact-person page answers whatever its case and trailing slash", () => {
  const { answer } = seededLookup();
  const expected = { kind: "redirect", location: "/ansprechpartner?utm_source=google", status: 301 };
  expect(answer("/ansprechpartner/dr-thomas-ahrens/?utm_source=google")).toEqual(expected);
  expect(answer("/Ansprechpartner/Dr-Thomas-Ahrens?utm_source=google")).toEqual(expected);
  expect(answer("//ansprechpartner//dr-thomas-ahrens//?utm_source=google")).toEqual(expected);
});

test("no target points at another legacy path, so no redirect chains or loops", () => {
  const table = RedirectTableSchema.parse(legacyRedirects);
  const keys = new Set(table.map((entry) => normalizeRedirectKey(entry.path)));
  for (const entry of table) {
    if (entry.target === null || entry.external) continue;
    expect(keys.has(normalizeRedirectKey(new URL(entry.target, ORIGIN).pathname)), entry.path).toBe(false);
  }
});

test("a path whose first segment has no legacy entry never reads KV", () => {
  const { answer, reads } = seededLookup();
  expect(answer("/carfinder/4711235-1-mercedes-benz-c-200-t-modell")).toBeNull();
  expect(answer("/mercedes-benz/modelle/g-klasse")).toBeNull();
  expect(answer("/")).toBeNull();
  expect(reads).toEqual([]);
});

test("a path under a listed first segment costs exactly one KV read", () => {
  const { answer, reads } = seededLookup();
  expect(answer("/ansprechpartner/niemand-bekanntes")).toBeNull();
  expect(reads).toEqual(["redirect:/ansprechpartner/niemand-bekanntes"]);
});
