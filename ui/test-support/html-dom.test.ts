import { describe, expect, it } from "vitest";
import { attr, parseHtml, termsOf } from "./html-dom.ts";

describe("the test DOM of server HTML", () => {
  it("finds headings, links and regions by role and accessible name, entities decoded and React's text markers dropped", () => {
    const page = parseHtml(
      '<main><section aria-labelledby="h"><h2 id="h">Preise &amp; Angebote</h2><a href="/a?x=1&amp;y=2">Zum <!-- -->Angebot</a></section></main>',
    );
    const region = page.getByRole("region", { name: "Preise & Angebote" });
    expect(page.within(region).getByRole("heading", { level: 2 }).tag).toBe("h2");
    expect(attr(page.getByRole("link", { name: "Zum Angebot" }), "href")).toBe("/a?x=1&y=2");
    expect(page.queryByRole("heading", { level: 1 })).toBeNull();
  });

  it("names form controls by their label (without the control's own options), images by alt, anything by aria-label", () => {
    const page = parseHtml(
      '<form aria-label="Filter"><label>Marke<select name="marke"><option value="" selected="">Alle</option></select></label>' +
        '<label for="q">Suche</label><input id="q" type="search" name="q"/><button type="submit">Los</button></form><img src="x" alt="Logo"/><img src="y" alt=""/>',
    );
    expect(attr(page.getByRole("combobox", { name: "Marke" }), "name")).toBe("marke");
    expect(attr(page.getByRole("searchbox", { name: "Suche" }), "name")).toBe("q");
    expect(page.getByRole("form", { name: "Filter" })).toBeDefined();
    expect(page.getByRole("img", { name: "Logo" })).toBeDefined();
    expect(page.queryAllByRole("img")).toHaveLength(1);
  });

  it("leaves hidden parts out of roles and text; reads a fact list as term and definition pairs", () => {
    const page = parseHtml(
      '<div><p hidden="">Alt</p><span aria-hidden="true">*</span><script>var a = "<p>";</script><dl><div><dt>Laufzeit</dt><dd>48 Monate</dd></div><dt>Rate</dt><dd>199 €</dd></dl></div>',
    );
    expect(page.text()).toBe("Laufzeit 48 Monate Rate 199 €");
    expect(termsOf(page.getAllByRole("term")[0]?.parent?.parent ?? page.root)).toEqual([
      ["Laufzeit", "48 Monate"],
      ["Rate", "199 €"],
    ]);
    expect(page.queryAllByText("Alt")).toEqual([]);
    expect(page.getByText("48 Monate").tag).toBe("dd");
  });

  it("a query that finds more than one element, or none, says what it found", () => {
    const page = parseHtml('<a href="/1">Mehr</a><a href="/2">Mehr</a>');
    expect(() => page.getByRole("link", { name: "Mehr" })).toThrow(/2 elements with role link named Mehr/);
    expect(() => page.getByRole("button")).toThrow(/No element with role button/);
  });
});
