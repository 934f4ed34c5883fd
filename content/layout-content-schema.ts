import * as z from "zod";
import { berlinTime } from "#domain/opening-status.ts";
import { LinkFieldSchema, type LinkField } from "./story-schema.ts";
import { isEmptyLink, resolveLink } from "./link-field.ts";
import { storyblokField } from "./storyblok-fields.ts";
import {
  FALLBACK_LAYOUT,
  SETTINGS_ROOT_COMPONENT,
  type FooterColumn,
  type InfoBarEntry,
  type LayoutContent,
  type LayoutLink,
} from "./layout-content.ts";

/**
 * The settings story editors own the layout with (content/layout-content.ts): its zod schema, which
 * `npm run content` also turns into the Storyblok components `site_settings`, `nav_link`,
 * `footer_column` and `info_bar_entry` (content/storyblok-components.ts), and the parser with its
 * fallbacks. Worker only (ADR 0006): the layout receives the parsed result.
 *
 * Fallbacks, so the header is never broken:
 * - no story, not a `site_settings` story, or Storyblok failing without a last good copy →
 *   FALLBACK_LAYOUT (the constants the site had before);
 * - an invalid item (no label, an unsafe or unusable link, a bad date) is dropped with a warning;
 * - navigation, top bar links, footer columns or legal links left empty (or with no valid item) →
 *   that part of FALLBACK_LAYOUT (the legal links must never vanish); an empty info bar is no notice.
 *
 * Links: paths of this site (story links or "/…"), https URLs, tel: and mailto: — never http:,
 * javascript:, data: or a bare "#anchor" (content/link-field.ts decides what is safe first).
 * Info bar dates are Europe/Berlin wall-clock times: `valid_from` from that moment (a date alone:
 * from 00:00), `valid_until` until that moment (a date alone or 00:00: through the end of that day).
 */

/** The Storyblok components of the settings story, root first (content/storyblok-components.ts). */
export const SETTINGS_COMPONENTS = [SETTINGS_ROOT_COMPONENT, "nav_link", "footer_column", "info_bar_entry"] as const;
export type SettingsComponent = (typeof SETTINGS_COMPONENTS)[number];

/** Items kept per list; more is an editing mistake that would break the layout. */
export const LAYOUT_LIMITS = { navigation: 10, topBarLinks: 8, footerColumns: 6, columnLinks: 12, legalLinks: 8, infoBar: 5 } as const;

export const DEFAULT_NOTICE_LINK_LABEL = "Mehr erfahren";

// ---- fields ---------------------------------------------------------------------------------------

const blank = (value: unknown) => (typeof value === "string" ? value.trim() || undefined : value === null ? undefined : value);

const text = (max: number, type: "text" | "textarea" = "text") =>
  storyblokField(z.preprocess(blank, z.string().max(max).optional()), { type });
const requiredText = (max: number, type: "text" | "textarea" = "text") =>
  storyblokField(z.preprocess(blank, z.string({ error: "missing" }).max(max)), { type, required: true });

const linkValue = (value: unknown) =>
  value === null || value === "" || (typeof value === "object" && isEmptyLink(value as LinkField)) ? undefined : value;
const requiredLink = storyblokField(z.preprocess(linkValue, LinkFieldSchema), { type: "multilink", required: true });
const optionalLink = storyblokField(z.preprocess(linkValue, LinkFieldSchema.optional()), { type: "multilink" });

/** Storyblok's datetime field: "2026-12-23 00:00" (a date alone is accepted too). */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?Z?)?$/;
const dateTime = storyblokField(z.preprocess(blank, z.string().regex(DATE_TIME, { error: "not a date" }).optional()), {
  type: "datetime",
});

/** A list of nested entries, each read by its own schema below (one bad entry drops only itself). */
const entries = (allow: readonly SettingsComponent[]) =>
  storyblokField(z.array(z.unknown()).optional().catch(undefined), { type: "bloks", allow, children: "items" });

const uid = z.string().min(1);

export const NavLinkSchema = z.object({ _uid: uid, component: z.literal("nav_link"), label: requiredText(60), link: requiredLink });

export const FooterColumnSchema = z.object({
  _uid: uid,
  component: z.literal("footer_column"),
  heading: requiredText(60),
  links: entries(["nav_link"]),
});

export const InfoBarEntrySchema = z.object({
  _uid: uid,
  component: z.literal("info_bar_entry"),
  text: requiredText(300, "textarea"),
  link: optionalLink,
  link_label: text(60),
  valid_from: dateTime,
  valid_until: dateTime,
});

