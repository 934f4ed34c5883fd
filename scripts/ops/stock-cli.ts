import { berlinToday } from "#domain/lead-schemas.ts";
import { FEED_FORMATS, FeedFileError, readFeedFile, type FeedFormat } from "#domain/stock-feed/feed-file.ts";
import type { FeedIssue, FeedRows } from "#domain/stock-feed/feed-row.ts";
import {
  DEFAULT_VALVE,
  importStock,
  readCenterSlugs,
  readImportReport,
  readImportRuns,
  RESERVED_SOURCES,
  STOCK_SOURCE_PATTERN,
  type StockImportResult,
} from "#worker/adapters/d1-stock-import.ts";
import { mobileDeConfig, syncMobileDe } from "#worker/stock/stock-sync.ts";
import { DeployEnvironmentSchema, type DeployEnvironment } from "./environments.ts";
import { checkStockPicture, storeStockPicture } from "#worker/stock/stock-pictures.ts";

/**
 * `npm run stock -- <command>`: imports a DMS export into the stock and shows the runs
 * (docs/stock-import.md). The commands work on a D1 database and a KV namespace the caller opens
 * (scripts/stock.ts: the local state `wrangler dev` uses); the import itself is the worker's
 * (worker/adapters/d1-stock-import.ts), so a shell import and a scheduled one decide alike.
 */

export const STOCK_CLI_USAGE = `usage: npm run stock -- <command> [options]

commands
  import <file> --format json|csv|mobilede --source <name> [--center <slug>]
                         apply a DMS export as the whole stock of that source: new vehicles are
                         added, changed ones updated, the source's vehicles missing from the file
                         marked sold (not deleted); rows that cannot be read are listed and their
                         vehicles left as they are; --format mobilede reads ads in mobile.de's
                         Search-API JSON (a saved answer), all of the center --center names
  sync                   read every ad of the group's mobile.de customer numbers (Search-API) and
                         apply them as the whole stock of the source "mobilede"; configured by
                         MOBILEDE_USER, MOBILEDE_PASSWORD, MOBILEDE_CUSTOMERS (JSON: customer
                         number → center slug) and MOBILEDE_BASE_URL (default: mobile.de)
  pictures <dir>         stores every .jpg, .jpeg, .png and .webp file of <dir> (not its subfolders) as
                         a picture a feed row names by its file name (images: ["4711-1.jpg"]);
                         replaces one of the same name; --dry-run checks the files only
  status [--runs N]      the last runs (default 10) and the stock per source
  report <run id>        the refused rows and unmapped values of one run

options
  --dry-run              plan and report, write nothing
  --force                apply even when the safety valve refuses (a center would lose more than
                         --max-sold-share of its vehicles at once)
  --max-sold-share S     the valve's share, 0–1 (default ${DEFAULT_VALVE.maxSoldShare})
  --min-center-stock N   centers with fewer available vehicles of the source are not judged by the
                         share (default ${DEFAULT_VALVE.minCenterStock})
  --persist-to dir       local state elsewhere than .wrangler/state (as \`wrangler dev --persist-to\`)
  --remote --env name    the deployed D1 database and KV namespace of that environment (staging,
                         production) instead of the local state, through wrangler's remote bindings
                         (needs \`wrangler login\` or CLOUDFLARE_API_TOKEN; the environment
                         provisioned and deployed, so its ids and migrations are in place)
  --yes                  confirms an import or sync that writes the deployed stock (--remote
                         without --dry-run); try --dry-run first

The source name (lower-case letters, digits, hyphens) says which feed the file is the whole of:
one DMS export per center can be "dms-goslar", "dms-husum"; an import of one never sells the
other's vehicles. Exit code: 0 applied (or dry run), 1 refused by the valve or failed, 2 usage.`;

export interface StockStore {
  db: D1Database;
  kv: KVNamespace;
  /** The R2 bucket of uploaded vehicle pictures (STOCK_PICTURES). */
  pictures?: R2Bucket;
  close?: () => Promise<void>;
}

export interface StockCliIo {
  /** The local state (`persistTo`: elsewhere than .wrangler/state) or, with `remote`, that deployment's. */
  openStore(options: { persistTo?: string; remote?: DeployEnvironment }): Promise<StockStore>;
  readFile(path: string): Promise<string>;
  out(text: string): void;
  err(text: string): void;
  now?: () => Date;
  /** The environment `sync` reads its configuration from. */
  env?: Readonly<Record<string, string | undefined>>;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** The file names in a folder (not its subfolders), for `pictures`. */
  listFiles?: (dir: string) => Promise<string[]>;
  readBytes?: (path: string) => Promise<Uint8Array>;
}

