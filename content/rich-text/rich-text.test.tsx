import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { RichText } from "./rich-text.tsx";
import { RICH_TEXT_MARKS, RICH_TEXT_NODES, richTextToPlainText } from "./rich-text-types.ts";

type Node = Record<string, unknown>;
const text = (value: string, marks?: Node[]): Node => ({ type: "text", text: value, ...(marks && { marks }) });
const p = (...content: Node[]): Node => ({ type: "paragraph", content });
const doc = (...content: Node[]) => ({ type: "doc", content });

function html(value: unknown, options: { headingBase?: number } = {}): string {
  const markup = renderToStaticMarkup(
    <MemoryRouter>
      <RichText
        doc={value}
        {...options}
        renderBlocks={(blocks) => blocks.map((block) => <div key={block._uid} data-blok={block.component} />)}
      />
    </MemoryRouter>,
  );
  // React Router marks its links with data-discover; not part of what is under test here.
  return markup.replace(/ data-discover="true"/g, "").replace(/^<div class="rich-text">|<\/div>$/g, "");
}

describe("rich text nodes", () => {
  it("paragraph, blockquote, hard break, horizontal rule", () => {
    expect(
      html(
        doc(
          p(text("a"), { type: "hard_break" }, text("b")),
          { type: "blockquote", content: [p(text("Zitat"))] },
          { type: "horizontal_rule" },
        ),
      ),
    ).toBe("<p>a<br/>b</p><blockquote><p>Zitat</p></blockquote><hr/>");
  });

  it("bullet and ordered lists with list items; ordered lists keep their start", () => {
    const item = (value: string) => ({ type: "list_item", content: [p(text(value))] });
    expect(html(doc({ type: "bullet_list", content: [item("a"), item("b")] }))).toBe("<ul><li><p>a</p></li><li><p>b</p></li></ul>");
    expect(html(doc({ type: "ordered_list", attrs: { order: 3 }, content: [item("c")] }))).toBe('<ol start="3"><li><p>c</p></li></ol>');
    expect(html(doc({ type: "ordered_list", attrs: { order: 1 }, content: [item("d")] }))).toBe("<ol><li><p>d</p></li></ol>");
  });

  it("code block with a language class (sanitised)", () => {
    expect(html(doc({ type: "code_block", attrs: { class: "language-ts" }, content: [text("const a = 1;")] }))).toBe(
      '<pre><code class="language-ts">const a = 1;</code></pre>',
    );
    expect(html(doc({ type: "code_block", attrs: { class: 'x" onclick="alert(1)' }, content: [text("x")] }))).toBe(
      "<pre><code>x</code></pre>",
    );
  });

  it("image with src, alt and title; Storyblok images get size and srcset; unsafe sources are dropped", () => {
    const src = "https://a.storyblok.com/f/1/1600x900/ab/c.jpg";
    const srcSet = [480, 800, 1200, 1600].map((width) => `${src}/m/${width}x0 ${width}w`).join(", ");
    expect(html(doc({ type: "image", attrs: { src, alt: "Ein Auto", title: "Im Showroom" } }))).toBe(
      `<figure class="rich-text__figure"><img src="${src}/m/1200x0" srcSet="${srcSet}" sizes="(min-width: 56.25em) 70ch, 100vw" alt="Ein Auto" title="Im Showroom" width="1600" height="900" loading="lazy" decoding="async"/><figcaption>Im Showroom</figcaption></figure>`,
    );
    expect(html(doc({ type: "image", attrs: { src: "javascript:alert(1)", alt: "x" } }))).toBe("");
  });

  it("emoji as an image with its name", () => {
    expect(html(doc(p({ type: "emoji", attrs: { name: "red_car", emoji: "🚗" } })))).toBe(
      '<p><span role="img" aria-label="red car" class="emoji">🚗</span></p>',
    );
  });

  it("embedded bloks render through the block registry", () => {
    expect(html(doc({ type: "blok", attrs: { id: "x", body: [{ component: "button", _uid: "b1" }] } }))).toBe(
      '<div class="rich-text__blok"><div data-blok="button"></div></div>',
    );
  });

  it("tables with a header row, rows, cells and spans", () => {
    const cell = (type: string, value: string, attrs: Node = {}) => ({ type, attrs, content: [p(text(value))] });
    const table = {
      type: "table",
      content: [
        { type: "tableRow", content: [cell("tableHeader", "Paket"), cell("tableHeader", "Preis")] },
        { type: "tableRow", content: [cell("tableCell", "Klima", { colspan: 2 })] },
      ],
    };
    expect(html(doc(table))).toBe(
      '<div class="rich-text__table"><table><thead><tr><th scope="col"><p>Paket</p></th><th scope="col"><p>Preis</p></th></tr></thead><tbody><tr><td colSpan="2"><p>Klima</p></td></tr></tbody></table></div>',
    );
  });

  it("an unknown node keeps its text in a plain span", () => {
    expect(html(doc({ type: "marquee", content: [text("x")] }))).toBe("<span>x</span>");
  });

  it.each(RICH_TEXT_NODES)("the spec's node %s has a rendering of its own", (type) => {
    expect(html(doc({ type, content: [text("x")] }))).not.toBe("<span>x</span>");
  });

  it("an empty document renders nothing; a plain string renders as a paragraph", () => {
    expect(renderToStaticMarkup(<RichText doc={doc(p())} />)).toBe("");
    expect(renderToStaticMarkup(<RichText doc="Hallo" />)).toBe('<div class="rich-text"><p>Hallo</p></div>');
  });
});

