import type { RedirectEntry } from "./redirect-entry-schema.ts";
import type { RedirectIssue } from "./redirect-table-rules.ts";
import type { RedirectWriteEntryInput } from "./redirect-write-schema.ts";

/**
 * The redirect table as CSV for ops (ADR 0021): header `path,target,code,external`, RFC 4180
 * (comma separated, fields with comma, quote or line break in double quotes, "" for a quote,
 * CRLF or LF). An empty target means gone (code 410); empty code and external take the
 * defaults. Parsing gives raw rows with their line numbers; the write schema validates them.
 *
 * @example
 * parseRedirectCsv('path,target,code,external\n/aktion,/angebote,302,\n');
 * // { ok: true, rows: [{ line: 2, entry: { path: "/aktion", target: "/angebote", code: 302 } }] }
 * serializeRedirectCsv([{ path: "/a", target: "/b?x=1,2", code: 301, external: false }]);
 * // 'path,target,code,external\r\n/a,"/b?x=1,2",301,false\r\n'
 */

export const CSV_COLUMNS = ["path", "target", "code", "external"] as const;
type Column = (typeof CSV_COLUMNS)[number];

export interface CsvRow {
  line: number;
  entry: RedirectWriteEntryInput;
}

export type CsvParse = { ok: true; rows: CsvRow[] } | { ok: false; issues: RedirectIssue[] };

/** Records of an RFC 4180 text with the (1-based) line each starts on. */
export function parseCsvRecords(
  text: string,
): { ok: true; records: Array<{ line: number; fields: string[] }> } | { ok: false; issues: RedirectIssue[] } {
  const records: Array<{ line: number; fields: string[] }> = [];
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  let line = 1;
  let i = 0;
  while (i < source.length) {
    const startLine = line;
    const fields: string[] = [];
    for (;;) {
      let field = "";
      if (source[i] === '"') {
        i += 1;
        for (;;) {
          if (i >= source.length)
            return { ok: false, issues: [{ line: startLine, message: `line ${startLine}: quoted field is never closed (missing ")` }] };
          const char = source.charAt(i);
          if (char === '"') {
            if (source[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i += 1;
            break;
          }
          if (char === "\n") line += 1;
          field += char;
          i += 1;
        }
        const after = source[i];
        if (after !== undefined && after !== "," && after !== "\n" && after !== "\r") {
          return {
            ok: false,
            issues: [{ line, message: `line ${line}: unexpected text after a closing quote; write "" for a quote inside a quoted field` }],
          };
        }
      } else {
        while (i < source.length && source[i] !== "," && source[i] !== "\n" && source[i] !== "\r") {
          if (source[i] === '"')
            return {
              ok: false,
              issues: [
                { line, message: `line ${line}: a quote inside an unquoted field; quote the whole field and write "" for the quote` },
              ],
            };
          field += source[i];
          i += 1;
        }
      }
      fields.push(field);
      if (source[i] === ",") {
        i += 1;
        continue;
      }
      if (source[i] === "\r") i += 1;
      if (source[i] === "\n") i += 1;
      line += 1;
      break;
    }
    // A blank line (one empty field) is skipped, as most spreadsheet exports end with one.
    if (!(fields.length === 1 && fields[0] === "")) records.push({ line: startLine, fields });
  }
  return { ok: true, records };
}

export function parseRedirectCsv(text: string): CsvParse {
  const parsed = parseCsvRecords(text);
  if (!parsed.ok) return parsed;
  const [header, ...records] = parsed.records;
  if (header === undefined)
    return { ok: false, issues: [{ line: 1, message: "line 1: empty file; expected the header path,target,code,external" }] };
  const columns = header.fields.map((name) => name.trim().toLowerCase());
  const known: ReadonlySet<string> = new Set(CSV_COLUMNS);
  const unknown = columns.filter((name) => !known.has(name));
  if (unknown.length > 0 || !columns.includes("path") || new Set(columns).size !== columns.length) {
    return {
      ok: false,
      issues: [
        {
          line: header.line,
          message: `line ${header.line}: header must name the columns path,target,code,external (path required, each once); got "${header.fields.join(",")}"`,
        },
      ],
    };
  }
  const issues: RedirectIssue[] = [];
  const rows: CsvRow[] = [];
  for (const { line, fields } of records) {
    if (fields.length !== columns.length) {
      issues.push({ line, message: `line ${line}: ${fields.length} fields, the header has ${columns.length}` });
      continue;
    }
    const cell = new Map<Column, string>(columns.map((name, index) => [name as Column, (fields[index] ?? "").trim()]));
    const entry: RedirectWriteEntryInput = { path: cell.get("path") ?? "" };
    const target = cell.get("target") ?? "";
    entry.target = target === "" ? null : target;
    const code = cell.get("code") ?? "";
    if (code !== "") {
      if (!/^\d{3}$/.test(code)) {
        issues.push({ line, entry: entry.path, message: `line ${line}: code "${code}" is not a number; use 301, 302, 307, 308 or 410` });
        continue;
      }
      entry.code = Number(code);
    }
    const external = (cell.get("external") ?? "").toLowerCase();
    if (external !== "") {
      if (!["true", "false", "1", "0", "ja", "nein"].includes(external)) {
        issues.push({ line, entry: entry.path, message: `line ${line}: external must be true or false, got "${external}"` });
        continue;
      }
      entry.external = external === "true" || external === "1" || external === "ja";
    }
    rows.push({ line, entry });
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, rows };
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replaceAll('"', '""')}"` : value;
}

export function serializeRedirectCsv(entries: Iterable<RedirectEntry>): string {
  let out = `${CSV_COLUMNS.join(",")}\r\n`;
  for (const { path, target, code, external } of entries) {
    out += `${[csvField(path), csvField(target ?? ""), String(code), String(external)].join(",")}\r\n`;
  }
  return out;
}
