import { parseSiteSettings } from "#domain/site-settings-schema.ts";
import { BUILT_IN_SITE_SETTINGS, leadBrandOf, noManufacturerMessage, SITE_SETTINGS_KEY, type SiteSettings } from "#domain/site-settings.ts";
import { createKeptMap } from "./adapters/kept-reads.ts";
import { isolateCollection } from "./isolate-state.ts";

/**
 * The site settings of this deployment (domain/site-settings.ts): KV `config:site`, validated
 * with zod, merged over the built-in settings, kept per isolate for `SETTINGS_TTL_MS`. Every
 * failure falls back to the built-in settings, so a page never fails for its settings:
 *
 * - KV unreachable: built-in settings, reported (not kept: the next request asks KV again);
 * - a value that is not JSON or breaks the schema: built-in settings, reported once per value;
 * - a tagId without a manufacturer: the settings stay, the lead brand is none, reported once
 *   with the spec's message 'Kein Markenhersteller für Tag-ID {tagId} gefunden.'.
 *
 * Ops change a setting with `wrangler kv key put config:site '{…}' --binding REDIRECTS`; every
 * isolate has it within SETTINGS_TTL_MS (docs/site-settings.md).
 */
export const SETTINGS_TTL_MS = 5_000;

export interface SettingsRead {
  settings: SiteSettings;
  /** A short fingerprint of the settings in use: part of the HTML cache key. */
  version: string;
}

const kept = isolateCollection("site settings", createKeptMap<string, SettingsRead>(4, SETTINGS_TTL_MS));
const reported = isolateCollection("site settings reported", new Set<string>());

function reportOnce(message: string, report: (error: Error) => void): void {
  if (reported.has(message)) return;
  if (reported.size > 100) reported.clear();
  reported.add(message);
  console.error(message);
  report(new Error(message));
}

function fingerprint(text: string): string {
  // FNV-1a, 32 bit: enough to tell settings apart in a cache key (not a security boundary).
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return (hash >>> 0).toString(36);
}

const BUILT_IN: SettingsRead = { settings: BUILT_IN_SITE_SETTINGS, version: "built-in" };

export async function readSiteSettings(kv: KVNamespace, report: (error: Error) => void): Promise<SettingsRead> {
  const cached = kept.get(SITE_SETTINGS_KEY);
  if (cached) return cached;
  let text: string | null;
  try {
    text = await kv.get(SITE_SETTINGS_KEY);
  } catch (error) {
    reportOnce(
      `site settings: KV read failed (${error instanceof Error ? error.message : String(error)}); using the built-in settings`,
      report,
    );
    return BUILT_IN;
  }
  const { settings, error } = parseSiteSettings(text);
  if (error) reportOnce(`${error}; using the built-in settings`, report);
  const { tagId } = settings.config;
  if (tagId !== null && leadBrandOf(settings.config) === null) reportOnce(noManufacturerMessage(tagId), report);
  const read = error || text === null ? BUILT_IN : { settings, version: fingerprint(text) };
  kept.set(SITE_SETTINGS_KEY, read);
  return read;
}

/** Tests and the webhook-free admin path: forget the kept value (and what was reported). */
export function forgetSiteSettings(): void {
  kept.clear();
  reported.clear();
}
