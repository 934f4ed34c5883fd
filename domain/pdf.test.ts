import { describe, expect, it } from "vitest";
import { fitText, pdfDocument, pdfString, tableDocument, wrapText } from "./pdf.ts";

describe("a minimal PDF writer (model price lists)", () => {
  it("writes German text in WinAnsiEncoding as ASCII with escapes", () => {
    expect(pdfString("Größe (cm) \\ Preis: 1.000 € – „gut“")).toBe("(Gr\\366\\337e \\(cm\\) \\\\ Preis: 1.000 \\200 \\226 \\204gut\\223)");
    expect(pdfString("CO₂ 120 g/km")).toBe("(CO2 120 g/km)");
    expect(pdfString("日本")).toBe("(??)");
    expect(pdfString("38.580\u00a0€")).toBe("(38.580 \\200)");
  });

  it("wraps and shortens by the approximate width", () => {
    expect(wrapText("eins zwei drei vier", 40, 8)).toEqual(["eins zwei", "drei vier"]);
    expect(fitText("Mercedes-AMG GLC 63 S E PERFORMANCE", 60, 8)).toBe("Mercedes-AMG G…");
    expect(fitText("GLC 200", 60, 8)).toBe("GLC 200");
  });

  it("every object the cross-reference table names starts where it says", () => {
    const pdf = pdfDocument("Test", [
      [{ x: 48, y: 800, size: 12, text: "Seite 1" }],
      [{ x: 48, y: 800, size: 12, text: "Seite 2", bold: true }],
    ]);
    expect(/^[\x09\x0a\x0d\x20-\x7e]*$/.test(pdf)).toBe(true);
    const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)![1]);
    const entries = pdf
      .slice(xref)
      .split("\n")
      .slice(2)
      .filter((line) => / 00000 n $/.test(line));
    expect(entries.length).toBe(Number(/\/Size (\d+)/.exec(pdf)![1]) - 1);
    entries.forEach((entry, index) => expect(pdf.slice(Number(entry.slice(0, 10))).startsWith(`${index + 1} 0 obj\n`)).toBe(true));
    expect(pdf).toContain("/Count 2");
    for (const match of pdf.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = match.index! + match[0].length;
      expect(pdf.slice(start + Number(match[1]), start + Number(match[1]) + 10)).toBe("\nendstream");
    }
  });

  it("a long table continues on further pages with its header repeated", () => {
    const rows = Array.from({ length: 120 }, (_, index) => [`Ausführung ${index + 1}`, `${index} €`]);
    const pages = tableDocument({
      title: "Preisliste",
      intro: ["Stand"],
      columns: [
        { label: "Ausführung", x: 48 },
        { label: "Preis", x: 400 },
      ],
      rows,
      notes: ["Hinweis"],
    });
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page.some((text) => text.text === "Ausführung" && text.bold)).toBe(true);
    expect(pages.flat().filter((text) => text.text.startsWith("Ausführung ")).length).toBe(120);
    for (const text of pages.flat()) expect(text.y).toBeGreaterThanOrEqual(40);
  });
});
