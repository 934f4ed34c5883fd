import { Hono, type Context } from "hono";
import * as z from "zod";
import { berlinToday } from "#domain/lead-schemas.ts";
import { FEED_FORMATS, FeedFileError, readFeedFile } from "#domain/stock-feed/feed-file.ts";
import type { FeedRows } from "#domain/stock-feed/feed-row.ts";
import type { AppEnv } from "../env.ts";
import {
  importStock,
  readCenterSlugs,
  readImportReport,
  readImportRuns,
  FileSourceSchema,
  type StockImportResult,
} from "../adapters/d1-stock-import.ts";
import { readCapped } from "../read-capped-body.ts";
import { mobileDeConfig, syncMobileDe } from "../stock/stock-sync.ts";
import { MAX_STOCK_PICTURE_BYTES, storeStockPicture } from "../stock/stock-pictures.ts";
import { UPLOADED_PICTURE_NAME } from "#domain/vehicle-image-path.ts";
import { adminApp, adminProblem, adminQuery, NO_STORE } from "./admin-app.ts";
import { adminAuth } from "./admin-auth.ts";

/**
 * /admin/stock: the stock import for a DMS that pushes its export, and the runs for whoever looks
 * after the stock (docs/stock-import.md "Admin endpoint"). Off (404) unless STOCK_ADMIN_TOKEN is set;
 * then `Authorization: Bearer <token>` or 401. JSON answers, never cached.
 *
 *   GET  /admin/stock/runs[?limit=20]                        the latest runs
 *   GET  /admin/stock/runs/<id>                              one run's refused rows and unmapped values
 *   POST /admin/stock/import?format=json|csv|mobilede&source=<name>[&center=<slug>][&dryRun=true][&force=true]
 *                                                            body: the export (application/json or text/csv)
 *   POST /admin/stock/sync[?dryRun=true][&force=true]        the mobile.de sync now
 *   PUT  /admin/stock/pictures/<name>                        body: a JPEG, PNG or WebP picture a feed
 *                                                            row names by <name> (≤ 10 MB)
 *   DELETE /admin/stock/pictures/<name>                      removes one
 *
 * @example
 * curl -X POST -H "Authorization: Bearer $STOCK_ADMIN_TOKEN" -H "Content-Type: text/csv" \
 *   --data-binary @export.csv "https://www.example.de/admin/stock/import?format=csv&source=dms-goslar&dryRun=true"
 */

/** A center's export is a few hundred vehicles at ~3 KB a row; a group's whole stock in one file is the CLI's. */
export const STOCK_IMPORT_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
const REPORT_ISSUES = 200;

const Flag = z
  .enum(["true", "false"])
  .default("false")
  .transform((value) => value === "true");
const ImportQuerySchema = z
  .strictObject({
    format: z.enum(FEED_FORMATS),
    source: FileSourceSchema,
    center: z.string().max(100).optional(),
    dryRun: Flag,
    force: Flag,
  })
  .refine((query) => (query.format === "mobilede") === (query.center !== undefined), {
    message: "center=<slug> goes with format=mobilede, and only with it",
  });
const SyncQuerySchema = z.strictObject({ dryRun: Flag, force: Flag });
const RunsQuerySchema = z.strictObject({ limit: z.coerce.number().int().min(1).max(200).default(20) });
const RunIdSchema = z.coerce.number().int().positive();

type AdminContext = Context<AppEnv>;

/** The import's answer: 200 applied or planned, 409 refused by the valve, 503 when the write failed (nothing changed). */
function answer(c: AdminContext, result: StockImportResult, rows: FeedRows, extra: Record<string, unknown> = {}): Response {
  const status = result.outcome === "refused" ? 409 : result.outcome === "failed" ? 503 : 200;
  return c.json(
    { ...result, ...extra, rejectedRows: rows.rejected.slice(0, REPORT_ISSUES), unmappedValues: rows.unmapped.slice(0, REPORT_ISSUES) },
    status,
    NO_STORE,
  );
}

