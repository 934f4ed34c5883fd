import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedD1 } from "#kv-seed/seed-data.ts";
import { importStock } from "#worker/adapters/d1-stock-import.ts";
import { runStockCli, STOCK_CLI_USAGE, type StockStore } from "./stock-cli.ts";
import { openLocalState } from "#kv-seed/local-state.ts";
import {
  FAKE_MOBILEDE_PASSWORD,
  FAKE_MOBILEDE_USER,
  sampleMobileDeAd,
  startFakeMobileDe,
  type FakeMobileDe,
} from "#worker/test-support/fake-mobilede-server.ts";

// A fresh local state (migrations applied by the store, as `npm run stock` does), seeded with the
// demo centers and stock; the CLI runs in-process on it.
let dir = "";
let store: Required<Omit<StockStore, "close">> & StockStore;
let mobile: FakeMobileDe;
const files = new Map<string, string>([
  ["dms-stock.json", readFileSync("docs/examples/dms-stock.json", "utf8")],
  ["dms-stock.csv", readFileSync("docs/examples/dms-stock.csv", "utf8")],
  ["kaputt.json", '{"vehicles": ['],
  [
    "mobilede-antwort.json",
    JSON.stringify({ total: 2, maxPages: 1, ads: [sampleMobileDeAd("600000001"), sampleMobileDeAd("600000002", { make: "TRABANT" })] }),
  ],
]);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "stock-cli-"));
  store = await openLocalState(join(dir, "state"));
  await seedD1(store.db, store.kv, importStock);
  mobile = await startFakeMobileDe();
}, 120_000);
afterAll(async () => {
  await mobile?.close();
  await store?.close?.();
  rmSync(dir, { recursive: true, force: true });
});

