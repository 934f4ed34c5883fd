import { expect, it } from "vitest";
import { buildCanonicalUrl, CANONICAL_QUERY_WHITELIST } from "./canonical-url.ts";

const options = { origin: "https://www.example.de", lowercase: true, allowedParams: CANONICAL_QUERY_WHITELIST };

it("keeps only whitelisted query parameters, sorted by name", () => {
  expect(buildCanonicalUrl("/carfinder", "?utm_source=x&sorting=price-desc&bodystyle=suv&gclid=1", options)).toBe(
    "https://www.example.de/carfinder?bodystyle=suv&sorting=price-desc",
  );
});

it("lowercases the path when configured, and only then", () => {
  expect(buildCanonicalUrl("/Aktionsangebote", "", options)).toBe("https://www.example.de/aktionsangebote");
  expect(buildCanonicalUrl("/Aktionsangebote", "", { ...options, lowercase: false })).toBe("https://www.example.de/Aktionsangebote");
});

it("drops empty values and trailing slashes", () => {
  expect(buildCanonicalUrl("/pkw/", "?page=", options)).toBe("https://www.example.de/pkw");
});

it("repeated parameters are sorted by value for a stable URL", () => {
  expect(buildCanonicalUrl("/carfinder", "?bodystyle=suv&bodystyle=coupe", options)).toBe(
    "https://www.example.de/carfinder?bodystyle=coupe&bodystyle=suv",
  );
});

it("keeps the page of a paged list (seite): page 2 of the journal is not page 1", () => {
  expect(buildCanonicalUrl("/uber-uns/journal", "?seite=2&utm_source=x", options)).toBe("https://www.example.de/uber-uns/journal?seite=2");
});