export function stockAdmin() {
  return new Hono<AppEnv>()
    .use("*", adminAuth("STOCK_ADMIN_TOKEN", "stock-admin"))
    .get("/runs", async (c) => {
      const query = adminQuery(c, RunsQuerySchema);
      if (!query.ok) return query.response;
      return c.json({ runs: await readImportRuns(c.env.DB, query.data.limit) }, 200, NO_STORE);
    })
    .get("/runs/:id", async (c) => {
      const id = RunIdSchema.safeParse(c.req.param("id"));
      if (!id.success) return adminProblem(c, 400, "The run id is a positive whole number.");
      const report = await readImportReport(c.env.DB, id.data);
      return report === null ? adminProblem(c, 404, `No run ${id.data}.`) : c.json({ id: id.data, ...report }, 200, NO_STORE);
    })
    .post("/import", async (c) => {
      const query = adminQuery(c, ImportQuerySchema);
      if (!query.ok) return query.response;
      const type = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
      const expected = query.data.format === "csv" ? "text/csv" : "application/json";
      if (type !== expected) return adminProblem(c, 415, `Content-Type must be ${expected} for format=${query.data.format}.`);
      const body = await readCapped(c.req.raw, STOCK_IMPORT_BODY_LIMIT_BYTES);
      if (body === null)
        return adminProblem(c, 413, `Body larger than ${STOCK_IMPORT_BODY_LIMIT_BYTES} bytes: import larger files with npm run stock.`);
      let text: string;
      try {
        text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(body);
      } catch {
        return adminProblem(c, 400, "Body is not UTF-8.");
      }
      const now = new Date();
      let rows: FeedRows;
      try {
        rows = readFeedFile(text, query.data.format, {
          centers: await readCenterSlugs(c.env.DB),
          thisMonth: berlinToday(now).slice(0, 7),
          ...(query.data.center !== undefined && { center: query.data.center }),
        });
      } catch (error) {
        if (error instanceof FeedFileError) return adminProblem(c, 400, error.message);
        throw error;
      }
      const result = await importStock(c.env.DB, c.env.REDIRECTS, {
        source: query.data.source,
        trigger: "admin",
        rows,
        force: query.data.force,
        dryRun: query.data.dryRun,
        now,
      });
      return answer(c, result, rows);
    })
    .post("/sync", async (c) => {
      const query = adminQuery(c, SyncQuerySchema);
      if (!query.ok) return query.response;
      const config = mobileDeConfig(c.get("vars"));
      if (config === null) return adminProblem(c, 409, "mobile.de is not configured (MOBILEDE_CUSTOMERS).");
      if (typeof config === "string") return adminProblem(c, 409, `mobile.de is configured wrongly: ${config}`);
      const outcome = await syncMobileDe(c.env.DB, c.env.REDIRECTS, config, { trigger: "admin", ...query.data });
      if (!outcome.ok) return c.json({ outcome: "failed", runId: outcome.runId, message: outcome.message }, 502, NO_STORE);
      return answer(c, outcome.result, outcome.rows, { ads: outcome.ads });
    })
    .put("/pictures/:name", async (c) => {
      const name = c.req.param("name");
      const type = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
      if (!/^image\/(jpeg|png|webp)$/.test(type)) return adminProblem(c, 415, "Content-Type must be image/jpeg, image/png or image/webp.");
      const body = await readCapped(c.req.raw, MAX_STOCK_PICTURE_BYTES);
      if (body === null) return adminProblem(c, 413, `Body larger than ${MAX_STOCK_PICTURE_BYTES} bytes.`);
      const stored = await storeStockPicture(c.env.STOCK_PICTURES, name, body);
      if (!stored.ok) return adminProblem(c, stored.status, stored.message);
      return c.json({ ...stored, reference: name }, 200, NO_STORE);
    })
    .delete("/pictures/:name", async (c) => {
      const name = c.req.param("name");
      if (!UPLOADED_PICTURE_NAME.test(name)) return adminProblem(c, 400, "Not a picture file name.");
      await c.env.STOCK_PICTURES.delete(name);
      return c.body(null, 204, NO_STORE);
    });
}

/** The admin as an app of its own under its path (admin-app.ts). */
export function stockAdminHandler(): (c: AdminContext) => Promise<Response> {
  return adminApp("/admin/stock", stockAdmin());
}
