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
import type { BlockComponent } from "./block-names.ts";
import type { BlockData } from "./block-data.ts";
import { attr, parseHtml, type HtmlDom } from "#ui/test-support/html-dom.ts";
import { PINNED_VEHICLES } from "#kv-seed/demo-vehicles.ts";
import { buildVehicle } from "#kv-seed/stock-generator.ts";
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

/** Vehicle 100001 of the demo stock (Mercedes-Benz A 180) for the blocks that show one vehicle. */
const A_180 = buildVehicle(PINNED_VEHICLES.find((vehicle) => vehicle.id === 100001) ?? { id: 100001 });
const VEHICLE_DATA: BlockData = Object.fromEntries(
  ["fx-stock_media_gallery", "fx-stock_photo_spinner", "fx-stock_lease_detail"].map((uid) => [uid, { kind: "vehicle", vehicle: A_180 }]),
);

const heading = (dom: HtmlDom, name: string | RegExp) => expect(dom.getByRole("heading", { name })).toBeDefined();
const linkTo = (dom: HtmlDom, name: string | RegExp, href: string) => expect(attr(dom.getByRole("link", { name }), "href")).toBe(href);
const shows = (dom: HtmlDom, ...texts: string[]) => {
  for (const text of texts) expect(dom.text()).toContain(text);
};
/** A card grid of the fixtures: its headline as a section and two linked cards. */
function cardGrid(dom: HtmlDom) {
  expect(dom.getAllByRole("region", { name: "Unsere Leistungen" }).length).toBeGreaterThan(0);
  heading(dom, "Unsere Leistungen");
  linkTo(dom, "Werkstatt", "/werkstatt");
  linkTo(dom, "Probefahrt", "/probefahrt");
  expect(dom.queryAllByText("Kurzer Teaser zur Karte.")).toHaveLength(2);
}
/** A stock block of the fixtures: its headline and the result cards with their advert lines. */
function stockCards(headline: string, note = "Gesamtpreis inkl. 19 % MwSt. und Überführung") {
  return (dom: HtmlDom) => {
    heading(dom, headline);
    expect(dom.getAllByRole("heading", { name: "smart #1 Pro+" }).length).toBeGreaterThan(0);
    shows(dom, note, "CO₂-Klasse: A");
  };
}

/**
 * What each block must render from its fixture (content/block-fixtures.ts): the editor's headline
 * and texts, its links and controls by role and name. A block that rendered only its frame, or
 * lost its data, fails here.
 */
