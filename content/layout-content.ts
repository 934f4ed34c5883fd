import { carfinderPath, COMPARE_PATH, FAVOURITES_PATH } from "#domain/site-paths.ts";
import { SEGMENTS } from "#domain/url-segments.ts";
import { leasePath } from "#domain/lease-paths.ts";
import { SITE_CONFIG } from "#domain/site-config.ts";
import { telHref } from "#domain/phone.ts";
import type { FooterColumn, InfoNotice, LayoutLink, PageLayout } from "#ui/layout/page-layout.ts";

export type { FooterColumn, InfoNotice, LayoutLink, PageLayout };

/**
 * What editors own of the layout (docs/storyblok-space.md "Navigation, footer, top bar, info bar"):
 * the main navigation, the top bar, the footer's columns and legal links, and the info bar's
 * notices, from the Storyblok story `global/settings` (content type `site_settings`,
 * content/layout-content-schema.ts). Plain data, no zod: the worker parses the story once per
 * isolate and content version (worker/content/layout-content-reader.ts) and hands the layout only
 * the result (root loader data; the header island's props), so the browser never loads a schema
 * nor these fallback constants (ADR 0006, docs/decisions/0034-editor-owned-navigation.md).
 *
 * Not the site settings ops keep in KV (domain/site-settings.ts: brands, breadcrumbs, tag manager).
 */

/** Where the settings story lives in the space (Storyblok: folder "global", story "settings"), and its content type. */
export const SETTINGS_STORY_SLUG = "global/settings";
export const SETTINGS_ROOT_COMPONENT = "site_settings";

/**
 * One notice of the info bar as stored per content version: validity as instants (ms, UTC),
 * computed from the editor's Europe/Berlin dates when the story was parsed.
 */
export interface InfoBarEntry {
  /** The entry's id and version ("{id hash}{content hash}", 16 hex): a dismissal is remembered by it. */
  key: string;
  text: string;
  link?: LayoutLink;
  /** Shown from this instant on (inclusive); none: from publication. */
  from?: number;
  /** Shown before this instant (exclusive); none: until removed. */
  until?: number;
}

/** The editor-owned layout content of one content version. */
export interface LayoutContent {
  navigation: LayoutLink[];
  topBar: { claim: string; links: LayoutLink[] };
  footerColumns: FooterColumn[];
  legalLinks: LayoutLink[];
  infoBar: InfoBarEntry[];
}

/** The central customer service's number (SITE_CONFIG.stickyContact), as the top bar has shown it. */
const HOTLINE: LayoutLink = { label: `Tel. ${SITE_CONFIG.stickyContact.phoneLabel}`, href: telHref(SITE_CONFIG.stickyContact.phone) };

const financePath = (section: "privateFinance" | "businessFinance") => `/${SEGMENTS.stock}/${SEGMENTS[section]}`;

/**
 * The layout without a settings story (or with an invalid one, or Storyblok failing): what the
 * site showed before editors owned it, plus the lease and finance sections in the footer.
 */
export const FALLBACK_LAYOUT: LayoutContent = {
  navigation: [
    { label: "Fahrzeugsuche", href: carfinderPath() },
    { label: "Pkw", href: "/pkw" },
    { label: "Transporter", href: "/transporter" },
    { label: "Reisemobile", href: "/unsere-reisemobile" },
    { label: "Werkstatt & Service", href: "/werkstatt" },
    { label: "Karriere", href: "/karriere" },
    { label: "Über uns", href: "/ueber-uns" },
  ],
  topBar: {
    claim: "Ihr Autohaus für sechs Marken im Norden",
    links: [
      HOTLINE,
      { label: "Standorte", href: "/standorte" },
      { label: "Ansprechpartner", href: "/ansprechpartner" },
      { label: "Online-Werkstatttermin", href: "/werkstatt/online-werkstatttermin" },
      { label: "Favoriten", href: FAVOURITES_PATH },
      { label: "Vergleich", href: COMPARE_PATH },
    ],
  },
  footerColumns: [
    {
      heading: "Fahrzeuge",
      links: [
        { label: "Fahrzeugsuche", href: carfinderPath() },
        { label: "Aktionsangebote", href: "/Aktionsangebote" },
        { label: "Junge Sterne", href: "/junge-sterne" },
        { label: "Ankauf & Inzahlungnahme", href: "/ankauf" },
        { label: "Probefahrt", href: "/probefahrt" },
      ],
    },
    {
      heading: "Leasing & Finanzierung",
      links: [
        { label: "Privat-Leasing", href: leasePath("privateLease") },
        { label: "Gewerbe-Leasing", href: leasePath("businessLease") },
        { label: "Privatfinanzierung", href: financePath("privateFinance") },
        { label: "Gewerbefinanzierung", href: financePath("businessFinance") },
      ],
    },
    {
      heading: "Service",
      links: [
        { label: "Werkstatt", href: "/werkstatt" },
        { label: "Online-Werkstatttermin", href: "/werkstatt/online-werkstatttermin" },
        { label: "Schadensmanagement", href: "/werkstatt/schadensmanagement" },
        { label: "Teile & Zubehör", href: "/werkstatt/teile-zubehoer" },
      ],
    },
    {
      heading: "Unternehmen",
      links: [
        { label: "Über uns", href: "/ueber-uns" },
        { label: "Karriere", href: "/karriere" },
        { label: "Standorte", href: "/standorte" },
        { label: "Ansprechpartner", href: "/ansprechpartner" },
        { label: "Pressekontakt", href: "/pressekontakt" },
      ],
    },
  ],
  legalLinks: [
    { label: "Impressum", href: "/impressum" },
    { label: "Datenschutz", href: "/datenschutz" },
    { label: "Lieferkettensorgfaltspflicht", href: "/lieferkettensorgfaltspflicht" },
  ],
  infoBar: [],
};

/**
 * The page's layout at `now`: the notices valid now (validity was computed in Europe/Berlin when
 * the story was parsed) that the visitor has not dismissed.
 */
export function pageLayoutAt(content: LayoutContent, now: number, dismissed: ReadonlySet<string>): PageLayout {
  const notices: InfoNotice[] = [];
  for (const entry of content.infoBar) {
    if ((entry.from !== undefined && now < entry.from) || (entry.until !== undefined && now >= entry.until)) continue;
    if (dismissed.has(entry.key)) continue;
    notices.push({ key: entry.key, text: entry.text, ...(entry.link && { link: entry.link }) });
  }
  const { navigation, topBar, footerColumns, legalLinks } = content;
  return { navigation, topBar, footerColumns, legalLinks, notices };
}

/** The HTML cache key part of a page's notices: the keys shown, or "-" for none. */
export function noticesCacheKey(notices: readonly InfoNotice[]): string {
  return notices.length === 0 ? "-" : notices.map((notice) => notice.key).join(".");
}