function cli(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const run = (...argv: string[]) =>
    runStockCli(argv, {
      openStore: async () => ({ db: store.db, kv: store.kv, pictures: store.pictures }),
      listFiles: async (dir) => {
        if (dir !== "bilder") throw new Error(`ENOENT: ${dir}`);
        return [...pictureFiles.keys()];
      },
      readBytes: async (path) => pictureFiles.get(path.replace(/^bilder\//, "")) ?? new Uint8Array(),
      readFile: async (path) => {
        const text = files.get(path);
        if (text === undefined) throw new Error(`ENOENT: ${path}`);
        return text;
      },
      out: (text) => out.push(text),
      err: (text) => err.push(text),
      now: () => new Date("2026-11-28T09:00:00Z"),
      env,
      sleep: async () => undefined,
    });
  return { run, out, err };
}

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);
const pictureFiles = new Map<string, Uint8Array>([
  ["4711-1.jpg", JPEG],
  ["4711-2.JPG", JPEG],
  ["liesmich.txt", new TextEncoder().encode("nicht hochladen")],
  ["kaputt.png", new TextEncoder().encode("<svg/>")],
]);

describe("npm run stock", { timeout: 30_000 }, () => {
  it("--help prints the usage; no command or a wrong one is a usage error (2)", async () => {
    const { run, out, err } = cli();
    expect(await run("--help")).toBe(0);
    expect(out[0]).toBe(STOCK_CLI_USAGE);
    expect(await run()).toBe(2);
    expect(await run("import", "dms-stock.json", "--format", "xml", "--source", "dms")).toBe(2);
    expect(err.at(-1)).toMatch(/^--format must be json or csv/);
    expect(await run("import", "dms-stock.json", "--format", "json")).toBe(2);
    expect(err.at(-1)).toMatch(/^import needs --source/);
    expect(await run("import", "dms-stock.json", "--format", "json", "--source", "DMS Goslar")).toBe(2);
    expect(await run("report", "eins")).toBe(2);
    expect(await run("import", "dms-stock.json", "--format", "json", "--source", "mobilede")).toBe(2);
    expect(err.at(-1)).toMatch(/^--source mobilede is the mobile.de sync's/);
    expect(await run("sell")).toBe(2);
  });

  it("--remote opens the deployment's stock, only with --env, and writes it only with --yes (a dry run needs none)", async () => {
    const opened: unknown[] = [];
    const err: string[] = [];
    const run = (...argv: string[]) =>
      runStockCli(argv, {
        openStore: async (options) => {
          opened.push(options);
          return { db: store.db, kv: store.kv };
        },
        readFile: async () => files.get("dms-stock.json") ?? "",
        out: () => undefined,
        err: (text) => err.push(text),
        now: () => new Date("2026-11-28T09:00:00Z"),
      });
    expect(await run("status", "--remote")).toBe(2);
    expect(err.at(-1)).toMatch(/^--remote needs --env staging\|production/);
    expect(await run("status", "--env", "production")).toBe(2);
    expect(await run("status", "--remote", "--env", "prod")).toBe(2);
    expect(await run("status", "--remote", "--env", "staging", "--persist-to", "x")).toBe(2);
    expect(await run("import", "dms-stock.json", "--format", "json", "--source", "dms-remote", "--remote", "--env", "production")).toBe(2);
    expect(err.at(-1)).toMatch(/--dry-run first, then again with --yes[\s\S]*Erst mit --dry-run prüfen/);
    expect(await run("sync", "--remote", "--env", "production")).toBe(2);
    expect(opened).toEqual([]);
    expect(await run("status", "--remote", "--env", "staging")).toBe(0);
    expect(
      await run("import", "dms-stock.json", "--format", "json", "--source", "dms-remote", "--remote", "--env", "production", "--dry-run"),
    ).toBe(0);
    expect(opened).toEqual([{ remote: "staging" }, { remote: "production" }]);
    expect(await run("status", "--persist-to", "elsewhere")).toBe(0);
    expect(opened.at(-1)).toEqual({ persistTo: "elsewhere" });
  });

  it("a stock that cannot be opened (not provisioned, not logged in) is a message and 1, not a stack trace", async () => {
    const err: string[] = [];
    const code = await runStockCli(["status", "--remote", "--env", "production"], {
      openStore: async () => {
        throw new Error("In a non-interactive environment, it's necessary to set a CLOUDFLARE_API_TOKEN");
      },
      readFile: async () => "",
      out: () => undefined,
      err: (text) => err.push(text),
    });
    expect(code).toBe(1);
    expect(err).toEqual([
      "The stock cannot be opened / Der Bestand kann nicht geöffnet werden: In a non-interactive environment, it's necessary to set a CLOUDFLARE_API_TOKEN",
    ]);
  });

  it("import --format mobilede reads a saved Search-API answer as the ads of the center --center names", async () => {
    const { run, out, err } = cli();
    expect(await run("import", "mobilede-antwort.json", "--format", "mobilede", "--source", "mobilede-datei")).toBe(2);
    expect(err.at(-1)).toMatch(/^--center <slug> goes with --format mobilede/);
    expect(await run("import", "dms-stock.json", "--format", "json", "--source", "dms-x", "--center", "center-goslar")).toBe(2);
    expect(
      await run("import", "mobilede-antwort.json", "--format", "mobilede", "--source", "mobilede-datei", "--center", "nirgendwo"),
    ).toBe(1);
    expect(err.at(-1)).toBe("Die Datei wurde nicht importiert: Den Standort „nirgendwo“ gibt es nicht.");
    expect(
      await run("import", "mobilede-antwort.json", "--format", "mobilede", "--source", "mobilede-datei", "--center", "center-husum"),
    ).toBe(0);
    expect(out.find((line) => line.startsWith("Import"))).toMatch(/^Import angewendet \(Lauf \d+\): 1 neu,.*1 Zeilen abgelehnt/);
    const row = await store.db
      .prepare(
        "SELECT v.location_slug FROM vehicle_sources s JOIN vehicles v ON v.id = s.vehicle_id WHERE s.source_key = 'mobilede-datei:600000001'",
      )
      .first();
    expect(row).toEqual({ location_slug: "center-husum" });
  });

  it("pictures stores a folder's picture files under their names (other files are not asked about); a file that is not a picture is listed, 1", async () => {
    const { run, out, err } = cli();
    expect(await run("pictures", "bilder", "--dry-run")).toBe(1);
    expect(out.at(-1)).toBe("Probelauf: 2 von 3 Bildern in Ordnung.");
    expect(await store.pictures.get("4711-1.jpg")).toBeNull();
    expect(await run("pictures", "bilder")).toBe(1);
    expect(out.at(-1)).toBe("2 von 3 Bildern gespeichert.");
    expect(err.at(-1)).toBe("Nicht gespeichert:\n  kaputt.png: not a JPEG, PNG or WebP picture (by its first bytes).");
    expect((await store.pictures.get("4711-2.JPG"))?.httpMetadata?.contentType).toBe("image/jpeg");
    expect(await store.pictures.get("liesmich.txt")).toBeNull();
    expect(await run("pictures", "woanders")).toBe(1);
    expect(err.at(-1)).toMatch(/^Der Ordner kann nicht gelesen werden/);
    expect(await run("pictures")).toBe(2);
  });

  it("import applies a DMS file and lists refused rows and unmapped values; status and report show the run", async () => {
    const { run, out } = cli();
    expect(await run("import", "dms-stock.json", "--format", "json", "--source", "dms")).toBe(0);
    expect(out[0]).toMatch(/^Import angewendet \(Lauf (\d+)\): 2 neu, 0 geändert, 0 verkauft/);
    expect(out[1]).toBe("Abgelehnte Zeilen:\n  Zeile 3 (A-4713), price: ist keine ganze Zahl (ohne Punkt, Komma oder Einheit) – „39.99“");
    expect(out[2]).toContain("Zeile 1 (A-4711), features: unbekannte Ausstattung, ausgelassen – „Burmester Surround“");
    const runId = /Lauf (\d+)/.exec(out[0] ?? "")?.[1];

    out.length = 0;
    expect(await run("status")).toBe(0);
    expect(out[0]).toContain("  dms: 2 verfügbar, 0 verkauft");
    expect(out[1]).toMatch(
      new RegExp(`^Letzte Läufe:\\n  ${runId}  \\S+  dms \\(cli\\)  applied: \\+2 ~0 -0, 1 abgelehnt, 2 nicht zugeordnet`),
    );

    out.length = 0;
    expect(await run("report", String(runId))).toBe(0);
    expect(out[0]).toContain("Zeile 3 (A-4713), price");
    expect(await run("report", "999999")).toBe(1);
  });

  it("a dry run writes nothing; a CSV file is read alike", async () => {
    const { run, out } = cli();
    expect(await run("import", "dms-stock.csv", "--format", "csv", "--source", "dms-harburg", "--dry-run")).toBe(0);
    expect(out[0]).toMatch(/^Import Probelauf, nichts geschrieben: 2 neu/);
    out.length = 0;
    await run("status");
    expect(out[0]).not.toContain("dms-harburg");
  });

  it("a file that cannot be read as a whole is not imported (1); the valve's refusal is 1 until --force", async () => {
    const { run, err, out } = cli();
    expect(await run("import", "kaputt.json", "--format", "json", "--source", "dms")).toBe(1);
    expect(err.at(-1)).toMatch(/^Die Datei wurde nicht importiert: Die Datei ist kein gültiges JSON/);
    expect(await run("import", "fehlt.json", "--format", "json", "--source", "dms")).toBe(1);
    expect(err.at(-1)).toMatch(/^Die Datei kann nicht gelesen werden/);

    // The CSV holds none of dms's vehicles (both at center-goslar): as dms's whole stock it would
    // sell both. Judged from two vehicles on, the valve refuses; --force applies it.
    const valve = ["import", "dms-stock.csv", "--format", "csv", "--source", "dms", "--min-center-stock", "2"];
    expect(await run(...valve)).toBe(1);
    expect(err.at(-1)).toMatch(/^Abgelehnt: der Import würde center-goslar 2 von 2 Fahrzeugen \(100 %\).* als verkauft markieren.*--force/);
    expect(out.at(-1)).toMatch(/^Import abgelehnt: 2 neu, 0 geändert, 2 verkauft/);
    expect(await run(...valve, "--force")).toBe(0);
    expect(out.at(-1)).toMatch(/^Import angewendet \(Lauf \d+\): 2 neu, 0 geändert, 2 verkauft/);
  });

  it("sync reads the mobile.de customer numbers and applies them as the source mobilede; a failed read changes nothing and is a run", async () => {
    const env = {
      MOBILEDE_BASE_URL: mobile.url,
      MOBILEDE_USER: FAKE_MOBILEDE_USER,
      MOBILEDE_PASSWORD: FAKE_MOBILEDE_PASSWORD,
      MOBILEDE_CUSTOMERS: JSON.stringify({ "4711001": "center-goslar", "4711002": "center-husum" }),
    };
    mobile.customers.set("4711001", [sampleMobileDeAd("300000001"), sampleMobileDeAd("300000002")]);
    mobile.customers.set("4711002", [sampleMobileDeAd("300000003", { make: "HYUNDAI", model: "Tucson" })]);
    const { run, out, err } = cli(env);
    expect(await run("sync")).toBe(0);
    expect(out[0]).toBe("mobile.de: 3 Inserate von 2 Kundennummern gelesen (2 Abfragen).");
    expect(out[1]).toMatch(/^Import angewendet \(Lauf \d+\): 3 neu/);

    // The second ad is sold on mobile.de; the interface then fails: nothing changes, the run says why.
    mobile.customers.set("4711001", [sampleMobileDeAd("300000001")]);
    mobile.failNext(503, 4);
    expect(await run("sync")).toBe(1);
    expect(err.at(-1)).toMatch(/^Nicht importiert \(Lauf \d+\): mobile.de antwortet auf Kundennummer 4711001, Seite 1 mit HTTP 503/);
    out.length = 0;
    await run("status");
    expect(out[0]).toContain("  mobilede: 3 verfügbar, 0 verkauft");
    expect(out[1]).toMatch(/mobilede \(cli\)  failed: \+0 ~0 -0, 0 abgelehnt, 0 nicht zugeordnet\n      mobile.de antwortet/);

    expect(await run("sync")).toBe(0);
    expect(out.at(-1)).toMatch(/^Import angewendet \(Lauf \d+\): 0 neu, 0 geändert, 1 verkauft, 2 unverändert/);

    const unconfigured = cli({ MOBILEDE_CUSTOMERS: "{kaputt" });
    expect(await unconfigured.run("sync")).toBe(1);
    expect(unconfigured.err.at(-1)).toMatch(/^mobile.de ist nicht eingerichtet: MOBILEDE_CUSTOMERS ist kein JSON/);
    expect(await cli({}).run("sync", "--source", "dms")).toBe(2);
  });
});
