import { Hono, type Context } from "hono";
import * as z from "zod";
import { REDIRECT_KEY_PREFIX } from "#redirects/kv-layout.ts";
import { describePlan, keyOfPath, sortedEntries, writeRedirects, type WriteOutcome } from "#redirects/redirect-admin-core.ts";
import { parseRedirectEntry, parseRedirectImport } from "#redirects/redirect-import.ts";
import { entryFromStored, loadRedirectTable } from "#redirects/redirect-table-store.ts";
import type { RedirectEdit } from "#redirects/redirect-write-plan.ts";
import type { AppEnv } from "../env.ts";
import { forgetRedirectIndex } from "../adapters/kv-redirect-store.ts";
import { readCapped } from "../read-capped-body.ts";
import { adminApp, adminProblem, adminQuery, NO_STORE } from "./admin-app.ts";
import { adminAuth } from "./admin-auth.ts";
import { kvRedirectTableStore } from "./kv-redirect-table-store.ts";
import { createWriteTurns, type WriteTurnState } from "./write-turns.ts";
import { isolateRecord } from "../isolate-state.ts";

/**
 * /admin/redirects: the legacy redirect table in KV for ops (ADR 0021, docs/redirects.md).
 * Off (404 for everything) unless REDIRECT_ADMIN_TOKEN is set; then `Authorization: Bearer
 * <token>` or 401. Every write goes through the shared core (redirects/redirect-admin-core.ts):
 * the write schema, the whole-table rules, the ordered plan that keeps the index covering
 * every entry. Answers are JSON (`{error, issues[]}` on failure), never cached.
 *
 *   GET    /admin/redirects?prefix=/center/&cursor=…&limit=100   one page of entries
 *   GET    /admin/redirects/entry?path=/angebote
 *   PUT    /admin/redirects/entry[?flatten=true][&dryRun=true]    body {path, target, code, external}
 *   DELETE /admin/redirects/entry?path=/angebote[&dryRun=true]
 *   POST   /admin/redirects/import?mode=merge|replace[&flatten=true][&dryRun=true]   JSON array or text/csv
 *   GET    /admin/redirects/export?format=json|csv
 *
 * @example
 * curl -X PUT -H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json" \
 *   -d '{"path":"/aktion","target":"/angebote","code":302}' https://www.example.de/admin/redirects/entry
 */

export const ENTRY_BODY_LIMIT_BYTES = 16 * 1024;
export const IMPORT_BODY_LIMIT_BYTES = 2 * 1024 * 1024;
/** KV writes one request may make (a Worker invocation has 1,000 KV operations; listing needs some). */
export const MAX_WRITES_PER_REQUEST = 800;

const Flag = z
  .enum(["true", "false"])
  .default("false")
  .transform((value) => value === "true");
const ListQuerySchema = z.strictObject({
  prefix: z.string().startsWith("/", { error: 'prefix must start with "/"' }).max(480).optional(),
  cursor: z.string().min(1).max(2_048).optional(),
  limit: z.coerce.number().int().min(1).max(1_000).default(100),
});
const PathQuerySchema = z.strictObject({ path: z.string().min(1).max(1_000), dryRun: Flag });
const WriteQuerySchema = z.strictObject({ flatten: Flag, dryRun: Flag });
const ImportQuerySchema = z.strictObject({ mode: z.enum(["merge", "replace"]).default("merge"), flatten: Flag, dryRun: Flag });
const ExportQuerySchema = z.strictObject({ format: z.enum(["json", "csv"]).default("json") });

type AdminContext = Context<AppEnv>;

/** How long a write waits for another one in this isolate before it answers 503. */
export const WRITE_WAIT_MS = 30_000;
/** How long a write keeps the turn at most: far beyond 800 KV writes and the 1 s index gap. */
export const WRITE_LEASE_MS = 120_000;

// One admin write at a time per isolate, so two requests here never interleave their steps.
// Writes from other isolates or the CLI are not serialised (KV has no transactions): ADR 0021.
// A lease, not a promise chain: a cancelled write cannot hang the ones after it (ADR 0035).
const inTurn = createWriteTurns(
  isolateRecord("redirect admin write lease", (): WriteTurnState => ({ holder: null })),
  { waitMs: WRITE_WAIT_MS, leaseMs: WRITE_LEASE_MS, pollMs: 50 },
);

