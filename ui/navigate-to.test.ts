import { afterEach, describe, expect, it, vi } from "vitest";
import { EXTERNAL_NAVIGATION_REFUSED, isSamePage, navigateTo, navigationTarget } from "./navigate-to.ts";

const ORIGIN = "https://www.autohaus-gruppe-nord.de";

describe("navigationTarget", () => {
  it("a path or a URL of the site's own origin is internal", () => {
    expect(navigationTarget("/werkstatt?x=1#a", ORIGIN)).toEqual({ kind: "internal", path: "/werkstatt?x=1#a" });
    expect(navigationTarget(`${ORIGIN}/standorte`, ORIGIN)).toEqual({ kind: "internal", path: "/standorte" });
  });

  it("another origin is refused with the spec's message unless flagged external", () => {
    for (const url of ["https://partner.example/termin", "//partner.example/termin", "http://www.autohaus-gruppe-nord.de/"]) {
      expect(() => navigationTarget(url, ORIGIN), url).toThrow(EXTERNAL_NAVIGATION_REFUSED);
    }
    expect(EXTERNAL_NAVIGATION_REFUSED).toBe(
      "Navigating to an external URL is not allowed by default. Use `navigateTo(url, { external: true })`.",
    );
    expect(navigationTarget("https://partner.example/termin", ORIGIN, { external: true })).toEqual({
      kind: "external",
      href: "https://partner.example/termin",
    });
  });

  it("unsafe protocols are refused even when flagged external", () => {
    for (const url of ["javascript:alert(1)", "data:text/html,x", "JAVASCRIPT:alert(1)", "vbscript:x", "file:///etc/passwd"]) {
      expect(() => navigationTarget(url, ORIGIN, { external: true }), url).toThrow(/refused/);
    }
  });
});

describe("navigateTo", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("hands an internal target to the site's navigate, an external one to the document, and refuses an unflagged external one", () => {
    const assign = vi.fn();
    vi.stubGlobal("window", { location: { origin: ORIGIN, assign } });
    const navigate = vi.fn();
    navigateTo("/werkstatt", { navigate });
    expect(navigate).toHaveBeenCalledWith("/werkstatt", { replace: undefined });
    expect(() => navigateTo("https://partner.example/", { navigate })).toThrow(EXTERNAL_NAVIGATION_REFUSED);
    navigateTo("https://partner.example/termin", { navigate, external: true });
    expect(assign).toHaveBeenCalledWith("https://partner.example/termin");
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});

describe("isSamePage", () => {
  it("ignores query and fragment", () => {
    expect(isSamePage("/werkstatt/online-werkstatttermin?x=1", "/werkstatt/online-werkstatttermin")).toBe(true);
    expect(isSamePage("/werkstatt#termin", "/werkstatt")).toBe(true);
    expect(isSamePage("/werkstatt", "/ansprechpartner")).toBe(false);
  });
});
