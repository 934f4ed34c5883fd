import type { z } from "zod";
import { parseRedirectCsv } from "./redirect-csv.ts";
import type { RedirectEntry } from "./redirect-entry-schema.ts";
import type { RedirectIssue } from "./redirect-table-rules.ts";
import { RedirectWriteEntrySchema, RedirectWriteTableSchema } from "./redirect-write-schema.ts";

/**
 * Entries to write, from the text of an import (JSON array or CSV) or one entry object, checked
 * with the write schema (redirect-write-schema.ts). Every issue names the entry (its path) and,
 * for CSV, the line; JSON issues name the array position.
 *
 * @example
 * parseRedirectImport('[{"path":"/a","target":"/b","code":303}]', "json");
 * // { ok: false, issues: [{ entry: "/a", message: "entry 1 (/a), code: code must be 301, 302, 307, 308 or 410 (gone)" }] }
 */

export type ImportParse = { ok: true; entries: RedirectEntry[] } | { ok: false; issues: RedirectIssue[] };

export type ImportFormat = "json" | "csv";

export function parseRedirectImport(text: string, format: ImportFormat): ImportParse {
  if (format === "csv") {
    const csv = parseRedirectCsv(text);
    if (!csv.ok) return csv;
    return checkEntries(
      csv.rows.map((row) => row.entry),
      (index) => csv.rows[index]?.line,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, issues: [{ message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` }] };
  }
  if (!Array.isArray(json)) return { ok: false, issues: [{ message: "expected a JSON array of entries {path, target, code, external}" }] };
  return checkEntries(json, () => undefined);
}

/** One entry (PUT), by the write schema. */
export function parseRedirectEntry(input: unknown): { ok: true; entry: RedirectEntry } | { ok: false; issues: RedirectIssue[] } {
  const result = RedirectWriteEntrySchema.safeParse(input);
  if (result.success) return { ok: true, entry: result.data };
  const path = typeof input === "object" && input !== null && "path" in input ? String(input.path) : undefined;
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({ ...(path === undefined ? {} : { entry: path }), message: describeIssue(issue) })),
  };
}

function checkEntries(inputs: unknown[], lineOf: (index: number) => number | undefined): ImportParse {
  const result = RedirectWriteTableSchema.safeParse(inputs);
  if (result.success) return { ok: true, entries: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => {
      const index = typeof issue.path[0] === "number" ? issue.path[0] : undefined;
      const raw = index === undefined ? undefined : inputs[index];
      const path = typeof raw === "object" && raw !== null && "path" in raw ? String(raw.path) : undefined;
      const line = index === undefined ? undefined : lineOf(index);
      const where = line !== undefined ? `line ${line}` : index !== undefined ? `entry ${index + 1}` : "table";
      return {
        ...(path === undefined ? {} : { entry: path }),
        ...(line === undefined ? {} : { line }),
        message: `${where}${path === undefined ? "" : ` (${path})`}: ${describeIssue({ ...issue, path: issue.path.slice(1) })}`,
      };
    }),
  };
}

function describeIssue(issue: Pick<z.core.$ZodIssue, "path" | "message">): string {
  const field = issue.path.filter((part) => typeof part === "string").join(".");
  return field === "" ? issue.message : `${field}: ${issue.message}`;
}
