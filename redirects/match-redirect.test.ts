import { expect, test } from "vitest";
import { resolveLegacyRedirect, resolveTrailingSlashRedirect } from "./match-redirect.ts";

// Concatenated rather than resolved, so "//evil.example/" stays a path of this site.
const site = (pathAndQuery: string) => new URL(`https://www.autohaus-beispiel.de${pathAndQuery}`);

test("an internal target answers with a site path and the entry's code", () => {
  expect(resolveLegacyRedirect({ target: "/Aktionsangebote", code: 301, external: false }, site("/angebote"))).toEqual({
    kind: "redirect",
    location: "/Aktionsangebote",
    status: 301,
  });
});

test("an entry without target gives page-not-found", () => {
  expect(resolveLegacyRedirect({ target: null, code: 301, external: false }, site("/gewinnspiel-2019"))).toEqual({
    kind: "not-found",
  });
});

test("an external target answers with the absolute URL", () => {
  const value = { target: "https://www.mercedes-benz-trucks.com/de_DE/home.html", code: 301, external: true };
  expect(resolveLegacyRedirect(value, site("/trucks"))).toEqual({
    kind: "redirect",
    location: "https://www.mercedes-benz-trucks.com/de_DE/home.html",
    status: 301,
  });
});

test("302 and 308 entries keep their code", () => {
  expect(resolveLegacyRedirect({ target: "/", code: 308, external: false }, site("/index.php"))).toMatchObject({ status: 308 });
  expect(resolveLegacyRedirect({ target: "/ankauf", code: 302, external: false }, site("/x"))).toMatchObject({ status: 302 });
});

test("a code that cannot redirect from a Worker answers 301", () => {
  for (const code of [100, 200, 304, 404, 700, 999]) {
    expect(resolveLegacyRedirect({ target: "/ankauf", code, external: false }, site("/x"))).toMatchObject({ status: 301 });
  }
});

// The request's query and fragment carried over to the redirect location.
const CARRIED_OVER = [
  {
    rule: "request query parameters survive the redirect",
    target: "/Aktionsangebote",
    external: false,
    request: "/angebote?utm_source=newsletter&utm_medium=email",
    location: "/Aktionsangebote?utm_source=newsletter&utm_medium=email",
  },
  {
    rule: "the target's own query wins over a request parameter of the same name and keeps its spelling",
    target: "/carfinder?bodystyle=containertransport,chassiscab,panelvan&sorting=price-desc",
    external: false,
    request: "/carfinder-nfz?sorting=price-asc&utm_campaign=nfz+wochen&gclid=abc",
    location: "/carfinder?bodystyle=containertransport,chassiscab,panelvan&sorting=price-desc&utm_campaign=nfz+wochen&gclid=abc",
  },
  {
    rule: "a request parameter is recognised as set by the target even when percent-encoded",
    target: "/carfinder?sorting=price-desc",
    external: false,
    request: "/x?sort%69ng=price-asc&page=2",
    location: "/carfinder?sorting=price-desc&page=2",
  },
  {
    rule: "repeated request parameters are all kept",
    target: "/carfinder",
    external: false,
    request: "/x?brand=smart&brand=hymer",
    location: "/carfinder?brand=smart&brand=hymer",
  },
  {
    rule: "request query parameters are appended to external targets too",
    target: "https://www.hyundai.de/haendlersuche?plz=21073",
    external: true,
    request: "/center/hyundai-hamburg-harburg?utm_source=google&plz=20095",
    location: "https://www.hyundai.de/haendlersuche?plz=21073&utm_source=google",
  },
  {
    rule: "the target's fragment is kept over the request's",
    target: "/werkstatt#termin",
    external: false,
    request: "/x?a=1#oben",
    location: "/werkstatt?a=1#termin",
  },
  {
    rule: "the request's fragment is kept when the target has none",
    target: "/werkstatt",
    external: false,
    request: "/x#oben",
    location: "/werkstatt#oben",
  },
];

for (const { rule, target, external, request, location } of CARRIED_OVER) {
  test(rule, () => {
    expect(resolveLegacyRedirect({ target, code: 301, external }, site(request))).toMatchObject({ location });
  });
}

test("an external flag with a non-absolute target gives page-not-found", () => {
  expect(resolveLegacyRedirect({ target: "/pkw", code: 301, external: true }, site("/x"))).toEqual({ kind: "not-found" });
});

test("an absolute target without external flag gives page-not-found", () => {
  for (const target of ["https://evil.example/", "//evil.example/", "/\\evil.example/", "/.//evil.example"]) {
    expect(resolveLegacyRedirect({ target, code: 301, external: false }, site("/x"))).toEqual({ kind: "not-found" });
  }
});

test("javascript: target is refused", () => {
  for (const external of [false, true]) {
    for (const target of ["javascript:alert(1)", " JavaScript:alert(1)", "java\tscript:alert(1)", "data:text/html,x"]) {
      expect(resolveLegacyRedirect({ target, code: 301, external }, site("/x"))).toEqual({ kind: "not-found" });
    }
  }
});

test("a path without trailing slash needs no trailing-slash redirect", () => {
  expect(resolveTrailingSlashRedirect(site("/pkw"))).toBeNull();
  expect(resolveTrailingSlashRedirect(site("/"))).toBeNull();
  expect(resolveTrailingSlashRedirect(site("/?utm_source=x"))).toBeNull();
});

test("trailing slash redirect keeps query and hash", () => {
  expect(resolveTrailingSlashRedirect(site("/werkstatt/teile-zubehoer/?utm_source=x&b=2#kontakt"))).toEqual({
    location: "/werkstatt/teile-zubehoer?utm_source=x&b=2#kontakt",
    status: 301,
  });
});

test("trailing slash redirect strips every trailing slash and keeps percent-encoding", () => {
  expect(resolveTrailingSlashRedirect(site("/%C3%BCber-uns///"))).toEqual({ location: "/%C3%BCber-uns", status: 301 });
});

test("trailing slash redirect never produces a protocol-relative location", () => {
  expect(resolveTrailingSlashRedirect(site("//evil.example/"))).toEqual({ location: "/evil.example", status: 301 });
  expect(resolveTrailingSlashRedirect(site("//"))).toEqual({ location: "/", status: 301 });
});
