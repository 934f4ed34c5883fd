import { z } from "zod";
import { BUILT_IN_SITE_SETTINGS, SITE_SETTINGS_KEY } from "#domain/site-settings.ts";
import { parseSiteSettings } from "#domain/site-settings-schema.ts";
import { buildRedirectKvEntries, ROUTE_LOOKUP_KEY_PREFIX, routeLookupKvKey, type KvEntry } from "#redirects/kv-layout.ts";
import { RedirectTableSchema } from "#redirects/redirect-entry-schema.ts";
import { normalizeRedirectKey } from "#redirects/normalize-path.ts";
import { RouteLookupSchema } from "#domain/data-schemas.ts";
import legacyRedirects from "#redirects/legacy-redirects.json" with { type: "json" };
import routeLookups from "./route-lookups.json" with { type: "json" };
import { DEMO_LOCATIONS } from "./demo-locations.ts";
import { demoEmployees } from "./demo-employees.ts";
import { demoModelVariantRows, MODEL_VARIANT_COLUMNS } from "./demo-models.ts";
import postalCodes from "./geo/de-postal-codes.json" with { type: "json" };
import places from "./geo/de-places.json" with { type: "json" };
import { placeKey } from "#domain/geo.ts";
import { demoSpace } from "./demo-space/demo-space.ts";
import { StorySchema } from "#content/story-schema.ts";
import { DEMO_STOCK_SIZE } from "./demo-vehicles.ts";
import type { FeedRows } from "#domain/stock-feed/feed-row.ts";
import { DEMO_SOURCE, demoFeeds } from "./demo-feed.ts";
import { addDays } from "#domain/calendar-date.ts";
import { berlinToday } from "#domain/lead-schemas.ts";
import { insertRowsSql } from "./sql-rows.ts";

/**
 * Everything the embedded demo needs in KV and D1, validated with the production schemas
 * (STYLE.md habit 12). Used by the local seed script and by the worker tests alike.
 */
const RouteLookupEntrySchema = RouteLookupSchema.extend({ path: z.string().startsWith("/") });

export function redirectsKvEntries(): KvEntry[] {
  return buildRedirectKvEntries(RedirectTableSchema.parse(legacyRedirects));
}

export function routeLookupKvEntries(): KvEntry[] {
  return z
    .array(RouteLookupEntrySchema)
    .parse(routeLookups)
    .map(({ path, ...lookup }) => {
      const key = normalizeRedirectKey(path);
      if (key === null) throw new Error(`route lookup path cannot be normalised: ${path}`);
      return { key: routeLookupKvKey(key), value: JSON.stringify(lookup) };
    });
}

/**
 * The embedded demo space, read by the worker's demo content source when no Storyblok
 * token is configured: the space (its version is the cache version), one key per story, and all
 * stories under one key for listings (one KV read where Storyblok answers a listing with one
 * request per 100 stories; a read per story put the sitemap over the 50 subrequests of a request).
 */
export const DEMO_SPACE_KEY_PREFIX = "demo-space:";
export function demoSpaceKvEntries(): KvEntry[] {
  const { space, stories } = demoSpace();
  const parsed = stories.map((story) => StorySchema.parse(story)).sort((a, b) => a.full_slug.localeCompare(b.full_slug));
  return [
    { key: `${DEMO_SPACE_KEY_PREFIX}space`, value: JSON.stringify({ space }) },
    ...parsed.map((story) => ({ key: `${DEMO_SPACE_KEY_PREFIX}story:${story.full_slug}`, value: JSON.stringify(story) })),
    { key: `${DEMO_SPACE_KEY_PREFIX}stories`, value: JSON.stringify(parsed) },
  ];
}

/**
 * The demo's site settings (domain/site-settings.ts): the group's own, written out in full so ops
 * have every field to start from. Validated here as the worker will read it.
 */
export function siteSettingsKvEntries(tagManagerId: string | null = BUILT_IN_SITE_SETTINGS.config.tagManagerId): KvEntry[] {
  const value = JSON.stringify({ ...BUILT_IN_SITE_SETTINGS, config: { ...BUILT_IN_SITE_SETTINGS.config, tagManagerId } }, null, 2);
  const { error } = parseSiteSettings(value);
  if (error) throw new Error(error);
  return [{ key: SITE_SETTINGS_KEY, value }];
}

