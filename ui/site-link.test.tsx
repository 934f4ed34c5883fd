import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { SiteLink, takesOver } from "./site-link.tsx";

const click = { defaultPrevented: false, button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false };

describe("SiteLink (React Router's Link without its per-render path resolution)", () => {
  it("renders a plain anchor with the target as href and the other attributes unchanged", () => {
    const html = renderToStaticMarkup(
      <SiteLink to="/carfinder?brand=smart" className="button" aria-label="smart finden" rel="next" preventScrollReset>
        smart
      </SiteLink>,
    );
    expect(html).toBe('<a class="button" aria-label="smart finden" rel="next" href="/carfinder?brand=smart">smart</a>');
  });

  it("takes over only a plain left click on a path of this site", () => {
    expect(takesOver(click, "/impressum")).toBe(true);
    expect(takesOver(click, "/impressum", "_self")).toBe(true);
    expect(takesOver({ ...click, button: 1 }, "/impressum")).toBe(false);
    for (const key of ["metaKey", "altKey", "ctrlKey", "shiftKey"] as const)
      expect(takesOver({ ...click, [key]: true }, "/impressum"), key).toBe(false);
    expect(takesOver({ ...click, defaultPrevented: true }, "/impressum")).toBe(false);
    expect(takesOver(click, "/impressum", "_blank")).toBe(false);
    expect(takesOver(click, "/files/preisliste.pdf", undefined, "")).toBe(false);
    expect(takesOver(click, "#preise")).toBe(false);
    expect(takesOver(click, "//evil.example/")).toBe(false);
    expect(takesOver(click, "https://www.example.com/")).toBe(false);
  });
});