describe("headings keep a valid outline below the page's h1", () => {
  const h = (level: number, value: string) => ({ type: "heading", attrs: { level }, content: [text(value)] });
  it("editor h2 is h2 on the page and h3 inside a headed block", () => {
    expect(html(doc(h(2, "A")))).toBe("<h2>A</h2>");
    expect(html(doc(h(2, "A")), { headingBase: 3 })).toBe("<h3>A</h3>");
  });
  it("editor h1 never becomes a second h1", () => {
    expect(html(doc(h(1, "A"), h(2, "B")))).toBe("<h2>A</h2><h2>B</h2>");
  });
  it("gaps between editor levels close (h2, h4 → h2, h3)", () => {
    expect(html(doc(h(2, "A"), h(4, "B"), h(2, "C")))).toBe("<h2>A</h2><h3>B</h3><h2>C</h2>");
  });
  it("a document starting deep starts at the base", () => {
    expect(html(doc(h(4, "A"), h(5, "B")))).toBe("<h2>A</h2><h3>B</h3>");
  });
  it("never more than one level deeper than the heading before", () => {
    expect(html(doc(h(3, "A"), h(2, "B"), h(6, "C")))).toBe("<h2>A</h2><h2>B</h2><h3>C</h3>");
  });
});

describe("rich text marks", () => {
  const marked = (...marks: Node[]) => html(doc(p(text("x", marks))));
  it.each([
    ["bold", "<strong>x</strong>"],
    ["strong", "<strong>x</strong>"],
    ["italic", "<em>x</em>"],
    ["strike", "<s>x</s>"],
    ["underline", "<u>x</u>"],
    ["code", "<code>x</code>"],
    ["subscript", "<sub>x</sub>"],
    ["superscript", "<sup>x</sup>"],
    ["highlight", "<mark>x</mark>"],
  ])("%s", (type, expected) => {
    expect(marked({ type })).toBe(`<p>${expected}</p>`);
  });

  it("nested marks: the first is outermost", () => {
    expect(marked({ type: "bold" }, { type: "italic" })).toBe("<p><strong><em>x</em></strong></p>");
  });

  it("link: story links are internal, url links external with icon and hint, unsafe links lose the link", () => {
    expect(marked({ type: "link", attrs: { href: "carfinder", linktype: "story" } })).toBe('<p><a href="/carfinder">x</a></p>');
    const external = marked({ type: "link", attrs: { href: "https://www.smart.com", linktype: "url", target: "_blank" } });
    expect(external).toContain('href="https://www.smart.com/"');
    expect(external).toContain('target="_blank"');
    expect(external).toContain('rel="noopener noreferrer"');
    expect(external).toContain("(öffnet in neuem Tab)");
    expect(external).toContain('class="external-icon"');
    expect(marked({ type: "link", attrs: { href: "info@example.de", linktype: "email" } })).toBe(
      '<p><a href="mailto:info@example.de">x</a></p>',
    );
    expect(marked({ type: "link", attrs: { href: "werkstatt", linktype: "story", anchor: "preise" } })).toBe(
      '<p><a href="/werkstatt#preise">x</a></p>',
    );
    expect(marked({ type: "link", attrs: { href: "javascript:alert(1)", linktype: "url" } })).toBe("<p>x</p>");
    // A place on the same page stays on the page (resolved against the site it was "/#preise").
    expect(marked({ type: "link", attrs: { href: "#preise", linktype: "url" } })).toBe('<p><a href="#preise">x</a></p>');
    expect(marked({ type: "link", attrs: { href: "", linktype: "story", anchor: "preise" } })).toBe('<p><a href="#preise">x</a></p>');
    expect(marked({ type: "link", attrs: { href: "#<script>", linktype: "url" } })).toBe("<p>x</p>");
  });

  it("anchor gives an id; odd ids are dropped", () => {
    expect(marked({ type: "anchor", attrs: { id: "preise" } })).toBe('<p><span id="preise">x</span></p>');
    expect(marked({ type: "anchor", attrs: { id: '" onmouseover="x' } })).toBe("<p>x</p>");
  });

  it("styled takes classes from the allow-list only", () => {
    expect(marked({ type: "styled", attrs: { class: "text-lead" } })).toBe('<p><span class="text-lead">x</span></p>');
    expect(marked({ type: "styled", attrs: { class: "anything else" } })).toBe("<p>x</p>");
  });

  it("textStyle and highlight accept safe colours only", () => {
    expect(marked({ type: "textStyle", attrs: { color: "#c2410c" } })).toBe('<p><span style="color:#c2410c">x</span></p>');
    expect(marked({ type: "textStyle", attrs: { color: "red;background:url(https://evil.example)" } })).toBe("<p>x</p>");
    expect(marked({ type: "highlight", attrs: { color: "rgb(255, 244, 214)" } })).toBe(
      '<p><mark style="background-color:rgb(255, 244, 214)">x</mark></p>',
    );
  });

  it("an unknown mark keeps its text unmarked", () => {
    expect(marked({ type: "blink" })).toBe("<p>x</p>");
  });

  // The attributes a mark needs before it does anything (each has its own test above).
  const attrsOf: Partial<Record<(typeof RICH_TEXT_MARKS)[number], Node>> = {
    link: { href: "carfinder", linktype: "story" },
    anchor: { id: "preise" },
    styled: { class: "text-lead" },
    textStyle: { color: "#c2410c" },
  };
  it.each(RICH_TEXT_MARKS)("the spec's mark %s has a rendering of its own", (type) => {
    expect(marked({ type, attrs: attrsOf[type] })).not.toBe("<p>x</p>");
  });
});

