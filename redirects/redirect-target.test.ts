import { describe, expect, it } from "vitest";
import seedLookups from "#kv-seed/route-lookups.json" with { type: "json" };
import { checkLookupTarget } from "./redirect-target.ts";

describe("server route lookup targets follow the redirect table's rules", () => {
  it.each(["/mercedes-benz/modelle", "/carfinder?sorting=price-desc", "https://www.mercedes-benz.de/x", "http://example.de/"])(
    "%s is taken",
    (target) => {
      expect(checkLookupTarget(target).ok).toBe(true);
    },
  );

  it.each([
    "//evil.example/",
    "/\\evil.example/",
    "/.//evil.example/",
    "\t//evil.example/",
    "javascript:alert(1)",
    "https://user:pass@evil.example/",
    "ftp://evil.example/",
    "impressum",
  ])("%j is refused", (target) => {
    expect(checkLookupTarget(target).ok).toBe(false);
  });

  it("every lookup of the demo data passes", () => {
    for (const { target } of seedLookups as Array<{ target?: string }>)
      if (target !== undefined) expect(checkLookupTarget(target).ok, target).toBe(true);
  });
});
