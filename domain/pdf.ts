/**
 * A small PDF 1.4 writer for text documents (the model price lists): A4 pages,
 * the standard Helvetica fonts in WinAnsiEncoding (German umlauts, ß, €, dashes and quotes), text
 * placed at positions. No images, no compression: a price list of a model line is a few KB. The
 * output is plain ASCII (every other byte is an octal escape), so it can be built as a string.
 */

export interface PageSize {
  width: number;
  height: number;
}
export const A4: PageSize = { width: 595, height: 842 };
export const A4_LANDSCAPE: PageSize = { width: 842, height: 595 };

export interface PdfText {
  x: number;
  /** From the bottom of the page, as PDF counts. */
  y: number;
  size: number;
  text: string;
  bold?: boolean;
}

/** WinAnsiEncoding (PDF 32000-1 Annex D) code points above Latin-1 that German text uses. */
const WIN_ANSI_EXTRA = new Map<string, number>([
  ["€", 0x80],
  ["‚", 0x82],
  ["„", 0x84],
  ["…", 0x85],
  ["‘", 0x91],
  ["’", 0x92],
  ["“", 0x93],
  ["”", 0x94],
  ["•", 0x95],
  ["–", 0x96],
  ["—", 0x97],
]);
const SUBSCRIPT_DIGITS = "₀₁₂₃₄₅₆₇₈₉";

/** A PDF string literal of `text` in WinAnsiEncoding; characters it cannot show become "?". */
export function pdfString(text: string): string {
  let out = "(";
  for (const char of text.normalize("NFC")) {
    const subscript = SUBSCRIPT_DIGITS.indexOf(char);
    const extra = WIN_ANSI_EXTRA.get(char);
    const code = subscript >= 0 ? 0x30 + subscript : (extra ?? char.codePointAt(0) ?? 0x3f);
    if (code === 0x28 || code === 0x29 || code === 0x5c) out += `\\${String.fromCharCode(code)}`;
    else if (code >= 0x20 && code < 0x7f) out += String.fromCharCode(code);
    else if (code === 0xa0) out += " ";
    else if (extra !== undefined || (code > 0xa0 && code <= 0xff)) out += `\\${code.toString(8).padStart(3, "0")}`;
    else out += "?";
  }
  return `${out})`;
}

/** Approximate Helvetica width (average glyph 0.5 em) to keep columns apart. */
export function approximateWidth(text: string, size: number): number {
  return text.length * size * 0.5;
}

/** Breaks `text` into lines of at most `width` points (by the approximate width). */
export function wrapText(text: string, width: number, size: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && approximateWidth(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** `text` shortened with "…" to fit `width` points. */
export function fitText(text: string, width: number, size: number): string {
  if (approximateWidth(text, size) <= width) return text;
  let end = text.length;
  while (end > 1 && approximateWidth(`${text.slice(0, end)}…`, size) > width) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** The PDF document of `pages` (each a list of texts) with a document title. */
export function pdfDocument(title: string, pages: PdfText[][], size: PageSize = A4): string {
  const objects: string[] = [];
  // Object numbers start at 1: the new length is the new object's number.
  const add = (body: string) => objects.push(body);
  const catalog = add("");
  const pagesNode = add("");
  const regular = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const bold = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const info = add(`<< /Title ${pdfString(title)} /Producer (Autohaus Gruppe Nord) >>`);
  const pageIds: number[] = [];
  for (const texts of pages.length > 0 ? pages : [[]]) {
    const stream = texts
      .map(
        (text) =>
          `BT /${text.bold ? "F2" : "F1"} ${text.size} Tf ${text.x.toFixed(2)} ${text.y.toFixed(2)} Td ${pdfString(text.text)} Tj ET`,
      )
      .join("\n");
    const content = add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    pageIds.push(
      add(
        `<< /Type /Page /Parent ${pagesNode} 0 R /MediaBox [0 0 ${size.width} ${size.height}] /Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesNode} 0 R >>`;
  objects[pagesNode - 1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;

  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return pdf;
}

/**
 * Lays out a title, a few lines of text and a table over as many pages as it needs (the
 * table's header repeats on each page; columns at the given x positions).
 */
export function tableDocument(options: {
  title: string;
  intro: string[];
  columns: Array<{ label: string; x: number }>;
  rows: string[][];
  notes: string[];
  size?: PageSize;
}): PdfText[][] {
  const size = options.size ?? A4;
  const margin = 48;
  const pages: PdfText[][] = [];
  let page: PdfText[] = [];
  let y = size.height - margin;
  const header = () => {
    for (const column of options.columns) page.push({ x: column.x, y, size: 8, text: column.label, bold: true });
    y -= 14;
  };
  const newPage = () => {
    pages.push(page);
    page = [];
    y = size.height - margin;
    header();
  };
  page.push({ x: margin, y, size: 16, text: options.title, bold: true });
  y -= 24;
  for (const line of options.intro) {
    page.push({ x: margin, y, size: 9, text: line });
    y -= 13;
  }
  y -= 8;
  header();
  for (const row of options.rows) {
    if (y < margin + 14) newPage();
    row.forEach((cell, index) => page.push({ x: options.columns[index]?.x ?? 0, y, size: 8, text: cell }));
    y -= 13;
  }
  y -= 10;
  for (const line of options.notes.flatMap((note) => wrapText(note, size.width - 2 * margin, 7))) {
    if (y < margin) newPage();
    page.push({ x: margin, y, size: 7, text: line });
    y -= 10;
  }
  pages.push(page);
  return pages;
}