async function write(c: AdminContext, edit: RedirectEdit, options: { flatten: boolean; dryRun: boolean }): Promise<Response> {
  const environment = c.get("vars").ENVIRONMENT;
  const turn = await inTurn(() =>
    writeRedirects(kvRedirectTableStore(c.env.REDIRECTS), edit, {
      ...options,
      // KV takes one write per second per key; local KV has no such limit.
      indexWriteGapMs: environment === "production" || environment === "preview" ? 1_000 : 0,
      maxWrites: MAX_WRITES_PER_REQUEST,
    }),
  );
  if (!turn.ran) {
    return c.json({ error: "Another redirect write is still running in this isolate; retry.", issues: [] }, 503, {
      ...NO_STORE,
      "Retry-After": "5",
    });
  }
  const outcome: WriteOutcome = turn.value;
  switch (outcome.kind) {
    case "refused":
      return adminProblem(c, 409, "Refused: the table would break a rule; nothing was written.", outcome.issues);
    case "too-large":
      return adminProblem(
        c,
        413,
        `The change needs ${outcome.writes} KV writes; one request may make ${outcome.limit}. Use \`npm run redirects -- import … --remote\`.`,
      );
    case "planned":
    case "written": {
      // This isolate sees the change on its next request (others within 60 s, ADR 0021).
      if (outcome.kind === "written") forgetRedirectIndex(c.env.REDIRECTS);
      const { plan } = outcome;
      return c.json(
        {
          result: outcome.kind,
          summary: describePlan(plan, outcome.flattened),
          added: plan.added,
          changed: plan.changed,
          removed: plan.removed,
          refreshed: plan.refreshed,
          unchanged: plan.unchanged,
          flattened: outcome.flattened,
          steps: plan.steps.map((step) => ({
            name: step.name,
            operations: outcome.kind === "planned" ? step.operations : step.operations.length,
          })),
        },
        200,
        NO_STORE,
      );
    }
  }
}

/** The body as text, or the error response (413 over the limit, 415 for another type). */
async function readBody(
  c: AdminContext,
  limit: number,
  types: readonly string[],
): Promise<{ ok: true; text: string; type: string } | { ok: false; response: Response }> {
  const type = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!types.includes(type)) return { ok: false, response: adminProblem(c, 415, `Content-Type must be ${types.join(" or ")}.`) };
  const body = await readCapped(c.req.raw, limit);
  if (body === null) return { ok: false, response: adminProblem(c, 413, `Body larger than ${limit} bytes.`) };
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(body), type };
  } catch {
    return { ok: false, response: adminProblem(c, 400, "Body is not UTF-8.") };
  }
}

/** A path prefix as stored keys spell it: decoded, NFC, lower case, single slashes (trailing slash kept). */
function keyPrefix(prefix: string): string | null {
  try {
    return decodeURIComponent(prefix)
      .normalize("NFC")
      .toLowerCase()
      .replace(/\/{2,}/g, "/");
  } catch {
    return null;
  }
}

/** The admin as an app of its own under its path (admin-app.ts). */
export function redirectsAdminHandler(): (c: AdminContext) => Promise<Response> {
  return adminApp("/admin/redirects", redirectsAdmin());
}

