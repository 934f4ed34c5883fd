import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BROWSER_UA, get, ORIGIN } from "../test-support/requests.ts";
import { safeBackPath } from "./consent-form.ts";

const now = () => Math.floor(Date.now() / 1000);
const withConsent = (value: string): RequestInit => ({ headers: { Cookie: `locale=de; agn_consent=${value}` } });
const frameSrcOf = (response: Response) => /(?:^|; )frame-src ([^;]*)/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];

function postConsent(fields: Array<[string, string]> | string, headers: Record<string, string> = {}): Promise<Response> {
  const body = typeof fields === "string" ? fields : new URLSearchParams(fields).toString();
  return exports.default.fetch(
    new Request(`${ORIGIN}/cookie-einstellungen`, {
      method: "POST",
      body,
      redirect: "manual",
      headers: {
        "User-Agent": BROWSER_UA,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: ORIGIN,
        "Sec-Fetch-Site": "same-origin",
        ...headers,
      },
    }),
  );
}
const cookieValueOf = (response: Response) => /^agn_consent=([^;]*)/.exec(response.headers.get("Set-Cookie") ?? "")?.[1];

describe("Content-Security-Policy frame-src follows the consent cookie", () => {
  it("undecided: only our own origin may be framed", async () => {
    expect(frameSrcOf(await get("/"))).toBe("'self'");
  });

  it("everything rejected: only our own origin", async () => {
    expect(frameSrcOf(await get("/", withConsent(`v1.none.${now()}`)))).toBe("'self'");
  });

  it("maps granted: exactly the map origins, no video origin", async () => {
    expect(frameSrcOf(await get("/impressum", withConsent(`v1.statistics-maps.${now()}`)))).toBe(
      "'self' https://www.google.com https://www.openstreetmap.org",
    );
  });

  it("video granted: exactly the video origins", async () => {
    expect(frameSrcOf(await get("/", withConsent(`v1.video.${now()}`)))).toBe(
      "'self' https://www.youtube-nocookie.com https://player.vimeo.com",
    );
  });

  it("all granted: maps and video origins (chat, booking and statistics frame nothing yet), never Microsoft Forms", async () => {
    const frameSrc = frameSrcOf(await get("/carfinder", withConsent(`v1.statistics-maps-chat-booking-video.${now()}`)));
    expect(frameSrc).toBe(
      "'self' https://www.google.com https://www.openstreetmap.org https://www.youtube-nocookie.com https://player.vimeo.com",
    );
    expect(frameSrc).not.toContain("forms.office.com");
  });

  it("an expired, future or forged cookie counts as undecided", async () => {
    for (const value of [`v1.maps.${now() - 366 * 86_400}`, `v1.maps.${now() + 3 * 86_400}`, `v1.maps-ads.${now()}`, `v2.maps.${now()}`]) {
      const response = await get("/", withConsent(value));
      expect(frameSrcOf(response), value).toBe("'self'");
      expect(await response.text(), value).toContain('class="consent-banner"');
    }
  });
});

describe("the server renders the consent state", () => {
  it("an undecided visitor gets the banner in the HTML, with the no-JS form back to this page", async () => {
    const html = await (await get("/carfinder?bodystyle=suv")).text();
    // In place right after the skip link, not streamed later behind a script (works without JavaScript).
    expect(html).toContain('Zum Inhalt springen</a><!--$--><section class="consent-banner" aria-labelledby="consent-banner-heading">');
    expect(html).toContain('<form class="consent-actions" action="/cookie-einstellungen" method="post">');
    expect(html).toContain('<input type="hidden" name="back" value="/carfinder?bodystyle=suv"/>');
    expect(html).toContain(">Alle akzeptieren</button>");
    expect(html).toContain(">Alle ablehnen</button>");
    expect(html).toContain(String.raw`\"consent\":{\"decided\":false,\"granted\":[]}`);
  });

  it("a decided visitor gets no banner, and the browser starts from the same state", async () => {
    const html = await (await get("/carfinder", withConsent(`v1.maps.${now()}`))).text();
    expect(html).not.toContain('class="consent-banner"');
    expect(html).toContain(String.raw`\"consent\":{\"decided\":true,\"granted\":[\"maps\"]}`);
  });

  it("the settings page shows the current choices and no banner", async () => {
    const response = await get("/cookie-einstellungen", withConsent(`v1.maps-video.${now()}`));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<h1>Cookie-Einstellungen</h1>");
    expect(html).not.toContain('class="consent-banner"');
    const ticked = (html.match(/<input type="checkbox"[^>]*>/g) ?? [])
      .filter((tag) => tag.includes('checked=""'))
      .map((tag) => /value="(\w+)"/.exec(tag)?.[1]);
    expect(ticked).toEqual(["maps", "video"]);
    expect(html).toContain("Google Maps (Google Ireland Limited, Irland)");
  });

  it("for an undecided visitor no box is ticked on the settings page", async () => {
    const html = await (await get("/cookie-einstellungen")).text();
    expect(html.match(/type="checkbox"/g)).toHaveLength(5);
    expect(html).not.toMatch(/type="checkbox"[^>]*checked/);
  });

  it("a huge or hostile Cookie header never breaks the page", async () => {
    const huge = `${"a=".padEnd(60_000, "b")}; agn_consent=${"v1.".repeat(5_000)}; __proto__=x; constructor=y`;
    for (const cookie of [huge, "agn_consent", "agn_consent=%00%ff", ";;;;", "agn_consent=v1.__proto__.1"]) {
      const response = await get("/", { headers: { Cookie: cookie } });
      expect(response.status, cookie.slice(0, 40)).toBe(200);
      expect(await response.text()).toContain('class="consent-banner"');
    }
  });
});

