import * as z from "zod";
import { berlinToday } from "#domain/lead-schemas.ts";
import type { FeedIssue, FeedRows, FeedVehicle } from "#domain/stock-feed/feed-row.ts";
import { planImport, type ImportPlan, type ValveReading } from "#domain/stock-import-plan.ts";
import type { Vehicle } from "#domain/vehicle.ts";
import { stockFingerprint } from "#domain/vehicle-fingerprint.ts";
import { isRemoteImage, VEHICLE_IMAGE_WIDTHS, vehicleImagePath } from "#domain/vehicle-image-path.ts";
import { highestVehicleId, readStockedVehicles } from "./d1-stocked-vehicles.ts";
import { STOCK_VERSION_KEY } from "./stock-version.ts";
import { VEHICLE_COLUMNS, vehicleRow } from "#domain/vehicle-row.ts";

/**
 * Applies a feed to the stock in D1 (docs/stock-import.md): plans it (domain/stock-import-plan.ts),
 * then writes every change in one D1 batch, which D1 runs as one transaction, so the site never
 * shows half an import; the run is recorded in the same batch. Only after the commit does the stock
 * version in KV move, so no isolate builds its search index, HTML cache keys or vehicle caches for
 * the new version from the old stock.
 *
 * Rows travel as one JSON parameter per statement (`json_each`), as the carfinder binds its lists:
 * D1 allows 100 bound parameters per statement and 100 KB of SQL, not 3,000 rows of 36 values.
 */

export const STOCK_SOURCE_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;
export const SourceNameSchema = z.string().regex(STOCK_SOURCE_PATTERN, "source: lower-case letters, digits and hyphens, at most 32");
/**
 * The sources a file may not stand for: a DMS file imported as "mobilede" would sell the mobile.de
 * stock it does not list, one imported as "demo" the demo's.
 */
export const RESERVED_SOURCES: ReadonlySet<string> = new Set(["mobilede", "demo"]);
export const FileSourceSchema = SourceNameSchema.refine((source) => !RESERVED_SOURCES.has(source), {
  error: "source: mobilede and demo are the sync's and the seed's; name the DMS export's own (e.g. dms-goslar)",
});

export interface StockImportRequest {
  /** Which source this feed is the whole of ("dms", "dms-goslar", "mobilede"): only its vehicles can be sold by it. */
  source: string;
  trigger: "cli" | "cron" | "admin";
  rows: FeedRows;
  force: boolean;
  dryRun: boolean;
  /** Safety valve (domain/stock-import-plan.ts); defaults in DEFAULT_VALVE. */
  maxSoldShare?: number;
  minCenterStock?: number;
  now?: Date;
  /** Told the plan's counts just before the write begins (a shell shows that it is writing). */
  onWrite?: (planned: Pick<StockImportResult, "added" | "changed" | "sold">) => void;
}

export const DEFAULT_VALVE = { maxSoldShare: 0.3, minCenterStock: 10 } as const;

export interface StockImportResult {
  outcome: "applied" | "refused" | "dry-run" | "failed";
  added: number;
  changed: number;
  sold: number;
  unchanged: number;
  kept: number;
  rejected: number;
  unmapped: number;
  priceChanges: number;
  valve: ValveReading[];
  /** The stock version the site now shows (applied imports that changed something). */
  stockVersion?: string;
  runId?: number;
  /** Why it was refused or failed, for the operator. */
  message?: string;
}

/** What one JSON parameter may carry: well inside D1's 2 MB per value. */
const MAX_PARAMETER_BYTES = 900_000;
/** What a run's stored report may take. */
const MAX_REPORT_ISSUES = 200;

/** Our center slugs, which a feed's rows must name. */
export async function readCenterSlugs(db: D1Database): Promise<Set<string>> {
  const { results } = await db.prepare("SELECT slug FROM locations").all();
  return new Set(results.map((row) => z.object({ slug: z.string() }).parse(row).slug));
}

/**
 * Two imports at once (the cron and an upload, two shells) must not both write what each planned
 * from the stock before the other's write: the second would number its new vehicles with ids the
 * first has just given. Every write counts `import_seq` up in the same transaction and first checks
 * it is still the value read before planning (`guardStatements`); a write that finds another
 * import's change fails whole and is planned again from the new stock, once.
 */
const IMPORT_SEQ = "import_seq";
const CONCURRENT_WRITE = "another stock import wrote first";

