import { describe, expect, it } from "vitest";
import { berlinInstant, LAYOUT_LIMITS, layoutLink, parseLayoutContent } from "./layout-content-schema.ts";
import { FALLBACK_LAYOUT, noticesCacheKey, pageLayoutAt, type LayoutContent } from "./layout-content.ts";

let uid = 0;
const blok = (component: string, fields: Record<string, unknown>) => ({ component, _uid: `u-${(uid += 1)}`, ...fields });
const url = (target: string) => ({ linktype: "url", url: target, cached_url: target, fieldtype: "multilink" });
const story = (target: string) => ({ linktype: "story", cached_url: target, url: "", id: "", fieldtype: "multilink" });
const nav = (label: string, link: unknown) => blok("nav_link", { label, link });
const settings = (fields: Record<string, unknown>) => blok("site_settings", fields);

function parse(content: unknown): { layout: LayoutContent; warnings: string[] } {
  const warnings: string[] = [];
  const layout = parseLayoutContent(content, { warn: (message) => warnings.push(message) });
  return { layout, warnings };
}

describe("parseLayoutContent: the settings story", () => {
  it("reads navigation, top bar, footer columns and legal links as editors entered them", () => {
    const { layout, warnings } = parse(
      settings({
        navigation: [nav("Werkstatt", story("werkstatt")), nav("Fahrzeugsuche", url("/carfinder")), nav("Startseite", story("home"))],
        top_bar_claim: "  Ihr Autohaus im Norden  ",
        top_bar_links: [nav("Tel. 040 123456-0", url("tel:+49 40 123456-0")), nav("Presse", url("mailto:presse@example.de"))],
        footer_columns: [blok("footer_column", { heading: "Partner", links: [nav("Hersteller", url("https://www.mercedes-benz.de"))] })],
        legal_links: [nav("Impressum", story("impressum/"))],
      }),
    );
    expect(warnings).toEqual([]);
    expect(layout).toEqual({
      navigation: [
        { label: "Werkstatt", href: "/werkstatt" },
        { label: "Fahrzeugsuche", href: "/carfinder" },
        { label: "Startseite", href: "/" },
      ],
      topBar: {
        claim: "Ihr Autohaus im Norden",
        links: [
          { label: "Tel. 040 123456-0", href: "tel:+49401234560" },
          { label: "Presse", href: "mailto:presse@example.de" },
        ],
      },
      footerColumns: [{ heading: "Partner", links: [{ label: "Hersteller", href: "https://www.mercedes-benz.de/", newTab: true }] }],
      legalLinks: [{ label: "Impressum", href: "/impressum" }],
      infoBar: [],
    });
  });

  it("no story is the built-in layout without a warning; a story of another type or no object is the built-in layout with one", () => {
    expect(parse(null)).toEqual({ layout: FALLBACK_LAYOUT, warnings: [] });
    for (const content of [blok("page", { body: [] }), "settings", 42, [], { component: "site_settings" }]) {
      const { layout, warnings } = parse(content);
      expect(layout).toBe(FALLBACK_LAYOUT);
      expect(warnings).toHaveLength(1);
    }
  });

  it("drops an invalid item with a warning and keeps the rest", () => {
    const { layout, warnings } = parse(
      settings({
        navigation: [
          nav("Werkstatt", story("werkstatt")),
          nav("", story("karriere")),
          nav("Skript", url("javascript:alert(1)")),
          nav("Daten", url("data:text/html,<script>alert(1)</script>")),
          nav("Unverschlüsselt", url("http://example.de/")),
          nav("Anker", url("#oben")),
          nav("Mit Zugangsdaten", url("https://user:pass@example.de/")),
          nav("Steuerzeichen", url("java\tscript:alert(1)")),
          "kein Objekt",
          nav("Über uns", story("ueber-uns")),
        ],
      }),
    );
    expect(layout.navigation).toEqual([
      { label: "Werkstatt", href: "/werkstatt" },
      { label: "Über uns", href: "/ueber-uns" },
    ]);
    expect(warnings).toHaveLength(8);
    expect(warnings.join("\n")).toMatch(/navigation 3 „Skript“: unsafe or invalid link target/);
    expect(warnings.join("\n")).toMatch(/„Unverschlüsselt“: external links need https/);
  });

  it("a part left empty, or with no valid item, is that part of the built-in layout; an empty info bar is no notice", () => {
    const { layout, warnings } = parse(
      settings({
        navigation: [nav("Skript", url("javascript:alert(1)"))],
        top_bar_links: [],
        footer_columns: [blok("footer_column", { heading: "Leer", links: [nav("Skript", url("javascript:void 0"))] })],
        legal_links: "kein Array",
        info_bar: [],
      }),
    );
    expect(layout).toEqual(FALLBACK_LAYOUT);
    expect(warnings.some((message) => message.includes("navigation has no valid entry"))).toBe(true);
    expect(warnings.some((message) => message.includes("dropped footer column „Leer“: no valid link"))).toBe(true);
  });

  it("keeps at most the limits of each list", () => {
    const many = Array.from({ length: 15 }, (_, index) => nav(`Link ${index}`, url(`/seite-${index}`)));
    const { layout, warnings } = parse(settings({ navigation: many, top_bar_links: many, legal_links: many }));
    expect(layout.navigation).toHaveLength(LAYOUT_LIMITS.navigation);
    expect(layout.topBar.links).toHaveLength(LAYOUT_LIMITS.topBarLinks);
    expect(layout.legalLinks).toHaveLength(LAYOUT_LIMITS.legalLinks);
    expect(warnings).toHaveLength(3);
  });

  it("hostile keys: __proto__ and constructor in the story or an item change nothing and reach no output", () => {
    const text = `{"component":"site_settings","_uid":"s","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},
      "navigation":[{"component":"nav_link","_uid":"n","label":"Werkstatt","__proto__":{"href":"javascript:alert(1)"},
        "link":{"linktype":"url","url":"/werkstatt","__proto__":{"url":"javascript:alert(1)"}}}],
      "info_bar":[{"component":"info_bar_entry","_uid":"i","text":"Hinweis","__proto__":{"link":{"linktype":"url","url":"javascript:alert(1)"}}}]}`;
    const { layout } = parse(JSON.parse(text));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(layout.navigation).toEqual([{ label: "Werkstatt", href: "/werkstatt" }]);
    expect(layout.infoBar).toEqual([{ key: expect.stringMatching(/^[0-9a-f]{16}$/), text: "Hinweis" }]);
    expect(JSON.stringify(layout)).not.toContain("javascript");
  });
});

