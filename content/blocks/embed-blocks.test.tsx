import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { SitePageContext } from "#ui/site-context.tsx";
import { decidedConsent, UNDECIDED, type ConsentPurpose, type ConsentState } from "#domain/consent.ts";
import { frameOriginsFor, PURPOSE_DETAILS } from "#domain/consent-purposes.ts";
import { ConsentProvider } from "#ui/consent/consent-store.ts";
import type { EmbedIframeBlock, EmbedVideoBlock } from "../block-schemas.ts";
import { FIXTURE_DATA } from "../block-fixtures.ts";
import { EmbedIframeView, EmbedVideoView } from "./embed-blocks.tsx";
import { embedWrapperUrl, IFRAME_HOSTS, iframeSource } from "./embed-sources.ts";

const VIDEO: EmbedVideoBlock = {
  component: "embed_video",
  _uid: "v1",
  title: "Rundgang",
  url: "https://www.youtube.com/watch?v=agnWerkstatt1",
} as EmbedVideoBlock;
const MAP: EmbedIframeBlock = {
  component: "embed_iframe",
  _uid: "m1",
  title: "Anfahrt",
  url: "https://www.openstreetmap.org/export/embed.html?bbox=9,54,9.1,54.1",
  height: 400,
} as EmbedIframeBlock;
const FORM: EmbedIframeBlock = {
  component: "embed_iframe",
  _uid: "f1",
  title: "Umfrage",
  url: "https://forms.office.com/r/abc123",
  height: 600,
} as EmbedIframeBlock;

function render(element: React.ReactElement, consent: ConsentState = UNDECIDED): string {
  return renderToStaticMarkup(
    <SitePageContext value={{ pathname: "/uber-uns/das-sind-wir", search: "?x=1", routeData: [], services: null, settings: null }}>
      <ConsentProvider initial={consent}>{element}</ConsentProvider>
    </SitePageContext>,
  );
}
const PROPS = { level: 2, render: () => null, context: { data: FIXTURE_DATA, preview: false } };
const granted = (...purposes: ConsentPurpose[]) => decidedConsent(purposes);

describe("embeds behind consent", () => {
  it("an undecided visitor gets a placeholder naming the provider, no iframe", () => {
    const html = render(<EmbedVideoView block={VIDEO} {...PROPS} />);
    expect(html).not.toContain("<iframe");
    expect(html).toContain("„Rundgang“ wird von YouTube bereitgestellt");
    expect(html).toContain("IP-Adresse");
  });

  it("'Einmal laden' is a link to the same-origin wrapper (works without JavaScript)", () => {
    const html = render(<EmbedVideoView block={VIDEO} {...PROPS} />);
    const href = `/_embed?src=${encodeURIComponent("https://www.youtube-nocookie.com/embed/agnWerkstatt1?rel=0")}&amp;title=Rundgang`;
    expect(html).toContain(`<a href="${href}" class="button button--primary button--medium"`);
  });

  it("'Immer erlauben' posts the purpose to /cookie-einstellungen and comes back to the embed", () => {
    const html = render(<EmbedIframeView block={MAP} {...PROPS} />);
    expect(html).toContain('<form action="/cookie-einstellungen" method="post">');
    expect(html).toContain('<input type="hidden" name="choice" value="grant"/>');
    expect(html).toContain('<input type="hidden" name="purpose" value="maps"/>');
    expect(html).toContain('<input type="hidden" name="back" value="/uber-uns/das-sind-wir?x=1#iframe-m1"/>');
    expect(html).toContain('id="iframe-m1"');
  });

  it("a granted purpose renders the frame directly on the server, without autoplay", () => {
    const video = render(<EmbedVideoView block={VIDEO} {...PROPS} />, granted("video"));
    expect(video).toContain('<iframe src="https://www.youtube-nocookie.com/embed/agnWerkstatt1?rel=0" title="Rundgang"');
    const map = render(<EmbedIframeView block={MAP} {...PROPS} />, granted("maps"));
    expect(map).toMatch(
      /<iframe src="https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?[^"]*" title="Anfahrt"[^>]*sandbox="allow-scripts allow-forms allow-popups allow-same-origin"/,
    );
  });

  it("granting one purpose does not load another", () => {
    expect(render(<EmbedIframeView block={MAP} {...PROPS} />, granted("video"))).not.toContain("<iframe");
    expect(render(<EmbedVideoView block={VIDEO} {...PROPS} />, granted("maps", "statistics"))).not.toContain("<iframe");
  });

  it("Microsoft Forms has no standing permission: only 'Einmal laden', even when everything is granted", () => {
    const html = render(<EmbedIframeView block={FORM} {...PROPS} />, granted("statistics", "maps", "chat", "booking", "video"));
    expect(html).not.toContain("<iframe");
    expect(html).toContain("Microsoft Forms");
    expect(html).toContain("Einmal laden");
    expect(html).not.toContain("Immer erlauben");
  });
});

describe("embed hosts and consent purposes agree", () => {
  it("every host with a purpose is among that purpose's frame origins, and every frame origin is an embed host", () => {
    for (const { host, purpose } of IFRAME_HOSTS) {
      if (purpose) expect(PURPOSE_DETAILS[purpose].frameOrigins, host).toContain(`https://${host}`);
    }
    const hostOrigins = IFRAME_HOSTS.filter((entry) => entry.purpose).map((entry) => `https://${entry.host}`);
    expect(frameOriginsFor(["statistics", "maps", "chat", "booking", "video"]).sort()).toEqual(hostOrigins.sort());
  });

  it("a source carries the purpose and provider of its host", () => {
    expect(iframeSource("https://www.google.com/maps/embed?pb=x")).toMatchObject({ purpose: "maps", providerName: "Google Maps" });
    expect(iframeSource("https://player.vimeo.com/video/123456")).toMatchObject({ purpose: "video", providerName: "Vimeo" });
    expect(iframeSource("https://forms.office.com/r/x")).toMatchObject({ purpose: null });
    expect(iframeSource("/werkstatt")).toMatchObject({ sameOrigin: true, purpose: null });
    expect(iframeSource("https://www.google.com/search?q=x")).toBeNull();
  });

  it("the wrapper URL carries source and title as query parameters", () => {
    expect(embedWrapperUrl("https://player.vimeo.com/video/1?dnt=1", "Film & Ton")).toBe(
      "/_embed?src=https%3A%2F%2Fplayer.vimeo.com%2Fvideo%2F1%3Fdnt%3D1&title=Film+%26+Ton",
    );
  });
});
