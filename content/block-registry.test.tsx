import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { BlockRenderer, BLOCK_VIEWS } from "./block-registry.tsx";
import { BLOCK_COMPONENTS } from "./block-names.ts";
import { BLOCK_FIXTURES, FIXTURE_DATA, ROOT_FIXTURES } from "./block-fixtures.ts";
import type { BlockRenderContext } from "./block-data.ts";
import type { Block } from "./story-schema.ts";
import { validateStoryContent } from "./validate-blocks.ts";
import { ServerFormBlockViewsContext } from "./blocks/lead-blocks-lazy.tsx";
import { SERVER_FORM_BLOCK_VIEWS } from "./blocks/server-form-block-views.ts";

/** Inside a data router, as on the site: form blocks use fetchers. */
function render(blocks: Block[], context: Partial<BlockRenderContext> = {}): string {
  const router = createMemoryRouter([
    { path: "*", element: <BlockRenderer blocks={blocks} context={{ data: FIXTURE_DATA, preview: false, ...context }} /> },
  ]);
  // As the worker renders: the form blocks in place (in the browser they are lazy chunks).
  return renderToStaticMarkup(
    <ServerFormBlockViewsContext value={SERVER_FORM_BLOCK_VIEWS}>
      <RouterProvider router={router} />
    </ServerFormBlockViewsContext>,
  );
}

/** Blocks as the worker hands them over: validated, defaults applied. */
function validated(block: Block): Block {
  const root = validateStoryContent({ component: "page", _uid: "root", body: [block] } as Block, {
    preview: false,
    warn: (message) => expect.fail(message),
  });
  return ((root as Record<string, unknown>).body as Block[])[0]!;
}

