import { expect, test } from "vitest";
import legacyRedirects from "./legacy-redirects.json" with { type: "json" };
import { RedirectTableSchema } from "./redirect-entry-schema.ts";
import { RedirectWriteEntrySchema, RedirectWriteTableSchema } from "./redirect-write-schema.ts";

const messages = (input: unknown) => RedirectWriteEntrySchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

test("a redirect without code is written as 301, an entry without target as gone (410)", () => {
  expect(RedirectWriteEntrySchema.parse({ path: "/aktion", target: "/angebote" })).toEqual({
    path: "/aktion",
    target: "/angebote",
    code: 301,
    external: false,
  });
  expect(RedirectWriteEntrySchema.parse({ path: "/gewinnspiel" })).toEqual({
    path: "/gewinnspiel",
    target: null,
    code: 410,
    external: false,
  });
  expect(RedirectWriteEntrySchema.parse({ path: "/gewinnspiel", target: null, code: 410 }).code).toBe(410);
});

test.each([301, 302, 307, 308])("code %i is accepted for a redirect", (code) => {
  expect(RedirectWriteEntrySchema.parse({ path: "/a", target: "/b", code }).code).toBe(code);
});

test.each([200, 303, 404, 1200, 301.5])("code %s is refused through admin, though the source file allows or repairs it", (code) => {
  expect(messages({ path: "/a", target: "/b", code })).toContain("code must be 301, 302, 307, 308 or 410 (gone)");
});

test("code 410 takes no target, and a redirect code needs one", () => {
  expect(messages({ path: "/a", target: "/b", code: 410 })).toEqual(["code 410 (gone) takes no target; leave target empty"]);
  expect(messages({ path: "/a", code: 301 })).toEqual(["code 301 needs a target; an entry without target is gone (code 410)"]);
});

test("external targets must be https when written through admin", () => {
  expect(messages({ path: "/a", target: "http://www.hyundai.de/", external: true })).toEqual([
    "an external target written through admin must be an https:// URL",
  ]);
  expect(RedirectWriteEntrySchema.parse({ path: "/a", target: "https://www.hyundai.de/", external: true }).external).toBe(true);
});

test("the source-file rules still apply: absolute targets need the flag, unsafe protocols and bad paths are refused", () => {
  expect(messages({ path: "/a", target: "https://evil.example/" })).toEqual([
    "target is absolute; only entries flagged external: true may leave the site",
  ]);
  expect(RedirectWriteEntrySchema.safeParse({ path: "/a", target: "javascript:alert(1)", external: true }).success).toBe(false);
  expect(messages({ path: "angebote", target: "/b" })).toEqual(['path must start with "/"']);
  expect(RedirectWriteEntrySchema.safeParse({ path: "/a%zz", target: "/b" }).success).toBe(false);
  expect(RedirectWriteEntrySchema.safeParse({ path: "/a", target: "/b", extrenal: true }).success).toBe(false);
});

test("__proto__ and constructor are ordinary paths", () => {
  expect(RedirectWriteEntrySchema.parse({ path: "/__proto__", target: "/b" }).path).toBe("/__proto__");
  expect(RedirectWriteTableSchema.parse([{ path: "/constructor", target: "/b" }, { path: "/__proto__" }])).toHaveLength(2);
});

test("two entries with the same key are refused in one write", () => {
  const result = RedirectWriteTableSchema.safeParse([
    { path: "/Angebote/", target: "/b" },
    { path: "/angebote", target: "/c" },
  ]);
  expect(result.error?.issues[0]?.message).toContain('duplicate redirect key "/angebote"');
});

test("the reviewed source file stays valid under its own, lenient schema", () => {
  expect(RedirectTableSchema.safeParse(legacyRedirects).success).toBe(true);
});
