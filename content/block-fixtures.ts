import type { BlockComponent } from "./block-names.ts";
import type { BlockData } from "./block-data.ts";
import type { Block } from "./story-schema.ts";
import type { LocationSummary } from "#domain/data-schemas.ts";

/**
 * One minimal valid example per Storyblok component (content/block-names.ts), in the shape an
 * editor's story delivers it (before validation). Unit tests render each one; the demo space and
 * e2e journeys may reuse them. `FIXTURE_DATA` answers the data needs of the stock, location and
 * article fixtures by `_uid`.
 */

const image = (name: string, alt: string) => ({
  id: 1,
  filename: `https://a.storyblok.com/f/287411/1600x900/ab12cd34ef/${name}.jpg`,
  alt,
  focus: "800x450:801x451",
  title: "",
  name: "",
  fieldtype: "asset",
});
const storyLink = (slug: string) => ({ linktype: "story", cached_url: slug, url: "", id: "", fieldtype: "multilink" });
const doc = (...paragraphs: string[]) => ({
  type: "doc",
  content: paragraphs.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })),
});

const button = (uid: string, label: string, slug: string) => ({
  component: "button",
  _uid: uid,
  label,
  link: storyLink(slug),
  variant: "primary",
  size: "medium",
  icon_position: "end",
});
const card = (uid: string, headline: string, slug: string) => ({
  component: "card",
  _uid: uid,
  headline,
  text: "Kurzer Teaser zur Karte.",
  link: storyLink(slug),
  image: image(uid, ""),
});
const employee = (uid: string, name: string, department: string, location: string) => ({
  component: "employee",
  _uid: uid,
  name,
  job_title: "Verkaufsberater",
  department,
  location,
  phone: "040 123456-21",
  email: `${uid}@autohaus-gruppe-nord.de`,
});
const cardGrid = (component: BlockComponent) => ({
  component,
  _uid: `fx-${component}`,
  headline: "Unsere Leistungen",
  cards: [card(`fx-${component}-1`, "Werkstatt", "werkstatt"), card(`fx-${component}-2`, "Probefahrt", "probefahrt")],
});

