import { SITE_NAME } from "#domain/page-title.ts";

/**
 * Open Graph and Twitter card tags for link previews (messengers, social networks, search engines),
 * added by the worker to the rendered document rather than by the page components: they are for
 * crawlers, which read the server's HTML, so no byte of them goes into a page's JavaScript. They say
 * what the page's head already says (its <title>, description and canonical link, written by
 * ui/page-head.tsx) and add the page's picture: a vehicle's first photo (vehicle, lease and form
 * pages), else none. A page without a canonical link (noindex: errors, forms, previews) gets none.
 */

export interface PreviewPicture {
  /** A path of this site or an absolute https URL. */
  src: string;
  alt: string;
}

const TITLE = /<title>([^<]*)<\/title>/;
const DESCRIPTION = /<meta name="description" content="([^"]*)"\/?>/;
const CANONICAL = /<link rel="canonical" href="([^"]*)"\/?>/;

/** The document's head: the tags are read from it and added before its end. */
const headOf = (html: string) => html.slice(0, html.indexOf("</head>") + 1 || undefined);
const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The tags for a rendered document, or "" when its head has no canonical link. */
export function linkPreviewTags(html: string, picture: PreviewPicture | null): string {
  const head = headOf(html);
  const canonical = CANONICAL.exec(head)?.[1];
  const title = TITLE.exec(head)?.[1];
  if (canonical === undefined || title === undefined) return "";
  const description = DESCRIPTION.exec(head)?.[1];
  // The page's title without the site's name, which og:site_name carries. React escapes ", &, < and
  // > in text as in attributes, so the title's text is already attribute text.
  const pageTitle = title.replace(new RegExp(` \\| ${SITE_NAME}$`), "");
  let image: string | undefined;
  if (picture) {
    try {
      const url = new URL(picture.src, canonical);
      if (url.protocol === "https:" || url.origin === new URL(canonical).origin) image = escapeAttribute(url.href);
    } catch {
      image = undefined;
    }
  }
  const tags = [
    `<meta property="og:type" content="website"/>`,
    `<meta property="og:site_name" content="${escapeAttribute(SITE_NAME)}"/>`,
    `<meta property="og:locale" content="de_DE"/>`,
    `<meta property="og:title" content="${pageTitle}"/>`,
    `<meta property="og:url" content="${canonical}"/>`,
    ...(description === undefined ? [] : [`<meta property="og:description" content="${description}"/>`]),
    ...(image === undefined || picture === null
      ? []
      : [`<meta property="og:image" content="${image}"/>`, `<meta property="og:image:alt" content="${escapeAttribute(picture.alt)}"/>`]),
    `<meta name="twitter:card" content="${image === undefined ? "summary" : "summary_large_image"}"/>`,
  ];
  return tags.join("");
}

/** The document with the tags before its </head> (unchanged when there are none or no head). */
export function withLinkPreview(html: string, picture: PreviewPicture | null, extra = ""): string {
  const end = html.indexOf("</head>");
  if (end === -1) return html;
  const tags = `${linkPreviewTags(html, picture)}${extra}`;
  return tags === "" ? html : `${html.slice(0, end)}${tags}${html.slice(end)}`;
}

/** The leaf route of a rendered page: its module (the route's handle) and its loader data. */
export interface RenderedLeaf {
  module: string | undefined;
  data: unknown;
  /** The brands the site carries (site config): the home page's Organization names them. */
  brands: readonly string[];
}

/**
 * Everything the worker adds to a page's head for crawlers: the link-preview tags and, on a
 * center's page, its schema.org AutoDealer, on the home page the group's Organization with its
 * brands (location-json-ld.ts, loaded with the first such page), named by the canonical URL.
 */
export async function withHeadAdditions(html: string, leaf: RenderedLeaf): Promise<string> {
  let extra = "";
  const canonical = CANONICAL.exec(headOf(html))?.[1];
  const url = canonical?.replace(/&amp;/g, "&");
  if (
    url !== undefined &&
    (leaf.module === "routes/home-page.tsx" || (leaf.module === "routes/location-page.tsx" && isLocationData(leaf.data)))
  ) {
    const [{ locationJsonLd, organizationJsonLd }, { jsonLdText }] = await Promise.all([
      import("./location-json-ld.ts"),
      import("#domain/vehicle-json-ld.ts"),
    ]);
    const data = isLocationData(leaf.data)
      ? locationJsonLd(leaf.data.location, leaf.data.holidays, url)
      : organizationJsonLd(url, leaf.brands);
    extra = `<script type="application/ld+json">${jsonLdText(data)}</script>`;
  }
  return withLinkPreview(html, vehiclePicture(leaf.data), extra);
}

type LocationData = {
  location: import("#domain/data-schemas.ts").LocationSummary;
  holidays: import("#domain/public-holidays.ts").UpcomingHoliday[] | null;
};

/** The location page's loader data (validated by its port already): a location with a slug and a name. */
function isLocationData(data: unknown): data is LocationData {
  if (typeof data !== "object" || data === null || !Object.hasOwn(data, "location")) return false;
  const { location } = data as { location: unknown };
  return typeof location === "object" && location !== null && typeof (location as { slug?: unknown }).slug === "string";
}

/** A vehicle's first photo from a route's loader data (`{ vehicle: { title, images } }`), or null. */
export function vehiclePicture(loaderData: unknown): PreviewPicture | null {
  if (typeof loaderData !== "object" || loaderData === null || !Object.hasOwn(loaderData, "vehicle")) return null;
  const vehicle = (loaderData as { vehicle: unknown }).vehicle;
  if (typeof vehicle !== "object" || vehicle === null) return null;
  const { images, title } = vehicle as { images?: unknown; title?: unknown };
  const [first] = Array.isArray(images) ? images : [];
  return typeof first === "string" && first !== "" ? { src: first, alt: typeof title === "string" ? title : "" } : null;
}
