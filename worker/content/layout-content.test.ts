import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../test-support/setup.ts";
import { fakeSpace, fakeStory, signBody, SPACE_ID, type FakeSpace } from "../test-support/fake-storyblok.ts";
import { clearContentMemory } from "./cached-content.ts";
import { forgetLayoutFailures } from "./layout-content-reader.ts";
import { forgetWebhookWindow } from "../webhooks/storyblok-webhook.ts";
import { clearHtmlMemory } from "../ssr/html-cache.ts";
import { NOTICE_COOKIE } from "#ui/layout/notice-cookie.ts";

/** The editor-owned layout (docs/decisions/0034-editor-owned-navigation.md) through the real app and a fake Storyblok. */

const SETTINGS_PATH = "/v2/cdn/stories/global/settings";

const nav = (label: string, url: string) => ({ component: "nav_link", _uid: `n-${label}`, label, link: { linktype: "url", url } });

function settingsStory(options: { navigation?: string; notices?: Array<Record<string, unknown>> } = {}) {
  return fakeStory(
    "global/settings",
    {
      navigation: [nav(options.navigation ?? "Sonderaktion", "/sonderaktion"), nav("Böse", "javascript:alert(1)")],
      top_bar_claim: "Ihr Autohaus an der Küste",
      footer_columns: [{ component: "footer_column", _uid: "c1", heading: "Angebote", links: [nav("Winterreifen", "/winterreifen")] }],
      info_bar: options.notices ?? [],
    },
    "site_settings",
    "Website-Einstellungen",
  );
}

function pageStory(slug: string) {
  return fakeStory(slug, { seo: { title: "Seite", description: "Beschreibung" }, body: [] }, "page", "Seite");
}

async function settingsReads(space: FakeSpace): Promise<number> {
  return (await space.requests()).filter((request) => request.path === SETTINGS_PATH).length;
}

async function publishWebhook(space: FakeSpace) {
  const body = JSON.stringify({ action: "published", space_id: SPACE_ID, story_id: 1, full_slug: "global/settings", text: "published" });
  return space.fetch("/webhooks/storyblok", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "webhook-signature": await signBody(body) },
  });
}

const navOf = (html: string) => /<nav id="site-nav"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";

beforeEach(() => {
  clearContentMemory();
  clearHtmlMemory();
  forgetLayoutFailures();
  forgetWebhookWindow();
});
afterEach(() => clearContentMemory());