describe("the info bar", () => {
  const entry = (fields: Record<string, unknown>) => blok("info_bar_entry", { text: "Zwischen den Jahren geschlossen.", ...fields });
  const parseEntries = (...entries: unknown[]) => parse(settings({ info_bar: entries }));

  it("validity in Europe/Berlin: a date alone runs from its 00:00 to the end of the until date, in winter and in summer", () => {
    expect(berlinInstant("2026-12-24", "start")).toBe(Date.parse("2026-12-23T23:00:00Z"));
    expect(berlinInstant("2026-12-24 00:00", "end")).toBe(Date.parse("2026-12-24T23:00:00Z"));
    expect(berlinInstant("2026-07-01 00:00", "start")).toBe(Date.parse("2026-06-30T22:00:00Z"));
    expect(berlinInstant("2026-07-01 18:30", "end")).toBe(Date.parse("2026-07-01T16:30:00Z"));
    // The clocks change at 02:00 → 03:00 (29 March) and 03:00 → 02:00 (25 October).
    expect(berlinInstant("2026-03-29 03:00", "start")).toBe(Date.parse("2026-03-29T01:00:00Z"));
    expect(berlinInstant("2026-03-29", "end")).toBe(Date.parse("2026-03-29T22:00:00Z"));
    expect(berlinInstant("2026-10-25", "end")).toBe(Date.parse("2026-10-25T23:00:00Z"));
    expect(berlinInstant("2026-02-30", "start")).toBeNull();
    expect(berlinInstant("2026-12-24 24:00", "start")).toBeNull();
  });

  it("a notice shows from valid_from's Berlin midnight through valid_until's last minute, and not one minute outside", () => {
    const { layout, warnings } = parseEntries(entry({ valid_from: "2026-12-24 00:00", valid_until: "2026-12-26 00:00" }));
    expect(warnings).toEqual([]);
    const at = (iso: string) => pageLayoutAt(layout, Date.parse(iso), new Set()).notices.length;
    expect(at("2026-12-23T22:59:59Z")).toBe(0); // 23:59:59 on the 23rd in Berlin
    expect(at("2026-12-23T23:00:00Z")).toBe(1); // midnight in Berlin, still the 23rd in UTC
    expect(at("2026-12-26T22:59:59Z")).toBe(1); // 23:59:59 on the 26th in Berlin
    expect(at("2026-12-26T23:00:00Z")).toBe(0);
  });

  it("without dates a notice always shows; with only one date it is open on the other side", () => {
    const { layout } = parseEntries(
      entry({}),
      entry({ text: "Ab Montag", valid_from: "2026-12-28" }),
      entry({ text: "Bis Sonntag", valid_until: "2026-12-27" }),
    );
    const texts = (iso: string) => pageLayoutAt(layout, Date.parse(iso), new Set()).notices.map((notice) => notice.text);
    expect(texts("2026-12-01T12:00:00Z")).toEqual(["Zwischen den Jahren geschlossen.", "Bis Sonntag"]);
    expect(texts("2026-12-30T12:00:00Z")).toEqual(["Zwischen den Jahren geschlossen.", "Ab Montag"]);
  });

  it("an optional link with its text (default „Mehr erfahren“); a bad link, bad date or an empty window drops the notice", () => {
    const { layout, warnings } = parseEntries(
      entry({ link: story("standorte"), link_label: "Öffnungszeiten" }),
      entry({ text: "Rückruf", link: url("https://www.kba.de/rueckrufe") }),
      entry({ text: "Skript", link: url("javascript:alert(1)") }),
      entry({ text: "Kein Datum", valid_from: "morgen" }),
      entry({ text: "Unmöglich", valid_until: "2026-02-30" }),
    );
    expect(layout.infoBar.map(({ text, link }) => ({ text, link }))).toEqual([
      { text: "Zwischen den Jahren geschlossen.", link: { label: "Öffnungszeiten", href: "/standorte" } },
      { text: "Rückruf", link: { label: "Mehr erfahren", href: "https://www.kba.de/rueckrufe", newTab: true } },
    ]);
    expect(warnings).toHaveLength(3);
    const more = parseEntries(
      entry({ text: "Verdreht", valid_from: "2026-12-24", valid_until: "2026-12-20" }),
      entry({ text: "" }),
      entry({ text: "x".repeat(301) }),
    );
    expect(more.layout.infoBar).toEqual([]);
    expect(more.warnings).toHaveLength(3);
  });

  it("a notice's key is its id and its version: the same entry keeps it, an edit changes the version part only", () => {
    const original = blok("info_bar_entry", { text: "Feiertag" });
    const [first] = parseEntries(original).layout.infoBar;
    const [again] = parseEntries({ ...original }).layout.infoBar;
    const [edited] = parseEntries({ ...original, text: "Feiertag am Montag" }).layout.infoBar;
    const [other] = parseEntries(blok("info_bar_entry", { text: "Feiertag" })).layout.infoBar;
    expect(first?.key).toMatch(/^[0-9a-f]{16}$/);
    expect(again?.key).toBe(first?.key);
    expect(edited?.key.slice(0, 8)).toBe(first?.key.slice(0, 8));
    expect(edited?.key).not.toBe(first?.key);
    expect(other?.key.slice(0, 8)).not.toBe(first?.key.slice(0, 8));
  });

  it("a dismissed notice is left out; the HTML cache key names the notices shown", () => {
    const { layout } = parseEntries(entry({ text: "Eins" }), entry({ text: "Zwei" }));
    const [one, two] = layout.infoBar;
    const shown = pageLayoutAt(layout, Date.now(), new Set([one?.key ?? ""]));
    expect(shown.notices.map((notice) => notice.text)).toEqual(["Zwei"]);
    expect(shown.notices[0]).not.toHaveProperty("until");
    expect(noticesCacheKey(shown.notices)).toBe(two?.key);
    expect(noticesCacheKey(pageLayoutAt(layout, Date.now(), new Set()).notices)).toBe(`${one?.key}.${two?.key}`);
    expect(noticesCacheKey([])).toBe("-");
  });
});