interface Parsed {
  command: string;
  args: string[];
  format?: FeedFormat;
  source?: string;
  dryRun: boolean;
  force: boolean;
  maxSoldShare?: number;
  minCenterStock?: number;
  runs?: number;
  persistTo?: string;
  center?: string;
  remote: boolean;
  env?: DeployEnvironment;
  yes: boolean;
}

function parse(argv: readonly string[]): Parsed | string {
  const [command = "", ...rest] = argv;
  const parsed: Parsed = { command, args: [], dryRun: false, force: false, remote: false, yes: false };
  for (let index = 0; index < rest.length; index++) {
    const arg = rest[index] ?? "";
    const value = () => {
      const next = rest[++index];
      if (next === undefined || next.startsWith("--")) throw new Error(`${arg} needs a value`);
      return next;
    };
    try {
      if (arg === "--format") {
        const format = value();
        if (!(FEED_FORMATS as readonly string[]).includes(format)) return `--format must be ${FEED_FORMATS.join(" or ")}`;
        parsed.format = format as FeedFormat;
      } else if (arg === "--source") {
        parsed.source = value();
        if (!STOCK_SOURCE_PATTERN.test(parsed.source)) return "--source: lower-case letters, digits and hyphens, at most 32";
        if (RESERVED_SOURCES.has(parsed.source))
          return `--source ${parsed.source} is the ${parsed.source === "demo" ? "seed's" : "mobile.de sync's"}: name the export's own (e.g. dms-goslar)`;
      } else if (arg === "--dry-run") parsed.dryRun = true;
      else if (arg === "--force") parsed.force = true;
      else if (arg === "--max-sold-share") {
        parsed.maxSoldShare = Number(value());
        if (!(parsed.maxSoldShare >= 0 && parsed.maxSoldShare <= 1)) return "--max-sold-share must be between 0 and 1";
      } else if (arg === "--min-center-stock") {
        parsed.minCenterStock = Number(value());
        if (!Number.isInteger(parsed.minCenterStock) || parsed.minCenterStock < 1)
          return "--min-center-stock must be a whole number from 1";
      } else if (arg === "--runs") {
        parsed.runs = Number(value());
        if (!Number.isInteger(parsed.runs) || parsed.runs < 1 || parsed.runs > 500) return "--runs must be a whole number from 1 to 500";
      } else if (arg === "--persist-to") parsed.persistTo = value();
      else if (arg === "--center") parsed.center = value();
      else if (arg === "--remote") parsed.remote = true;
      else if (arg === "--yes") parsed.yes = true;
      else if (arg === "--env") {
        const env = DeployEnvironmentSchema.safeParse(value());
        if (!env.success) return env.error.issues[0]?.message ?? "--env: staging or production";
        parsed.env = env.data;
      } else if (arg.startsWith("--")) return `unknown option ${arg}`;
      else parsed.args.push(arg);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
  if (parsed.remote && parsed.env === undefined) return "--remote needs --env staging|production";
  if (!parsed.remote && parsed.env !== undefined) return "--env names the deployment of --remote; add --remote";
  if (parsed.remote && parsed.persistTo !== undefined) return "--persist-to is for the local state, not --remote";
  return parsed;
}

function issueLine(issue: FeedIssue): string {
  const where = `Zeile ${issue.row}${issue.key === undefined ? "" : ` (${issue.key})`}`;
  return `  ${where}, ${issue.field}: ${issue.message}${issue.value === undefined ? "" : ` – „${issue.value}“`}`;
}

function summary(result: StockImportResult): string {
  const what =
    result.outcome === "dry-run"
      ? "Probelauf, nichts geschrieben"
      : result.outcome === "applied"
        ? `angewendet${result.runId === undefined ? "" : ` (Lauf ${result.runId})`}`
        : result.outcome === "refused"
          ? "abgelehnt"
          : "fehlgeschlagen";
  return [
    `Import ${what}: ${result.added} neu, ${result.changed} geändert, ${result.sold} verkauft, ${result.unchanged} unverändert`,
    `${result.priceChanges} Preisänderungen, ${result.rejected} Zeilen abgelehnt (${result.kept} Fahrzeuge des Bestands deshalb unverändert gelassen), ${result.unmapped} Werte nicht zugeordnet.`,
  ].join("; ");
}

/** Runs one command; the exit code: 0 done, 1 refused or failed, 2 usage. */
export async function runStockCli(argv: readonly string[], io: StockCliIo): Promise<number> {
  if (argv.length === 0 || argv.includes("--help") || argv.includes("-h")) {
    io.out(STOCK_CLI_USAGE);
    return argv.length === 0 ? 2 : 0;
  }
  const parsed = parse(argv);
  const problem =
    typeof parsed === "string"
      ? parsed
      : parsed.command === "import"
        ? parsed.args.length !== 1
          ? "import needs one file"
          : parsed.format === undefined
            ? "import needs --format json|csv|mobilede"
            : parsed.source === undefined
              ? "import needs --source <name> (e.g. dms)"
              : (parsed.format === "mobilede") !== (parsed.center !== undefined)
                ? "--center <slug> goes with --format mobilede, and only with it"
                : null
        : parsed.command === "sync"
          ? parsed.args.length > 0 || parsed.source !== undefined || parsed.format !== undefined
            ? "sync takes no file, --source or --format (its source is mobilede)"
            : null
          : parsed.command === "status"
            ? parsed.args.length > 0
              ? "status takes no arguments"
              : null
            : parsed.command === "report"
              ? parsed.args.length !== 1 || !/^\d+$/.test(parsed.args[0] ?? "")
                ? "report needs a run id"
                : null
              : parsed.command === "pictures"
                ? parsed.args.length !== 1
                  ? "pictures needs one folder"
                  : null
                : `unknown command ${parsed.command}`;
  // Writing a deployment's stock sells what the file lacks: an operator says so, after a dry run.
  const unconfirmed =
    typeof parsed !== "string" &&
    problem === null &&
    parsed.remote &&
    !parsed.yes &&
    !parsed.dryRun &&
    (parsed.command === "import" || parsed.command === "sync" || parsed.command === "pictures");
  if (unconfirmed) {
    io.err(
      `This writes the stock of the deployed site (--env ${parsed.env}). Run it with --dry-run first, then again with --yes.\n` +
        `Das ändert den Bestand der veröffentlichten Website (${parsed.env}). Erst mit --dry-run prüfen, dann mit --yes ausführen.`,
    );
    return 2;
  }
  if (problem !== null || typeof parsed === "string") {
    io.err(`${problem}\n\n${STOCK_CLI_USAGE}`);
    return 2;
  }

  let text = "";
  if (parsed.command === "import") {
    try {
      text = await io.readFile(parsed.args[0] ?? "");
    } catch (error) {
      io.err(`Die Datei kann nicht gelesen werden: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
  }
  let store: StockStore;
  try {
    store = await io.openStore(parsed.remote && parsed.env ? { remote: parsed.env } : { persistTo: parsed.persistTo });
  } catch (error) {
    io.err(
      `The stock cannot be opened / Der Bestand kann nicht geöffnet werden: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
  try {
    if (parsed.command === "status") return await status(store, parsed.runs ?? 10, io);
    if (parsed.command === "report") return await report(store, Number(parsed.args[0]), io);
    if (parsed.command === "pictures") return await pictures(store, parsed.args[0] ?? "", parsed.dryRun, io);
    const now = io.now?.() ?? new Date();
    let rows: FeedRows;
    let result: StockImportResult;
    if (parsed.command === "sync") {
      const config = mobileDeConfig(io.env ?? {});
      if (config === null || typeof config === "string") {
        io.err(`mobile.de ist nicht eingerichtet: ${config ?? "MOBILEDE_CUSTOMERS und MOBILEDE_USER fehlen"}`);
        return 1;
      }
      const outcome = await syncMobileDe(store.db, store.kv, config, {
        trigger: "cli",
        force: parsed.force,
        dryRun: parsed.dryRun,
        maxSoldShare: parsed.maxSoldShare,
        minCenterStock: parsed.minCenterStock,
        now,
        onWrite: ({ added, changed, sold }) => io.err(`Schreibe: ${added} neu, ${changed} geändert, ${sold} verkauft …`),
        fetch: io.fetch,
        sleep: io.sleep,
      });
      if (!outcome.ok) {
        io.err(`Nicht importiert${outcome.runId === undefined ? "" : ` (Lauf ${outcome.runId})`}: ${outcome.message}`);
        return 1;
      }
      io.out(
        `mobile.de: ${outcome.ads} Inserate von ${Object.keys(config.customers).length} Kundennummern gelesen (${outcome.requests} Abfragen).`,
      );
      rows = outcome.rows;
      result = outcome.result;
    } else {
      try {
        rows = readFeedFile(text, parsed.format ?? "json", {
          centers: await readCenterSlugs(store.db),
          thisMonth: berlinToday(now).slice(0, 7),
          ...(parsed.center !== undefined && { center: parsed.center }),
        });
      } catch (error) {
        if (!(error instanceof FeedFileError)) throw error;
        io.err(`Die Datei wurde nicht importiert: ${error.message}`);
        return 1;
      }
      result = await importStock(store.db, store.kv, {
        source: parsed.source ?? "",
        trigger: "cli",
        rows,
        force: parsed.force,
        dryRun: parsed.dryRun,
        maxSoldShare: parsed.maxSoldShare,
        minCenterStock: parsed.minCenterStock,
        now,
        onWrite: ({ added, changed, sold }) => io.err(`Schreibe: ${added} neu, ${changed} geändert, ${sold} verkauft …`),
      });
    }
    io.out(summary(result));
    if (rows.rejected.length > 0) io.out(["Abgelehnte Zeilen:", ...rows.rejected.map(issueLine)].join("\n"));
    if (rows.unmapped.length > 0) io.out(["Nicht zugeordnete Werte:", ...rows.unmapped.map(issueLine)].join("\n"));
    if (result.message !== undefined) (result.outcome === "applied" ? io.out : io.err)(result.message);
    if (result.outcome === "refused" || result.outcome === "failed") return 1;
    return 0;
  } finally {
    await store.close?.();
  }
}

/** `pictures <dir>`: each picture file checked and stored as the admin endpoint's PUT does. */
async function pictures(store: StockStore, dir: string, dryRun: boolean, io: StockCliIo): Promise<number> {
  if (!store.pictures || !io.listFiles || !io.readBytes) {
    io.err("Bilder können hier nicht gespeichert werden (kein STOCK_PICTURES).");
    return 1;
  }
  let names: string[];
  try {
    names = (await io.listFiles(dir)).filter((name) => /\.(jpe?g|png|webp)$/i.test(name)).sort();
  } catch (error) {
    io.err(`Der Ordner kann nicht gelesen werden: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  const refused: string[] = [];
  let stored = 0;
  for (const name of names) {
    const bytes = await io.readBytes(`${dir}/${name}`);
    const result = dryRun ? checkStockPicture(name, bytes) : await storeStockPicture(store.pictures, name, bytes);
    if (result.ok) stored++;
    else refused.push(`  ${result.message}`);
  }
  io.out(`${dryRun ? "Probelauf: " : ""}${stored} von ${names.length} Bildern ${dryRun ? "in Ordnung" : "gespeichert"}.`);
  if (refused.length > 0) io.err(["Nicht gespeichert:", ...refused].join("\n"));
  return refused.length > 0 ? 1 : 0;
}

async function status(store: StockStore, runs: number, io: StockCliIo): Promise<number> {
  const { results } = await store.db
    .prepare(
      `SELECT substr(s.source_key, 1, instr(s.source_key, ':') - 1) AS source,
              SUM(v.status = 'available') AS available, SUM(v.status = 'sold') AS sold
         FROM vehicle_sources s JOIN vehicles v ON v.id = s.vehicle_id GROUP BY 1 ORDER BY 1`,
    )
    .all<{ source: string; available: number; sold: number }>();
  io.out(["Bestand je Quelle:", ...results.map((row) => `  ${row.source}: ${row.available} verfügbar, ${row.sold} verkauft`)].join("\n"));
  const list = await readImportRuns(store.db, runs);
  io.out(
    list.length === 0
      ? "Noch kein Import."
      : [
          "Letzte Läufe:",
          ...list.map(
            (run) =>
              `  ${run.id}  ${run.started_at}  ${run.source} (${run.trigger})  ${run.outcome}: +${run.added} ~${run.changed} -${run.sold}, ${run.rejected} abgelehnt, ${run.unmapped} nicht zugeordnet${run.message === null ? "" : `\n      ${run.message}`}`,
          ),
        ].join("\n"),
  );
  return 0;
}

async function report(store: StockStore, runId: number, io: StockCliIo): Promise<number> {
  const found = await readImportReport(store.db, runId);
  if (found === null) {
    io.err(`Lauf ${runId} gibt es nicht.`);
    return 1;
  }
  io.out(
    [
      `Lauf ${runId}: ${found.rejected.length} abgelehnte Angaben, ${found.unmapped.length} nicht zugeordnete Werte (höchstens je 200 gespeichert)`,
      ...found.rejected.map(issueLine),
      ...(found.unmapped.length > 0 ? ["Nicht zugeordnet:", ...found.unmapped.map(issueLine)] : []),
    ].join("\n"),
  );
  return 0;
}
