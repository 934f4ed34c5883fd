import { expect, test } from "vitest";
import legacyRedirects from "./legacy-redirects.json" with { type: "json" };
import { RedirectTableSchema, type RedirectEntry } from "./redirect-entry-schema.ts";
import { checkRedirectTable, redirectTableFromEntries } from "./redirect-table-rules.ts";

const entry = (path: string, target: string | null, extra: Partial<RedirectEntry> = {}): RedirectEntry => ({
  path,
  target,
  code: target === null ? 410 : 301,
  external: false,
  ...extra,
});
const table = (...entries: RedirectEntry[]) => redirectTableFromEntries(entries);

test("the reviewed table has no chains or loops", () => {
  expect(checkRedirectTable(redirectTableFromEntries(RedirectTableSchema.parse(legacyRedirects)), { flatten: false }).ok).toBe(true);
});

test("a chain a → b → c is refused naming both entries", () => {
  const result = checkRedirectTable(table(entry("/a", "/b"), entry("/b", "/c")), { flatten: false });
  expect(result.ok).toBe(false);
  if (result.ok) return;
  expect(result.issues).toHaveLength(1);
  expect(result.issues[0]?.entry).toBe("/a");
  expect(result.issues[0]?.message).toContain('"/b" itself redirects to "/c"');
});

test("a chain is recognised however the target spells the key (case, trailing slash, query)", () => {
  const result = checkRedirectTable(table(entry("/a", "/B/?utm_source=x"), entry("/b", "/c")), { flatten: false });
  expect(result.ok).toBe(false);
});

test("flatten rewrites a → b → c to a → c and keeps b → c", () => {
  const result = checkRedirectTable(table(entry("/a", "/b", { code: 302 }), entry("/b", "/c")), { flatten: true });
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(result.table.get("/a")).toEqual(entry("/a", "/c", { code: 302 }));
  expect(result.table.get("/b")).toEqual(entry("/b", "/c"));
  expect(result.flattened).toEqual([{ path: "/a", from: "/b", to: "/c" }]);
});

test("flatten follows longer chains and carries queries the way a browser would", () => {
  const result = checkRedirectTable(table(entry("/a", "/b?x=1"), entry("/b", "/c"), entry("/c", "/d?y=2#top")), { flatten: true });
  if (!result.ok) throw new Error("refused");
  expect(result.table.get("/a")?.target).toBe("/d?y=2&x=1#top");
  expect(result.table.get("/b")?.target).toBe("/d?y=2#top");
});

test("flatten ends a chain at an external target with the absolute URL", () => {
  const result = checkRedirectTable(table(entry("/a", "/b"), entry("/b", "https://www.hyundai.de/", { external: true })), {
    flatten: true,
  });
  if (!result.ok) throw new Error("refused");
  expect(result.table.get("/a")).toEqual(entry("/a", "https://www.hyundai.de/", { external: true }));
});

test("a redirect to a gone entry is a chain; flattened it is gone too", () => {
  expect(checkRedirectTable(table(entry("/a", "/b"), entry("/b", null)), { flatten: false }).ok).toBe(false);
  const result = checkRedirectTable(table(entry("/a", "/b"), entry("/b", null)), { flatten: true });
  if (!result.ok) throw new Error("refused");
  expect(result.table.get("/a")).toEqual(entry("/a", null));
});

test("loops are refused even with flatten", () => {
  for (const flatten of [false, true]) {
    const result = checkRedirectTable(table(entry("/a", "/b"), entry("/b", "/a")), { flatten });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues[0]?.message).toBe("redirect loop: /a → /b → /a");
  }
});

test("an entry pointing at itself, spelled differently, is a loop", () => {
  const result = checkRedirectTable(table(entry("/angebote", "/Angebote/")), { flatten: true });
  expect(result.ok).toBe(false);
});

test("__proto__ and constructor are keys like any other", () => {
  const result = checkRedirectTable(table(entry("/__proto__", "/constructor"), entry("/constructor", "/ziel")), { flatten: false });
  expect(result.ok).toBe(false);
  const fine = checkRedirectTable(table(entry("/__proto__", "/ziel"), entry("/constructor", null)), { flatten: false });
  expect(fine.ok && [...fine.table.keys()]).toEqual(["/__proto__", "/constructor"]);
});

test("external targets never chain, even when their path equals a key", () => {
  expect(
    checkRedirectTable(table(entry("/a", "https://www.hyundai.de/b", { external: true }), entry("/b", "/c")), { flatten: false }).ok,
  ).toBe(true);
});