describe("navigation, top bar, footer and info bar from the Storyblok settings story", () => {
  it("reach the header and footer of a content page (islands) and of an app page (data router); an unsafe link is dropped", async () => {
    const space = await fakeSpace({ version: 500, stories: [settingsStory(), pageStory("layout-seite")] });
    const content = await (await space.fetch("/layout-seite")).text();
    expect(navOf(content)).toContain('href="/sonderaktion">Sonderaktion</a>');
    expect(navOf(content)).not.toContain("Fahrzeugsuche");
    expect(content).not.toContain("javascript:");
    expect(content).toContain("Ihr Autohaus an der Küste");
    expect(content).toContain('href="/winterreifen">Winterreifen</a>');
    // The header island hydrates with the same navigation (its props), not with built-in constants.
    expect(content).toMatch(
      /data-island="site-header" data-props="\{&quot;navigation&quot;:\[\{&quot;label&quot;:&quot;Sonderaktion&quot;/,
    );
    // The legal links the story left empty are the built-in ones.
    expect(content).toContain('href="/impressum">Impressum</a>');

    const app = await (await space.fetch("/cookie-einstellungen")).text();
    expect(navOf(app)).toContain('href="/sonderaktion">Sonderaktion</a>');
    expect(app).toContain("Ihr Autohaus an der Küste");
    // The story is no page.
    expect((await space.fetch("/global/settings")).status).toBe(404);
    expect((await space.fetch("/api/content/pages/global/settings")).status).toBe(404);
  });

  it("read once per content version, not per page: later pages read no settings from Storyblok", async () => {
    const space = await fakeSpace({ version: 510, stories: [settingsStory(), pageStory("layout-a"), pageStory("layout-b")] });
    await space.fetch("/layout-a");
    await space.fetch("/layout-b");
    await space.fetch("/cookie-einstellungen");
    await space.fetch("/cookie-einstellungen");
    expect(await settingsReads(space)).toBe(1);
  });

  it("no settings story: the built-in layout, with the lease and finance sections in the footer", async () => {
    const space = await fakeSpace({ version: 520, stories: [pageStory("layout-ohne")] });
    const html = await (await space.fetch("/layout-ohne")).text();
    expect(navOf(html)).toContain('href="/carfinder">Fahrzeugsuche</a>');
    expect(html).toContain('href="/stock/private-lease">Privat-Leasing</a>');
    expect(html).toContain('href="/stock/business-finance">Gewerbefinanzierung</a>');
  });

  it("Storyblok failing without a last good copy: the built-in layout, the page renders and is not kept in the HTML cache", async () => {
    const space = await fakeSpace({ version: 530, stories: [settingsStory(), pageStory("layout-ausfall")] });
    await space.faults({ status: 500, times: 50, path: SETTINGS_PATH });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const response = await space.fetch("/layout-ausfall");
    expect(response.status).toBe(200);
    expectConsoleError(/^content source unavailable, failing open: .*HTTP 500/);
    expect(warn.mock.calls.map(String).join("\n")).toMatch(/Layout settings: the settings story could not be read/);
    const html = await response.text();
    expect(navOf(html)).toContain('href="/carfinder">Fahrzeugsuche</a>');
    expect(html).toContain('href="/impressum">Impressum</a>');
    expect(response.headers.get("X-Html-Cache")).toBeNull();
    const again = await space.fetch("/layout-ausfall");
    expect(again.headers.get("X-Html-Cache")).not.toBe("hit");
    // The failure is not retried on every page for a while: one failed read (with its retries), not two.
    const reads = await settingsReads(space);
    await space.fetch("/cookie-einstellungen");
    expect(await settingsReads(space)).toBe(reads);
  });

  it("a publish (webhook) puts the new navigation on every cached page", async () => {
    const space = await fakeSpace({ version: 540, stories: [settingsStory({ navigation: "Vorher" }), pageStory("layout-publish")] });
    expect(navOf(await (await space.fetch("/layout-publish")).text())).toContain(">Vorher</a>");
    const cached = await space.fetch("/layout-publish");
    expect(cached.headers.get("X-Html-Cache")).toBe("hit");
    await space.publish(settingsStory({ navigation: "Nachher" }), 541);
    expect((await publishWebhook(space)).status).toBe(200);
    const after = await space.fetch("/layout-publish");
    expect(after.headers.get("X-Html-Cache")).toBe("miss");
    expect(navOf(await after.text())).toContain(">Nachher</a>");
  });

  it("the info bar shows a notice valid now, not one outside its window; a dismissed notice is left out of the HTML", async () => {
    const notice = (text: string, fields: Record<string, unknown> = {}) => ({
      component: "info_bar_entry",
      _uid: `i-${text}`,
      text,
      ...fields,
    });
    const space = await fakeSpace({
      version: 550,
      stories: [
        settingsStory({
          notices: [
            notice("Rückruf: Bitte Termin vereinbaren.", { link: { linktype: "url", url: "/werkstatt" }, link_label: "Zum Termin" }),
            notice("Längst vorbei", { valid_from: "2020-12-22 00:00", valid_until: "2021-01-02 00:00" }),
            notice("Noch nicht", { valid_from: "2099-01-01 00:00" }),
          ],
        }),
        pageStory("layout-hinweis"),
      ],
    });
    const html = await (await space.fetch("/layout-hinweis")).text();
    expect(html).toContain('<aside class="info-bar" aria-label="Hinweise"');
    expect(html).toContain("Rückruf: Bitte Termin vereinbaren.");
    expect(html).toContain('href="/werkstatt">Zum Termin</a>');
    expect(html).not.toContain("Längst vorbei");
    expect(html).not.toContain("Noch nicht");
    const key = /data-notice="([0-9a-f]{16})"/.exec(html)?.[1];
    expect(key).toBeDefined();
    expect((await space.fetch("/layout-hinweis")).headers.get("X-Html-Cache")).toBe("hit");

    // A visitor who closed it gets the page without it: its own cache entry, never the copy with the bar.
    const dismissed = await space.fetch("/layout-hinweis", { headers: { Cookie: `${NOTICE_COOKIE}=${key}` } });
    expect(dismissed.headers.get("X-Html-Cache")).toBe("miss");
    const without = await dismissed.text();
    expect(without).not.toContain("info-bar");
    expect(without).not.toContain("Rückruf");
    // An app page too.
    const app = await (await space.fetch("/cookie-einstellungen", { headers: { Cookie: `${NOTICE_COOKIE}=${key}` } })).text();
    expect(app).not.toContain("Rückruf");
    expect(await (await space.fetch("/cookie-einstellungen")).text()).toContain("Rückruf");
  });
});
