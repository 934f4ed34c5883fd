import { describe, expect, it } from "vitest";
import { BLOCK_COMPONENTS } from "./block-names.ts";
import { BLOCK_FIXTURES, ROOT_FIXTURES } from "./block-fixtures.ts";
import {
  ArticleSchema,
  BLOCK_SCHEMAS,
  ButtonSchema,
  CardSchema,
  EmbedFormSchema,
  EmbedIframeSchema,
  EmbedVideoSchema,
  HeroSchema,
  PageSchema,
  PartnerBrandComponentSchema,
  ReviewWidgetSchema,
  StockPreviewSchema,
  schemaOf,
} from "./block-schemas.ts";

const link = (url: string) => ({ linktype: "url", url, cached_url: url });

describe("block schemas", () => {
  it("every component name has a schema and its fixture is valid", () => {
    for (const name of BLOCK_COMPONENTS) {
      const result = BLOCK_SCHEMAS[name].safeParse(BLOCK_FIXTURES[name]);
      expect(result.success, `${name}: ${result.error?.message}`).toBe(true);
    }
    expect(PageSchema.safeParse(ROOT_FIXTURES.page).success).toBe(true);
    expect(ArticleSchema.safeParse(ROOT_FIXTURES.article).success).toBe(true);
    expect(schemaOf("nonexistent")).toBeUndefined();
    expect(schemaOf("constructor")).toBeUndefined();
  });

  it("lenient: empty strings, nulls, string numbers and unknown enum values fall back to defaults", () => {
    const hero = HeroSchema.parse({
      component: "hero",
      _uid: "h",
      headline: "",
      text: null,
      image: { filename: "", alt: null },
      variant: "fancy",
    });
    expect(hero).toEqual({
      component: "hero",
      _uid: "h",
      headline: undefined,
      subline: undefined,
      text: undefined,
      image: undefined,
      buttons: [],
      variant: "default",
    });
    const button = ButtonSchema.parse({
      component: "button",
      _uid: "b",
      label: "Los",
      variant: "huge",
      size: "",
      link: { linktype: "story", cached_url: "", url: "" },
    });
    expect(button).toMatchObject({
      variant: "primary",
      size: "medium",
      icon: "none",
      icon_position: "end",
      disabled: false,
      link: undefined,
    });
    expect(StockPreviewSchema.parse({ component: "stock_preview", _uid: "s", limit: "99", query: "/carfinder?brand=smart" })).toMatchObject(
      { limit: 12, query: "brand=smart" },
    );
    expect(ReviewWidgetSchema.parse({ component: "review_widget", _uid: "r", rating: "4,5" })).toMatchObject({
      rating: 4.5,
      provider: "other",
      count: 0,
    });
  });

  it("strips fields the site does not know", () => {
    expect(CardSchema.parse({ component: "card", _uid: "c", headline: "A", onclick: "alert(1)" })).not.toHaveProperty("onclick");
  });

  it("required fields are reported in German", () => {
    const result = CardSchema.safeParse({ component: "card", _uid: "c", headline: " " });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Überschrift fehlt");
    expect(ButtonSchema.safeParse({ component: "button", _uid: "b" }).success).toBe(false);
  });

  it("hostile link targets make the block invalid", () => {
    for (const url of ["javascript:alert(1)", "data:text/html,x", "vbscript:x", "java\nscript:alert(1)"]) {
      expect(ButtonSchema.safeParse({ component: "button", _uid: "b", label: "x", link: link(url) }).success, url).toBe(false);
      expect(CardSchema.safeParse({ component: "card", _uid: "c", headline: "x", link: link(url) }).success, url).toBe(false);
    }
    expect(ButtonSchema.safeParse({ component: "button", _uid: "b", label: "x", link: link("https://www.hyundai.de") }).success).toBe(true);
  });

  it("image sources must be https or site paths", () => {
    expect(HeroSchema.safeParse({ component: "hero", _uid: "h", image: { filename: "javascript:alert(1)" } }).success).toBe(false);
    expect(HeroSchema.safeParse({ component: "hero", _uid: "h", image: { filename: "http://example.com/a.jpg" } }).success).toBe(false);
    expect(HeroSchema.safeParse({ component: "hero", _uid: "h", image: { filename: "/images/vehicles/suv-blue-2.svg" } }).success).toBe(
      true,
    );
  });

  it("videos only from YouTube or Vimeo", () => {
    const video = (url: string) => EmbedVideoSchema.safeParse({ component: "embed_video", _uid: "v", url }).success;
    expect(video("https://youtu.be/dQw4w9WgXcQ")).toBe(true);
    expect(video("https://vimeo.com/76979871")).toBe(true);
    expect(video("https://evil.example/watch?v=dQw4w9WgXcQ")).toBe(false);
    expect(video("javascript:alert(1)")).toBe(false);
  });

  it("iframes need a title and an allow-listed https host", () => {
    const iframe = (fields: Record<string, unknown>) =>
      EmbedIframeSchema.safeParse({ component: "embed_iframe", _uid: "i", ...fields }).success;
    expect(iframe({ url: "https://www.openstreetmap.org/export/embed.html", title: "Karte" })).toBe(true);
    expect(iframe({ url: "/werkstatt", title: "Werkstatt" })).toBe(true);
    expect(iframe({ url: "https://www.openstreetmap.org/export/embed.html", title: "" })).toBe(false);
    expect(iframe({ url: "https://evil.example/", title: "x" })).toBe(false);
    expect(iframe({ url: "https://www.google.com/search?q=x", title: "x" })).toBe(false);
    expect(iframe({ url: "javascript:alert(1)", title: "x" })).toBe(false);
  });

  it("partner web components: allow-listed tags, plain attributes only", () => {
    const partner = (fields: Record<string, unknown>) =>
      PartnerBrandComponentSchema.safeParse({ component: "partner_brand_component", _uid: "p", tag: "smart-product-teaser", ...fields })
        .success;
    expect(partner({ attributes: [{ name: "model", value: "smart-1" }] })).toBe(true);
    expect(partner({ tag: "script" })).toBe(false);
    expect(partner({ tag: "iframe" })).toBe(false);
    expect(partner({ attributes: [{ name: "onclick", value: "alert(1)" }] })).toBe(false);
    expect(partner({ attributes: [{ name: "style", value: "x" }] })).toBe(false);
    expect(partner({ attributes: [{ name: "src", value: "https://evil.example/x.js" }] })).toBe(false);
  });

  it("stock queries are plain query strings", () => {
    expect(StockPreviewSchema.safeParse({ component: "stock_preview", _uid: "s", query: "brand=smart&fuel=electric" }).success).toBe(true);
    expect(StockPreviewSchema.safeParse({ component: "stock_preview", _uid: "s", query: "brand=<script>" }).success).toBe(false);
  });

  it("form nodes: names, types, options and nested groups", () => {
    const form = EmbedFormSchema.parse({
      component: "embed_form",
      _uid: "f",
      form_id: 42,
      fields: [
        { name: "contact", type: "group", label: "Kontakt", children: [{ name: "email", input: "email", validation: "required|email" }] },
        { name: "brand", input: "select", options: [{ group: "Pkw", options: [{ label: "smart", value: "smart" }] }] },
      ],
    });
    expect(form.form_id).toBe("42");
    expect(form.fields[0]?.children?.[0]).toMatchObject({ type: "input", input: "email" });
    expect(form.fields_problems).toEqual([]);
    // A broken definition keeps the block (it says "Es ist etwas schiefgelaufen...") and names the problems.
    expect(EmbedFormSchema.parse({ component: "embed_form", _uid: "f", form_id: "x", fields: [{ name: "1bad" }] })).toMatchObject({
      fields: [],
      fields_problems: ["fields.0.name: Feldname ungültig"],
    });
    expect(EmbedFormSchema.parse({ component: "embed_form", _uid: "f", form_id: "x" })).toMatchObject({
      fields: [],
      fields_problems: ["Das Formular hat keine Felder."],
    });
    expect(EmbedFormSchema.parse({ component: "embed_form", _uid: "f", form_id: "x", fields: "kaputt" }).fields_problems).toHaveLength(1);
    expect(EmbedFormSchema.safeParse({ component: "embed_form", _uid: "f" }).success).toBe(false); // no form id
  });

  it("page roots keep their SEO fields; article roots need a title", () => {
    expect(
      PageSchema.parse({
        component: "page",
        _uid: "p",
        seo: { title: "T", description: "D", og_image: "" },
        seo_title: "",
        noindex: "true",
      }),
    ).toMatchObject({ seo: { title: "T", description: "D" }, noindex: true, body: [] });
    expect(ArticleSchema.safeParse({ component: "article", _uid: "a" }).success).toBe(false);
    expect(ArticleSchema.parse({ component: "article", _uid: "a", title: "T", tags: "Elektro, Karriere", date: "kaputt" })).toMatchObject({
      tags: ["Elektro", "Karriere"],
      date: undefined,
    });
  });
});