export const SiteSettingsSchema = z.object({
  _uid: uid,
  component: z.literal(SETTINGS_ROOT_COMPONENT),
  navigation: entries(["nav_link"]),
  top_bar_claim: text(120),
  top_bar_links: entries(["nav_link"]),
  footer_columns: entries(["footer_column"]),
  legal_links: entries(["nav_link"]),
  info_bar: entries(["info_bar_entry"]),
});

/** The schemas of SETTINGS_COMPONENTS, for the Storyblok component generator. */
export const SETTINGS_SCHEMAS = {
  site_settings: SiteSettingsSchema,
  nav_link: NavLinkSchema,
  footer_column: FooterColumnSchema,
  info_bar_entry: InfoBarEntrySchema,
} satisfies Record<SettingsComponent, z.ZodType>;

// ---- parsing --------------------------------------------------------------------------------------

export interface ParseOptions {
  /** Told about every dropped item and every fallback (console.warn on the worker). */
  warn(message: string): void;
}

/**
 * The layout content of a settings story's `content` (or null when there is no story): never
 * throws, always a complete layout.
 */
export function parseLayoutContent(content: unknown, options: ParseOptions): LayoutContent {
  if (content === null || content === undefined) return FALLBACK_LAYOUT;
  const root = SiteSettingsSchema.safeParse(content);
  if (!root.success) {
    options.warn(`Layout settings: the story is no valid ${SETTINGS_ROOT_COMPONENT} (${summary(root.error)}); using the built-in layout.`);
    return FALLBACK_LAYOUT;
  }
  const settings = root.data;
  const warn = (message: string) => options.warn(`Layout settings: ${message}`);
  // Left empty: the built-in part, silently; entries of which none was valid: the same, said once more.
  const orFallback = <T>(part: string, items: T[], given: unknown[] | undefined, fallback: T[]): T[] => {
    if (items.length > 0) return items;
    if (given && given.length > 0) warn(`${part} has no valid entry; using the built-in ${part}.`);
    return fallback;
  };
  const navigation = links(settings.navigation, "navigation", LAYOUT_LIMITS.navigation, warn);
  const topBarLinks = links(settings.top_bar_links, "top bar", LAYOUT_LIMITS.topBarLinks, warn);
  const legalLinks = links(settings.legal_links, "legal links", LAYOUT_LIMITS.legalLinks, warn);
  const footerColumns = limited(settings.footer_columns, "footer columns", LAYOUT_LIMITS.footerColumns, warn).flatMap(
    (item, index) => footerColumn(item, index, warn) ?? [],
  );
  const infoBar = limited(settings.info_bar, "info bar", LAYOUT_LIMITS.infoBar, warn).flatMap(
    (item, index) => infoBarEntry(item, index, warn) ?? [],
  );
  return {
    navigation: orFallback("navigation", navigation, settings.navigation, FALLBACK_LAYOUT.navigation),
    topBar: {
      claim: settings.top_bar_claim ?? FALLBACK_LAYOUT.topBar.claim,
      links: orFallback("top bar", topBarLinks, settings.top_bar_links, FALLBACK_LAYOUT.topBar.links),
    },
    footerColumns: orFallback("footer columns", footerColumns, settings.footer_columns, FALLBACK_LAYOUT.footerColumns),
    legalLinks: orFallback("legal links", legalLinks, settings.legal_links, FALLBACK_LAYOUT.legalLinks),
    infoBar,
  };
}

function limited(items: unknown[] | undefined, part: string, max: number, warn: (message: string) => void): unknown[] {
  const list = items ?? [];
  if (list.length > max) warn(`${part} has ${list.length} entries; only the first ${max} are shown.`);
  return list.slice(0, max);
}

function links(items: unknown[] | undefined, part: string, max: number, warn: (message: string) => void): LayoutLink[] {
  return limited(items, part, max, warn).flatMap((item, index) => navLink(item, `${part} ${index + 1}`, warn) ?? []);
}

function navLink(item: unknown, where: string, warn: (message: string) => void): LayoutLink | null {
  const parsed = NavLinkSchema.safeParse(item);
  if (!parsed.success) {
    warn(`dropped ${where}: ${summary(parsed.error)}`);
    return null;
  }
  const link = layoutLink(parsed.data.link, parsed.data.label);
  if (typeof link === "string") warn(`dropped ${where} „${parsed.data.label}“: ${link}`);
  return typeof link === "string" ? null : link;
}

