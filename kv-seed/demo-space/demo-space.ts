/**
 * The embedded demo space: German stories for the home page, every path the spec implies
 * through redirect targets (so no legacy redirect lands on a 404), and the journal (news). Served
 * from Workers KV when no Storyblok token is configured; `npm run seed` and the worker tests load
 * it (kv-seed/seed-data.ts). Pictures are the generated vehicle SVGs, so nothing leaves the site.
 */
import { createHash } from "node:crypto";
import type { Story } from "#content/story-schema.ts";
import { FALLBACK_LAYOUT, SETTINGS_ROOT_COMPONENT, SETTINGS_STORY_SLUG, type LayoutLink } from "#content/layout-content.ts";
import {
  blok,
  bold,
  bulletList,
  button,
  doc,
  heading,
  image,
  link,
  paragraph,
  resetUids,
  richText,
  storyLink,
  urlLink,
  type Blok,
} from "./blocks.ts";

export const DEMO_SPACE_ID = 287_411;
/** Bumped when the demo content changes, like Storyblok's cache version. */
export const DEMO_SPACE_VERSION = 1_764_320_000;

const PUBLISHED = "2026-11-01T08:00:00.000Z";

function storyOf(fullSlug: string, name: string, content: Blok, options: { publishedAt?: string; tags?: string[] } = {}): Story {
  const hash = createHash("sha1").update(fullSlug).digest("hex");
  const segments = fullSlug.split("/");
  return {
    id: (Number.parseInt(hash.slice(0, 8), 16) % 900_000_000) + 100_000_000,
    uuid: `${hash.slice(0, 8)}-${hash.slice(8, 12)}-4${hash.slice(13, 16)}-a${hash.slice(17, 20)}-${hash.slice(20, 32)}`,
    name,
    slug: segments[segments.length - 1]!,
    full_slug: fullSlug,
    content,
    created_at: PUBLISHED,
    published_at: options.publishedAt ?? PUBLISHED,
    first_published_at: options.publishedAt ?? PUBLISHED,
    sort_by_date: options.publishedAt?.slice(0, 10) ?? null,
    tag_list: options.tags ?? [],
    is_startpage: fullSlug === "home",
    lang: "default",
  };
}

const picture = (shape: string, color: string, view = 2) => `/images/vehicles/${shape}-${color}-${view}.svg`;

function page(fields: { title: string; description: string; body: Blok[]; noindex?: boolean }): Blok {
  return blok("page", {
    body: fields.body,
    seo: { title: fields.title, description: fields.description },
    noindex: fields.noindex ?? false,
  });
}

function hero(headline: string, subline: string, img: string, buttons: Blok[] = []): Blok {
  return blok("hero", { headline, text: subline, image: image(img, ""), buttons });
}

function card(headline: string, teaser: string, target: string, img?: string): Blok {
  return blok("card", { headline, text: teaser, link: storyLink(target), ...(img && { image: image(img, "") }) });
}

function stockPreview(headline: string, query: string, limit = 4): Blok {
  return blok("stock_preview", { headline, query, limit, link_label: "Alle Fahrzeuge ansehen" });
}

/**
 * An editor-defined form (embed_form): every field type the spec names, a group, rules with
 * arguments (a regex with commas), a cross-field rule and a consent box.
 */
function damageReportForm(): Blok {
  const option = (label: string, value = label) => ({ label, value });
  return blok("embed_form", {
    headline: "Schaden melden",
    text: "Melden Sie uns Ihren Schaden, wir melden uns mit einem Termin für die Begutachtung.",
    form_id: "schadensmeldung",
    submit_label: "Schaden melden",
    fields: [
      { name: "name", type: "input", input: "text", label: "Name", validation: "required|length:2,80" },
      {
        name: "contact",
        type: "group",
        label: "So erreichen wir Sie",
        help: "E-Mail oder Telefon – eines genügt.",
        children: [
          { name: "email", type: "input", input: "email", label: "E-Mail", validation: "require_one:phone|(400)email" },
          { name: "phone", type: "input", input: "tel", label: "Telefon", validation: "matches:/^[0-9 +()/-]{6,20}$/" },
        ],
      },
      {
        name: "plate",
        type: "input",
        input: "text",
        label: "Kennzeichen",
        help: "Zum Beispiel HH-AB 1234",
        validation: "required|matches:/^[A-ZÄÖÜ]{1,3}[- ][A-Z]{1,2} ?[0-9]{1,4}[EH]?$/",
        validationMessages: { matches: "Bitte geben Sie das Kennzeichen wie auf dem Schild ein, zum Beispiel HH-AB 1234." },
      },
      {
        name: "brand",
        type: "input",
        input: "autocomplete",
        label: "Marke",
        options: ["Mercedes-Benz", "Aston Martin", "Hyundai", "smart", "Hymer", "Iveco"].map((brand) => option(brand)),
      },
      {
        name: "location",
        type: "input",
        input: "select",
        label: "Standort",
        validation: "required",
        options: [
          {
            group: "Hamburg",
            options: [option("Am Rothenbaum", "center-hamburg-am-rothenbaum"), option("Harburg", "center-hamburg-harburg-hyundai")],
          },
          option("Husum", "center-husum"),
          option("Heide", "center-heide"),
          option("Goslar", "center-goslar"),
        ],
      },
      {
        name: "damage",
        type: "input",
        input: "radio",
        label: "Art des Schadens",
        validation: "required",
        options: [option("Unfall", "accident"), option("Hagel", "hail"), option("Glasschaden", "glass"), option("Sonstiges", "other")],
      },
      { name: "date", type: "input", input: "date", label: "Datum des Schadens", validation: "date_before" },
      {
        name: "extras",
        type: "input",
        input: "checkbox",
        label: "Zusätzlich gewünscht",
        options: [option("Ersatzwagen", "rental"), option("Hol- und Bring-Service", "pickup")],
      },
      { name: "callback", type: "input", input: "toggle", label: "Rückruf gewünscht" },
      { name: "message", type: "input", input: "textarea", label: "Ihre Nachricht", validation: "length:0,2000" },
      {
        name: "privacy",
        type: "input",
        input: "checkbox",
        label: "Ich habe die Datenschutzhinweise gelesen.",
        validationLabel: "die Datenschutzhinweise",
        validation: "accepted",
        help: "Sie finden sie unter „Datenschutz“ am Ende jeder Seite.",
      },
    ],
  });
}

