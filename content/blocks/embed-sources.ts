/**
 * Allow-lists for third-party content editors may embed. Adding a host or tag is a reviewed code
 * change on purpose: each one is a privacy (DSGVO/TTDSG) and security decision, not an editorial
 * one. Zod-free: the schemas (worker) and the components (browser) share these checks.
 */
import type { ConsentPurpose } from "#domain/consent.ts";

export interface VideoEmbed {
  provider: "youtube" | "vimeo";
  /** Name shown in the consent placeholder. */
  providerName: string;
  id: string;
  /** Privacy-enhanced player URL: youtube-nocookie.com, Vimeo with dnt=1. */
  embedUrl: string;
}

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "youtu.be",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);

/** A YouTube or Vimeo URL as its privacy-enhanced embed, or null for anything else. */
export function videoEmbed(raw: string): VideoEmbed | null {
  const url = httpsUrl(raw);
  if (!url) return null;
  if (YOUTUBE_HOSTS.has(url.hostname)) {
    const id =
      url.hostname === "youtu.be"
        ? url.pathname.slice(1)
        : url.pathname === "/watch"
          ? (url.searchParams.get("v") ?? "")
          : (/^\/(?:embed|shorts|live|v)\/([^/]+)/.exec(url.pathname)?.[1] ?? "");
    if (!/^[\w-]{6,20}$/.test(id)) return null;
    return { provider: "youtube", providerName: "YouTube", id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}?rel=0` };
  }
  if (VIMEO_HOSTS.has(url.hostname)) {
    const id = /^\/(?:video\/)?(\d{3,12})(?:\/|$)/.exec(url.pathname)?.[1];
    if (!id) return null;
    return { provider: "vimeo", providerName: "Vimeo", id, embedUrl: `https://player.vimeo.com/video/${id}?dnt=1` };
  }
  return null;
}

/**
 * Hosts an iframe may load (maps, videos, hosted forms), each with the consent purpose that
 * covers it (domain/consent-purposes.ts lists the same origins as the purpose's frame origins).
 * `purpose: null` has no standing permission: it loads only "once", through the /_embed wrapper
 * (ADR 0010: Microsoft Forms is none of the five purposes, and a form is a single visit's act).
 * A path of our own site is always allowed; it loads without a consent step.
 */
export const IFRAME_HOSTS: ReadonlyArray<{ host: string; purpose: ConsentPurpose | null; providerName: string }> = [
  { host: "www.google.com", purpose: "maps", providerName: "Google Maps" }, // /maps/embed… only, see below
  { host: "www.openstreetmap.org", purpose: "maps", providerName: "OpenStreetMap" },
  { host: "www.youtube-nocookie.com", purpose: "video", providerName: "YouTube" },
  { host: "player.vimeo.com", purpose: "video", providerName: "Vimeo" },
  { host: "forms.office.com", purpose: null, providerName: "Microsoft Forms" },
];

export interface IframeSource {
  src: string;
  /** Our own site: no third party involved, loads lazily without a consent step. */
  sameOrigin: boolean;
  host: string;
  /** The consent purpose that lets it load without asking; null for our own site and "once only" hosts. */
  purpose: ConsentPurpose | null;
  providerName: string;
}

export function iframeSource(raw: string): IframeSource | null {
  const value = raw.trim();
  if (value.startsWith("/") && !value.startsWith("//") && !/[\\\s\u0000-\u001f]/.test(value))
    return { src: value, sameOrigin: true, host: "", purpose: null, providerName: "" };
  const url = httpsUrl(value);
  const entry = url ? IFRAME_HOSTS.find((candidate) => candidate.host === url.hostname) : undefined;
  if (!url || !entry) return null;
  if (url.hostname === "www.google.com" && !url.pathname.startsWith("/maps/embed")) return null;
  return { src: url.toString(), sameOrigin: false, host: url.hostname, purpose: entry.purpose, providerName: entry.providerName };
}

/**
 * The same-origin wrapper page for a third-party embed inserted after the page loaded: the
 * page's own CSP frame-src was fixed at load and lists only the purposes granted then, so the
 * worker serves /_embed with a CSP of its own that frames exactly this one origin
 * (worker/consent/embed-wrapper.ts). Without JavaScript it is a plain link to that page.
 */
export function embedWrapperUrl(src: string, title: string): string {
  return `/_embed?${new URLSearchParams({ src, title }).toString()}`;
}

/**
 * Web components of partner brands the site may render (spec section 2 "a web component of a
 * partner brand"). The element is rendered with plain attributes; its script is not loaded by the
 * site (no third-party code without review), so its light-DOM fallback is what visitors see until
 * a brand's bundle is approved and self-hosted.
 */
export const ALLOWED_PARTNER_TAGS = [
  "mb-vehicle-teaser",
  "hyundai-model-teaser",
  "smart-product-teaser",
  "hymer-model-finder",
  "iveco-product-teaser",
  "astonmartin-model-teaser",
] as const;

function httpsUrl(raw: string): URL | null {
  try {
    const url = new URL(raw.trim());
    return url.protocol === "https:" && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}
