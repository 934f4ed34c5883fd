import { describe, expect, it } from "vitest";
import { requestPath, sameOriginPath } from "./same-origin-path.ts";

describe("sameOriginPath", () => {
  it.each([
    ["/werkstatt", "/werkstatt"],
    ["/werkstatt?x=1#f", "/werkstatt?x=1#f"],
    ["/carfinder/../ankauf", "/ankauf"],
    ["/.//evil.example", "/evil.example"],
    ["/..//evil.example", "/evil.example"],
    ["/./%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/a//b///c", "/a/b/c"],
  ])("%s stays on the site as %s", (input, expected) => {
    expect(sameOriginPath(input)).toBe(expected);
    // Whatever comes out, a browser resolves it on our origin.
    expect(new URL(expected, "https://www.example.de").origin).toBe("https://www.example.de");
  });

  it.each([
    "//evil.example/x",
    "/\\evil.example/x",
    "\\/evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "evil.example",
    "",
    "/\nevil",
    "/\u0000",
  ])("%j is refused", (input) => {
    expect(sameOriginPath(input)).toBeNull();
  });
});

describe("requestPath", () => {
  it.each([
    ["http://x/directcontact?a=1", "/directcontact?a=1"],
    ["http://x//evil.example/x", "/evil.example/x"],
    ["http://x/\\evil.example/x?y", "/evil.example/x?y"],
  ])("%s → %s", (url, path) => {
    expect(requestPath(new URL(url))).toBe(path);
  });
});