/** A content page: hero, text and whatever else the page needs. */
/** A button with the appointment-booking plugin (ADR 0014); the link is its target without JavaScript or widget. */
function bookingButton(label: string, target: ReturnType<typeof storyLink>, booking: Record<string, unknown>, icon = "none"): Blok {
  return blok("button", {
    label,
    link: target,
    variant: "primary",
    size: "large",
    icon,
    icon_position: "start",
    booking_plugin: true,
    booking: { plugin: "appointments", ...booking },
  });
}

/** The way on from a brand's landing page (/aston-martin, /smart, /hyundai): its models, its centers, its stock. */
function brandWays(name: string, brand: string): Blok {
  return blok("content_centered", {
    headline: `${name} bei der Autohaus Gruppe Nord`,
    buttons: [
      button(`Alle ${name} Modelle`, urlLink(`/${brand}/modelle`)),
      button(`${name} Standorte`, urlLink(`/standorte?marke=${brand}`), "secondary"),
      button(`${name} im Bestand`, urlLink(`/${brand}/carfinder`), "tertiary"),
    ],
  });
}

function simplePage(title: string, description: string, paragraphs: string[], extra: Blok[] = [], img = picture("saloon", "silver")): Blok {
  // The route renders the title as the h1; the hero carries the page's promise.
  return page({ title, description, body: [hero(description, "", img), richText(...paragraphs), ...extra] });
}

const SERVICE_OFFERS: Record<string, [string, string]> = {
  pkw: ["Service-Angebote für Pkw", "Inspektion, Bremsen, Reifen: Festpreise für Ihren Mercedes-Benz Pkw."],
  "transporter-vans": ["Service-Angebote für Transporter und Vans", "Kurze Standzeiten und Ersatzfahrzeuge für Gewerbekunden."],
  hauptuntersuchung: ["Hauptuntersuchung", "HU und AU direkt bei uns – mehrmals pro Woche mit Prüforganisation im Haus."],
  "klimaanlagen-pakete": ["Klimaanlagen-Pakete", "Klimaservice mit Desinfektion und Filterwechsel zum Paketpreis."],
  "easy-check-in": ["Easy Check-in", "Fahrzeug digital annehmen lassen – ohne Wartezeit am Serviceschalter."],
  spardepot: ["Spardepot", "Monatlich ansparen für Wartung und Verschleiß – mit Bonus."],
  scheibenreparatur: ["Scheibenreparatur", "Steinschlag reparieren statt Scheibe tauschen – oft ohne Selbstbeteiligung."],
  "visible-workshop": ["Gläserne Werkstatt", "Schauen Sie unseren Technikern bei der Arbeit an Ihrem Fahrzeug zu."],
  "mercedes-benz-app": ["Mercedes-Benz App", "Termine buchen und Servicebedarf sehen – direkt in der App."],
};

const EMPLOYEES = [
  {
    name: "Anna Petersen",
    job_title: "Verkaufsberaterin Pkw",
    department: "Verkauf",
    location: "center-hamburg-am-rothenbaum",
    phone: "040 123456-21",
    email: "anna.petersen@autohaus-gruppe-nord.de",
  },
  {
    name: "Jens Hansen",
    job_title: "Serviceberater",
    department: "Service",
    location: "center-husum",
    phone: "04841 6677-12",
    email: "jens.hansen@autohaus-gruppe-nord.de",
  },
  {
    name: "Mehmet Yılmaz",
    job_title: "Verkaufsberater Transporter",
    department: "Verkauf",
    location: "transporter-kompetenz-center",
    phone: "040 223344-30",
    email: "mehmet.yilmaz@autohaus-gruppe-nord.de",
  },
  {
    name: "Sabine Lorenzen",
    job_title: "Leiterin Teile & Zubehör",
    department: "Teile & Zubehör",
    location: "center-heide",
    phone: "0481 5566-40",
    email: "sabine.lorenzen@autohaus-gruppe-nord.de",
  },
  {
    name: "Thomas Brandt",
    job_title: "Verkaufsleiter Hyundai",
    department: "Verkauf",
    location: "center-hamburg-harburg-hyundai",
    phone: "040 765432-10",
    email: "thomas.brandt@autohaus-gruppe-nord.de",
  },
  {
    name: "Lea Christiansen",
    job_title: "Ausbildungsleiterin",
    department: "Personal",
    location: "center-goslar",
    phone: "05321 3344-50",
    email: "lea.christiansen@autohaus-gruppe-nord.de",
  },
];

