import { expect, test } from "vitest";
import { MAX_REDIRECT_KEY_BYTES, firstSegment, normalizeRedirectKey } from "./normalize-path.ts";

test("case and trailing slash give the same key", () => {
  expect(normalizeRedirectKey("/Ansprechpartner/Max-Muster/")).toBe("/ansprechpartner/max-muster");
  expect(normalizeRedirectKey("/ansprechpartner/max-muster")).toBe("/ansprechpartner/max-muster");
});

test("duplicate slashes collapse, including several trailing ones", () => {
  expect(normalizeRedirectKey("//ansprechpartner///max-muster//")).toBe("/ansprechpartner/max-muster");
});

test("root stays root", () => {
  expect(normalizeRedirectKey("/")).toBe("/");
  expect(normalizeRedirectKey("///")).toBe("/");
});

test("percent-encoding is decoded so encoded and literal spellings match", () => {
  expect(normalizeRedirectKey("/%C3%9Cber-Uns")).toBe("/über-uns");
  expect(normalizeRedirectKey("/über-uns")).toBe("/über-uns");
  expect(normalizeRedirectKey("/angebote%2F")).toBe("/angebote");
});

test("composed and decomposed umlauts give the same key", () => {
  expect(normalizeRedirectKey("/u\u0308ber-uns")).toBe(normalizeRedirectKey("/\u00fcber-uns"));
});

test("invalid percent-encoding gives no key instead of throwing", () => {
  expect(normalizeRedirectKey("/angebote%")).toBeNull();
  expect(normalizeRedirectKey("/angebote%E0%A4%A")).toBeNull();
  expect(normalizeRedirectKey("/%C3%28")).toBeNull();
});

test("a path not starting with a slash gives no key", () => {
  expect(normalizeRedirectKey("angebote")).toBeNull();
  expect(normalizeRedirectKey("")).toBeNull();
});

test("a key longer than a KV key allows gives no key", () => {
  expect(normalizeRedirectKey(`/${"a".repeat(MAX_REDIRECT_KEY_BYTES - 1)}`)).not.toBeNull();
  expect(normalizeRedirectKey(`/${"a".repeat(MAX_REDIRECT_KEY_BYTES)}`)).toBeNull();
  expect(normalizeRedirectKey(`/${"ü".repeat(MAX_REDIRECT_KEY_BYTES / 2)}`)).toBeNull();
});

test("firstSegment gives the first path segment, empty for root", () => {
  expect(firstSegment("/ansprechpartner/max-muster")).toBe("ansprechpartner");
  expect(firstSegment("/angebote")).toBe("angebote");
  expect(firstSegment("/")).toBe("");
});