describe("POST /cookie-einstellungen (the no-JS consent form)", () => {
  it("'Alle akzeptieren' stores every purpose for 365 days and returns 303 to the page", async () => {
    const response = await postConsent([
      ["choice", "all"],
      ["back", "/carfinder?bodystyle=suv"],
    ]);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/carfinder?bodystyle=suv");
    expect(cookieValueOf(response)).toMatch(/^v1\.statistics-maps-chat-booking-video\.\d+$/);
    expect(response.headers.get("Set-Cookie")).toMatch(/; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("'Alle ablehnen' stores the rejection", async () => {
    expect(cookieValueOf(await postConsent("choice=none&back=%2F"))).toMatch(/^v1\.none\.\d+$/);
  });

  it("'Auswahl speichern' stores exactly the ticked purposes (none ticked = rejection)", async () => {
    expect(cookieValueOf(await postConsent("choice=selection&purpose=video&purpose=maps"))).toMatch(/^v1\.maps-video\.\d+$/);
    expect(cookieValueOf(await postConsent([["choice", "selection"]]))).toMatch(/^v1\.none\.\d+$/);
  });

  it("'Immer erlauben' adds the purpose to what the cookie already grants", async () => {
    const response = await postConsent(
      [
        ["choice", "grant"],
        ["purpose", "maps"],
        ["back", "/uber-uns/das-sind-wir#iframe-x"],
      ],
      { Cookie: `agn_consent=v1.statistics.${now()}` },
    );
    expect(cookieValueOf(response)).toMatch(/^v1\.statistics-maps\.\d+$/);
    expect(response.headers.get("Location")).toBe("/uber-uns/das-sind-wir#iframe-x");
  });

  it("a decision posted on https is a Secure cookie", async () => {
    const response = await exports.default.fetch(
      new Request("https://dealership.test/cookie-einstellungen", {
        method: "POST",
        body: "choice=none",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Sec-Fetch-Site": "same-origin" },
      }),
    );
    expect(response.headers.get("Set-Cookie")).toMatch(/; Secure$/);
  });

  it.each([
    ["missing", undefined],
    ["another site", "https://evil.example/"],
    ["protocol-relative", "//evil.example/x"],
    ["backslash trick", "/\\evil.example"],
    ["javascript", "javascript:alert(1)"],
    ["relative without slash", "carfinder"],
    ["control character", "/carfinder\n/x"],
  ])("goes back only to a same-origin path (%s → /)", async (_, back) => {
    const response = await postConsent(
      back === undefined
        ? [["choice", "none"]]
        : [
            ["choice", "none"],
            ["back", back],
          ],
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/");
  });

  it.each([
    ["a dot segment before two slashes", "/.//evil.example", "/evil.example"],
    ["a parent segment before two slashes", "/..//evil.example", "/evil.example"],
    ["a run of slashes after a dot segment", "/./../////evil.example/x?y=1", "/evil.example/x?y=1"],
  ])("judges the normalised path, not the raw one (%s stays on the site)", async (_, back, expected) => {
    const response = await postConsent([
      ["choice", "none"],
      ["back", back],
    ]);
    expect(response.status).toBe(303);
    const location = response.headers.get("Location") ?? "";
    expect(location).toBe(expected);
    expect(new URL(location, "https://www.example.de").origin).toBe("https://www.example.de");
  });

  it("safeBackPath keeps query and fragment of a same-origin path", () => {
    expect(safeBackPath("/uber-uns/das-sind-wir?x=1#video-1")).toBe("/uber-uns/das-sind-wir?x=1#video-1");
    expect(safeBackPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });

  it("a cross-site post cannot decide for the visitor (403)", async () => {
    const crossSite = await postConsent([["choice", "all"]], { "Sec-Fetch-Site": "cross-site" });
    expect(crossSite.status).toBe(403);
    expect(crossSite.headers.get("Set-Cookie")).toBeNull();
    expect(await crossSite.text()).toContain("Ihre Auswahl wurde nicht gespeichert");
    const foreignOrigin = await postConsent([["choice", "all"]], { "Sec-Fetch-Site": "", Origin: "https://evil.example" });
    expect(foreignOrigin.status).toBe(403);
  });

  it.each([
    ["an unknown choice", [["choice", "maybe"]]],
    ["no choice", [["purpose", "maps"]]],
    [
      "an unknown purpose",
      [
        ["choice", "selection"],
        ["purpose", "ads"],
      ],
    ],
    [
      "a prototype key as purpose",
      [
        ["choice", "selection"],
        ["purpose", "__proto__"],
      ],
    ],
    ["constructor as choice", [["choice", "constructor"]]],
    ["too many purposes", [["choice", "selection"], ...Array.from({ length: 6 }, (): [string, string] => ["purpose", "maps"])]],
  ] as Array<[string, Array<[string, string]>]>)("%s is a 400 with a German message, no cookie", async (_, fields) => {
    const response = await postConsent(fields);
    expect(response.status).toBe(400);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toContain("Das Formular enthielt eine unbekannte Auswahl.");
  });

  it("an oversized body is a 413, a JSON body a 415", async () => {
    expect((await postConsent(`choice=all&back=/${"x".repeat(5_000)}`)).status).toBe(413);
    expect((await postConsent('{"choice":"all"}', { "Content-Type": "application/json" })).status).toBe(415);
  });
});

describe("GET /_embed (wrapper for embeds loaded after the page)", () => {
  const wrapper = (src: string, title = "Karte") => get(`/_embed?${new URLSearchParams({ src, title })}`);

  it("frames an allow-listed embed with a CSP that allows exactly its origin and no script", async () => {
    const response = await wrapper("https://www.openstreetmap.org/export/embed.html?bbox=9,54,9.1,54.1");
    expect(response.status).toBe(200);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("frame-src https://www.openstreetmap.org;");
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("default-src 'none'");
    expect(response.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    const html = await response.text();
    expect(html).toContain('<iframe src="https://www.openstreetmap.org/export/embed.html?bbox=9,54,9.1,54.1" title="Karte"');
    expect(html).not.toContain("<script");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(html).toContain(`<style nonce="${nonce}">`);
  });

  it("a video player and a hosted form work the same way", async () => {
    expect(frameSrcOf(await wrapper("https://www.youtube-nocookie.com/embed/agnWerkstatt1?rel=0&autoplay=1"))).toBe(
      "https://www.youtube-nocookie.com",
    );
    expect(frameSrcOf(await wrapper("https://forms.office.com/r/abc"))).toBe("https://forms.office.com");
  });

  it("escapes the title and the URL", async () => {
    const html = await (await wrapper('https://www.google.com/maps/embed?pb=a"><script>', '"><script>alert(1)</script>')).text();
    expect(html).not.toContain("<script");
    expect(html).toContain("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it.each([
    ["not allow-listed", "https://evil.example/x"],
    ["google outside /maps/embed", "https://www.google.com/search?q=x"],
    ["plain http", "http://www.openstreetmap.org/export/embed.html"],
    ["javascript", "javascript:alert(1)"],
    ["data", "data:text/html,<script>alert(1)</script>"],
    ["our own page (needs no wrapper)", "/werkstatt"],
    ["credentials", "https://user:pw@www.openstreetmap.org/"],
  ])("refuses %s with 400", async (_, src) => {
    const response = await wrapper(src);
    expect(response.status).toBe(400);
    expect(response.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(await response.text()).toContain("Dieser Inhalt kann hier nicht angezeigt werden.");
  });

  it("refuses a missing src with 400", async () => {
    expect((await get("/_embed")).status).toBe(400);
  });
});