describe("no raw HTML reaches the output", () => {
  it("markup in text is escaped, unknown nodes keep only their text, no dangerouslySetInnerHTML", () => {
    const out = html(
      doc(p(text("<script>alert(1)</script><img src=x onerror=alert(1)>")), {
        type: "html",
        attrs: { html: "<script>alert(2)</script>" },
        content: [text("rest")],
      }),
    );
    // The text "onerror=" may stay as escaped text; no element or attribute may come from it.
    expect(out).not.toMatch(/<script|<img|alert\(2\)/);
    expect(out).toContain("&lt;script&gt;");
    expect(out).toContain("rest");
  });

  it("javascript: never appears in any attribute", () => {
    const hostile = doc(
      p(text("a", [{ type: "link", attrs: { href: "javascript:alert(1)", linktype: "url" } }])),
      p(text("b", [{ type: "link", attrs: { href: " JAVASCRIPT:alert(1)", linktype: "story" } }])),
      { type: "image", attrs: { src: "javascript:alert(1)" } },
      p(text("c", [{ type: "link", attrs: { href: "data:text/html;base64,PHNjcmlwdD4=", linktype: "asset" } }])),
    );
    expect(html(hostile)).not.toMatch(/javascript:|data:/i);
  });
});

describe("plain text", () => {
  it("joins blocks with spaces", () => {
    expect(richTextToPlainText(doc(p(text("Hallo")), p(text("Welt"), { type: "hard_break" }, text("!"))))).toBe("Hallo Welt !");
  });
});
