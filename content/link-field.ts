import type { LinkField } from "./story-schema.ts";
import { isStoryblokAsset } from "./storyblok-image.ts";

/**
 * Link field rules (spec section 3 "Link field", section 4 "A link whose target is on the content
 * asset host fires a download event", section 5 "navigation to unsafe protocols is refused").
 * Pure and zod-free: blocks resolve links in the browser too (ADR 0006).
 *
 * - url: http(s), relative, mailto: and tel: only; absolute http(s) targets are external and open
 *   in a new tab; `www.example.de` without a protocol is read as https (editors type it so).
 * - story: `/{full_slug}` from the resolved story (resolve_links) or `cached_url`; "home" is "/".
 * - asset: the asset URL; Storyblok assets count as downloads.
 * - email: `mailto:` with the address.
 * - An anchor (`#abschnitt`) is appended to url and story links.
 *
 * @example
 * resolveLink({ linktype: "story", cached_url: "werkstatt", anchor: "preise" })
 * // → { href: "/werkstatt#preise", kind: "internal", newTab: false, external: false, download: false }
 */

export type LinkKind = "internal" | "external" | "asset" | "email" | "phone";

export interface ResolvedLink {
  href: string;
  kind: LinkKind;
  /** Leaves the site (another origin): gets the external-link icon. */
  external: boolean;
  /** Opens in a new tab (external targets, or the editor chose `_blank`). */
  newTab: boolean;
  /** On the content asset host: fires the `download` analytics event. */
  download: boolean;
}

/** Any origin works as the base: only "is it ours" matters, and "ours" means relative. */
const BASE = "https://site.invalid";
const ANCHOR_PATTERN = /^[A-Za-z0-9][\w.:-]{0,99}$/;
const EMAIL_PATTERN = /^[^\s@<>()"',;:\\]+@[^\s@<>()"',;:\\]+\.[^\s@<>()"',;:\\]+$/;

/** The reason a link field cannot be used, or null when it is usable or simply empty. */
export function linkProblem(link: LinkField | null | undefined): string | null {
  if (!link || isEmptyLink(link)) return null;
  return resolveLink(link) ? null : `unsicheres oder ungültiges Linkziel „${rawTarget(link).slice(0, 80)}“`;
}

export function isEmptyLink(link: LinkField | null | undefined): boolean {
  if (!link) return true;
  return rawTarget(link).trim() === "" && !(link.anchor ?? "").trim();
}

export function resolveLink(link: LinkField | null | undefined): ResolvedLink | null {
  if (!link || isEmptyLink(link)) return null;
  const anchor = safeAnchor(link.anchor);
  const wantsNewTab = link.target === "_blank";
  switch (link.linktype ?? inferLinktype(link)) {
    case "story": {
      const slug = firstText(link.story?.full_slug, link.story?.url, link.cached_url, link.url);
      if (slug === "" && anchor) return { href: `#${anchor}`, kind: "internal", external: false, newTab: false, download: false };
      if (/^[a-z][a-z0-9+.-]*:/i.test(slug) || slug.startsWith("//")) return resolveUrl(slug, anchor, wantsNewTab);
      const path = slug.replace(/^\/+|\/+$/g, "");
      const href = path === "" || path === "home" ? "/" : `/${path}`;
      return internalOrNull(href, anchor, wantsNewTab);
    }
    case "email": {
      const address = firstText(link.email, link.url, link.cached_url).replace(/^mailto:/i, "");
      return EMAIL_PATTERN.test(address)
        ? { href: `mailto:${address}`, kind: "email", external: false, newTab: false, download: false }
        : null;
    }
    case "asset": {
      const resolved = resolveUrl(firstText(link.url, link.cached_url), undefined, wantsNewTab);
      if (!resolved || resolved.kind === "email" || resolved.kind === "phone") return null;
      return { ...resolved, kind: "asset", download: resolved.download || isStoryblokAsset(resolved.href) };
    }
    default:
      return resolveUrl(firstText(link.url, link.cached_url), anchor, wantsNewTab);
  }
}

/**
 * A raw href as found in rich text or a plain URL field, through the same rules as a `url` link.
 * Returns null for anything unsafe (javascript:, data:, vbscript:, …).
 */
export function resolveHref(raw: string, options: { newTab?: boolean } = {}): ResolvedLink | null {
  return resolveUrl(raw.trim(), undefined, options.newTab === true);
}

/** True for http(s), relative, mailto: and tel: targets. */
export function isSafeHref(raw: string): boolean {
  return resolveHref(raw) !== null;
}

function resolveUrl(raw: string, anchor: string | undefined, wantsNewTab: boolean): ResolvedLink | null {
  if (raw === "") return anchor ? { href: `#${anchor}`, kind: "internal", external: false, newTab: false, download: false } : null;
  // Control characters never belong in a link; browsers would strip some and reveal a scheme.
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  // "#preise": a place on the same page. Resolved against a base it would become "/#preise" and
  // take the visitor to the home page.
  if (raw.startsWith("#")) {
    const own = safeAnchor(raw);
    return own ? { href: `#${own}`, kind: "internal", external: false, newTab: false, download: false } : null;
  }
  const candidate = /^www\./i.test(raw) ? `https://${raw}` : raw;
  if (/^mailto:/i.test(candidate)) {
    const address = decodeSafe(candidate.slice(7).split("?")[0] ?? "");
    return address && EMAIL_PATTERN.test(address)
      ? { href: `mailto:${candidate.slice(7)}`, kind: "email", external: false, newTab: false, download: false }
      : null;
  }
  if (/^tel:/i.test(candidate)) {
    const number = candidate.slice(4).replace(/[\s()/-]/g, "");
    return /^\+?\d{3,20}$/.test(number) ? { href: `tel:${number}`, kind: "phone", external: false, newTab: false, download: false } : null;
  }
  let url: URL;
  try {
    url = new URL(candidate, `${BASE}/`);
  } catch {
    return null;
  }
  if (url.origin === BASE) {
    // Relative: our own site. Keep path, query and hash as the URL parser normalised them.
    return internalOrNull(`${url.pathname}${url.search}${url.hash}`, anchor, wantsNewTab);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  if (anchor && !url.hash) url.hash = anchor;
  const href = url.toString();
  return { href, kind: "external", external: true, newTab: true, download: isStoryblokAsset(href) };
}

function internalOrNull(path: string, anchor: string | undefined, wantsNewTab: boolean): ResolvedLink | null {
  let url: URL;
  try {
    url = new URL(path, `${BASE}/`);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (anchor && !url.hash) url.hash = anchor;
  return { href: `${url.pathname}${url.search}${url.hash}`, kind: "internal", external: false, newTab: wantsNewTab, download: false };
}

function inferLinktype(link: LinkField): "url" | "story" | "email" {
  if (link.email) return "email";
  if (link.story) return "story";
  return "url";
}

/** The first non-empty target: Storyblok sends "" for the fields a link type does not use. */
function rawTarget(link: LinkField): string {
  return (
    [link.story?.full_slug, link.url, link.cached_url, link.email].find((value) => typeof value === "string" && value.trim() !== "") ?? ""
  );
}

function firstText(...values: Array<string | undefined>): string {
  return values.find((value) => typeof value === "string" && value.trim() !== "")?.trim() ?? "";
}

function safeAnchor(anchor: string | undefined): string | undefined {
  const value = anchor?.trim().replace(/^#/, "");
  return value && ANCHOR_PATTERN.test(value) ? value : undefined;
}

function decodeSafe(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}
