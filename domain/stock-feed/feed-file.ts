import { EXTRA_CELLS, mapFeedRows, type FeedRowOptions, type FeedRows } from "./feed-row.ts";
import { mobileDeAdToRow } from "./mobilede-ad.ts";

/**
 * A DMS export as text → its rows (docs/stock-import.md "DMS formats"):
 *
 * - JSON: `{ "vehicles": [ {…}, … ] }` (or the bare list), fields as in the docs' table.
 * - CSV: one vehicle per line, the first line names the columns with the JSON fields' names;
 *   nested fields by dotted names (`wltp.co2Combined`, `offers.0.monthlyRate`), lists in one cell
 *   separated by "|". Separator ";" (German spreadsheets), "," or tab, found from the header line;
 *   UTF-8 with or without BOM; quotes as RFC 4180.
 *
 * - mobilede: ads in mobile.de's Search-API JSON (a saved answer `{ "ads": [ … ] }` or the bare
 *   list), all of one center (`center`), turned into rows as the sync turns them (mobilede-ad.ts).
 *
 * A file that cannot be read as a whole (not JSON, no header, an unknown column) is refused with a
 * `FeedFileError`; row problems are the rows' (feed-row.ts).
 */

export const FEED_FORMATS = ["json", "csv", "mobilede"] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/**
 * Room for a large group's whole stock in one file (50,000 vehicles at ~1.5–3 KB a row); the admin
 * endpoint takes far less (STOCK_IMPORT_BODY_LIMIT_BYTES), as a worker has 128 MB.
 */
export const MAX_FEED_BYTES = 256 * 1024 * 1024;
export const MAX_FEED_ROWS = 60_000;
const MAX_COLUMNS = 400;

export class FeedFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedFileError";
  }
}

/** Column names: field paths of the format; never a name that reaches an object's prototype. */
const COLUMN_PATTERN = /^[A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*$/;
const FORBIDDEN_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);

/** The center a mobile.de file's ads are all of (`--center`); the DMS formats name it per row. */
export interface FeedFileOptions extends FeedRowOptions {
  center?: string;
}

export function readFeedFile(text: string, format: FeedFormat, options: FeedFileOptions): FeedRows {
  if (text.length > MAX_FEED_BYTES) throw new FeedFileError(`Die Datei ist größer als ${MAX_FEED_BYTES / 1024 / 1024} MB.`);
  const body = text.replace(/^\uFEFF/, "");
  if (format === "mobilede") {
    const center = options.center;
    if (center === undefined || !options.centers.has(center))
      throw new FeedFileError(
        center === undefined
          ? "Für mobile.de-Inserate fehlt der Standort (--center), zu dem sie gehören."
          : `Den Standort „${center}“ gibt es nicht.`,
      );
    const list = jsonList(body, "ads");
    return mapFeedRows(
      list.map((ad) => mobileDeAdToRow(ad, center)),
      options,
    );
  }
  if (format === "json") return mapFeedRows(jsonList(body, "vehicles"), options);
  return mapFeedRows(csvRecords(body), options, 2);
}

/** A JSON file's list: the bare list or the one under `key`. */
function jsonList(body: string, key: "vehicles" | "ads"): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    throw new FeedFileError(`Die Datei ist kein gültiges JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  const list = Array.isArray(parsed)
    ? parsed
    : parsed !== null && typeof parsed === "object" && Object.hasOwn(parsed, key)
      ? (parsed as Record<typeof key, unknown>)[key]
      : undefined;
  if (!Array.isArray(list)) throw new FeedFileError(`Die JSON-Datei enthält keine Liste "${key}".`);
  if (list.length > MAX_FEED_ROWS) throw new FeedFileError(`Die Datei hat mehr als ${MAX_FEED_ROWS} Fahrzeuge.`);
  return list;
}

/** CSV text → one nested object per data line (null prototype: column names are data). */
export function csvRecords(text: string): Array<Record<string, unknown>> {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter =
    [";", "\t", ","].map((candidate) => [candidate, firstLine.split(candidate).length] as const).sort((a, b) => b[1] - a[1])[0]?.[0] ?? ";";
  const lines = csvLines(text, delimiter);
  const header = lines.shift();
  if (header === undefined || header.every((cell) => cell.trim() === "")) throw new FeedFileError("Die CSV-Datei hat keine Kopfzeile.");
  if (header.length > MAX_COLUMNS) throw new FeedFileError(`Die CSV-Datei hat mehr als ${MAX_COLUMNS} Spalten.`);
  const columns = header.map((cell) => cell.trim());
  const seen = new Set<string>();
  for (const column of columns) {
    if (!COLUMN_PATTERN.test(column) || column.split(".").some((segment) => FORBIDDEN_SEGMENTS.has(segment)))
      throw new FeedFileError(`Unbekannte Spalte "${column.slice(0, 80)}": Spaltennamen sind die Feldnamen aus docs/stock-import.md.`);
    if (seen.has(column)) throw new FeedFileError(`Die Spalte "${column}" kommt zweimal vor.`);
    seen.add(column);
  }
  if (lines.length > MAX_FEED_ROWS) throw new FeedFileError(`Die Datei hat mehr als ${MAX_FEED_ROWS} Fahrzeuge.`);
  return lines
    .filter((cells) => cells.some((cell) => cell.trim() !== ""))
    .map((cells) => {
      const record: Record<string | symbol, unknown> = Object.create(null);
      if (cells.length > columns.length && cells.slice(columns.length).some((cell) => cell.trim() !== "")) record[EXTRA_CELLS] = true;
      columns.forEach((column, index) => {
        const value = cells[index] ?? "";
        if (value === "") return;
        const path = column.split(".");
        const last = path.pop() ?? column;
        let target = record;
        for (const segment of path) {
          if (!Object.hasOwn(target, segment) || typeof target[segment] !== "object") target[segment] = Object.create(null);
          target = target[segment] as Record<string, unknown>;
        }
        target[last] = value;
      });
      return record;
    });
}

/** RFC 4180 with a given separator: quoted cells may hold separators, quotes ("") and line breaks. */
function csvLines(text: string, delimiter: string): string[][] {
  const lines: string[][] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charAt(index);
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index++;
        } else quoted = false;
      } else cell += char;
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === delimiter) {
      cells.push(cell);
      cell = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && text[index + 1] === "\n") index++;
      cells.push(cell);
      lines.push(cells);
      cells = [];
      cell = "";
    } else cell += char;
  }
  if (quoted) throw new FeedFileError("Die CSV-Datei endet in einem offenen Anführungszeichen.");
  if (cell !== "" || cells.length > 0) {
    cells.push(cell);
    lines.push(cells);
  }
  return lines;
}