function employeeBloks(): Blok[] {
  return EMPLOYEES.map((employee) => blok("employee", { ...employee }));
}

const ARTICLES: Array<{
  slug: string;
  title: string;
  teaser: string;
  date: string;
  tags: string[];
  img: string;
  body: ReturnType<typeof doc>;
}> = [
  {
    slug: "neuer-eqs-suv-im-showroom",
    title: "Der neue EQS SUV steht im Showroom",
    teaser: "Ab sofort können Sie den vollelektrischen EQS SUV am Rothenbaum probefahren.",
    date: "2026-11-18",
    tags: ["Mercedes-Benz", "Elektro"],
    img: picture("suv", "black"),
    body: doc(
      "Der EQS SUV verbindet bis zu sieben Sitzplätze mit einer Reichweite von über 600 Kilometern nach WLTP.",
      heading(2, "Jetzt Probefahrt vereinbaren"),
      paragraph(
        "Unsere Produktexperten zeigen Ihnen Ladeplanung, MBUX Hyperscreen und die Assistenzsysteme. ",
        link("Zur Fahrzeugsuche", "carfinder"),
      ),
    ),
  },
  {
    slug: "ausbildungsstart-2026",
    title: "42 neue Auszubildende starten bei uns",
    teaser: "Kfz-Mechatronik, Automobilkaufleute und Lagerlogistik: So war der erste Tag.",
    date: "2026-09-01",
    tags: ["Karriere"],
    img: picture("van", "white"),
    body: doc(
      "Mit einem gemeinsamen Kick-off in Hamburg haben 42 junge Menschen ihre Ausbildung begonnen.",
      bulletList("18 Kfz-Mechatronikerinnen und -Mechatroniker", "14 Automobilkaufleute", "10 Fachkräfte für Lagerlogistik"),
      paragraph("Sie möchten 2027 dabei sein? ", link("Alle Ausbildungsberufe", "karriere/ausbildung")),
    ),
  },
  {
    slug: "hymer-saisoneroeffnung",
    title: "Saisoneröffnung: Hymer-Reisemobile in Husum",
    teaser: "Am Wochenende zeigen wir die neuen Hymer-Modelle auf Sprinter-Basis.",
    date: "2026-03-14",
    tags: ["Hymer", "Reisemobile"],
    img: picture("camper", "white"),
    body: doc(
      "Teilintegriert, vollintegriert oder kompakter Campervan: In Husum stehen über 30 Reisemobile zur Besichtigung bereit.",
      paragraph(bold("Samstag 10–16 Uhr, Sonntag Schautag ohne Beratung und Verkauf.")),
    ),
  },
  {
    slug: "neues-transporter-kompetenz-center",
    title: "Transporter-Kompetenz-Center in Billbrook eröffnet",
    teaser: "Verkauf, Service und Aufbauten für Gewerbekunden unter einem Dach.",
    date: "2025-06-02",
    tags: ["Transporter", "Unternehmen"],
    img: picture("truck", "silver"),
    body: doc("Auf 12.000 Quadratmetern bündeln wir Sprinter, Vito, Citan und Iveco Daily mit einer Werkstatt im Zwei-Schicht-Betrieb."),
  },
];

function articleStory(article: (typeof ARTICLES)[number]): Story {
  return storyOf(
    `uber-uns/journal/${article.slug}`,
    article.title,
    blok("article", {
      title: article.title,
      teaser: article.teaser,
      image: image(article.img, ""),
      date: `${article.date} 08:00`,
      author: "Redaktion Autohaus Gruppe Nord",
      body: article.body,
      tags: article.tags,
      seo: { title: article.title, description: article.teaser },
    }),
    { publishedAt: `${article.date}T08:00:00.000Z`, tags: article.tags },
  );
}

function homeStory(): Story {
  return storyOf(
    "home",
    "Startseite",
    page({
      title: "Neu- und Gebrauchtwagen, Transporter und Reisemobile",
      description:
        "Autohaus Gruppe Nord: Mercedes-Benz, Aston Martin, Hyundai, smart, Hymer und Iveco – Fahrzeugsuche, Probefahrt, Werkstatt und Leasing im Norden.",
      body: [
        blok("hero_carousel", {
          slides: [
            hero(
              "Ihr nächstes Fahrzeug wartet schon",
              "Über 3.000 Neu- und Gebrauchtwagen, Transporter und Reisemobile von sechs Marken.",
              picture("suv", "blue"),
              [button("Zur Fahrzeugsuche", storyLink("carfinder"))],
            ),
            hero("Elektro-Bonus für Transporter", "eVito und eSprinter mit Bonus bis Jahresende.", picture("van", "white"), [
              button("Zum Angebot", storyLink("aktionsangebote/transporter/elektro-bonus")),
            ]),
          ],
        }),
        blok("stock_quick_search", { variant: "default", headline: "Schnellsuche" }),
        blok("stock_quick_search", { variant: "financial", headline: "Nach Monatsrate suchen" }),
        blok("stock_license_plate", {
          headline: "Was ist Ihr Fahrzeug wert?",
          subline: "Kennzeichen eingeben, Fahrzeug kostenlos bewerten lassen.",
          target: "/ankauf",
        }),
        stockPreview("Neu eingetroffen", "sorting=year-desc", 4),
        blok("brand_logos", { headline: "Unsere Marken", brands: ["mercedes-benz", "astonmartin", "hyundai", "smart", "hymer", "iveco"] }),
        blok("card_grid", {
          headline: "Service rund um Ihr Fahrzeug",
          cards: [
            card("Probefahrt", "Erleben Sie Ihr Wunschfahrzeug – wir bereiten alles vor.", "probefahrt", picture("coupe", "red")),
            card("Werkstatt", "Wartung, Reparatur und Hauptuntersuchung vom Fachbetrieb.", "werkstatt", picture("estate", "grey")),
            card("Ankauf", "Wir kaufen Ihr Fahrzeug – fair bewertet und schnell abgewickelt.", "ankauf", picture("hatchback", "green")),
          ],
        }),
        blok("article_latest", { headline: "Aktuelles aus dem Journal", folder: "uber-uns/journal/", count: 3 }),
        blok("location_grid", { headline: "Unsere Standorte" }),
      ],
    }),
  );
}