export async function importStock(db: D1Database, kv: KVNamespace, request: StockImportRequest): Promise<StockImportResult> {
  const first = await importOnce(db, kv, request, false);
  return first === CONCURRENT_WRITE ? ((await importOnce(db, kv, request, true)) as StockImportResult) : first;
}

async function readImportSeq(db: D1Database): Promise<number> {
  const row = await db.prepare("SELECT value FROM stock_counters WHERE name = ?1").bind(IMPORT_SEQ).first<{ value: number }>();
  return row?.value ?? 0;
}

/** Fails the batch (a primary-key conflict) unless `import_seq` is still `seen`, then counts it up. */
function guardStatements(db: D1Database, seen: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        "INSERT INTO stock_counters (name, value) SELECT ?1, ?2 WHERE NOT EXISTS (SELECT 1 FROM stock_counters WHERE name = ?1 AND value = ?2)",
      )
      .bind(IMPORT_SEQ, seen),
    db
      .prepare("INSERT INTO stock_counters (name, value) VALUES (?1, 1) ON CONFLICT (name) DO UPDATE SET value = value + 1")
      .bind(IMPORT_SEQ),
  ];
}

// Long on purpose: one import attempt top to bottom (plan, refusal, guarded batch, stock version), the guard beside its batch.
async function importOnce(
  db: D1Database,
  kv: KVNamespace,
  request: StockImportRequest,
  lastAttempt: boolean,
): Promise<StockImportResult | typeof CONCURRENT_WRITE> {
  SourceNameSchema.parse(request.source);
  const now = request.now ?? new Date();
  const startedAt = now.toISOString();
  const prefix = `${request.source}:`;
  const seq = await readImportSeq(db);
  const stocked = (await readStockedVehicles(db)).filter((vehicle) => vehicle.sourceKey.startsWith(prefix));
  const nextId = (await highestVehicleId(db)) + 1;
  const bySourceKey = new Map<string, FeedVehicle>(request.rows.vehicles.map((row) => [prefix + row.key, row]));
  const rejectedKeys = new Set(request.rows.rejected.flatMap((issue) => (issue.key === undefined ? [] : [prefix + issue.key])));
  const plan = planImport(
    stocked,
    [...bySourceKey].map(([sourceKey, row]) => ({
      sourceKey,
      location: row.vehicle.locationSlug,
      slug: row.vehicle.slug,
      price: row.vehicle.price,
      fingerprint: stockFingerprint(row.vehicle, row.colorKey),
      ...(row.id !== undefined && { id: row.id }),
    })),
    {
      today: berlinToday(now),
      nextId,
      maxSoldShare: request.maxSoldShare ?? DEFAULT_VALVE.maxSoldShare,
      minCenterStock: request.minCenterStock ?? DEFAULT_VALVE.minCenterStock,
      force: request.force,
      keep: rejectedKeys,
    },
  );
  const rejectedRows = new Set(request.rows.rejected.map((issue) => issue.row)).size;
  const result: StockImportResult = {
    outcome: "dry-run",
    added: plan.added.length,
    changed: plan.changed.length,
    sold: plan.sold.length,
    unchanged: plan.unchanged,
    kept: plan.kept,
    rejected: rejectedRows,
    unmapped: request.rows.unmapped.length,
    priceChanges: plan.prices.length - plan.added.length,
    valve: plan.valve,
  };
  if (plan.refused)
    result.message = `Abgelehnt: der Import würde ${plan.valve
      .map((reading) => `${reading.location} ${reading.sold} von ${reading.available} Fahrzeugen (${Math.round(reading.share * 100)} %)`)
      .join(", ")} als verkauft markieren. Prüfen Sie die Lieferung; mit --force wird er trotzdem angewendet.`;
  if (request.dryRun) return result;

  const report = JSON.stringify({
    rejected: request.rows.rejected.slice(0, MAX_REPORT_ISSUES),
    unmapped: request.rows.unmapped.slice(0, MAX_REPORT_ISSUES),
    valve: plan.valve,
  });
  const changes = plan.added.length + plan.changed.length + plan.sold.length;
  // Known before the batch, so the run row that commits with the stock names it.
  const stockVersion = changes > 0 ? `import-${request.source}-${startedAt}-${crypto.randomUUID().slice(0, 8)}` : null;
  const runStatement = (outcome: "applied" | "refused" | "failed", message: string | null) =>
    db
      .prepare(
        `INSERT INTO stock_import_runs (source, trigger, started_at, finished_at, outcome, added, changed, sold, unchanged, kept, rejected, unmapped, message, report, stock_version)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15) RETURNING id`,
      )
      .bind(
        request.source,
        request.trigger,
        startedAt,
        new Date().toISOString(),
        outcome,
        result.added,
        result.changed,
        result.sold,
        result.unchanged,
        result.kept,
        result.rejected,
        result.unmapped,
        message,
        report,
        outcome === "applied" ? stockVersion : null,
      );
  if (plan.refused) {
    const run = await runStatement("refused", result.message ?? null).first<{ id: number }>();
    return { ...result, outcome: "refused", runId: run?.id };
  }

  const statements = writeStatements(db, plan, bySourceKey, startedAt);
  request.onWrite?.(result);
  try {
    const results = await db.batch([...guardStatements(db, seq), ...statements, runStatement("applied", null)]);
    const runId = z.object({ id: z.number() }).parse(results.at(-1)?.results[0]).id;
    // This run's version, or one an earlier run committed but could not write to KV.
    const moved = await movePendingStockVersion(db, kv);
    if (moved.error !== undefined)
      return {
        ...result,
        outcome: "applied",
        runId,
        message: `Der Bestand ist geschrieben, aber die Bestandsversion in KV konnte nicht gesetzt werden (${moved.error}): die Website zeigt den neuen Bestand erst, wenn ein nächster Lauf sie setzt. Import wiederholen.`,
      };
    return { ...result, outcome: "applied", runId, ...(stockVersion !== null && { stockVersion }) };
  } catch (error) {
    const concurrent = (await readImportSeq(db).catch(() => seq)) !== seq;
    if (concurrent && !lastAttempt) return CONCURRENT_WRITE;
    const message = concurrent
      ? "Ein anderer Import hat den Bestand während dieses Laufs zweimal geändert; nichts wurde geändert. Bitte erneut ausführen."
      : `Schreiben fehlgeschlagen, nichts wurde geändert: ${error instanceof Error ? error.message : String(error)}`;
    const run = await runStatement("failed", message)
      .first<{ id: number }>()
      .catch(() => null);
    return { ...result, outcome: "failed", runId: run?.id, message };
  }
}

