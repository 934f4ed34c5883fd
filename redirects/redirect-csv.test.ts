import { expect, test } from "vitest";
import { parseCsvRecords, parseRedirectCsv, serializeRedirectCsv } from "./redirect-csv.ts";
import { parseRedirectImport } from "./redirect-import.ts";

test("a CSV with header path,target,code,external gives one raw row per line", () => {
  const result = parseRedirectCsv(
    "path,target,code,external\n/aktion,/angebote,302,\n/trucks,https://www.mercedes-benz-trucks.com/,,true\n/weg,,,\n",
  );
  expect(result).toEqual({
    ok: true,
    rows: [
      { line: 2, entry: { path: "/aktion", target: "/angebote", code: 302 } },
      { line: 3, entry: { path: "/trucks", target: "https://www.mercedes-benz-trucks.com/", external: true } },
      { line: 4, entry: { path: "/weg", target: null } },
    ],
  });
});

test("RFC 4180: quoted fields keep commas, doubled quotes and line breaks; CRLF and a BOM are fine", () => {
  const records = parseCsvRecords('\uFEFFa,b\r\n"x,1","say ""hi"""\r\n"two\nlines",z\r\n');
  expect(records).toEqual({
    ok: true,
    records: [
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["x,1", 'say "hi"'] },
      { line: 3, fields: ["two\nlines", "z"] },
    ],
  });
});

test("line numbers count physical lines, after quoted line breaks too", () => {
  const result = parseRedirectImport('path,target\n"/a",/b\n"/mehr\nzeilen",/c\n/d,/e,301\n', "csv");
  expect(result.ok).toBe(false);
  if (!result.ok) expect(result.issues.map((issue) => issue.message)).toEqual(["line 5: 3 fields, the header has 2"]);
});

test("an unclosed quote is reported with the line it starts on", () => {
  expect(parseCsvRecords('path\n"/offen\n')).toEqual({
    ok: false,
    issues: [{ line: 2, message: 'line 2: quoted field is never closed (missing ")' }],
  });
});

test("a bad header, code or external flag is named with its line", () => {
  const header = parseRedirectCsv("pfad,ziel\n/a,/b\n");
  expect(!header.ok && header.issues[0]?.message).toMatch(/^line 1: header must name the columns path,target,code,external/);
  const code = parseRedirectCsv("path,target,code\n/a,/b,abc\n");
  expect(!code.ok && code.issues[0]?.message).toBe('line 2: code "abc" is not a number; use 301, 302, 307, 308 or 410');
  const external = parseRedirectCsv("path,target,external\n/a,https://x.de/,vielleicht\n");
  expect(!external.ok && external.issues[0]?.message).toBe('line 2: external must be true or false, got "vielleicht"');
});

test("write-rule violations in a CSV name the line and the path", () => {
  const result = parseRedirectImport("path,target,code\n/a,/b,301\n/c,/d,303\n", "csv");
  expect(result).toEqual({
    ok: false,
    issues: [{ entry: "/c", line: 3, message: "line 3 (/c): code: code must be 301, 302, 307, 308 or 410 (gone)" }],
  });
});

test("JSON imports name the entry position and path", () => {
  const result = parseRedirectImport('[{"path":"/a","target":"/b"},{"path":"/x","target":"http://evil.example/","external":true}]', "json");
  expect(!result.ok && result.issues[0]?.message).toBe(
    "entry 2 (/x): target: an external target written through admin must be an https:// URL",
  );
  expect(parseRedirectImport("{}", "json")).toMatchObject({ ok: false });
  expect(parseRedirectImport("[", "json")).toMatchObject({ ok: false });
});

test("serialize and parse round-trip, quoting only what needs it", () => {
  const entries = [
    { path: "/a", target: '/carfinder?bodystyle=suv,van&x="q"', code: 302, external: false },
    { path: "/weg", target: null, code: 410, external: false },
  ];
  const csv = serializeRedirectCsv(entries);
  expect(csv).toBe('path,target,code,external\r\n/a,"/carfinder?bodystyle=suv,van&x=""q""",302,false\r\n/weg,,410,false\r\n');
  expect(parseRedirectImport(csv, "csv")).toEqual({ ok: true, entries });
});
