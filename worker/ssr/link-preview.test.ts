import { describe, expect, it } from "vitest";
import { BOT_UA, get } from "../test-support/requests.ts";
import { linkPreviewTags, vehiclePicture, withLinkPreview } from "./link-preview.ts";

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

  it("no picture: a summary card; an unsafe picture address is left out; no canonical (noindex): no tags", () => {
    expect(ogOf(linkPreviewTags(head(), null))["twitter:card"]).toBe("summary");
    const unsafe = ogOf(linkPreviewTags(head(), { src: "javascript:alert(1)", alt: "x" }));
    expect(unsafe["og:image"]).toBeUndefined();
    const noindex = "<html><head><title>Probefahrt | Autohaus Gruppe Nord</title></head><body></body></html>";
    expect(withLinkPreview(noindex, { src: "/a.jpg", alt: "" })).toBe(noindex);
  });

  it("the picture of a route is its vehicle's first photo", () => {
    expect(vehiclePicture({ vehicle: { title: "GLC", images: ["/a.jpg", "/b.jpg"] } })).toEqual({ src: "/a.jpg", alt: "GLC" });
    expect(vehiclePicture({ page: {} })).toBeNull();
    expect(vehiclePicture(undefined)).toBeNull();
    expect(vehiclePicture({ vehicle: { images: [] } })).toBeNull();
  });

  it("pages carry them as crawlers get them: a vehicle with its photo, a content page without; a form page (noindex) none", async () => {
    const vehicle = ogOf(await (await get("/carfinder/100001-1-mercedes-benz-a-180-progressive", { userAgent: BOT_UA })).text());
    expect(vehicle["og:url"]).toMatch(/\/carfinder\/100001-1-mercedes-benz-a-180-progressive$/);
    expect(vehicle["og:image"]).toMatch(/^http:\/\/dealership\.test\/images\/vehicles\//);
    expect(vehicle["twitter:card"]).toBe("summary_large_image");
    const content = ogOf(await (await get("/werkstatt")).text());
    expect(content["og:title"]).toBeTruthy();
    expect(content["twitter:card"]).toBe("summary");
    const form = ogOf(await (await get("/carfinder/100001-1-mercedes-benz-a-180-progressive/probefahrt")).text());
    expect(form).toEqual({});
  });
});
