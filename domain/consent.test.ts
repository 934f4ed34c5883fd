import { describe, expect, it } from "vitest";
import {
  CONSENT_MAX_AGE_SECONDS,
  consentCookie,
  consentKey,
  consentValue,
  decidedConsent,
  isGranted,
  parseConsentValue,
  readConsentCookie,
  UNDECIDED,
} from "./consent.ts";

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const NOW_S = NOW / 1000;

describe("reading the consent cookie", () => {
  it("a fresh decision with purposes grants exactly those", () => {
    expect(readConsentCookie(`locale=de; agn_consent=v1.maps-video.${NOW_S - 60}`, NOW)).toEqual({
      decided: true,
      granted: ["maps", "video"],
    });
  });

  it("'none' is a decision that grants nothing", () => {
    expect(readConsentCookie(`agn_consent=v1.none.${NOW_S}`, NOW)).toEqual({ decided: true, granted: [] });
  });

  it("no header, no cookie or an empty value is undecided", () => {
    expect(readConsentCookie(null, NOW)).toBe(UNDECIDED);
    expect(readConsentCookie("", NOW)).toBe(UNDECIDED);
    expect(readConsentCookie("locale=de; agn_consentx=v1.none.1", NOW)).toBe(UNDECIDED);
    expect(readConsentCookie("agn_consent=", NOW)).toBe(UNDECIDED);
  });

  it("the first cookie of that name counts (the most specific path comes first)", () => {
    expect(readConsentCookie(`agn_consent=v1.none.${NOW_S}; agn_consent=v1.maps.${NOW_S}`, NOW).granted).toEqual([]);
  });

  it("a decision expires after 365 days and may not lie more than a day in the future", () => {
    expect(parseConsentValue(`v1.maps.${NOW_S - CONSENT_MAX_AGE_SECONDS + 1}`, NOW).decided).toBe(true);
    expect(parseConsentValue(`v1.maps.${NOW_S - CONSENT_MAX_AGE_SECONDS}`, NOW)).toBe(UNDECIDED);
    expect(parseConsentValue(`v1.maps.${NOW_S + 3600}`, NOW).decided).toBe(true);
    expect(parseConsentValue(`v1.maps.${NOW_S + 2 * 86_400}`, NOW)).toBe(UNDECIDED);
  });

  it.each([
    ["another version asks again", `v2.maps.${NOW_S}`],
    ["unknown purpose", `v1.maps-ads.${NOW_S}`],
    ["repeated purpose", `v1.maps-maps.${NOW_S}`],
    ["purposes out of order", `v1.video-maps.${NOW_S}`],
    ["empty purpose", `v1.maps--video.${NOW_S}`],
    ["none mixed with a purpose", `v1.none-maps.${NOW_S}`],
    ["prototype keys", `v1.__proto__.${NOW_S}`],
    ["constructor", `v1.constructor.${NOW_S}`],
    ["no time", "v1.maps."],
    ["time not a number", "v1.maps.soon"],
    ["upper case", `V1.MAPS.${NOW_S}`],
    ["percent-encoded", `v1%2Emaps%2E${NOW_S}`],
    ["trailing garbage", `v1.maps.${NOW_S}.x`],
    ["JSON", '{"maps":true}'],
    ["overlong", `v1.${"maps-".repeat(40)}video.${NOW_S}`],
  ])("hostile or foreign value is undecided: %s", (_, value) => {
    expect(parseConsentValue(value, NOW)).toBe(UNDECIDED);
  });

  it("a huge cookie header is read without throwing", () => {
    const header = `${"x=".padEnd(200_000, "y")}; ${";".repeat(10_000)} agn_consent=v1.video.${NOW_S}`;
    expect(readConsentCookie(header, NOW)).toEqual({ decided: true, granted: ["video"] });
    expect(readConsentCookie(`agn_consent=${"v1.".repeat(100_000)}`, NOW)).toBe(UNDECIDED);
  });
});

describe("writing the consent cookie", () => {
  it("writes purposes in canonical order, 'none' when nothing is granted, seconds as time", () => {
    expect(consentValue(["video", "statistics", "video"], NOW)).toBe(`v1.statistics-video.${NOW_S}`);
    expect(consentValue([], NOW)).toBe(`v1.none.${NOW_S}`);
  });

  it("round-trips through the parser", () => {
    const granted = ["statistics", "maps", "chat", "booking", "video"] as const;
    expect(parseConsentValue(consentValue([...granted], NOW), NOW)).toEqual({ decided: true, granted: [...granted] });
  });

  it("lives 365 days on path / with SameSite=Lax, Secure on https", () => {
    expect(consentCookie(["maps"], NOW, false)).toBe(`agn_consent=v1.maps.${NOW_S}; Max-Age=31536000; Path=/; SameSite=Lax`);
    expect(consentCookie(["maps"], NOW, true)).toMatch(/; Secure$/);
  });
});

describe("consent state helpers", () => {
  it("decidedConsent keeps known purposes only, in canonical order", () => {
    expect(decidedConsent(["video", "__proto__", "maps", 3])).toEqual({ decided: true, granted: ["maps", "video"] });
  });

  it("isGranted is false for a null purpose and for undecided visitors", () => {
    expect(isGranted(decidedConsent(["maps"]), "maps")).toBe(true);
    expect(isGranted(decidedConsent(["maps"]), null)).toBe(false);
    expect(isGranted(UNDECIDED, "maps")).toBe(false);
  });

  it("consentKey tells undecided, nothing and each set of purposes apart", () => {
    expect(consentKey(UNDECIDED)).toBe("undecided");
    expect(consentKey(decidedConsent([]))).toBe("none");
    expect(consentKey(decidedConsent(["video", "maps"]))).toBe("maps-video");
  });
});