// Long on purpose: the admin's route table, one short handler per route, read as one list.
export function redirectsAdmin() {
  const admin = new Hono<AppEnv>();
  admin.use("*", adminAuth("REDIRECT_ADMIN_TOKEN", "redirect-admin"));

  admin.get("/", async (c) => {
    const query = adminQuery(c, ListQuerySchema);
    if (!query.ok) return query.response;
    const prefix = keyPrefix(query.data.prefix ?? "/");
    if (prefix === null) return adminProblem(c, 400, "Invalid query parameters.", [{ message: "prefix: invalid percent-encoding" }]);
    const page = await c.env.REDIRECTS.list<unknown>({
      prefix: REDIRECT_KEY_PREFIX + prefix,
      limit: query.data.limit,
      ...(query.data.cursor === undefined ? {} : { cursor: query.data.cursor }),
    });
    const entries = await Promise.all(
      page.keys.map(async ({ name, metadata }) => {
        const raw = metadata ?? (await c.env.REDIRECTS.get(name, { type: "json" }).catch(() => null));
        return (
          entryFromStored(name.slice(REDIRECT_KEY_PREFIX.length), raw) ?? { path: name.slice(REDIRECT_KEY_PREFIX.length), unreadable: true }
        );
      }),
    );
    return c.json({ entries, cursor: page.list_complete ? null : page.cursor }, 200, NO_STORE);
  });

  admin.get("/entry", async (c) => {
    const query = adminQuery(c, PathQuerySchema);
    if (!query.ok) return query.response;
    const key = keyOfPath(query.data.path);
    if (!key.ok) return adminProblem(c, 400, "Invalid path.", key.issues);
    const raw = await c.env.REDIRECTS.get(REDIRECT_KEY_PREFIX + key.key, { type: "text" });
    if (raw === null) return adminProblem(c, 404, `No entry for ${key.key}.`);
    let json: unknown = raw;
    try {
      json = JSON.parse(raw);
    } catch {
      // reported as unreadable below
    }
    const entry = entryFromStored(key.key, json);
    return entry === null
      ? adminProblem(c, 409, `The stored value of ${key.key} does not parse; overwrite it with PUT.`)
      : c.json(entry, 200, NO_STORE);
  });

  admin.put("/entry", async (c) => {
    const query = adminQuery(c, WriteQuerySchema);
    if (!query.ok) return query.response;
    const body = await readBody(c, ENTRY_BODY_LIMIT_BYTES, ["application/json"]);
    if (!body.ok) return body.response;
    let json: unknown;
    try {
      json = JSON.parse(body.text);
    } catch {
      return adminProblem(c, 400, "Body is not valid JSON.");
    }
    const entry = parseRedirectEntry(json);
    if (!entry.ok) return adminProblem(c, 400, "Invalid entry; nothing was written.", entry.issues);
    return write(c, { kind: "upsert", entries: [entry.entry] }, query.data);
  });

  admin.delete("/entry", async (c) => {
    const query = adminQuery(c, PathQuerySchema);
    if (!query.ok) return query.response;
    const key = keyOfPath(query.data.path);
    if (!key.ok) return adminProblem(c, 400, "Invalid path.", key.issues);
    if ((await c.env.REDIRECTS.get(REDIRECT_KEY_PREFIX + key.key, { type: "text" })) === null)
      return adminProblem(c, 404, `No entry for ${key.key}.`);
    return write(c, { kind: "remove", keys: [key.key] }, { flatten: false, dryRun: query.data.dryRun });
  });

  admin.post("/import", async (c) => {
    const query = adminQuery(c, ImportQuerySchema);
    if (!query.ok) return query.response;
    const body = await readBody(c, IMPORT_BODY_LIMIT_BYTES, ["application/json", "text/csv"]);
    if (!body.ok) return body.response;
    const parsed = parseRedirectImport(body.text, body.type === "text/csv" ? "csv" : "json");
    if (!parsed.ok) return adminProblem(c, 400, "Invalid import; nothing was written.", parsed.issues);
    const kind = query.data.mode === "replace" ? "replace" : "upsert";
    return write(c, { kind, entries: parsed.entries }, query.data);
  });

  admin.get("/export", async (c) => {
    const query = adminQuery(c, ExportQuerySchema);
    if (!query.ok) return query.response;
    const { table } = await loadRedirectTable(kvRedirectTableStore(c.env.REDIRECTS));
    const entries = sortedEntries(table);
    if (query.data.format === "csv") {
      // Ops export now and then; the CSV writer is not worth evaluating in every isolate's startup.
      const { serializeRedirectCsv } = await import("#redirects/redirect-csv.ts");
      return c.body(serializeRedirectCsv(entries), 200, {
        ...NO_STORE,
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="redirects.csv"',
      });
    }
    return c.json(entries, 200, NO_STORE);
  });

  admin.all("*", (c) => adminProblem(c, 404, "Not found."));

  // KV failing mid-request: a retry is safe (every write is idempotent and keeps the index
  // covering the entries), so say so instead of a 500.
  admin.onError((error, c) => {
    c.get("sentry").captureException(error);
    return c.json({ error: "The redirect table could not be read or written; retry (writes are idempotent).", issues: [] }, 503, {
      ...NO_STORE,
      "Retry-After": "5",
    });
  });
  return admin;
}
