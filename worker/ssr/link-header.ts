import { buildInfo } from "../build-info.ts";
import type { CachedDocument } from "./html-cache.ts";

/**
 * The `Link` header of an HTML page (docs/performance.md "The network edge", ADR 0044): the few
 * resources the first screen needs, as `rel=preload`, so that Cloudflare can keep them and send
 * them as a 103 Early Hints response ahead of the next response for that URL: the stylesheet and
 * the LCP image. Not the entry: a page's JavaScript is asked for once the first screen is painted
 * (ADR 0046, first-screen-start.ts).
 */

/** One link of the header. */
export interface LinkEntry {
  href: string;
  as: "style" | "image";
  fetchpriority?: "high";
}

/**
 * What every page needs before it can paint: the stylesheet. The one place to drop it from once
 * the critical CSS is inlined into the document.
 */
export function criticalAssets(): LinkEntry[] {
  return buildInfo().stylesheets.map((href): LinkEntry => ({ href, as: "style" }));
}

/** Early Hints pay for the first few critical resources only; and headers are not free. */
const MAX_ENTRIES = 6;
/** The same budget React's own Link header (`onHeaders`) keeps by default. */
const MAX_HEADER_LENGTH = 2000;

/** React's `<link rel="preload" as="image" …>` tags, hoisted to the start of the head. */
const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*>/g;
const ATTRIBUTE = /\s([A-Za-z-]+)="([^"]*)"/g;
const ENTITIES = new Map([
  ["&amp;", "&"],
  ["&quot;", '"'],
  ["&#x27;", "'"],
  ["&lt;", "<"],
  ["&gt;", ">"],
]);
/** What a header's URI reference may hold as it is; everything else is percent-encoded. */
const UNSAFE_IN_HEADER = /[^\x21-\x7e]|[<>"\\]/g;

function unescapeAttribute(value: string): string {
  return value.replace(/&(?:amp|quot|#x27|lt|gt);/g, (entity) => ENTITIES.get(entity) ?? entity);
}

/**
 * The page's LCP image as the page itself announces it: the first image preload with
 * fetchPriority high in the head (React emits one for the content hero, the vehicle gallery's
 * first picture, the home page's first hero slide). An image chosen by `srcset` is left to the
 * document's own preload: which candidate fits depends on the viewport, React's Link header leaves
 * such images out too, and a wrong candidate fetched early would cost bandwidth on the critical path.
 */
export function lcpImageOf(head: string): LinkEntry | null {
  for (const [tag] of head.matchAll(IMAGE_PRELOAD)) {
    const attributes = new Map<string, string>();
    for (const [, name, value] of tag.matchAll(ATTRIBUTE)) if (name && value !== undefined) attributes.set(name.toLowerCase(), value);
    if (attributes.get("fetchpriority") !== "high") continue;
    const href = attributes.get("href");
    if (!href || attributes.has("imagesrcset")) return null;
    return { href: unescapeAttribute(href), as: "image", fetchpriority: "high" };
  }
  return null;
}

function serialise(entry: LinkEntry): string | null {
  let target: string;
  try {
    target = entry.href.replace(UNSAFE_IN_HEADER, (character) => encodeURIComponent(character));
  } catch {
    // A lone surrogate cannot be encoded: the document's own tag still preloads it.
    return null;
  }
  const parameters = [`<${target}>`, "rel=preload", `as=${entry.as}`];
  if (entry.fetchpriority) parameters.push(`fetchpriority=${entry.fetchpriority}`);
  return parameters.join("; ");
}

/** The header's value: at most MAX_ENTRIES links within MAX_HEADER_LENGTH, in the order given; null when none fits. */
export function linkHeaderValue(entries: readonly LinkEntry[]): string | null {
  const links: string[] = [];
  let length = 0;
  for (const entry of entries) {
    if (links.length === MAX_ENTRIES) break;
    const link = serialise(entry);
    if (link === null || length + link.length + 2 > MAX_HEADER_LENGTH) continue;
    links.push(link);
    length += link.length + 2;
  }
  return links.length > 0 ? links.join(", ") : null;
}

/** The part of a document the LCP image preload is looked for in: its head (React puts the preloads first). */
function headOf(html: string): string {
  const end = html.indexOf("</head>");
  return end === -1 ? "" : html.slice(0, end);
}

/** The Link header of a rendered page: stylesheet, LCP image. `html` null: a streamed page, whose head is not known yet. */
export function pageLinkHeader(html: string | null): string | null {
  const image = html === null ? null : lcpImageOf(headOf(html));
  // In the order of the head: what blocks rendering, then the image.
  return linkHeaderValue(image === null ? criticalAssets() : [...criticalAssets(), image]);
}

/** A stored head is read once per document an isolate holds (memory tier: the same object on every hit). */
const cachedHeaders = new WeakMap<CachedDocument, string | null>();
/** The head of a page is in its first bytes; an islands page's document is kept as bytes (ADR 0018). */
const HEAD_BYTES = 16 * 1024;

/** The Link header of an HTML cache hit, from the stored document's head (its LCP image preload). */
export function cachedPageLinkHeader(document: CachedDocument): string | null {
  const known = cachedHeaders.get(document);
  if (known !== undefined) return known;
  let head: string;
  if (document.kind === "nonce") head = headOf(document.template);
  else {
    head = headOf(new TextDecoder().decode(document.body.subarray(0, HEAD_BYTES)));
    if (head === "") head = headOf(new TextDecoder().decode(document.body));
  }
  const header = pageLinkHeader(`${head}</head>`);
  cachedHeaders.set(document, header);
  return header;
}

/**
 * Whether a page response may carry the Link header: a 200 to a GET or HEAD that may be kept.
 * Errors, redirects and personal or preview pages (no-store) do not teach the edge their hints.
 */
export function takesLinkHeader(request: Request, status: number, headers: Headers): boolean {
  if (status !== 200 || (request.method !== "GET" && request.method !== "HEAD")) return false;
  return !/\bno-store\b/i.test(headers.get("Cache-Control") ?? "");
}
