import { berlinToday } from "#domain/lead-schemas.ts";
import { mapFeedRows, type FeedRows } from "#domain/stock-feed/feed-row.ts";
import { mobileDeAdToRow } from "#domain/stock-feed/mobilede-ad.ts";
import {
  importStock,
  readCenterSlugs,
  recordFailedRun,
  type StockImportRequest,
  type StockImportResult,
} from "../adapters/d1-stock-import.ts";
import {
  fetchMobileDeAds,
  MobileDeConfigSchema,
  MobileDeError,
  type MobileDeConfig,
  type MobileDeFetchOptions,
} from "../adapters/mobilede-client.ts";

/**
 * The mobile.de sync (docs/stock-import.md "mobile.de"): every ad of the group's customer numbers,
 * mapped by the same row reader as a DMS export, imported as the whole stock of the source
 * "mobilede". The cron trigger, the admin endpoint and `npm run stock -- sync` run this one function.
 */

export const MOBILEDE_SOURCE = "mobilede";

/** The sync's settings as the worker and the CLI read them (secrets: MOBILEDE_PASSWORD). */
export interface MobileDeSettings {
  MOBILEDE_USER?: string;
  MOBILEDE_PASSWORD?: string;
  /** JSON: customer number → center slug, e.g. {"4711001":"center-goslar"}. */
  MOBILEDE_CUSTOMERS?: string;
  MOBILEDE_BASE_URL?: string;
}

/** Not configured at all (no customer numbers): null; configured wrongly: what is wrong, for the operator. */
export function mobileDeConfig(settings: MobileDeSettings): MobileDeConfig | string | null {
  if (settings.MOBILEDE_CUSTOMERS === undefined && settings.MOBILEDE_USER === undefined) return null;
  let customers: unknown;
  try {
    customers = JSON.parse(settings.MOBILEDE_CUSTOMERS ?? "{}");
  } catch {
    return 'MOBILEDE_CUSTOMERS ist kein JSON (z. B. {"4711001":"center-goslar"})';
  }
  const parsed = MobileDeConfigSchema.safeParse({
    baseUrl: settings.MOBILEDE_BASE_URL || undefined,
    user: settings.MOBILEDE_USER ?? "",
    password: settings.MOBILEDE_PASSWORD ?? "",
    customers,
  });
  return parsed.success ? parsed.data : parsed.error.issues.map((issue) => issue.message).join("; ");
}

export type SyncOutcome =
  | { ok: true; result: StockImportResult; rows: FeedRows; ads: number; requests: number }
  | { ok: false; message: string; runId?: number };

export async function syncMobileDe(
  db: D1Database,
  kv: KVNamespace,
  config: MobileDeConfig,
  options: Pick<StockImportRequest, "trigger" | "force" | "dryRun" | "maxSoldShare" | "minCenterStock" | "onWrite"> & {
    now?: Date;
  } & MobileDeFetchOptions,
): Promise<SyncOutcome> {
  const now = options.now ?? new Date();
  let ads: Awaited<ReturnType<typeof fetchMobileDeAds>>;
  try {
    ads = await fetchMobileDeAds(config, options);
  } catch (error) {
    if (!(error instanceof MobileDeError)) throw error;
    const runId = options.dryRun
      ? undefined
      : await recordFailedRun(db, { source: MOBILEDE_SOURCE, trigger: options.trigger, startedAt: now, message: error.message });
    return { ok: false, message: error.message, runId };
  }
  const rows = mapFeedRows(
    ads.ads.map(({ ad, center }) => mobileDeAdToRow(ad, center)),
    { centers: await readCenterSlugs(db), thisMonth: berlinToday(now).slice(0, 7) },
  );
  const result = await importStock(db, kv, { source: MOBILEDE_SOURCE, rows, now, ...options });
  return { ok: true, result, rows, ads: ads.ads.length, requests: ads.requests };
}