export const BLOCK_FIXTURES: Record<BlockComponent, Block> = {
  hero: {
    component: "hero",
    _uid: "fx-hero",
    headline: "Ihr nächstes Fahrzeug wartet schon",
    text: "Über 3.000 Fahrzeuge von sechs Marken.",
    image: image("hero", ""),
    buttons: [button("fx-hero-button", "Zur Fahrzeugsuche", "carfinder")],
  },
  hero_carousel: {
    component: "hero_carousel",
    _uid: "fx-hero_carousel",
    slides: [
      {
        component: "hero",
        _uid: "fx-slide-1",
        headline: "Elektro-Bonus",
        text: "eVito und eSprinter mit Bonus.",
        image: image("slide-1", ""),
      },
      { component: "hero", _uid: "fx-slide-2", headline: "Junge Sterne", text: "Geprüfte Gebrauchtwagen.", image: image("slide-2", "") },
    ],
  },
  hero_stock: {
    component: "hero_stock",
    _uid: "fx-hero_stock",
    headline: "smart #1 sofort verfügbar",
    query: "brand=smart&fuel=electric",
    limit: 2,
    image: image("hero-stock", ""),
  },
  card_grid_full_width: cardGrid("card_grid_full_width"),
  card_grid: cardGrid("card_grid"),
  card_grid_four_column: cardGrid("card_grid_four_column"),
  card_grid_masonry: cardGrid("card_grid_masonry"),
  card_grid_slider: cardGrid("card_grid_slider"),
  card_grid_small: cardGrid("card_grid_small"),
  card_grid_two_column: cardGrid("card_grid_two_column"),
  card: card("fx-card", "Ankauf", "ankauf"),
  rich_text: {
    component: "rich_text",
    _uid: "fx-rich_text",
    text: doc("Wir kaufen Ihr Fahrzeug – fair bewertet und schnell abgewickelt."),
  },
  content_centered: {
    component: "content_centered",
    _uid: "fx-content_centered",
    headline: "Fragen?",
    text: "Wir sind für Sie da.",
    buttons: [button("fx-centered-button", "Kontakt", "ansprechpartner")],
  },
  content_disclaimer: { component: "content_disclaimer", _uid: "fx-content_disclaimer", text: doc("Alle Preise inkl. 19 % MwSt.") },
  content_employees: {
    component: "content_employees",
    _uid: "fx-content_employees",
    headline: "Ihre Produktexperten",
    employees: [employee("fx-ce-1", "Anna Petersen", "Verkauf", "center-husum")],
  },
  content_image: {
    component: "content_image",
    _uid: "fx-content_image",
    image: image("content-image", "Ein SUV vor dem Center am Rothenbaum"),
    caption: "Center am Rothenbaum",
  },
  content_image_columns: {
    component: "content_image_columns",
    _uid: "fx-content_image_columns",
    headline: "Gläserne Werkstatt",
    text: "Schauen Sie zu.",
    image: image("columns", ""),
    image_position: "right",
  },
  content_framed: { component: "content_framed", _uid: "fx-content_framed", headline: "Hinweis", text: "Termine nur nach Vereinbarung." },
  content_two_column: {
    component: "content_two_column",
    _uid: "fx-content_two_column",
    left: [{ component: "rich_text", _uid: "fx-two-left", text: doc("Acht Standorte, sechs Marken.") }],
    right: [{ component: "content_image", _uid: "fx-two-right", image: image("two-right", "Ein Transporter") }],
  },
  content_start_app: {
    component: "content_start_app",
    _uid: "fx-content_start_app",
    headline: "Mercedes-Benz App",
    text: "Termine in der App buchen.",
    app_store_url: "https://apps.apple.com/de/app/mercedes-benz/id1414419418",
    play_store_url: "https://play.google.com/store/apps/details?id=com.daimler.ris.mercedesme.ece.android",
  },
  embed_chat: {
    component: "embed_chat",
    _uid: "fx-embed_chat",
    headline: "Chatten Sie mit uns",
    phone: "040 123456-0",
    email: "info@autohaus-gruppe-nord.de",
  },
  embed_instant_appointment_grid: {
    component: "embed_instant_appointment_grid",
    _uid: "fx-embed_instant_appointment_grid",
    headline: "Freie Termine",
    make: "mercedes-benz",
    product_category: "service",
  },
  embed_recruitment_widget: { component: "embed_recruitment_widget", _uid: "fx-embed_recruitment_widget", headline: "Offene Stellen" },
  embed_video: {
    component: "embed_video",
    _uid: "fx-embed_video",
    title: "Rundgang durch die Werkstatt",
    url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  },
  embed_form: {
    component: "embed_form",
    _uid: "fx-embed_form",
    headline: "Rückruf anfordern",
    form_id: "callback",
    fields: [
      { name: "name", type: "input", input: "text", label: "Name", validation: "required" },
      { name: "email", type: "input", input: "email", label: "E-Mail", validation: "required|email" },
      {
        name: "topic",
        type: "input",
        input: "radio",
        label: "Thema",
        options: [
          { label: "Verkauf", value: "sales" },
          { label: "Service", value: "service" },
        ],
      },
      { name: "privacy", type: "input", input: "checkbox", label: "Ich stimme der Datenschutzerklärung zu", validation: "accepted" },
    ],
  },
  embed_iframe: {
    component: "embed_iframe",
    _uid: "fx-embed_iframe",
    title: "Anfahrt zum Center Husum",
    url: "https://www.openstreetmap.org/export/embed.html?bbox=9.0,54.4,9.1,54.5",
    height: 400,
  },
  employee: employee("fx-employee", "Jens Hansen", "Service", "center-husum"),
  employee_grid: {
    component: "employee_grid",
    _uid: "fx-employee_grid",
    headline: "Team Service",
    employees: [employee("fx-eg-1", "Jens Hansen", "Service", "center-husum")],
  },
  employee_overview: {
    component: "employee_overview",
    _uid: "fx-employee_overview",
    headline: "Alle Ansprechpartner",
    employees: [
      employee("fx-eo-1", "Anna Petersen", "Verkauf", "center-hamburg-am-rothenbaum"),
      employee("fx-eo-2", "Jens Hansen", "Service", "center-husum"),
    ],
  },
  location_grid: { component: "location_grid", _uid: "fx-location_grid", headline: "Unsere Standorte" },
  location_overview: { component: "location_overview", _uid: "fx-location_overview", headline: "Alle Standorte" },
  lease_overview: { component: "lease_overview", _uid: "fx-lease_overview", headline: "Leasingangebote", limit: 2 },
  stock_overview: {
    component: "stock_overview",
    _uid: "fx-stock_overview",
    headline: "Fahrzeuge im Bestand",
    query: "brand=smart",
    limit: 12,
  },
  stock_preview: {
    component: "stock_preview",
    _uid: "fx-stock_preview",
    headline: "Neu eingetroffen",
    query: "sorting=year-desc",
    limit: 4,
  },
  stock_quick_entry: { component: "stock_quick_entry", _uid: "fx-stock_quick_entry", headline: "Wunschfahrzeug finden" },
  stock_quick_search: {
    component: "stock_quick_search",
    _uid: "fx-stock_quick_search",
    variant: "financial",
    headline: "Nach Monatsrate suchen",
  },
  stock_trade_in: {
    component: "stock_trade_in",
    _uid: "fx-stock_trade_in",
    headline: "Ihr Fahrzeug bewerten lassen",
    subline: "Kostenlos und unverbindlich.",
  },
  stock_license_plate: {
    component: "stock_license_plate",
    _uid: "fx-stock_license_plate",
    headline: "Was ist Ihr Fahrzeug wert?",
    target: "/ankauf",
  },
  stock_results: {
    component: "stock_results",
    _uid: "fx-stock_results",
    headline: "Elektrische smart im Bestand",
    query: "brand=smart&fuel=electric",
    limit: 6,
  },
  // One vehicle, by number or pasted URL; FIXTURE_DATA has none for them (the block's "not available" state).
  stock_media_gallery: { component: "stock_media_gallery", _uid: "fx-stock_media_gallery", vehicle: "100001" },
  stock_photo_spinner: {
    component: "stock_photo_spinner",
    _uid: "fx-stock_photo_spinner",
    headline: "Rundum ansehen",
    vehicle: "/carfinder/100002-1-mercedes-benz-glc-300-e-4matic",
  },
  stock_location_detail: { component: "stock_location_detail", _uid: "fx-stock_location_detail", location: "center-husum" },
  stock_lease_detail: { component: "stock_lease_detail", _uid: "fx-stock_lease_detail", vehicle: 100001, lease_type: "private_lease" },
  workshop_appointment: { component: "workshop_appointment", _uid: "fx-workshop_appointment", headline: "Werkstatttermin anfragen" },
  brand_logos: { component: "brand_logos", _uid: "fx-brand_logos", headline: "Unsere Marken", brands: ["mercedes-benz", "smart"] },
  brand_overview: { component: "brand_overview", _uid: "fx-brand_overview", headline: "Alle Marken" },
  article_latest: { component: "article_latest", _uid: "fx-article_latest", headline: "Aktuelles", folder: "uber-uns/journal/", count: 3 },
  article_overview: {
    component: "article_overview",
    _uid: "fx-article_overview",
    headline: "Alle Beiträge",
    folder: "uber-uns/journal",
    per_page: 12,
  },
  image_gallery: {
    component: "image_gallery",
    _uid: "fx-image_gallery",
    headline: "Eindrücke",
    images: [image("gallery-1", "Showroom"), image("gallery-2", "Werkstatt")],
  },
  image_grid: {
    component: "image_grid",
    _uid: "fx-image_grid",
    images: [image("grid-1", "Showroom"), image("grid-2", "Werkstatt")],
    columns: 2,
  },
  image_slider: {
    component: "image_slider",
    _uid: "fx-image_slider",
    headline: "Bilder",
    images: [image("slider-1", "Showroom"), image("slider-2", "Werkstatt")],
  },
  review_widget: {
    component: "review_widget",
    _uid: "fx-review_widget",
    provider: "google",
    rating: "4,7",
    count: 312,
    reviews: [{ author: "K. Meyer", rating: 5, text: "Top Beratung!" }],
  },
  partner_brand_component: {
    component: "partner_brand_component",
    _uid: "fx-partner_brand_component",
    tag: "smart-product-teaser",
    attributes: [{ name: "model", value: "smart-1" }],
    headline: "smart #1",
    fallback_text: "Der neue smart #1.",
  },
  button: button("fx-button", "Probefahrt vereinbaren", "probefahrt"),
};