function contentStories(): Story[] {
  const pages: Array<[string, string, Blok]> = [
    [
      "pkw",
      "Pkw",
      simplePage(
        "Pkw",
        "Neu- und Gebrauchtwagen aller Marken.",
        ["Von der kompakten A-Klasse bis zum luxuriösen Mercedes-Maybach: Entdecken Sie unsere Pkw-Vielfalt."],
        [stockPreview("Pkw im Bestand", "category=passenger")],
      ),
    ],
    [
      "transporter",
      "Transporter",
      simplePage(
        "Transporter",
        "Transporter und Vans für jedes Gewerbe.",
        ["Sprinter, Vito, Citan und Iveco Daily – sofort verfügbar oder individuell konfiguriert."],
        [stockPreview("Transporter im Bestand", "category=van")],
        picture("van", "white"),
      ),
    ],
    [
      "minibusse",
      "Minibusse",
      simplePage(
        "Minibusse",
        "Minibusse für Personenbeförderung.",
        ["Vom Schulbus bis zum Shuttle: Minibusse auf Sprinter-Basis."],
        [stockPreview("Minibusse im Bestand", "bodystyle=passengertransport")],
        picture("van", "silver"),
      ),
    ],
    // The stock blocks of one vehicle and the results block, as editors place them.
    [
      "fahrzeug-der-woche",
      "Fahrzeug der Woche",
      page({
        title: "Fahrzeug der Woche",
        description: "Unser Fahrzeug der Woche: rundum ansehen, Leasingangebot prüfen, Probefahrt vereinbaren.",
        body: [
          richText(
            "Jede Woche stellen wir ein Fahrzeug aus unserem Bestand vor – mit allen Bildern, der 360°-Ansicht und einem Leasingangebot.",
          ),
          blok("stock_media_gallery", {
            headline: "Mercedes-Benz GLC 300 e 4MATIC",
            vehicle: "/carfinder/100002-1-mercedes-benz-glc-300-e-4matic",
          }),
          blok("stock_photo_spinner", { headline: "Rundum ansehen", vehicle: 100002 }),
          blok("stock_lease_detail", { headline: "Im Privat-Leasing: Mercedes-Benz A 180", vehicle: 100001, lease_type: "private_lease" }),
          blok("stock_results", { headline: "Weitere SUV von Mercedes-Benz", query: "brand=mercedes-benz&bodystyle=suv", limit: 6 }),
          blok("stock_location_detail", {
            headline: "Probefahrt im Center Hamburg am Rothenbaum",
            location: "center-hamburg-am-rothenbaum",
          }),
        ],
      }),
    ],
    [
      "flottensterne",
      "Flottensterne",
      simplePage(
        "Flottensterne",
        "Angebote für Flottenkunden.",
        ["Attraktive Konditionen für Unternehmen mit Fuhrpark – vom Einzelfahrzeug bis zur Großflotte."],
        [blok("lease_overview", { headline: "Leasingangebote für Gewerbekunden", query: "pricetype=business_lease", limit: 6 })],
      ),
    ],
    [
      "flottensterne-transporter-vans",
      "Flottensterne Transporter & Vans",
      simplePage(
        "Flottensterne Transporter & Vans",
        "Flottenangebote für Transporter.",
        ["Transporter und Vans zu Flottenkonditionen, inklusive Service- und Wartungsverträgen."],
        [],
        picture("van", "grey"),
      ),
    ],
    [
      "junge-sterne",
      "Junge Sterne",
      simplePage(
        "Junge Sterne",
        "Geprüfte Mercedes-Benz Gebrauchtwagen.",
        ["Junge Sterne: 24 Monate Garantie und 12 Monate Mobilitätsgarantie."],
        [stockPreview("Junge Sterne im Bestand", "brand=mercedes-benz&condition=used")],
      ),
    ],
    [
      "produktexperten",
      "Produktexperten",
      simplePage(
        "Produktexperten",
        "Beratung durch unsere Produktexperten.",
        ["Unsere Produktexperten zeigen Ihnen jedes Detail Ihres Wunschfahrzeugs – auch per Videocall."],
        [blok("content_employees", { headline: "Ihre Produktexperten", employees: employeeBloks().slice(0, 3) })],
      ),
    ],
    [
      "taxi",
      "Taxi",
      simplePage("Taxi", "Taxifahrzeuge ab Werk.", ["E-Klasse und V-Klasse in Taxi-Ausführung, mit Taxameter-Vorrüstung und Dachzeichen."]),
    ],
    [
      "eingeschraenkte-mobilitaet",
      "Eingeschränkte Mobilität",
      simplePage("Eingeschränkte Mobilität", "Fahrzeuge mit Umbauten.", [
        "Wir beraten Sie zu Fahrhilfen und rollstuhlgerechten Umbauten – gemeinsam mit zertifizierten Partnern.",
      ]),
    ],
    [
      "behoerden-und-sonderfahrzeuge",
      "Behörden- und Sonderfahrzeuge",
      simplePage("Behörden- und Sonderfahrzeuge", "Fahrzeuge für Behörden.", [
        "Einsatzfahrzeuge und Sonderaufbauten nach Ihren Anforderungen und Ausschreibungen.",
      ]),
    ],
    [
      "mercedes-benz/vans",
      "Mercedes-Benz Vans",
      simplePage(
        "Mercedes-Benz Vans",
        "Vans von Mercedes-Benz.",
        ["Citan, Vito, V-Klasse und Sprinter im Überblick."],
        [stockPreview("Vans im Bestand", "brand=mercedes-benz&category=van")],
        picture("van", "blue"),
      ),
    ],
    [
      "mercedes-benz/model-groups/maybach",
      "Mercedes-Maybach",
      simplePage(
        "Mercedes-Maybach",
        "Die Mercedes-Maybach Modelle.",
        ["Vollendeter Luxus: Mercedes-Maybach S-Klasse und EQS SUV."],
        [stockPreview("Mercedes-Maybach im Bestand", "model=maybach")],
        picture("saloon", "black"),
      ),
    ],
    [
      "amg",
      "Mercedes-AMG",
      simplePage(
        "Mercedes-AMG",
        "Performance von Mercedes-AMG.",
        ["Driving Performance: die AMG Modelle bei uns im Bestand."],
        [stockPreview("AMG im Bestand", "q=AMG")],
        picture("coupe", "grey"),
      ),
    ],
    [
      "marken",
      "Marken",
      page({
        title: "Marken",
        description: "Unsere sechs Marken.",
        body: [
          hero("Unsere Marken", "Mercedes-Benz, Aston Martin, Hyundai, smart, Hymer und Iveco.", picture("coupe", "silver")),
          blok("brand_overview", { headline: "Alle Marken im Überblick" }),
        ],
      }),
    ],
    [
      "hymer",
      "Hymer",
      simplePage(
        "Hymer",
        "Hymer Reisemobile.",
        ["Reisemobile und Caravans von Hymer – Beratung und Service in Husum."],
        [stockPreview("Hymer im Bestand", "brand=hymer")],
        picture("camper", "white"),
      ),
    ],
    [
      "unsere-reisemobile",
      "Unsere Reisemobile",
      simplePage(
        "Unsere Reisemobile",
        "Reisemobile kaufen und mieten.",
        ["Entdecken Sie Reisemobile von Hymer auf Mercedes-Benz Basis."],
        [stockPreview("Reisemobile im Bestand", "brand=hymer", 6)],
        picture("camper", "beige"),
      ),
    ],
    [
      "reisemobile/mercedes-benz",
      "Reisemobile auf Mercedes-Benz Basis",
      simplePage(
        "Reisemobile auf Mercedes-Benz Basis",
        "Reisemobile auf Sprinter-Basis.",
        ["Komfortabel reisen auf Basis des Mercedes-Benz Sprinter."],
        [],
        picture("camper", "silver"),
      ),
    ],
    [
      "fahrzeugmiete",
      "Fahrzeugmiete",
      simplePage("Fahrzeugmiete", "Fahrzeuge mieten.", [
        "Pkw, Transporter und Reisemobile flexibel mieten – tageweise oder im Langzeitabo.",
      ]),
    ],
    [
      "aktionsangebote",
      "Aktionsangebote",
      page({
        title: "Aktionsangebote",
        description: "Aktuelle Aktionsangebote.",
        body: [
          hero("Aktionsangebote", "Unsere aktuellen Angebote für Pkw, Transporter und Vans.", picture("suv", "red")),
          blok("card_grid", {
            headline: "Aktuelle Aktionen",
            cards: [
              card("Be Special", "Sondermodelle für Pkw.", "aktionsangebote/pkw/be-special", picture("hatchback", "red")),
              card("Elektro-Bonus", "Elektro-Transporter mit Bonus.", "aktionsangebote/transporter/elektro-bonus", picture("van", "green")),
              card(
                "V-Klasse Special Edition",
                "Style und Avantgarde.",
                "aktionsangebote/vans/v-klasse-special-edition-style-und-avantgarde",
                picture("van", "black"),
              ),
            ],
          }),
        ],
      }),
    ],
    [
      "aktionsangebote/pkw/be-special",
      "Be Special",
      simplePage(
        "Be Special",
        "Sondermodelle für Pkw.",
        ["Sonderausstattungen zum Aktionspreis – nur solange der Vorrat reicht."],
        [],
        picture("hatchback", "red"),
      ),
    ],
    [
      "aktionsangebote/transporter/elektro-bonus",
      "Elektro-Bonus",
      simplePage(
        "Elektro-Bonus",
        "Elektro-Transporter mit Bonus.",
        ["Sichern Sie sich den Elektro-Bonus für eVito und eSprinter."],
        [stockPreview("Elektro-Transporter im Bestand", "category=van&fuel=electric")],
        picture("van", "green"),
      ),
    ],
    [
      "aktionsangebote/vans/v-klasse-special-edition-style-und-avantgarde",
      "V-Klasse Special Edition Style und Avantgarde",
      simplePage(
        "V-Klasse Special Edition Style und Avantgarde",
        "Sondermodelle der V-Klasse.",
        ["Die V-Klasse als Special Edition in den Linien Style und Avantgarde."],
        [stockPreview("V-Klasse im Bestand", "model=v-klasse")],
        picture("van", "black"),
      ),
    ],
    [
      "probefahrt",
      "Probefahrt",
      simplePage(
        "Probefahrt",
        "Probefahrt vereinbaren.",
        ["Vereinbaren Sie eine Probefahrt mit Ihrem Wunschfahrzeug – wir bereiten alles vor."],
        [
          blok("content_centered", {
            headline: "Probefahrt online buchen",
            text: "Wählen Sie Standort und Termin – das Fahrzeug steht für Sie bereit.",
            buttons: [
              bookingButton(
                "Probefahrt buchen",
                storyLink("ansprechpartner"),
                { make: "mercedes-benz", product_category: "testdrive", product_category_hidden: true },
                "calendar",
              ),
            ],
          }),
          blok("stock_quick_entry", { headline: "Wunschfahrzeug finden" }),
        ],
      ),
    ],
    [
      "inzahlungnahme",
      "Inzahlungnahme",
      simplePage(
        "Inzahlungnahme",
        "Ihr Fahrzeug in Zahlung geben.",
        ["Wir bewerten Ihr Fahrzeug fair und rechnen es auf Ihr neues an."],
        [
          blok("stock_trade_in", {
            headline: "Ihr Fahrzeug bewerten lassen",
            subline: "Kostenlos und unverbindlich: Kennzeichen, Erstzulassung und Kilometerstand genügen für eine erste Einschätzung.",
          }),
        ],
      ),
    ],
    [
      "ankauf",
      "Ankauf",
      simplePage(
        "Ankauf",
        "Wir kaufen Ihr Fahrzeug.",
        ["Verkaufen Sie Ihr Fahrzeug schnell und sicher an uns – mit Bewertung vor Ort und Auszahlung am selben Tag."],
        [
          blok("stock_trade_in", {
            headline: "Ihr Fahrzeug bewerten lassen",
            subline: "Kostenlos und unverbindlich – mit Fotos geht die Einschätzung schneller.",
          }),
        ],
      ),
    ],
    [
      "karriere",
      "Karriere",
      simplePage(
        "Karriere",
        "Arbeiten bei der Autohaus Gruppe Nord.",
        ["Starten Sie Ihre Karriere in Verkauf, Werkstatt oder Verwaltung."],
        [
          blok("embed_recruitment_widget", { headline: "Offene Stellen" }),
          blok("card_grid_two_column", {
            cards: [
              card("Ausbildung", "Kfz-Mechatronik, Automobilkaufleute und mehr.", "karriere/ausbildung"),
              card("Festanstellung", "Unsere aktuellen Stellenangebote.", "karriere/festanstellung"),
            ],
          }),
        ],
        picture("estate", "blue"),
      ),
    ],
    [
      "karriere/ausbildung",
      "Ausbildung",
      simplePage("Ausbildung", "Ausbildung im Autohaus.", ["Kfz-Mechatroniker, Automobilkaufleute und mehr."]),
    ],
    [
      "karriere/festanstellung",
      "Festanstellung",
      simplePage(
        "Festanstellung",
        "Offene Stellen.",
        ["Unsere aktuellen Stellenangebote in Festanstellung."],
        [blok("embed_recruitment_widget", { headline: "Stellenangebote" })],
      ),
    ],
    [
      "ansprechpartner",
      "Ansprechpartner",
      page({
        title: "Ansprechpartner",
        description: "Ihre Ansprechpartner.",
        body: [
          hero("Ansprechpartner", "Finden Sie Ihren Ansprechpartner nach Standort und Abteilung.", picture("saloon", "grey")),
          blok("employee_overview", {
            headline: "Alle Ansprechpartner",
            subline: "Filtern Sie nach Standort, Abteilung und Marke – oder suchen Sie nach Name und Aufgabe.",
          }),
        ],
      }),
    ],
    [
      "werkstatt",
      "Werkstatt",
      page({
        title: "Werkstatt",
        description: "Werkstatt und Service.",
        body: [
          hero("Werkstatt und Service", "Wartung, Reparatur und Hauptuntersuchung für alle unsere Marken.", picture("estate", "grey"), [
            button("Online-Werkstatttermin", storyLink("werkstatt/online-werkstatttermin")),
          ]),
          blok("card_grid_four_column", {
            headline: "Unsere Leistungen",
            cards: [
              card("Online-Werkstatttermin", "Termin in zwei Minuten buchen.", "werkstatt/online-werkstatttermin"),
              card("Schadensmanagement", "Unfallschaden? Wir helfen.", "werkstatt/schadensmanagement"),
              card("Teile & Zubehör", "Original-Teile und Zubehör.", "werkstatt/teile-zubehoer"),
              card("Konstant günstig", "Feste Preise für Fahrzeuge ab vier Jahren.", "werkstatt/konstant-guenstig"),
            ],
          }),
          blok("embed_instant_appointment_grid", {
            headline: "Sofort-Termine in Ihrer Nähe",
            make: "mercedes-benz",
            product_category: "service",
          }),
        ],
      }),
    ],
    [
      "werkstatt/online-werkstatttermin",
      "Online-Werkstatttermin",
      simplePage(
        "Online-Werkstatttermin",
        "Werkstatttermin online anfragen.",
        [
          "Nennen Sie uns Fahrzeug, gewünschte Leistungen und Ihren Wunschtermin – Ihr Serviceberater bestätigt ihn persönlich. Oder buchen Sie direkt einen freien Termin.",
        ],
        [
          blok("workshop_appointment", { headline: "Werkstatttermin anfragen" }),
          blok("content_centered", {
            headline: "Termin direkt buchen",
            text: "Wartung, Inspektion oder Reparatur: Wählen Sie Ihren Standort und einen freien Termin.",
            buttons: [
              bookingButton(
                "Werkstatttermin buchen",
                storyLink("ansprechpartner"),
                { make: "mercedes-benz", location: "center-hamburg-am-rothenbaum", product_category: "service" },
                "calendar",
              ),
            ],
          }),
          blok("embed_instant_appointment_grid", { headline: "Freie Termine", make: "mercedes-benz", product_category: "service" }),
          blok("embed_chat", {
            headline: "Fragen zum Termin?",
            text: "Schreiben Sie unserem Serviceteam im Chat.",
            phone: "040 123456-0",
            email: "service@autohaus-gruppe-nord.de",
          }),
        ],
      ),
    ],
    [
      "werkstatt/schadensmanagement",
      "Schadensmanagement",
      simplePage(
        "Schadensmanagement",
        "Unfallschaden? Wir helfen.",
        ["Wir kümmern uns um die Abwicklung mit der Versicherung."],
        [damageReportForm()],
      ),
    ],
    [
      "werkstatt/teile-zubehoer",
      "Teile & Zubehör",
      simplePage("Teile & Zubehör", "Original-Teile und Zubehör.", ["Original-Teile und Zubehör für Ihr Fahrzeug."]),
    ],
    [
      "werkstatt/teile-zubehoer-aussendienst",
      "Teile-Außendienst",
      simplePage("Teile-Außendienst", "Teile-Außendienst für Betriebe.", ["Unser Außendienst betreut freie Werkstätten und Flotten."]),
    ],
    [
      "werkstatt/konstant-guenstig",
      "Konstant günstig",
      simplePage(
        "Konstant günstig",
        "Servicepreise für ältere Fahrzeuge.",
        ["Feste Preise für Fahrzeuge ab vier Jahren."],
        [blok("content_disclaimer", { text: doc("Alle Preise inkl. 19 % MwSt. Angebote gültig für Pkw ab dem vierten Zulassungsjahr.") })],
      ),
    ],
    [
      "werkstatt/service-angebote-mercedes-benz",
      "Service-Angebote Mercedes-Benz",
      page({
        title: "Service-Angebote Mercedes-Benz",
        description: "Service-Angebote.",
        body: [
          hero("Service-Angebote Mercedes-Benz", "Alle Service-Angebote für Ihren Mercedes-Benz.", picture("saloon", "blue")),
          blok("card_grid_small", {
            cards: Object.entries(SERVICE_OFFERS).map(([slug, [title, teaser]]) =>
              card(title, teaser, `werkstatt/service-angebote-mercedes-benz/${slug}`),
            ),
          }),
        ],
      }),
    ],
    ...Object.entries(SERVICE_OFFERS).map(([slug, [title, teaser]]): [string, string, Blok] => [
      `werkstatt/service-angebote-mercedes-benz/${slug}`,
      title,
      simplePage(title, `${title} für Ihren Mercedes-Benz.`, [teaser, "Sprechen Sie unser Serviceteam an."]),
    ]),
    [
      "uber-uns/das-sind-wir",
      "Das sind wir",
      simplePage(
        "Das sind wir",
        "Die Autohaus Gruppe Nord.",
        ["Seit drei Generationen Ihr Partner für Mobilität im Norden."],
        [
          blok("content_two_column", {
            left: [richText("Acht Standorte zwischen Goslar und Husum, sechs Marken, über 900 Mitarbeitende.")],
            right: [blok("content_image", { image: image(picture("suv", "silver", 1), "Ein SUV vor dem Center am Rothenbaum") })],
          }),
          // Third-party embeds behind consent: a map ("Karten") and a video ("Videos").
          blok("embed_iframe", {
            headline: "Unsere Zentrale",
            title: "Karte: Center Hamburg am Rothenbaum",
            url: "https://www.openstreetmap.org/export/embed.html?bbox=9.9830%2C53.5650%2C9.9990%2C53.5740&layer=mapnik&marker=53.5695%2C9.9910",
            height: 360,
          }),
          blok("embed_video", {
            headline: "Ein Rundgang durch unsere Werkstatt",
            title: "Rundgang durch die Werkstatt am Rothenbaum",
            url: "https://www.youtube.com/watch?v=agnWerkstatt1",
          }),
        ],
      ),
    ],
    [
      "uber-uns/unternehmensentwicklung",
      "Unternehmensentwicklung",
      simplePage("Unternehmensentwicklung", "Unsere Geschichte.", ["Vom Familienbetrieb zur Gruppe mit zahlreichen Standorten."]),
    ],
    [
      "uber-uns/journal",
      "Journal",
      page({
        title: "Journal",
        description: "Neuigkeiten aus der Gruppe.",
        body: [
          hero("Journal", "Berichte und Neuigkeiten aus unseren Häusern.", picture("coupe", "blue")),
          blok("article_overview", { headline: "Alle Beiträge", folder: "uber-uns/journal/", per_page: 3 }),
        ],
      }),
    ],
    [
      "ueber-uns",
      "Über uns",
      simplePage(
        "Über uns",
        "Über die Autohaus Gruppe Nord.",
        ["Lernen Sie uns kennen: Standorte, Menschen und Werte."],
        [blok("location_overview", { headline: "Unsere Standorte" })],
      ),
    ],
    [
      "impressum",
      "Impressum",
      page({
        title: "Impressum",
        description: "Angaben gemäß § 5 DDG.",
        body: [
          richText(
            heading(2, "Angaben gemäß § 5 DDG"),
            "Autohaus Gruppe Nord GmbH, Rothenbaumchaussee 1, 20148 Hamburg.",
            "Vertreten durch die Geschäftsführung. Registergericht: Amtsgericht Hamburg. Demo-Daten: Diese Angaben sind Beispielinhalte.",
            paragraph("E-Mail: ", link("info@autohaus-gruppe-nord.de", "mailto:info@autohaus-gruppe-nord.de", "email")),
          ),
        ],
      }),
    ],
    [
      "datenschutz",
      "Datenschutz",
      page({
        title: "Datenschutz",
        description: "Datenschutzerklärung.",
        body: [
          richText(
            heading(2, "Datenschutz auf einen Blick"),
            "Wir verarbeiten personenbezogene Daten nur im Rahmen der DSGVO.",
            heading(2, "Statistik-Cookies"),
            "Statistikdaten erheben wir nur mit Ihrer Einwilligung, die Sie jederzeit widerrufen können.",
            "Demo-Daten: Die vollständige Datenschutzerklärung wird von der Redaktion gepflegt.",
          ),
        ],
      }),
    ],
    [
      "pressekontakt",
      "Pressekontakt",
      simplePage("Pressekontakt", "Kontakt für Medienvertreter.", [
        "Presseanfragen richten Sie bitte an unsere Unternehmenskommunikation.",
      ]),
    ],
    [
      "lieferkettensorgfaltspflicht",
      "Lieferkettensorgfaltspflicht",
      simplePage("Lieferkettensorgfaltspflicht", "Angaben nach LkSG.", [
        "Unsere Grundsatzerklärung zur Achtung der Menschenrechte in der Lieferkette.",
      ]),
    ],
    [
      "aston-martin",
      "Aston Martin",
      simplePage(
        "Aston Martin",
        "Aston Martin bei uns.",
        ["DB12, Vantage und DBX707 erleben."],
        [brandWays("Aston Martin", "astonmartin"), stockPreview("Aston Martin im Bestand", "brand=astonmartin")],
        picture("coupe", "green"),
      ),
    ],
    [
      "smart",
      "smart",
      simplePage(
        "smart",
        "smart bei uns.",
        ["smart #1, #3 und #5 – vollelektrisch."],
        [brandWays("smart", "smart"), stockPreview("smart im Bestand", "brand=smart")],
        picture("suv", "white"),
      ),
    ],
    [
      "hyundai",
      "Hyundai",
      simplePage(
        "Hyundai",
        "Hyundai bei uns.",
        ["Von i10 bis IONIQ 6: Hyundai im Norden."],
        [brandWays("Hyundai", "hyundai"), stockPreview("Hyundai im Bestand", "brand=hyundai")],
        picture("hatchback", "blue"),
      ),
    ],
  ];
  return pages.map(([slug, name, content]) => storyOf(slug, name, content));
}

