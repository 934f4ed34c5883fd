import { describe, expect, it } from "vitest";
import { BOT_UA, get } from "../test-support/requests.ts";
import { fakeSpace, fakeStory } from "../test-support/fake-storyblok.ts";
import { DEFAULT_PREVIEW_PICTURE, linkPreviewTags, previewPicture, vehiclePicture, withLinkPreview } from "./link-preview.ts";
import { sized, storyPreview } from "./story-preview.ts";

const ASSET = "https://a.storyblok.com/f/4711/2400x1600/abc123/werkstatt.jpg";
/** The default picture's tags as a page of the test origin carries them. */
const DEFAULT_IMAGE = {
  "og:image": "https://www.example.de/link-preview.png",
  "og:image:width": "1200",
  "og:image:height": "630",
  "og:image:alt": "Autohaus Gruppe Nord",
};

const ogOf = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<meta (?:property|name)="((?:og|twitter):[\w:]+)" content="([^"]*)"\/>/g)].map((m) => [m[1], m[2]]),
  );

describe("link previews: Open Graph and Twitter card tags from the page's own head", () => {
  const head = (extra = "") =>
    `<html><head><title>GLC 300 e &amp; mehr | Autohaus Gruppe Nord</title><meta name="description" content="Ein &quot;SUV&quot;"/><link rel="canonical" href="https://www.example.de/carfinder/1-1-glc"/>${extra}</head><body></body></html>`;

  it("title without the site name, description, canonical URL, site name, locale; the picture as an absolute URL", () => {
    const tags = ogOf(linkPreviewTags(head(), { src: "/fahrzeugbild/1/1-1024.jpg", alt: 'GLC "300"' }));
    expect(tags).toEqual({
      "og:type": "website",
      "og:site_name": "Autohaus Gruppe Nord",
      "og:locale": "de_DE",
      "og:title": "GLC 300 e &amp; mehr",
      "og:url": "https://www.example.de/carfinder/1-1-glc",
      "og:description": "Ein &quot;SUV&quot;",
      "og:image": "https://www.example.de/fahrzeugbild/1/1-1024.jpg",
      "og:image:alt": "GLC &quot;300&quot;",
      "twitter:card": "summary_large_image",
    });
  });

  it("no picture, an unsafe address or an SVG: the site's default picture, 1200×630; no canonical (noindex): no tags", () => {
    const none = ogOf(linkPreviewTags(head(), null));
    expect(none).toMatchObject({ ...DEFAULT_IMAGE, "twitter:card": "summary_large_image" });
    for (const src of [
      "javascript:alert(1)",
      "http://elsewhere.example/a.jpg",
      "/images/vehicles/suv-blue-2.svg",
      "https://a.storyblok.com/f/1/400x300/ab/logo.svg",
    ])
      expect(ogOf(linkPreviewTags(head(), { src, alt: "x" })), src).toMatchObject(DEFAULT_IMAGE);
    const noindex = "<html><head><title>Probefahrt | Autohaus Gruppe Nord</title></head><body></body></html>";
    expect(withLinkPreview(noindex, { src: "/a.jpg", alt: "" })).toBe(noindex);
  });

  it("the picture of a route is its vehicle's first photo", () => {
    expect(vehiclePicture({ vehicle: { title: "GLC", images: ["/a.jpg", "/b.jpg"] } })).toEqual({ src: "/a.jpg", alt: "GLC" });
    expect(vehiclePicture({ page: {} })).toBeNull();
    expect(vehiclePicture(undefined)).toBeNull();
    expect(vehiclePicture({ vehicle: { images: [] } })).toBeNull();
  });

  it("pages carry them as crawlers get them: a demo vehicle (SVG photos) and a content page (SVG hero) the default; a form page (noindex) none", async () => {
    const vehicle = ogOf(await (await get("/carfinder/100001-1-mercedes-benz-a-180-progressive", { userAgent: BOT_UA })).text());
    expect(vehicle["og:url"]).toMatch(/\/carfinder\/100001-1-mercedes-benz-a-180-progressive$/);
    expect(vehicle["og:image"]).toBe("http://dealership.test/link-preview.png");
    expect(vehicle["twitter:card"]).toBe("summary_large_image");
    const content = ogOf(await (await get("/werkstatt")).text());
    expect(content["og:title"]).toBeTruthy();
    expect(content["og:image"]).toBe("http://dealership.test/link-preview.png");
    expect(content["twitter:card"]).toBe("summary_large_image");
    const form = ogOf(await (await get("/carfinder/100001-1-mercedes-benz-a-180-progressive/probefahrt")).text());
    expect(form).toEqual({});
  });

  it("a picture is asked for at a preview size where its host can size it (Storyblok: story-preview.ts)", () => {
    expect(sized({ src: ASSET, alt: "Werkstatt", focus: "1200x700:1201x701" })).toEqual({
      src: `${ASSET}/m/1200x630/filters:quality(80):format(jpeg):focal(1200x700:1201x701)`,
      alt: "Werkstatt",
      width: 1200,
      height: 630,
    });
    // An imported vehicle photo at the largest width its route serves; a height it cannot promise.
    expect(previewPicture({ src: "/fahrzeugbild/7/2-480.jpg", alt: "GLC" })).toEqual({ src: "/fahrzeugbild/7/2-1024.jpg", alt: "GLC" });
    expect(previewPicture({ src: "https://cdn.example.de/a.jpg", alt: "" })).toEqual({ src: "https://cdn.example.de/a.jpg", alt: "" });
    expect(sized({ src: "https://cdn.example.de/a.jpg", alt: "" })).toEqual({ src: "https://cdn.example.de/a.jpg", alt: "" });
    expect(previewPicture(null)).toBe(DEFAULT_PREVIEW_PICTURE);
    expect(previewPicture({ src: "/images/vehicles/suv-blue-2.svg?v=1", alt: "SUV" })).toBe(DEFAULT_PREVIEW_PICTURE);
  });

  it("hostile alt text and SEO texts are escaped, never markup", () => {
    const hostile = '"><script>alert(1)</script>';
    const html = linkPreviewTags(head(), sized({ src: ASSET, alt: hostile }), { title: hostile, description: `${hostile} & mehr` });
    expect(html).not.toContain("<script>");
    const tags = ogOf(html);
    expect(tags["og:image:alt"]).toBe("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(tags["og:title"]).toBe("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(tags["og:description"]).toBe("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; mehr");
    // The picture's address itself cannot end the attribute either.
    expect(ogOf(linkPreviewTags(head(), { src: 'https://cdn.example.de/a.jpg?x="><b>', alt: "" }))["og:image"]).toBe(
      "https://cdn.example.de/a.jpg?x=%22%3E%3Cb%3E",
    );
  });

  it("an editorial page's preview: the SEO app's og fields, else the first hero's picture, else an article's image", () => {
    const hero = (image?: unknown) => ({ component: "hero", _uid: "h", ...(image !== undefined && { image }) });
    const page = (content: Record<string, unknown>) => ({ page: { content: { component: "page", _uid: "p", ...content } } });
    const image = { filename: ASSET, alt: "Die Werkstatt", focus: "" };
    const CROPPED = `${ASSET}/m/1200x630/filters:quality(80):format(jpeg)`;
    expect(storyPreview(page({ body: [{ component: "rich_text", _uid: "r" }, hero(), hero(image)] }))).toEqual({
      picture: { src: CROPPED, alt: "Die Werkstatt", width: 1200, height: 630 },
      texts: {},
    });
    const carousel = { component: "hero_carousel", _uid: "c", slides: [hero(), hero({ ...image, alt: "Folie" })] };
    expect(storyPreview(page({ body: [carousel] }))?.picture?.alt).toBe("Folie");
    expect(storyPreview(page({ body: [{ component: "hero_stock", _uid: "s", image }] }))?.picture?.src).toBe(CROPPED);
    expect(storyPreview({ page: { content: { component: "article", _uid: "a", image } } })?.picture?.src).toBe(CROPPED);
    // A site path (the demo's SVG heroes) stays as it is; link-preview.ts shows the default instead.
    expect(storyPreview(page({ body: [hero({ filename: "/images/vehicles/suv-blue-2.svg", alt: "" })] }))?.picture?.src).toBe(
      "/images/vehicles/suv-blue-2.svg",
    );
    // The SEO app's fields win; protocol-relative asset addresses of older spaces become https.
    const seo = {
      og_title: " Eigener Titel ",
      og_description: "Eigene Beschreibung",
      og_image: "//a.storyblok.com/f/4711/1200x630/ff/og.png",
    };
    expect(storyPreview(page({ seo, body: [hero(image)] }))).toEqual({
      picture: {
        src: "https://a.storyblok.com/f/4711/1200x630/ff/og.png/m/1200x630/filters:quality(80):format(jpeg)",
        alt: "",
        width: 1200,
        height: 630,
      },
      texts: { title: "Eigener Titel", description: "Eigene Beschreibung" },
    });
    // Wrong SEO values are left out, not fatal; no hero: no picture (the default follows); not a story: null.
    expect(storyPreview(page({ seo: { og_title: 42, og_image: "" }, body: "x" }))).toEqual({ picture: null, texts: {} });
    expect(storyPreview({ vehicle: {} })).toBeNull();
    expect(storyPreview({ page: 2 })).toBeNull();
    expect(storyPreview(null)).toBeNull();
  });

  it("a Storyblok page with a hero: its picture cropped to 1200×630 with its alt; the SEO app's own picture and title win", async () => {
    const heroPage = fakeStory("vorschau-mit-held", {
      body: [{ component: "hero", _uid: "h1", headline: "Willkommen", image: { filename: ASSET, alt: "Blick in die Werkstatt" } }],
    });
    const seoPage = fakeStory("vorschau-mit-seo", {
      seo: { title: "Suchtitel", og_title: "Vorschau & Titel", og_image: "https://a.storyblok.com/f/4711/1200x630/ff/og.png" },
      body: [{ component: "hero", _uid: "h2", headline: "Willkommen", image: { filename: ASSET, alt: "" } }],
    });
    const plainPage = fakeStory("vorschau-ohne-held", { body: [{ component: "rich_text", _uid: "r1", text: "Nur Text" }] });
    const space = await fakeSpace({ stories: [heroPage, seoPage, plainPage] });
    const withHero = ogOf(await (await space.fetch("/vorschau-mit-held", { headers: { "User-Agent": BOT_UA } })).text());
    expect(withHero).toMatchObject({
      "og:image": `${ASSET}/m/1200x630/filters:quality(80):format(jpeg)`,
      "og:image:width": "1200",
      "og:image:height": "630",
      "og:image:alt": "Blick in die Werkstatt",
      "twitter:card": "summary_large_image",
    });
    const withSeo = ogOf(await (await space.fetch("/vorschau-mit-seo")).text());
    expect(withSeo["og:image"]).toBe("https://a.storyblok.com/f/4711/1200x630/ff/og.png/m/1200x630/filters:quality(80):format(jpeg)");
    expect(withSeo["og:title"]).toBe("Vorschau &amp; Titel");
    expect(withSeo["og:image:alt"]).toBeUndefined();
    const plain = ogOf(await (await space.fetch("/vorschau-ohne-held")).text());
    expect(plain["og:image"]).toBe("http://dealership.test/link-preview.png");
  });
});