export const ROOT_FIXTURES = {
  page: {
    component: "page",
    _uid: "fx-page",
    body: [BLOCK_FIXTURES.hero, BLOCK_FIXTURES.rich_text],
    seo: { title: "Startseite", description: "Autohaus Gruppe Nord" },
    noindex: false,
  },
  article: {
    component: "article",
    _uid: "fx-article",
    title: "Der neue EQS SUV steht im Showroom",
    teaser: "Ab sofort probefahren.",
    image: image("article", ""),
    date: "2026-11-18 08:00",
    author: "Redaktion",
    body: doc("Der EQS SUV verbindet bis zu sieben Sitzplätze mit über 600 km Reichweite."),
    tags: ["Elektro"],
  },
} satisfies Record<string, Block>;

/** A card's advert as the worker words it for a purchase search and for a lease search (domain/vehicle-advert.ts). */
const PURCHASE_ADVERT = {
  price: "38.990 €",
  note: "Gesamtpreis inkl. 19 % MwSt. und Überführung",
  reduction: null,
  energy: "Stromverbrauch kombiniert: 16,9 kWh/100 km; CO₂-Emissionen kombiniert: 0 g/km; CO₂-Klasse: A",
};
const LEASE_ADVERT = { ...PURCHASE_ADVERT, price: "399 € mtl.", note: "inkl. gesetzl. MwSt." };
const vehicle = (id: number, title: string, advert = PURCHASE_ADVERT) => ({
  id,
  slug: title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
  brand: "smart",
  title,
  condition: "new",
  fuel: "electric",
  constructionYear: 2026,
  firstRegistration: null,
  mileageKm: 10,
  powerHp: 272,
  price: 399,
  pricePurchase: 38_990,
  locationSlug: "center-husum",
  image: null,
  advert,
});
const searchResult = (count: number, advert = PURCHASE_ADVERT) => ({
  total: 17,
  page: 1,
  pageCount: 1,
  vehicles: Array.from({ length: count }, (_, index) => vehicle(100_001 + index, `smart #${index + 1} Pro+`, advert)),
  facets: {},
  features: {},
});
/** The center the location fixtures name; tests add contact channels and hours where they need them. */
export const FIXTURE_LOCATION_HUSUM: LocationSummary = {
  slug: "center-husum",
  name: "Center Husum",
  street: "Am Hafen 1",
  postalCode: "25813",
  city: "Husum",
  phone: "04841 6677-0",
  brands: ["mercedes-benz", "hymer"],
  services: [],
  social: [],
};
const locations: LocationSummary[] = [
  FIXTURE_LOCATION_HUSUM,
  {
    slug: "center-hamburg-harburg-hyundai",
    name: "Center Hamburg-Harburg Hyundai",
    street: "Buxtehuder Str. 2",
    postalCode: "21073",
    city: "Hamburg",
    phone: "040 765432-0",
    brands: ["hyundai"],
    services: [],
    social: [],
  },
];
const articles = {
  articles: [
    {
      uuid: "a-1",
      fullSlug: "uber-uns/journal/neuer-eqs-suv-im-showroom",
      title: "Der neue EQS SUV steht im Showroom",
      teaser: "Ab sofort probefahren.",
      date: "2026-11-18T08:00:00.000Z",
      tags: ["Elektro"],
    },
    {
      uuid: "a-2",
      fullSlug: "uber-uns/journal/ausbildungsstart-2026",
      title: "42 neue Auszubildende",
      date: "2026-09-01T08:00:00.000Z",
      tags: [],
    },
  ],
  total: 2,
  page: 1,
  perPage: 12,
};

/** Answers for every data need of BLOCK_FIXTURES, by uid. */
export const FIXTURE_DATA: BlockData = {
  "fx-hero_stock": { kind: "vehicles", result: searchResult(2) },
  "fx-stock_overview": { kind: "vehicles", result: searchResult(3) },
  "fx-stock_preview": { kind: "vehicles", result: searchResult(4) },
  "fx-stock_results": { kind: "vehicles", result: searchResult(6) },
  "fx-lease_overview": { kind: "vehicles", result: searchResult(2, LEASE_ADVERT) },
  "fx-location_grid": { kind: "locations", locations },
  "fx-location_overview": { kind: "locations", locations },
  "fx-stock_location_detail": { kind: "locations", locations },
  "fx-workshop_appointment": { kind: "locations", locations },
  "fx-article_latest": { kind: "articles", list: articles },
  "fx-article_overview": { kind: "articles", list: articles },
};
