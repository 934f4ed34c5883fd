import { expect, test } from "vitest";
import { resolveLegacyRedirect } from "./match-redirect.ts";
import { RedirectEntrySchema, RedirectKvValueSchema, RedirectTableSchema } from "./redirect-entry-schema.ts";

function issueMessages(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

test("an entry with only path and target defaults to code 301 and internal", () => {
  const input = { path: "/angebote", target: "/Aktionsangebote" };
  expect(RedirectEntrySchema.parse(input)).toEqual({ ...input, code: 301, external: false });
});

test("an entry without target parses with target null (page-not-found)", () => {
  expect(RedirectEntrySchema.parse({ path: "/corona-hinweise" }).target).toBeNull();
  expect(RedirectEntrySchema.parse({ path: "/gewinnspiel-2019", target: null }).target).toBeNull();
});

test("codes 100 to 999 are kept", () => {
  expect(RedirectEntrySchema.parse({ path: "/a", target: "/b", code: 302 }).code).toBe(302);
  expect(RedirectEntrySchema.parse({ path: "/a", target: "/b", code: 100 }).code).toBe(100);
  expect(RedirectEntrySchema.parse({ path: "/a", target: "/b", code: 999 }).code).toBe(999);
});

test("code 1200 falls back to 301", () => {
  expect(RedirectEntrySchema.parse({ path: "/winteraktion", target: "/pkw", code: 1200 }).code).toBe(301);
});

test("codes below 100, non-integer codes and null codes fall back to 301", () => {
  expect(RedirectEntrySchema.parse({ path: "/a", target: "/b", code: 99 }).code).toBe(301);
  expect(RedirectEntrySchema.parse({ path: "/a", target: "/b", code: -301 }).code).toBe(301);
  expect(RedirectEntrySchema.parse({ path: "/a", target: "/b", code: 301.5 }).code).toBe(301);
  expect(RedirectEntrySchema.parse({ path: "/a", target: "/b", code: null }).code).toBe(301);
});

test("a path must start with a slash", () => {
  const result = RedirectEntrySchema.safeParse({ path: "angebote", target: "/Aktionsangebote" });
  expect(issueMessages(result)).toEqual(['path must start with "/"']);
});

test("a path with invalid percent-encoding is rejected", () => {
  expect(RedirectEntrySchema.safeParse({ path: "/angebote%zz", target: "/Aktionsangebote" }).success).toBe(false);
});

test("unknown fields are rejected so a typo cannot silently drop a flag", () => {
  expect(RedirectEntrySchema.safeParse({ path: "/trucks", target: "/pkw", extrenal: true }).success).toBe(false);
});

test("absolute target without external flag is rejected", () => {
  const result = RedirectEntrySchema.safeParse({ path: "/trucks", target: "https://www.mercedes-benz-trucks.com/" });
  expect(issueMessages(result)).toEqual(["target is absolute; only entries flagged external: true may leave the site"]);
});

test("protocol-relative target without external flag is rejected", () => {
  expect(RedirectEntrySchema.safeParse({ path: "/a", target: "//evil.example/" }).success).toBe(false);
  expect(RedirectEntrySchema.safeParse({ path: "/a", target: "/\\evil.example/" }).success).toBe(false);
});

test("an internal target that resolves to a protocol-relative path is rejected", () => {
  expect(RedirectEntrySchema.safeParse({ path: "/a", target: "/.//evil.example" }).success).toBe(false);
});

test("an absolute https target flagged external is accepted", () => {
  const entry = RedirectEntrySchema.parse({ path: "/center/karo-plus-hamburg", target: "https://www.karo-plus.de/", external: true });
  expect(entry).toEqual({ path: "/center/karo-plus-hamburg", target: "https://www.karo-plus.de/", code: 301, external: true });
});

test("external flag with a site path target is rejected", () => {
  const result = RedirectEntrySchema.safeParse({ path: "/trucks", target: "/pkw", external: true });
  expect(issueMessages(result)).toEqual(["external: true requires an absolute http(s) target such as https://www.hyundai.de/"]);
});

test("external flag without target is rejected", () => {
  expect(RedirectEntrySchema.safeParse({ path: "/trucks", external: true }).success).toBe(false);
});

test("external flag with a non-http scheme or a protocol-relative target is rejected", () => {
  expect(RedirectEntrySchema.safeParse({ path: "/a", target: "ftp://example.de/", external: true }).success).toBe(false);
  expect(RedirectEntrySchema.safeParse({ path: "/a", target: "mailto:info@example.de", external: true }).success).toBe(false);
  expect(RedirectEntrySchema.safeParse({ path: "/a", target: "//www.hyundai.de/", external: true }).success).toBe(false);
});

test("external target with credentials is rejected", () => {
  const result = RedirectEntrySchema.safeParse({ path: "/a", target: "https://www.hyundai.de@evil.example/", external: true });
  expect(issueMessages(result)).toEqual(["external target must not contain credentials (user@host)"]);
});

test("javascript: target is refused, flagged external or not", () => {
  for (const external of [false, true]) {
    const result = RedirectEntrySchema.safeParse({ path: "/a", target: "javascript:alert(1)", external });
    expect(issueMessages(result)).toEqual(["target uses an unsafe protocol (javascript:, data: or vbscript:)"]);
  }
});

test("obfuscated unsafe targets are refused", () => {
  for (const target of [
    " \tJaVaScRiPt:alert(1)",
    "java\nscript:alert(1)",
    "data:text/html,<script>",
    "VBScript:x",
    "&#106;avascript:alert(1)",
  ]) {
    expect(RedirectEntrySchema.safeParse({ path: "/a", target, external: true }).success).toBe(false);
  }
});

test("a target with raw whitespace is rejected", () => {
  expect(RedirectEntrySchema.safeParse({ path: "/a", target: "/ueber uns" }).success).toBe(false);
  expect(RedirectEntrySchema.safeParse({ path: "/a", target: "/ueber-uns\n" }).success).toBe(false);
});

test("a relative target without leading slash is rejected", () => {
  expect(RedirectEntrySchema.safeParse({ path: "/a", target: "ankauf" }).success).toBe(false);
  expect(RedirectEntrySchema.safeParse({ path: "/a", target: "" }).success).toBe(false);
});

test("two entries whose paths normalise to the same key are rejected, naming both paths", () => {
  const result = RedirectTableSchema.safeParse([
    { path: "/ansprechpartner/max-muster/", target: "/ansprechpartner" },
    { path: "/angebote", target: "/Aktionsangebote" },
    { path: "/Ansprechpartner/Max-Muster", target: "/karriere" },
  ]);
  expect(result.success).toBe(false);
  expect(result.error?.issues).toHaveLength(1);
  expect(result.error?.issues[0]?.path).toEqual([2, "path"]);
  expect(result.error?.issues[0]?.message).toContain('"/ansprechpartner/max-muster/"');
  expect(result.error?.issues[0]?.message).toContain('"/Ansprechpartner/Max-Muster"');
});

test("a table of distinct keys parses", () => {
  const table = RedirectTableSchema.parse([
    { path: "/angebote", target: "/Aktionsangebote" },
    { path: "/trucks", target: "https://www.mercedes-benz-trucks.com/de_DE/home.html", external: true },
  ]);
  expect(table).toHaveLength(2);
});

test("a KV value needs all three fields", () => {
  expect(RedirectKvValueSchema.parse({ target: "/ankauf", code: 301, external: false })).toEqual({
    target: "/ankauf",
    code: 301,
    external: false,
  });
  expect(RedirectKvValueSchema.safeParse({ target: "/ankauf", code: 301 }).success).toBe(false);
  expect(RedirectKvValueSchema.safeParse({ code: 301, external: false }).success).toBe(false);
  expect(RedirectKvValueSchema.parse({ target: "/ankauf", code: 1200, external: false }).code).toBe(301);
});

test("a hand-edited KV value with a bad target parses, so the matcher can answer page-not-found for it", () => {
  const value = RedirectKvValueSchema.parse({ target: "javascript:alert(1)", code: 301, external: true });
  expect(resolveLegacyRedirect(value, new URL("https://www.autohaus-beispiel.de/angebote"))).toEqual({ kind: "not-found" });
});
