import { SITE_NAME } from "#domain/page-title.ts";
import { parseVehicleImagePath, VEHICLE_IMAGE_WIDTHS, vehicleImagePath } from "#domain/vehicle-image-path.ts";

/**
 * Open Graph and Twitter card tags for link previews (messengers, social networks, search engines),
 * added by the worker to the rendered document rather than by the page components: they are for
 * crawlers, which read the server's HTML, so no byte of them goes into a page's JavaScript. They say
 * what the page's head already says (its <title>, description and canonical link, written by
 * ui/page-head.tsx) and add the page's picture: a vehicle's first photo (vehicle, lease and form
 * pages), an editorial page's own preview image (the story's SEO fields) or its first hero image,
 * else the site's default preview image, so every page has one. A page without a canonical link
 * (noindex: errors, forms, previews) gets none. What a story says about its preview is read by
 * story-preview.ts, loaded with the first editorial page (Storyblok's image service and the schemas
 * of the story's fields stay out of every isolate's startup).
 */

export interface PreviewPicture {
  /** A path of this site or an absolute https URL. */
  src: string;
  alt: string;
  /** Storyblok's focus field ("x1xy1:x2xy2"): the crop to the preview size keeps it. */
  focus?: string | undefined;
  /** Set when the address is known to be this size (a Storyblok crop, the default image). */
  width?: number;
  height?: number;
}

/** The size networks show large previews at (Facebook, LinkedIn, X: 1.91:1). */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const;

/**
 * The site's own preview picture (client/public/link-preview.png, 1200×630): the picture of a page
 * without one, and instead of pictures preview fetchers do not show (SVG, like the demo's vehicles).
 */
export const DEFAULT_PREVIEW_PICTURE: PreviewPicture = { src: "/link-preview.png", alt: SITE_NAME, ...PREVIEW_SIZE };

/** A story's own texts for previews (the SEO fields of the page or article). */
export interface PreviewTexts {
  title?: string | undefined;
  description?: string | undefined;
}

const TITLE = /<title>([^<]*)<\/title>/;
const DESCRIPTION = /<meta name="description" content="([^"]*)"\/?>/;
const CANONICAL = /<link rel="canonical" href="([^"]*)"\/?>/;
const SVG = /\.svgz?$/i;

/** The document's head: the tags are read from it and added before its end. */
const headOf = (html: string) => html.slice(0, html.indexOf("</head>") + 1 || undefined);
const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * A page's picture as a preview shows it: an SVG replaced by the default (preview fetchers show
 * raster pictures only), an imported vehicle photo at the largest width its route serves, anything
 * else as it is (a story's Storyblok picture comes sized to 1200×630 from story-preview.ts).
 */
export function previewPicture(picture: PreviewPicture | null): PreviewPicture {
  if (picture === null || picture.src.trim() === "") return DEFAULT_PREVIEW_PICTURE;
  const src = picture.src.trim();
  const path = src.split(/[?#]/, 1)[0] ?? "";
  if (SVG.test(path)) return DEFAULT_PREVIEW_PICTURE;
  const vehicle = /^\/fahrzeugbild\/([^/]+)\/([^/]+)$/.exec(path);
  const parts = vehicle ? parseVehicleImagePath(vehicle[1] ?? "", vehicle[2] ?? "") : null;
  if (parts) return { src: vehicleImagePath(parts.vehicleId, parts.position, VEHICLE_IMAGE_WIDTHS.page), alt: picture.alt };
  return { ...picture, src };
}

/** The picture's absolute address when it is https or of the page's own origin, else undefined. */
function absoluteImage(src: string, canonical: string): string | undefined {
  try {
    const url = new URL(src, canonical);
    return url.protocol === "https:" || url.origin === new URL(canonical).origin ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The tags for a rendered document, or "" when its head has no canonical link. `texts` (a story's
 * SEO fields) replace the head's title and description in the preview; they are raw text and escaped
 * here, while the head's are React's output and escaped already.
 */
export function linkPreviewTags(html: string, picture: PreviewPicture | null, texts: PreviewTexts = {}): string {
  const head = headOf(html);
  const canonical = CANONICAL.exec(head)?.[1];
  const title = TITLE.exec(head)?.[1];
  if (canonical === undefined || title === undefined) return "";
  const description = texts.description === undefined ? DESCRIPTION.exec(head)?.[1] : escapeAttribute(texts.description);
  // The page's title without the site's name, which og:site_name carries. React escapes ", &, < and
  // > in text as in attributes, so the title's text is already attribute text.
  const pageTitle = texts.title === undefined ? title.replace(new RegExp(` \\| ${SITE_NAME}$`), "") : escapeAttribute(texts.title);
  // An address that is neither https nor the site's own (javascript:, http: elsewhere) is not shown: the default is.
  let shown = previewPicture(picture);
  let image = absoluteImage(shown.src, canonical);
  if (image === undefined) {
    shown = DEFAULT_PREVIEW_PICTURE;
    image = absoluteImage(shown.src, canonical);
  }
  const tags = [
    `<meta property="og:type" content="website"/>`,
    `<meta property="og:site_name" content="${escapeAttribute(SITE_NAME)}"/>`,
    `<meta property="og:locale" content="de_DE"/>`,
    `<meta property="og:title" content="${pageTitle}"/>`,
    `<meta property="og:url" content="${canonical}"/>`,
    ...(description === undefined ? [] : [`<meta property="og:description" content="${description}"/>`]),
    ...(image === undefined
      ? []
      : [
          `<meta property="og:image" content="${escapeAttribute(image)}"/>`,
          ...(shown.width === undefined || shown.height === undefined
            ? []
            : [
                `<meta property="og:image:width" content="${shown.width}"/>`,
                `<meta property="og:image:height" content="${shown.height}"/>`,
              ]),
          ...(shown.alt.trim() === "" ? [] : [`<meta property="og:image:alt" content="${escapeAttribute(shown.alt.trim())}"/>`]),
        ]),
    `<meta name="twitter:card" content="${image === undefined ? "summary" : "summary_large_image"}"/>`,
  ];
  return tags.join("");
}

/** The document with the tags before its </head> (unchanged when there are none or no head). */
export function withLinkPreview(html: string, picture: PreviewPicture | null, extra = "", texts: PreviewTexts = {}): string {
  const end = html.indexOf("</head>");
  if (end === -1) return html;
  const tags = `${linkPreviewTags(html, picture, texts)}${extra}`;
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
  const vehicle = vehiclePicture(leaf.data);
  const story = vehicle === null && isStoryData(leaf.data) ? (await import("./story-preview.ts")).storyPreview(leaf.data) : null;
  return withLinkPreview(html, vehicle ?? story?.picture ?? null, extra, story?.texts);
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

/** The content and home routes' loader data (`{ page: { content } }`): story-preview.ts reads it. */
function isStoryData(data: unknown): boolean {
  if (typeof data !== "object" || data === null || !Object.hasOwn(data, "page")) return false;
  const { page } = data as { page: unknown };
  return typeof page === "object" && page !== null && Object.hasOwn(page, "content");
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