/** `tagManagerId`: the site config's tag manager container (the e2e server seeds one so the tag manager journey has a container to load). */
export function allKvEntries(options: { tagManagerId?: string | null } = {}): KvEntry[] {
  return [...redirectsKvEntries(), ...routeLookupKvEntries(), ...demoSpaceKvEntries(), ...siteSettingsKvEntries(options.tagManagerId)];
}

/**
 * The statements that make D1 hold exactly the demo data (idempotent: clear, then insert), as
 * plain SQL so the seed script, the worker tests and the search bench (any stock size) share them.
 */
export { DEMO_SOURCE } from "./demo-feed.ts";

/**
 * The demo's D1 tables other than the stock (locations, contact persons, model variants), after
 * emptying every stock table: the stock itself comes through the import (`seedD1`,
 * kv-seed/demo-feed.ts). The stock counter goes too, so the demo's vehicles get their own ids again.
 */
export function d1BaseSeedSql(): string[] {
  const locations = DEMO_LOCATIONS.map((location) => [
    location.slug,
    location.name,
    location.street,
    location.postalCode,
    location.city,
    location.phone,
    JSON.stringify(location.brands),
    location.email,
    JSON.stringify(location.openingHours),
    location.latitude,
    location.longitude,
    location.state,
    location.whatsapp,
    location.vatId,
    location.iban,
    JSON.stringify(location.services),
    JSON.stringify(location.social),
    JSON.stringify(location.leadEmails),
  ]);
  const employees = demoEmployees().map((employee) => [
    employee.id,
    employee.slug,
    employee.firstName,
    employee.lastName,
    employee.jobTitle,
    employee.department,
    employee.locationSlug,
    JSON.stringify(employee.brands),
    employee.phone,
    employee.email,
    employee.rank,
    employee.photo,
  ]);
  return [
    "DELETE FROM vehicle_images;",
    "DELETE FROM vehicle_sources;",
    "DELETE FROM vehicle_prices;",
    "DELETE FROM vehicle_documents;",
    "DELETE FROM vehicles;",
    "DELETE FROM stock_import_runs;",
    "DELETE FROM stock_counters;",
    "DELETE FROM employees;",
    "DELETE FROM model_variants;",
    "DELETE FROM locations;",
    ...insertRowsSql(
      "locations",
      [
        "slug",
        "name",
        "street",
        "postal_code",
        "city",
        "phone",
        "brands",
        "email",
        "opening_hours",
        "latitude",
        "longitude",
        "state",
        "whatsapp",
        "vat_id",
        "iban",
        "services",
        "social",
        "lead_emails",
      ],
      locations,
      100,
    ),
    ...insertRowsSql(
      "employees",
      ["id", "slug", "first_name", "last_name", "job_title", "department", "location_slug", "brands", "phone", "email", "rank", "photo"],
      employees,
      100,
    ),
    ...insertRowsSql("model_variants", MODEL_VARIANT_COLUMNS, demoModelVariantRows(), 100),
  ];
}

const PostalCodeRowsSchema = z.array(z.tuple([z.string().regex(/^\d{5}$/), z.number(), z.number(), z.string()]));
const PlaceRowsSchema = z.array(z.tuple([z.string().min(1), z.number(), z.number(), z.number().int().nonnegative()]));

/**
 * The nearest-center search's place data (kv-seed/geo/README.md: sources and licences): every
 * German postal code and place with a coordinate. Not part of the stock version: it is the same
 * for every stock.
 */