/**
 * The layout settings story (content/layout-content-schema.ts): the built-in navigation, top bar
 * and footer as editors would enter them, and one info bar notice whose window is over, so every
 * page looks as it does without the story (the e2e screenshots and element counts run on today's
 * date). Set its dates to today in the space (or in a copy of this story) to see the bar.
 */
function settingsStory(): Story {
  const navLink = (link: LayoutLink) => blok("nav_link", { label: link.label, link: urlLink(link.href) });
  const content = blok(SETTINGS_ROOT_COMPONENT, {
    navigation: FALLBACK_LAYOUT.navigation.map(navLink),
    top_bar_claim: FALLBACK_LAYOUT.topBar.claim,
    top_bar_links: FALLBACK_LAYOUT.topBar.links.map(navLink),
    footer_columns: FALLBACK_LAYOUT.footerColumns.map((column) =>
      blok("footer_column", { heading: column.heading, links: column.links.map(navLink) }),
    ),
    legal_links: FALLBACK_LAYOUT.legalLinks.map(navLink),
    info_bar: [
      blok("info_bar_entry", {
        text: "Zwischen den Jahren: Vom 27. bis 30. Dezember haben unsere Werkstätten verkürzt geöffnet.",
        link: urlLink("/standorte"),
        link_label: "Öffnungszeiten der Standorte",
        valid_from: "2025-12-22 00:00",
        valid_until: "2026-01-02 00:00",
      }),
    ],
  });
  return storyOf(SETTINGS_STORY_SLUG, "Website-Einstellungen", content);
}

/** The whole demo space, deterministic. */
export function demoSpace(): { space: { id: number; name: string; version: number }; stories: Story[] } {
  resetUids();
  const stories = [homeStory(), ...contentStories(), ...ARTICLES.map(articleStory), settingsStory()];
  return { space: { id: DEMO_SPACE_ID, name: "Autohaus Gruppe Nord (Demo)", version: DEMO_SPACE_VERSION }, stories };
}
