/**
 * Allow-lists for third-party content editors may embed. Adding a host or tag is a reviewed code
 * change on purpose: each one is a privacy (DSGVO/TTDSG) and security decision, not an editorial
 * one. Zod-free: the schemas (worker) and the components (browser) share these checks.
 */

export interface VideoEmbed {
  provider: "youtube" | "vimeo";
  /** Name shown in the consent placeholder. */
  providerName: string;
  id: string;
  /** Privacy-enhanced player URL: youtube-nocookie.com, Vimeo with dnt=1. */
  embedUrl: string;
}

const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "youtu.be", "youtube-nocookie.com", "www.youtube-nocookie.com"]);
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
 * Hosts an iframe may load (maps, the appointment and recruitment partners' hosted pages). A path
 * of our own site is always allowed; it loads without a consent step.
 */
export const IFRAME_HOSTS = [
  "www.google.com", // Google Maps embed (/maps/embed…) only, see below
  "www.openstreetmap.org",
  "www.youtube-nocookie.com",
  "player.vimeo.com",
  "forms.office.com",
] as const;

export interface IframeSource {
  src: string;
  /** Our own site: no third party involved, loads lazily without a consent click. */
  sameOrigin: boolean;
  host: string;
}

export function iframeSource(raw: string): IframeSource | null {
  const value = raw.trim();
  if (value.startsWith("/") && !value.startsWith("//") && !/[\\\s\u0000-\u001f]/.test(value)) return { src: value, sameOrigin: true, host: "" };
  const url = httpsUrl(value);
  if (!url || !(IFRAME_HOSTS as readonly string[]).includes(url.hostname)) return null;
  if (url.hostname === "www.google.com" && !url.pathname.startsWith("/maps/embed")) return null;
  return { src: url.toString(), sameOrigin: false, host: url.hostname };
}

/**
 * Web components of partner brands the site may render (spec section 2 "a web component of a
 * partner brand"). The element is rendered with plain attributes; its script is not loaded by the
 * site (no third-party code without review), so its light-DOM fallback is what visitors see until
 * a brand's bundle is approved and self-hosted.
 */
export const ALLOWED_PARTNER_TAGS = ["mb-vehicle-teaser", "hyundai-model-teaser", "smart-product-teaser", "hymer-model-finder", "iveco-product-teaser", "astonmartin-model-teaser"] as const;

function httpsUrl(raw: string): URL | null {
  try {
    const url = new URL(raw.trim());
    return url.protocol === "https:" && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}