export function d1GeoSeedSql(): string[] {
  const postal = PostalCodeRowsSchema.parse(postalCodes).map(([code, latitude, longitude, place]) => [code, latitude, longitude, place]);
  const byKey = new Map<string, [string, string, number, number, number]>();
  for (const [name, latitude, longitude, population] of PlaceRowsSchema.parse(places)) {
    const key = placeKey(name);
    const kept = byKey.get(key);
    if (key && (!kept || kept[4] < population)) byKey.set(key, [key, name, latitude, longitude, population]);
  }
  // A center's town is always found by name, with the center's own coordinate if GeoNames'
  // places of 1,000+ inhabitants lack it (Marne).
  for (const location of DEMO_LOCATIONS) {
    const key = placeKey(location.city);
    if (!byKey.has(key)) byKey.set(key, [key, location.city, location.latitude, location.longitude, 0]);
  }
  return [
    "DELETE FROM postal_codes;",
    "DELETE FROM places;",
    ...insertRowsSql("postal_codes", ["code", "latitude", "longitude", "place"], postal, 500),
    ...insertRowsSql("places", ["key", "name", "latitude", "longitude", "population"], [...byKey.values()], 500),
  ];
}

/**
 * KV key of the stock version (as STOCK_VERSION_KEY in worker/adapters/stock-version.ts; a worker
 * test checks they agree). Every isolate rebuilds its search index when it changes.
 */
export const STOCK_VERSION_KEY = "stock:version";

/**
 * The stock import, handed in by the caller (`importStock` of worker/adapters/d1-stock-import.ts):
 * kv-seed does not reach into worker/ (import-directions.test.ts), and the seed must write the
 * stock exactly as every other source does.
 */
export type StockImporter = (
  db: D1Database,
  kv: KVNamespace,
  request: { source: string; trigger: "cli"; rows: FeedRows; force: boolean; dryRun: boolean; now: Date },
) => Promise<{ outcome: string; message?: string; stockVersion?: string }>;

/**
 * Seeds D1: the base tables and the places in one batch, then the demo stock as the source `demo`
 * through the stock import, its short history replayed feed by feed (kv-seed/demo-feed.ts); each
 * import moves the stock version in KV after its transaction. Returns the last version. `size`:
 * generated vehicles beside the pinned ones (benches seed more).
 */
export async function seedD1(db: D1Database, kv: KVNamespace, importStock: StockImporter, size = DEMO_STOCK_SIZE): Promise<string> {
  await db.batch([...d1BaseSeedSql(), ...d1GeoSeedSql()].map((sql) => db.prepare(sql)));
  let version = "";
  const now = Date.now();
  for (const { daysAgo, rows } of demoFeeds(size)) {
    const result = await importStock(db, kv, {
      source: DEMO_SOURCE,
      trigger: "cli",
      rows,
      // The history sells nothing by accident; the last feed sells the demo's sold vehicles on purpose.
      force: true,
      dryRun: false,
      now: feedDay(now, daysAgo),
    });
    if (result.outcome !== "applied") throw new Error(`demo stock (${daysAgo} days ago): ${result.outcome}: ${result.message ?? ""}`);
    version = result.stockVersion ?? version;
  }
  return version;
}

/**
 * When a replayed feed is imported: `daysAgo` days back in the dealership's calendar, at noon UTC
 * (13:00 or 14:00 in Berlin, the same date). Subtracting 24-hour days instead lands on the wrong
 * date near midnight when a daylight-saving change lies in between.
 */
function feedDay(now: number, daysAgo: number): Date {
  return daysAgo === 0 ? new Date(now) : new Date(`${addDays(berlinToday(new Date(now)), -daysAgo)}T12:00:00Z`);
}

/** Puts every entry and deletes keys of ours that the source no longer has (idempotent). */
export async function seedKv(kv: KVNamespace, entries: KvEntry[]): Promise<{ put: number; deleted: number }> {
  const wanted = new Set(entries.map((entry) => entry.key));
  let deleted = 0;
  for (const prefix of ["redirect:", "redirect-index:", ROUTE_LOOKUP_KEY_PREFIX, DEMO_SPACE_KEY_PREFIX]) {
    let cursor: string | undefined;
    do {
      const page = await kv.list({ prefix, cursor });
      for (const { name } of page.keys) {
        if (!wanted.has(name)) {
          await kv.delete(name);
          deleted += 1;
        }
      }
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
  }
  for (const entry of entries) await kv.put(entry.key, entry.value);
  return { put: entries.length, deleted };
}
