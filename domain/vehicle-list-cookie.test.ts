import { describe, expect, it } from "vitest";
import { listCookie, listCookieIds } from "./vehicle-list-cookie.ts";

describe("the cookie mirror of a stored vehicle list", () => {
  it("names each list's ids for its own page only, joined by dots (cookie values hold no commas)", () => {
    expect(listCookie("compare", [100001, 100002], true)).toBe(
      "agn_compare=100001.100002; Max-Age=7776000; Path=/carfinder/vergleichen; SameSite=Lax; Secure",
    );
    expect(listCookie("favourites", [100003], false)).toBe(
      "agn_favourites=100003; Max-Age=7776000; Path=/carfinder/favoriten; SameSite=Lax",
    );
    expect(listCookie("compare", [], false)).toBe("agn_compare=; Max-Age=0; Path=/carfinder/vergleichen; SameSite=Lax");
    expect(listCookie("compare", [1, 2, 3, 4, 5, 6, 7, 8], false)).toMatch(/^agn_compare=1\.2\.3\.4\.5\.6;/);
  });

  it("reads the ids back in order, each once, within the list's limit; the other list's cookie is not this one", () => {
    const header = "locale=de; agn_favourites=7.8; agn_compare=100002.100001.100002; agn_consent=v1.none.1";
    expect(listCookieIds(header, "compare")).toEqual([100002, 100001]);
    expect(listCookieIds(header, "favourites")).toEqual([7, 8]);
    expect(listCookieIds("agn_compare=1.2.3.4.5.6.7.8", "compare")).toEqual([1, 2, 3, 4, 5, 6]);
    const fifty = Array.from({ length: 60 }, (_, index) => index + 1).join(".");
    expect(listCookieIds(`agn_favourites=${fifty}`, "favourites")).toHaveLength(50);
  });

  it("anything hostile or malformed names no vehicle and never throws", () => {
    for (const header of [
      null,
      undefined,
      "",
      "agn_compare",
      "agn_compare=",
      "agn_compare=abc.-1.0.1e3.0x10",
      "agn_compare=__proto__; constructor=1",
      "xagn_compare=1; agn_comparex=2",
      `agn_compare=${"9".repeat(20)}`,
      `${"a=".padEnd(60_000, "b")}`,
      "agn_compare=%31.%32",
    ]) {
      expect(listCookieIds(header, "compare")).toEqual([]);
    }
    expect(listCookieIds("agn_compare=1.x.2", "compare")).toEqual([1, 2]);
  });
});
