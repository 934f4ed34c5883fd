import { describe, expect, it } from "vitest";
import { isSafeHref, linkProblem, resolveHref, resolveLink } from "./link-field.ts";

/** Everything but the href of a resolved link to a page of this site. */
const INTERNAL = { kind: "internal", external: false, newTab: false, download: false } as const;

describe("link field rules", () => {
  it("story links become /{full_slug}; home is /; anchors are appended", () => {
    expect(resolveLink({ linktype: "story", cached_url: "werkstatt/teile-zubehoer" })).toEqual({
      href: "/werkstatt/teile-zubehoer",
      ...INTERNAL,
    });
    expect(resolveLink({ linktype: "story", cached_url: "home" })?.href).toBe("/");
    expect(resolveLink({ linktype: "story", cached_url: "/karriere/", anchor: "ausbildung" })?.href).toBe("/karriere#ausbildung");
    expect(resolveLink({ linktype: "story", cached_url: "", anchor: "kontakt" })?.href).toBe("#kontakt");
  });

  it("the resolved story's current slug wins over a stale cached_url", () => {
    expect(resolveLink({ linktype: "story", cached_url: "alt/pfad", story: { full_slug: "neu/pfad" } })?.href).toBe("/neu/pfad");
  });

  it("anchors with odd characters are dropped, not injected", () => {
    expect(resolveLink({ linktype: "story", cached_url: "a", anchor: '"><script>' })?.href).toBe("/a");
  });

  it("url links: relative stays internal, absolute is external in a new tab, www. reads as https", () => {
    expect(resolveLink({ linktype: "url", url: "/carfinder?brand=smart" })).toMatchObject({
      href: "/carfinder?brand=smart",
      kind: "internal",
    });
    expect(resolveLink({ linktype: "url", url: "https://www.hyundai.de/" })).toEqual({
      href: "https://www.hyundai.de/",
      kind: "external",
      external: true,
      newTab: true,
      download: false,
    });
    expect(resolveLink({ linktype: "url", url: "www.hymer.com" })?.href).toBe("https://www.hymer.com/");
    expect(resolveLink({ linktype: "url", url: "https://example.com/a", anchor: "b" })?.href).toBe("https://example.com/a#b");
    expect(resolveLink({ linktype: "url", url: "tel:+49 40 123456" })).toMatchObject({ href: "tel:+4940123456", kind: "phone" });
    expect(resolveLink({ linktype: "url", url: "mailto:info@example.de" })).toMatchObject({
      href: "mailto:info@example.de",
      kind: "email",
    });
  });

  it("unsafe protocols are refused", () => {
    for (const url of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox",
      "file:///etc/passwd",
      "https://user:pass@example.com/",
    ]) {
      expect(resolveLink({ linktype: "url", url }), url).toBeNull();
      expect(isSafeHref(url), url).toBe(false);
      expect(linkProblem({ linktype: "url", url }), url).toMatch(/unsicher/);
    }
  });

  it("protocol-relative and backslash tricks count as external, never as internal", () => {
    expect(resolveHref("//evil.example/x")).toMatchObject({ kind: "external", href: "https://evil.example/x" });
    expect(resolveHref("/\\evil.example/x")).toMatchObject({ kind: "external" });
    expect(resolveLink({ linktype: "story", cached_url: "//evil.example" })).toMatchObject({ kind: "external" });
  });

  it("email links become mailto:, invalid addresses are refused", () => {
    expect(resolveLink({ linktype: "email", email: "info@autohaus-gruppe-nord.de" })?.href).toBe("mailto:info@autohaus-gruppe-nord.de");
    expect(resolveLink({ linktype: "email", email: "mailto:info@autohaus-gruppe-nord.de" })?.href).toBe(
      "mailto:info@autohaus-gruppe-nord.de",
    );
    expect(resolveLink({ linktype: "email", email: "nobody" })).toBeNull();
    expect(resolveLink({ linktype: "email", email: "a@b.de?bcc=x@y.de" })).toBeNull();
  });

  it("assets on the content asset host are downloads", () => {
    expect(resolveLink({ linktype: "asset", url: "https://a.storyblok.com/f/287411/x/preisliste.pdf" })).toMatchObject({
      kind: "asset",
      download: true,
      external: true,
    });
    expect(resolveLink({ linktype: "url", url: "https://a.storyblok.com/f/287411/x/preisliste.pdf" })).toMatchObject({ download: true });
    expect(resolveLink({ linktype: "asset", url: "/downloads/agb.pdf" })).toMatchObject({
      kind: "asset",
      download: false,
      href: "/downloads/agb.pdf",
    });
    expect(resolveLink({ linktype: "asset", url: "javascript:alert(1)" })).toBeNull();
  });

  it("empty link fields resolve to nothing and are no problem", () => {
    expect(resolveLink({ linktype: "story", cached_url: "", url: "", id: "" })).toBeNull();
    expect(linkProblem({ linktype: "story", cached_url: "" })).toBeNull();
    expect(resolveLink(undefined)).toBeNull();
  });

  it("target _blank opens internal links in a new tab", () => {
    expect(resolveLink({ linktype: "story", cached_url: "impressum", target: "_blank" })).toMatchObject({ kind: "internal", newTab: true });
  });
});