describe("block registry", () => {
  it("has a component for every Storyblok name", () => {
    expect(Object.keys(BLOCK_VIEWS).sort()).toEqual([...BLOCK_COMPONENTS, "page", "article"].sort());
  });

  it.each(BLOCK_COMPONENTS)("renders %s from its fixture", (name) => {
    const html = render([validated(BLOCK_FIXTURES[name])]);
    expect(html.length, name).toBeGreaterThan(20);
    expect(html).not.toMatch(/<h1/);
    expect(html).not.toMatch(/javascript:/i);
  });

  it("renders page and article roots", () => {
    const page = render([validateStoryContent(ROOT_FIXTURES.page as Block, { preview: false, warn: () => undefined })]);
    expect(page).toContain("Ihr nächstes Fahrzeug wartet schon");
    const article = render([validateStoryContent(ROOT_FIXTURES.article as Block, { preview: false, warn: () => undefined })]);
    expect(article).toContain('<time dateTime="2026-11-18T08:00:00Z">18. November 2026</time>');
    expect(article).toContain("Redaktion");
  });

  it("headlines start at h2 and nested blocks go one deeper", () => {
    const html = render([validated(BLOCK_FIXTURES.card_grid)]);
    expect(html).toMatch(/<h2[^>]*>Unsere Leistungen<\/h2>/);
    expect(html).toMatch(/<h3[^>]*><a[^>]*>Werkstatt<\/a><\/h3>/);
  });

  it("heroes load their image eagerly, everything else lazily, with the size from the asset path", () => {
    expect(render([validated(BLOCK_FIXTURES.hero)])).toMatch(/<img[^>]*width="1600" height="900"[^>]*loading="eager"/);
    expect(render([validated(BLOCK_FIXTURES.content_image)])).toMatch(/<img[^>]*loading="lazy"/);
  });

  it("invalid and unknown blocks: nothing in production, a German marker in preview", () => {
    const marker = { component: "invalid_block", _uid: "x", original: "hero", issues: ["headline: zu lang"] } as unknown as Block;
    expect(render([marker, { component: "fancy", _uid: "y" }])).toBe("");
    const preview = render([marker, { component: "fancy", _uid: "y" }], { preview: true });
    expect(preview).toContain("Block „hero“ ist ungültig:</strong> headline: zu lang");
    expect(preview).toContain("Block „fancy“ ist ungültig:</strong> unbekannte Komponente");
  });

  it("stock blocks show vehicle cards and the carfinder link; without data a German empty state", () => {
    const html = render([validated(BLOCK_FIXTURES.stock_preview)]);
    expect(html).toContain("smart #1 Pro+");
    expect(html).toContain('href="/carfinder?sorting=year-desc"');
    expect(html).toContain("Alle 17 Fahrzeuge ansehen");
    expect(render([validated(BLOCK_FIXTURES.stock_preview)], { data: {} })).toContain("Aktuell sind keine passenden Fahrzeuge im Bestand.");
    expect(
      render([validated(BLOCK_FIXTURES.stock_preview)], { data: { "fx-stock_preview": { kind: "error", need: "vehicles" } } }),
    ).toContain("Fahrzeuge konnten nicht geladen werden.");
  });

  it("stock blocks print each card's price as the worker worded it for the block's search", () => {
    expect(render([validated(BLOCK_FIXTURES.lease_overview)])).toContain("399 € mtl.");
    expect(render([validated(BLOCK_FIXTURES.lease_overview)])).toContain("inkl. gesetzl. MwSt.");
    expect(render([validated(BLOCK_FIXTURES.stock_results)])).toContain("Gesamtpreis inkl. 19 % MwSt. und Überführung");
    expect(render([validated(BLOCK_FIXTURES.stock_results)])).toContain("CO₂-Klasse: A");
  });

  it("location and article blocks: data, empty and error states", () => {
    expect(render([validated(BLOCK_FIXTURES.location_grid)])).toContain('href="/center/center-husum"');
  });

  it("lead blocks render real forms: trade-in with plate and photos, workshop with centers, plate entry as a GET form", () => {
    const tradeIn = render([validated(BLOCK_FIXTURES.stock_trade_in)]);
    expect(tradeIn).toMatch(/<form[^>]*method="post"/);
    expect(tradeIn).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    expect(tradeIn).toContain('name="licensePlate"');
    expect(tradeIn).toContain('type="file"');
    expect(tradeIn).toContain('name="website"');
    const workshop = render([validated(BLOCK_FIXTURES.workshop_appointment)]);
    expect(workshop).toContain('value="center-husum"');
    expect(workshop).toContain('name="services"');
    expect(render([validated(BLOCK_FIXTURES.stock_license_plate)])).toMatch(/<form[^>]*action="\/ankauf" method="get"/);
    expect(
      render([validated(BLOCK_FIXTURES.location_overview)], { data: { "fx-location_overview": { kind: "error", need: "locations" } } }),
    ).toContain("Standorte konnten nicht geladen werden.");
    expect(render([validated(BLOCK_FIXTURES.article_latest)])).toContain('href="/uber-uns/journal/neuer-eqs-suv-im-showroom"');
    expect(render([validated(BLOCK_FIXTURES.article_overview)], { data: {} })).toContain("Derzeit gibt es keine Beiträge.");
  });

  it("buttons: a link with a target, a button when disabled or without target, external targets with icon", () => {
    const button = (fields: Record<string, unknown>) =>
      render([validated({ component: "button", _uid: "b", label: "Los", ...fields } as Block)]);
    expect(button({ link: { linktype: "story", cached_url: "probefahrt" }, variant: "secondary", size: "large" })).toMatch(
      /^<a class="button button--secondary button--large" href="\/probefahrt"/,
    );
    expect(button({ link: { linktype: "story", cached_url: "probefahrt" }, disabled: true })).toMatch(
      /^<button type="button" class="button button--primary button--medium" disabled=""/,
    );
    expect(button({})).toMatch(/^<button type="button"/);
    const external = button({ link: { linktype: "url", url: "https://www.hyundai.de" } });
    expect(external).toContain('target="_blank"');
    expect(external).toContain("external-icon");
    expect(external).toContain("(öffnet in neuem Tab)");
  });

  it("a booking button is its link in the server HTML (usable without JavaScript), a button without a target", () => {
    const booking = (fields: Record<string, unknown>) =>
      render([validated({ component: "button", _uid: "b", label: "Termin", booking_plugin: true, ...fields } as Block)]);
    expect(booking({ link: { linktype: "story", cached_url: "werkstatt" } })).toMatch(
      /^<div class="booking-button"><a class="button button--primary button--medium" href="\/werkstatt"/,
    );
    expect(booking({})).toMatch(
      /^<div class="booking-button"><button type="button" class="button button--primary button--medium" aria-haspopup="dialog"/,
    );
    expect(booking({ link: { linktype: "story", cached_url: "werkstatt" }, disabled: true })).toMatch(
      /^<div class="booking-button"><button type="button" class="button button--primary button--medium" disabled=""/,
    );
  });

  it("video and third-party iframes wait for consent; no player URL in the first HTML (more in blocks/embed-blocks.test.tsx)", () => {
    const video = render([validated(BLOCK_FIXTURES.embed_video)]);
    expect(video).toContain("Einmal laden");
    expect(video).toContain("YouTube");
    expect(video).not.toContain("<iframe");
    const iframe = render([validated(BLOCK_FIXTURES.embed_iframe)]);
    expect(iframe).toContain("Einmal laden");
    expect(iframe).not.toContain("<iframe");
    const own = render([validated({ component: "embed_iframe", _uid: "i", url: "/werkstatt", title: "Werkstatt" } as Block)]);
    expect(own).toMatch(
      /<iframe src="\/werkstatt" title="Werkstatt"[^>]*loading="lazy"[^>]*sandbox="allow-scripts allow-forms allow-popups"/,
    );
  });

  it("the form renders labelled fields and a submit that works without JavaScript (more in form-block.test.tsx)", () => {
    const html = render([validated(BLOCK_FIXTURES.embed_form)]);
    expect(html).toMatch(
      /<label for="([^"]+)">E-Mail<span aria-hidden="true"> \*<\/span><\/label><input id="\1"[^>]*required=""[^>]*type="email"[^>]*name="fields.email"/,
    );
    expect(html).toContain('type="radio"');
    expect(html).toMatch(/<form [^>]*method="post"/);
    expect(html).not.toMatch(/<button type="submit"[^>]*disabled/);
  });

  it("employee overview lists employees with filters", () => {
    const html = render([validated(BLOCK_FIXTURES.employee_overview)]);
    expect(html).toContain("Alle Abteilungen");
    expect(html).toContain("2 Ansprechpartner");
    expect(html).toContain('href="tel:04012345621"');
  });

  it("review widget states its rating as text", () => {
    expect(render([validated(BLOCK_FIXTURES.review_widget)])).toContain('aria-label="4,7 von 5 Sternen"');
  });

  it("partner components render their allow-listed tag with plain attributes and a fallback", () => {
    const html = render([validated(BLOCK_FIXTURES.partner_brand_component)]);
    expect(html).toMatch(/^<div class="block partner-brand"><smart-product-teaser model="smart-1" class="partner-brand__element">/);
  });

  it("carousels have labelled slides and previous/next buttons, no auto-advance", () => {
    const html = render([validated(BLOCK_FIXTURES.hero_carousel)]);
    expect(html).toContain('aria-roledescription="Karussell"');
    expect(html).toContain('aria-label="1 von 2"');
    expect(html).toContain("Nächste Folie");
  });

  it("the whole demo space renders without console errors", async () => {
    const { demoSpace } = await import("#kv-seed/demo-space/demo-space.ts");
    const warn = vi.fn();
    // The layout settings story is no page (content/layout-content-schema.ts reads it).
    for (const story of demoSpace().stories.filter((entry) => entry.content.component !== "site_settings")) {
      const html = render([validateStoryContent(story.content, { preview: false, warn })]);
      expect(html.length, story.full_slug).toBeGreaterThan(0);
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it("block components import schemas as types only (zod stays off the first load, ADR 0006)", async () => {
    const { readdirSync } = await import("node:fs");
    const files = [
      "content/block-registry.tsx",
      "content/block-data.ts",
      "content/link-field.ts",
      "content/storyblok-image.ts",
      "content/rich-text/rich-text.tsx",
      ...readdirSync("content/blocks").map((file) => `content/blocks/${file}`),
    ];
    for (const file of files) {
      const source = readFileSync(file, "utf8");
      expect(source, file).not.toMatch(
        /^import (?!type)[^;]*from "(zod|\.\.?\/(block-schemas|validate-blocks|story-schema|content-page-schema)\.ts|#domain\/(data-schemas|vehicle-search-result)\.ts)"/m,
      );
    }
  });
});

describe("review widget", () => {
  const urlLink = (url: string) => ({ linktype: "url", url, cached_url: url, id: "", fieldtype: "multilink" });
  const review = (provider: string, link?: string) =>
    render([validated({ ...BLOCK_FIXTURES.review_widget, provider, ...(link ? { link: urlLink(link) } : {}) } as Block)]);

  it("names the platform only when the block links to a review profile on it", () => {
    const linked = review("google", "https://g.page/r/autohaus-gruppe-nord/review");
    expect(linked).toContain("312 Bewertungen");
    expect(linked).toContain(" bei Google");
    expect(linked).toContain("Alle Bewertungen bei Google");
    expect(review("trustpilot", "https://de.trustpilot.com/review/autohaus.example")).toContain(" bei Trustpilot");
  });

  it("editor-typed figures without the platform's link are the dealership's own, never 'bei Google'", () => {
    for (const html of [
      review("google"),
      review("google", "https://www.autohaus.example/bewertungen"),
      review("google", "https://google.com.evil.example/x"),
      review("facebook", "https://g.page/r/x"),
      review("other", "https://g.page/r/x"),
    ]) {
      expect(html).not.toMatch(/bei (Google|Facebook)/);
      expect(html).toContain("von unseren Kundinnen und Kunden");
    }
    expect(review("google", "https://www.autohaus.example/bewertungen")).toContain("Alle Bewertungen ansehen");
  });
});