const BLOCK_CONTENT: Record<BlockComponent, (dom: HtmlDom) => void> = {
  hero: (dom) => {
    heading(dom, "Ihr nächstes Fahrzeug wartet schon");
    shows(dom, "Über 3.000 Fahrzeuge von sechs Marken.");
    expect(dom.getByRole("link", { name: "Zur Fahrzeugsuche" })).toBeDefined();
  },
  hero_carousel: (dom) => {
    expect(dom.getByRole("region", { name: "Aktuelle Themen" })).toBeDefined();
    heading(dom, "Elektro-Bonus");
    heading(dom, "Junge Sterne");
    expect(dom.getByRole("button", { name: "Nächste Folie" })).toBeDefined();
  },
  hero_stock: (dom) => {
    heading(dom, "smart #1 sofort verfügbar");
    linkTo(dom, "smart #1 Pro+", "/carfinder/100001-1-smart-1-pro-");
    shows(dom, "38.990 €", "Gesamtpreis inkl. 19 % MwSt. und Überführung");
  },
  card_grid_full_width: cardGrid,
  card_grid: cardGrid,
  card_grid_four_column: cardGrid,
  card_grid_masonry: cardGrid,
  card_grid_slider: (dom) => {
    cardGrid(dom);
    expect(dom.getByRole("button", { name: "Nächste Folie" })).toBeDefined();
  },
  card_grid_small: cardGrid,
  card_grid_two_column: cardGrid,
  card: (dom) => {
    heading(dom, "Ankauf");
    linkTo(dom, "Ankauf", "/ankauf");
    shows(dom, "Kurzer Teaser zur Karte.");
  },
  rich_text: (dom) => expect(dom.getByText("Wir kaufen Ihr Fahrzeug – fair bewertet und schnell abgewickelt.").tag).toBe("p"),
  content_centered: (dom) => {
    heading(dom, "Fragen?");
    shows(dom, "Wir sind für Sie da.");
    expect(dom.getByRole("link", { name: "Kontakt" })).toBeDefined();
  },
  content_disclaimer: (dom) => shows(dom, "Alle Preise inkl. 19 % MwSt."),
  content_employees: (dom) => {
    heading(dom, "Ihre Produktexperten");
    heading(dom, "Anna Petersen");
    linkTo(dom, "040 123456-21", "tel:04012345621");
    linkTo(dom, "fx-ce-1@autohaus-gruppe-nord.de", "mailto:fx-ce-1@autohaus-gruppe-nord.de");
  },
  content_image: (dom) => {
    expect(dom.getByRole("img", { name: "Ein SUV vor dem Center am Rothenbaum" })).toBeDefined();
    shows(dom, "Center am Rothenbaum");
  },
  content_image_columns: (dom) => {
    heading(dom, "Gläserne Werkstatt");
    shows(dom, "Schauen Sie zu.");
  },
  content_framed: (dom) => {
    heading(dom, "Hinweis");
    shows(dom, "Termine nur nach Vereinbarung.");
  },
  content_two_column: (dom) => {
    expect(dom.getByRole("img", { name: "Ein Transporter" })).toBeDefined();
    shows(dom, "Acht Standorte, sechs Marken.");
  },
  content_start_app: (dom) => {
    heading(dom, "Mercedes-Benz App");
    expect(dom.getByRole("link", { name: "Im App Store laden (öffnet in neuem Tab)" })).toBeDefined();
    expect(dom.getByRole("link", { name: "Bei Google Play laden (öffnet in neuem Tab)" })).toBeDefined();
  },
  embed_chat: (dom) => {
    heading(dom, "Chatten Sie mit uns");
    expect(dom.getByRole("button", { name: "Chat starten" })).toBeDefined();
  },
  embed_instant_appointment_grid: (dom) => {
    heading(dom, "Freie Termine");
    expect(dom.getByRole("link", { name: "Freie Termine anzeigen" })).toBeDefined();
  },
  embed_recruitment_widget: (dom) => {
    heading(dom, "Offene Stellen");
    expect(dom.getByRole("link", { name: "Alle Stellenangebote ansehen" })).toBeDefined();
  },
  embed_video: (dom) => {
    shows(dom, "„Rundgang durch die Werkstatt“ wird von YouTube bereitgestellt.");
    expect(dom.getByRole("link", { name: "Einmal laden: Rundgang durch die Werkstatt" })).toBeDefined();
  },
  embed_form: (dom) => {
    expect(dom.getByRole("form", { name: "Rückruf anfordern" })).toBeDefined();
    expect(dom.getByRole("textbox", { name: "E-Mail" })).toBeDefined();
    expect(dom.getByRole("button", { name: "Senden" })).toBeDefined();
  },
  embed_iframe: (dom) => {
    shows(dom, "„Anfahrt zum Center Husum“ wird von OpenStreetMap bereitgestellt.");
    expect(dom.getByRole("link", { name: "Einmal laden: Anfahrt zum Center Husum" })).toBeDefined();
  },
  employee: (dom) => {
    heading(dom, "Jens Hansen");
    shows(dom, "Verkaufsberater", "Service · Center Husum");
    linkTo(dom, "040 123456-21", "tel:04012345621");
  },
  employee_grid: (dom) => {
    heading(dom, "Team Service");
    heading(dom, "Jens Hansen");
    linkTo(dom, "fx-eg-1@autohaus-gruppe-nord.de", "mailto:fx-eg-1@autohaus-gruppe-nord.de");
  },
  employee_overview: (dom) => {
    heading(dom, "Alle Ansprechpartner");
    expect(dom.getByRole("combobox", { name: "Abteilung" })).toBeDefined();
    expect(dom.getByRole("combobox", { name: "Standort" })).toBeDefined();
    shows(dom, "2 Ansprechpartner");
    heading(dom, "Anna Petersen");
    heading(dom, "Jens Hansen");
  },
  location_grid: (dom) => {
    heading(dom, "Unsere Standorte");
    linkTo(dom, "Center Husum", "/center/center-husum");
    linkTo(dom, "04841 6677-0", "tel:0484166770");
  },
  location_overview: (dom) => {
    heading(dom, "Alle Standorte");
    expect(dom.getByRole("combobox", { name: "Marke" })).toBeDefined();
    shows(dom, "2 Standorte");
    linkTo(dom, "Center Husum", "/center/center-husum");
  },
  lease_overview: stockCards("Leasingangebote", "399 € mtl. inkl. gesetzl. MwSt."),
  stock_overview: stockCards("Fahrzeuge im Bestand"),
  stock_preview: stockCards("Neu eingetroffen"),
  stock_quick_entry: (dom) => {
    heading(dom, "Wunschfahrzeug finden");
    expect(dom.getByRole("link", { name: "SUV/Geländewagen" })).toBeDefined();
    expect(dom.getByRole("link", { name: "Alle Fahrzeuge" })).toBeDefined();
  },
  stock_quick_search: (dom) => {
    heading(dom, "Nach Monatsrate suchen");
    for (const name of ["Marke", "Modell", "Angebotsart", "Monatsrate bis"]) expect(dom.getByRole("combobox", { name })).toBeDefined();
    expect(dom.getByRole("button", { name: "Fahrzeuge finden" })).toBeDefined();
  },
  stock_results: (dom) => {
    stockCards("Elektrische smart im Bestand")(dom);
    shows(dom, "17 Fahrzeuge gefunden");
  },
  stock_media_gallery: (dom) => {
    heading(dom, "Mercedes-Benz A 180");
    expect(dom.getByRole("img", { name: "Mercedes-Benz A 180 – Bild 1 von 4" })).toBeDefined();
    expect(dom.getByRole("link", { name: "Zum Fahrzeug: Mercedes-Benz A 180" })).toBeDefined();
  },
  stock_photo_spinner: (dom) => {
    heading(dom, "Rundum ansehen");
    expect(dom.getByRole("button", { name: "360°-Ansicht" })).toBeDefined();
    expect(dom.getByRole("link", { name: "Zum Fahrzeug: Mercedes-Benz A 180" })).toBeDefined();
  },
  stock_location_detail: (dom) => {
    heading(dom, "Center Husum");
    linkTo(dom, "04841 6677-0", "tel:0484166770");
    expect(dom.getByRole("link", { name: "Zum Standort" })).toBeDefined();
  },
  stock_lease_detail: (dom) => {
    heading(dom, "Mercedes-Benz A 180");
    shows(dom, "Privat-Leasing, inkl. 19 % MwSt.", "Monatliche Rate", "Laufzeit 36 Monate");
    expect(dom.getByRole("link", { name: "Leasing anfragen" })).toBeDefined();
  },
  stock_trade_in: (dom) => {
    expect(dom.getByRole("form", { name: "Ihr Fahrzeug bewerten lassen" })).toBeDefined();
    expect(dom.getByRole("textbox", { name: /^Kennzeichen/ })).toBeDefined();
  },
  stock_license_plate: (dom) => {
    heading(dom, "Was ist Ihr Fahrzeug wert?");
    expect(dom.getByRole("textbox", { name: "Ihr Kennzeichen" })).toBeDefined();
    expect(dom.getByRole("button", { name: "Fahrzeug bewerten" })).toBeDefined();
  },
  workshop_appointment: (dom) => {
    expect(dom.getByRole("form", { name: "Werkstatttermin anfragen" })).toBeDefined();
    shows(dom, "Welche Leistungen benötigen Sie?");
  },
  brand_logos: (dom) => {
    heading(dom, "Unsere Marken");
    expect(dom.getByRole("img", { name: "Mercedes-Benz" })).toBeDefined();
    expect(dom.getByRole("img", { name: "smart" })).toBeDefined();
  },
  brand_overview: (dom) => {
    heading(dom, "Alle Marken");
    linkTo(dom, "Modelle von Mercedes-Benz", "/mercedes-benz/modelle");
    linkTo(dom, "Fahrzeuge im Bestand: Hyundai", "/hyundai/carfinder");
  },
  article_latest: (dom) => {
    heading(dom, "Aktuelles");
    linkTo(dom, "Der neue EQS SUV steht im Showroom", "/uber-uns/journal/neuer-eqs-suv-im-showroom");
    shows(dom, "18. November 2026", "Ab sofort probefahren.");
  },
  article_overview: (dom) => {
    heading(dom, "Alle Beiträge");
    expect(dom.getByRole("link", { name: "42 neue Auszubildende" })).toBeDefined();
  },
  image_gallery: (dom) => {
    heading(dom, "Eindrücke");
    expect(dom.getByRole("img", { name: "Showroom" })).toBeDefined();
    expect(dom.getByRole("link", { name: /Bild vergrößern: Werkstatt/ })).toBeDefined();
  },
  image_grid: (dom) => {
    expect(dom.getByRole("img", { name: "Showroom" })).toBeDefined();
    expect(dom.getByRole("img", { name: "Werkstatt" })).toBeDefined();
  },
  image_slider: (dom) => {
    expect(dom.getByRole("region", { name: "Bilder" })).toBeDefined();
    expect(dom.getByRole("img", { name: "Werkstatt" })).toBeDefined();
    expect(dom.getByRole("button", { name: "Vorherige Folie" })).toBeDefined();
  },
  review_widget: (dom) => {
    heading(dom, "Das sagen unsere Kunden");
    expect(dom.getByRole("img", { name: "4,7 von 5 Sternen" })).toBeDefined();
    shows(dom, "312 Bewertungen", "Top Beratung!");
  },
  partner_brand_component: (dom) => {
    heading(dom, "smart #1");
    shows(dom, "Der neue smart #1.");
  },
  button: (dom) => linkTo(dom, "Probefahrt vereinbaren", "/probefahrt"),
};

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

  it.each(BLOCK_COMPONENTS)("renders %s from its fixture with the content an editor gave it", (name) => {
    const html = render([validated(BLOCK_FIXTURES[name])], { data: { ...FIXTURE_DATA, ...VEHICLE_DATA } });
    expect(html).not.toMatch(/<h1/);
    expect(html).not.toMatch(/javascript:/i);
    BLOCK_CONTENT[name](parseHtml(html));
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
    // Only the first slide is on the first screen: its image is the one loaded eagerly, with priority.
    const images = [...html.matchAll(/<img [^>]*>/g)].map((match) => match[0]);
    expect(images.map((img) => [/loading="eager"/.test(img), /fetchpriority="high"/i.test(img)])).toEqual([
      [true, true],
      [false, false],
    ]);
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