describe("layoutLink", () => {
  it("takes site paths, https, tel: and mailto:, never http:, javascript: or a same-page anchor", () => {
    expect(layoutLink({ linktype: "story", cached_url: "werkstatt", anchor: "preise" }, "Preise")).toEqual({
      label: "Preise",
      href: "/werkstatt#preise",
    });
    expect(layoutLink({ linktype: "asset", url: "https://a.storyblok.com/f/1/preise.pdf" }, "Preisliste")).toMatchObject({ newTab: true });
    expect(layoutLink({ linktype: "email", email: "info@example.de" }, "E-Mail")).toEqual({
      label: "E-Mail",
      href: "mailto:info@example.de",
    });
    expect(typeof layoutLink({ linktype: "url", url: "http://example.de" }, "x")).toBe("string");
    expect(typeof layoutLink({ linktype: "url", url: "JavaScript:alert(1)" }, "x")).toBe("string");
    expect(typeof layoutLink({ linktype: "url", url: "ftp://example.de/" }, "x")).toBe("string");
    expect(typeof layoutLink({ linktype: "url", url: "#oben" }, "x")).toBe("string");
  });
});

describe("FALLBACK_LAYOUT", () => {
  it("links the lease and finance sections in German", () => {
    const column = FALLBACK_LAYOUT.footerColumns.find((entry) => entry.heading === "Leasing & Finanzierung");
    expect(column?.links).toEqual([
      { label: "Privat-Leasing", href: "/stock/private-lease" },
      { label: "Gewerbe-Leasing", href: "/stock/business-lease" },
      { label: "Privatfinanzierung", href: "/stock/private-finance" },
      { label: "Gewerbefinanzierung", href: "/stock/business-finance" },
    ]);
    expect(FALLBACK_LAYOUT.topBar.links[0]).toEqual({ label: "Tel. 040 123456-0", href: "tel:+49401234560" });
  });
});