/**
 * Writes the newest stock version an applied run committed and KV has not been seen to take, and
 * marks it (and any older one) written. A run whose KV write failed is so repaired by the next run,
 * even one with nothing to change.
 */
async function movePendingStockVersion(db: D1Database, kv: KVNamespace): Promise<{ error?: string }> {
  try {
    const pending = await db
      .prepare(
        "SELECT id, stock_version FROM stock_import_runs WHERE version_set = 0 AND stock_version IS NOT NULL ORDER BY id DESC LIMIT 1",
      )
      .first<{ id: number; stock_version: string }>();
    if (pending === null) return {};
    await kv.put(STOCK_VERSION_KEY, pending.stock_version);
    await db.prepare("UPDATE stock_import_runs SET version_set = 1 WHERE version_set = 0 AND id <= ?1").bind(pending.id).run();
    return {};
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** The batch: vehicles, documents, source keys, prices, sold marks (the run record is added by the caller). */
// Long on purpose: the statements in the order the one batch runs them; a helper per table would hide that order.
function writeStatements(
  db: D1Database,
  plan: ImportPlan,
  bySourceKey: ReadonlyMap<string, FeedVehicle>,
  soldAt: string,
): D1PreparedStatement[] {
  const written = [
    ...plan.added.map(({ id, vehicle }) => ({ id, sourceKey: vehicle.sourceKey, fingerprint: vehicle.fingerprint })),
    ...plan.changed.map(({ id, vehicle }) => ({ id, sourceKey: vehicle.sourceKey, fingerprint: vehicle.fingerprint })),
  ].flatMap(({ id, sourceKey, fingerprint }) => {
    const row = bySourceKey.get(sourceKey);
    if (row === undefined) return [];
    // Pictures from elsewhere are served from the site's own path (domain/vehicle-image-path.ts).
    const sources = row.vehicle.images;
    const shown = sources.map((url, index) => (isRemoteImage(url) ? vehicleImagePath(id, index + 1, VEHICLE_IMAGE_WIDTHS.page) : url));
    const [first = ""] = sources;
    const cardImage = isRemoteImage(first) ? vehicleImagePath(id, 1, VEHICLE_IMAGE_WIDTHS.card) : (shown[0] ?? null);
    const vehicle: Vehicle = { id, ...row.vehicle, images: [shown[0] ?? first, ...shown.slice(1)] };
    const remote = sources.flatMap((url, index) => (isRemoteImage(url) ? [[id, index + 1, url]] : []));
    return [{ vehicle, sourceKey, fingerprint, colorKey: row.colorKey, cardImage, remote }];
  });
  const statements: D1PreparedStatement[] = [];
  const columns = VEHICLE_COLUMNS.join(", ");
  const picks = VEHICLE_COLUMNS.map((_, index) => `json_extract(value, '$[${index}]')`).join(", ");
  const updates = [
    ...VEHICLE_COLUMNS.filter((column) => column !== "id").map((column) => `${column} = excluded.${column}`),
    // A vehicle that comes back is for sale again: no longer counted towards the sold retention.
    "sold_at = NULL",
  ].join(", ");
  for (const chunk of jsonChunks(written.map(({ vehicle, colorKey, cardImage }) => vehicleRow(vehicle, "available", colorKey, cardImage))))
    statements.push(
      db
        .prepare(
          `INSERT INTO vehicles (${columns}) SELECT ${picks} FROM json_each(?1) WHERE true ON CONFLICT (id) DO UPDATE SET ${updates}`,
        )
        .bind(chunk),
    );
  for (const chunk of jsonChunks(written.map(({ vehicle }) => [vehicle.id, JSON.stringify(vehicle)])))
    statements.push(
      db
        .prepare(
          `INSERT INTO vehicle_documents (id, data) SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?1) WHERE true
           ON CONFLICT (id) DO UPDATE SET data = excluded.data`,
        )
        .bind(chunk),
    );
  // A written vehicle's pictures are the feed's now: the old list goes first.
  for (const chunk of jsonChunks(written.map(({ vehicle }) => vehicle.id)))
    statements.push(db.prepare("DELETE FROM vehicle_images WHERE vehicle_id IN (SELECT value FROM json_each(?1))").bind(chunk));
  for (const chunk of jsonChunks(written.flatMap(({ remote }) => remote)))
    statements.push(
      db
        .prepare(
          `INSERT INTO vehicle_images (vehicle_id, position, url)
           SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?1)`,
        )
        .bind(chunk),
    );
  for (const chunk of jsonChunks(written.map(({ vehicle, sourceKey, fingerprint }) => [sourceKey, vehicle.id, fingerprint])))
    statements.push(
      db
        .prepare(
          `INSERT INTO vehicle_sources (source_key, vehicle_id, fingerprint)
           SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?1) WHERE true
           ON CONFLICT (source_key) DO UPDATE SET fingerprint = excluded.fingerprint`,
        )
        .bind(chunk),
    );
  for (const chunk of jsonChunks(plan.prices.map(({ id, price, validFrom }) => [id, price, validFrom])))
    statements.push(
      db
        .prepare(
          `INSERT INTO vehicle_prices (vehicle_id, price, valid_from)
           SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]') FROM json_each(?1) WHERE true
           ON CONFLICT (vehicle_id, valid_from) DO UPDATE SET price = excluded.price`,
        )
        .bind(chunk),
    );
  for (const chunk of jsonChunks(plan.sold))
    statements.push(
      db.prepare("UPDATE vehicles SET status = 'sold', sold_at = ?2 WHERE id IN (SELECT value FROM json_each(?1))").bind(chunk, soldAt),
    );
  return statements;
}

/** JSON arrays of the items, each at most MAX_PARAMETER_BYTES long. */
const utf8 = new TextEncoder();
function jsonChunks(items: readonly unknown[]): string[] {
  const chunks: string[] = [];
  let parts: string[] = [];
  let size = 2;
  for (const item of items) {
    const json = JSON.stringify(item);
    // D1 counts bytes; a string's length counts UTF-16 units (an "ö" is one, and two bytes).
    const bytes = utf8.encode(json).byteLength;
    if (parts.length > 0 && size + bytes + 1 > MAX_PARAMETER_BYTES) {
      chunks.push(`[${parts.join(",")}]`);
      parts = [];
      size = 2;
    }
    parts.push(json);
    size += bytes + 1;
  }
  if (parts.length > 0) chunks.push(`[${parts.join(",")}]`);
  return chunks;
}

/**
 * Records a run that failed before its plan (the source could not be read): `status` and the
 * admin page show it beside the imports, and nothing else changes.
 */
export async function recordFailedRun(
  db: D1Database,
  run: { source: string; trigger: StockImportRequest["trigger"]; startedAt: Date; message: string },
): Promise<number | undefined> {
  const row = await db
    .prepare(
      "INSERT INTO stock_import_runs (source, trigger, started_at, finished_at, outcome, message) VALUES (?1, ?2, ?3, ?4, 'failed', ?5) RETURNING id",
    )
    .bind(run.source, run.trigger, run.startedAt.toISOString(), new Date().toISOString(), run.message.slice(0, 2_000))
    .first<{ id: number }>();
  return row?.id;
}

export const StockImportRunSchema = z.object({
  id: z.number(),
  source: z.string(),
  trigger: z.string(),
  started_at: z.string(),
  finished_at: z.string(),
  outcome: z.enum(["applied", "refused", "failed"]),
  added: z.number(),
  changed: z.number(),
  sold: z.number(),
  unchanged: z.number(),
  kept: z.number(),
  rejected: z.number(),
  unmapped: z.number(),
  message: z.string().nullable(),
});
export type StockImportRun = z.infer<typeof StockImportRunSchema>;

/** The latest runs, newest first. */
export async function readImportRuns(db: D1Database, limit = 20): Promise<StockImportRun[]> {
  const { results } = await db
    .prepare(
      "SELECT id, source, trigger, started_at, finished_at, outcome, added, changed, sold, unchanged, kept, rejected, unmapped, message FROM stock_import_runs ORDER BY id DESC LIMIT ?1",
    )
    .bind(limit)
    .all();
  return results.map((row) => StockImportRunSchema.parse(row));
}

/** The stored report of one run: rejected rows, unmapped values, the valve's readings. */
export async function readImportReport(db: D1Database, runId: number): Promise<{ rejected: FeedIssue[]; unmapped: FeedIssue[] } | null> {
  const row = await db.prepare("SELECT report FROM stock_import_runs WHERE id = ?1").bind(runId).first<{ report: string }>();
  if (!row) return null;
  const Issue = z.object({
    row: z.number(),
    key: z.string().optional(),
    field: z.string(),
    value: z.string().optional(),
    message: z.string(),
  });
  return z.object({ rejected: z.array(Issue).default([]), unmapped: z.array(Issue).default([]) }).parse(JSON.parse(row.report));
}

/** How long a sold vehicle's page says it is gone before the stock cron deletes it. */
export const DEFAULT_SOLD_RETENTION_DAYS = 90;

/**
 * Deletes vehicles sold more than `days` ago with their documents, price histories and source keys,
 * in one batch (docs/stock-import.md "Sold vehicles"). A vehicle that comes back later is a new one.
 */
export async function purgeSoldVehicles(db: D1Database, now: Date, days: number): Promise<number> {
  const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
  const gone = "SELECT id FROM vehicles WHERE status = 'sold' AND sold_at IS NOT NULL AND sold_at < ?1";
  const results = await db.batch([
    db.prepare(`SELECT COUNT(*) AS n FROM (${gone})`).bind(cutoff),
    db.prepare(
      `INSERT INTO stock_counters (name, value) SELECT 'highest_vehicle_id', COALESCE(MAX(id), 0) FROM vehicles WHERE true
       ON CONFLICT (name) DO UPDATE SET value = MAX(value, excluded.value)`,
    ),
    // An import planned before this delete plans again (importStock's guard).
    db
      .prepare(
        `INSERT INTO stock_counters (name, value) SELECT ?2, 1 WHERE EXISTS (${gone})
         ON CONFLICT (name) DO UPDATE SET value = value + 1`,
      )
      .bind(cutoff, IMPORT_SEQ),
    db.prepare(`DELETE FROM vehicle_prices WHERE vehicle_id IN (${gone})`).bind(cutoff),
    db.prepare(`DELETE FROM vehicle_images WHERE vehicle_id IN (${gone})`).bind(cutoff),
    db.prepare(`DELETE FROM vehicle_documents WHERE id IN (${gone})`).bind(cutoff),
    db.prepare(`DELETE FROM vehicle_sources WHERE vehicle_id IN (${gone})`).bind(cutoff),
    db.prepare(gone.replace("SELECT id FROM", "DELETE FROM")).bind(cutoff),
  ]);
  return z.object({ n: z.number() }).parse(results[0]?.results[0]).n;
}