function footerColumn(item: unknown, index: number, warn: (message: string) => void): FooterColumn | null {
  const parsed = FooterColumnSchema.safeParse(item);
  if (!parsed.success) {
    warn(`dropped footer column ${index + 1}: ${summary(parsed.error)}`);
    return null;
  }
  const columnLinks = links(parsed.data.links, `footer column „${parsed.data.heading}“ link`, LAYOUT_LIMITS.columnLinks, warn);
  if (columnLinks.length === 0) {
    warn(`dropped footer column „${parsed.data.heading}“: no valid link`);
    return null;
  }
  return { heading: parsed.data.heading, links: columnLinks };
}

function infoBarEntry(item: unknown, index: number, warn: (message: string) => void): InfoBarEntry | null {
  const where = `info bar entry ${index + 1}`;
  const parsed = InfoBarEntrySchema.safeParse(item);
  if (!parsed.success) {
    warn(`dropped ${where}: ${summary(parsed.error)}`);
    return null;
  }
  const entry = parsed.data;
  let link: LayoutLink | undefined;
  if (entry.link) {
    const resolved = layoutLink(entry.link, entry.link_label ?? DEFAULT_NOTICE_LINK_LABEL);
    if (typeof resolved === "string") {
      warn(`dropped ${where}: ${resolved}`);
      return null;
    }
    link = resolved;
  }
  const from = entry.valid_from === undefined ? undefined : berlinInstant(entry.valid_from, "start");
  const until = entry.valid_until === undefined ? undefined : berlinInstant(entry.valid_until, "end");
  if (from === null || until === null) {
    warn(`dropped ${where}: a validity date is no calendar date`);
    return null;
  }
  if (from !== undefined && until !== undefined && until <= from) {
    warn(`dropped ${where}: valid_until is not after valid_from`);
    return null;
  }
  const version = hash(JSON.stringify([entry.text, link?.href ?? "", link?.label ?? "", from ?? "", until ?? ""]));
  return {
    key: `${hash(entry._uid)}${version}`,
    text: entry.text,
    ...(link && { link }),
    ...(from !== undefined && { from }),
    ...(until !== undefined && { until }),
  };
}

/**
 * A link field as the layout may show it, or the reason it may not: through the link field rules
 * first (content/link-field.ts: no javascript:, data:, credentials, control characters), then only
 * this site's paths, https URLs, tel: and mailto:.
 */
export function layoutLink(field: LinkField, label: string): LayoutLink | string {
  const resolved = resolveLink(field);
  if (!resolved) return "unsafe or invalid link target";
  switch (resolved.kind) {
    case "internal":
      if (!resolved.href.startsWith("/")) return "a link to a place on the same page does not belong in the layout";
      return { label, href: resolved.href };
    case "external":
    case "asset":
      if (!resolved.href.startsWith("https://")) return "external links need https";
      return { label, href: resolved.href, newTab: true };
    case "email":
    case "phone":
      return { label, href: resolved.href };
  }
}

/**
 * The instant (ms, UTC) of a Europe/Berlin wall-clock time. `edge` "end" with a date alone (or
 * 00:00) is the end of that day, i.e. the next day's 00:00. Null for an impossible date.
 */
export function berlinInstant(value: string, edge: "start" | "end"): number | null {
  const match = DATE_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  if (year === undefined || month === undefined || day === undefined) return null;
  if (hour > 23 || minute > 59) return null;
  const midnight = Date.UTC(year, month - 1, day);
  const date = new Date(midnight);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const wholeDay = edge === "end" && hour === 0 && minute === 0;
  // The wall-clock time read as if it were UTC; Berlin is one or two hours ahead of UTC.
  const wall = midnight + (wholeDay ? 24 * 60 : hour * 60 + minute) * 60_000;
  let instant = wall - 3_600_000;
  for (let step = 0; step < 2; step += 1) {
    const seen = berlinTime(new Date(instant));
    instant += wall - (Date.parse(`${seen.date}T00:00:00Z`) + seen.minutes * 60_000);
  }
  return instant;
}

/** FNV-1a (32 bit) as 8 hex digits: an entry's id and version, not a secret. */
function hash(value: string): string {
  let state = 0x811c9dc5;
  for (let index = 0; index < value.length; index += 1) {
    state ^= value.charCodeAt(index);
    state = Math.imul(state, 0x01000193) >>> 0;
  }
  return state.toString(16).padStart(8, "0");
}

function summary(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(story)"}: ${issue.message}`)
    .join("; ");
}
