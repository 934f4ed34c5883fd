import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { berlinToday } from "#domain/lead-schemas.ts";
import { readFeedFile } from "#domain/stock-feed/feed-file.ts";
import { VehicleSchema } from "#domain/vehicle.ts";
import example from "../../docs/examples/dms-stock.json";
import { get } from "../test-support/requests.ts";
import { highestVehicleId } from "./d1-stocked-vehicles.ts";
import {
  importStock,
  purgeSoldVehicles,
  readCenterSlugs,
  readImportReport,
  readImportRuns,
  type StockImportRequest,
} from "./d1-stock-import.ts";
import { STOCK_VERSION_KEY } from "./stock-version.ts";

const NOW = new Date("2026-11-28T09:00:00Z");
const [GLC] = example.vehicles as Array<Record<string, unknown>>;

async function feed(rows: unknown[], now = NOW) {
  return readFeedFile(JSON.stringify({ vehicles: rows }), "json", {
    centers: await readCenterSlugs(env.DB),
    thisMonth: berlinToday(now).slice(0, 7),
  });
}
const glc = (key: string, overrides: Record<string, unknown> = {}) => ({ ...GLC, key, ...overrides });

async function run(source: string, rows: unknown[], options: Partial<StockImportRequest> = {}) {
  const now = options.now ?? NOW;
  return importStock(env.DB, env.REDIRECTS, {
    source,
    trigger: "cli",
    rows: await feed(rows, now),
    force: false,
    dryRun: false,
    now,
    ...options,
  });
}

async function idOf(sourceKey: string): Promise<number> {
  const row = await env.DB.prepare("SELECT vehicle_id FROM vehicle_sources WHERE source_key = ?")
    .bind(sourceKey)
    .first<{ vehicle_id: number }>();
  if (!row) throw new Error(`no vehicle for ${sourceKey}`);
  return row.vehicle_id;
}
const count = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())?.n ?? -1;
const snapshot = async () => ({
  vehicles: (await env.DB.prepare("SELECT id, status, price_purchase, slug FROM vehicles ORDER BY id").all()).results,
  documents: await count("SELECT COUNT(*) AS n FROM vehicle_documents"),
  sources: (await env.DB.prepare("SELECT * FROM vehicle_sources ORDER BY source_key").all()).results,
  prices: (await env.DB.prepare("SELECT * FROM vehicle_prices ORDER BY vehicle_id, valid_from").all()).results,
  version: await env.REDIRECTS.get(STOCK_VERSION_KEY),
});

describe("importStock", () => {
  it("adds a feed's vehicles beside the demo stock under new ids, with first prices and keys; the pages show them; the run is recorded", async () => {
    const highest = await count("SELECT MAX(id) AS n FROM vehicles");
    const versionBefore = await env.REDIRECTS.get(STOCK_VERSION_KEY);
    const rows = readFeedFile(JSON.stringify(example), "json", { centers: await readCenterSlugs(env.DB), thisMonth: "2026-11" });
    const result = await importStock(env.DB, env.REDIRECTS, { source: "dms", trigger: "cli", rows, force: false, dryRun: false, now: NOW });

    expect(result).toMatchObject({ outcome: "applied", added: 2, changed: 0, sold: 0, rejected: 1, unmapped: 2 });
    expect(result.stockVersion).toBeDefined();
    expect(await env.REDIRECTS.get(STOCK_VERSION_KEY)).toBe(result.stockVersion);
    expect(result.stockVersion).not.toBe(versionBefore);
    const [first, second] = [await idOf("dms:A-4711"), await idOf("dms:A-4712")];
    expect([first, second]).toEqual([highest + 1, highest + 2]);
    const row = await env.DB.prepare("SELECT * FROM vehicles WHERE id = ?").bind(first).first();
    expect(row).toMatchObject({
      status: "available",
      color_key: "black",
      location_slug: "center-goslar",
      price_purchase: 48_990,
      has_towbar: 1,
    });
    const document = await env.DB.prepare("SELECT data FROM vehicle_documents WHERE id = ?").bind(first).first<{ data: string }>();
    expect(VehicleSchema.parse(JSON.parse(document!.data))).toMatchObject({ id: first, model: "glc-suv", fuel: "pluginhybrid" });
    expect((await env.DB.prepare("SELECT price, valid_from FROM vehicle_prices WHERE vehicle_id = ?").bind(first).all()).results).toEqual([
      { price: 48_990, valid_from: "2026-11-28" },
    ]);

    const page = await get(`/carfinder/${first}-1-mercedes-benz-glc-300-e-4matic`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`/fahrzeugbild/${first}/1-1024.jpg`);

    const [latest] = await readImportRuns(env.DB);
    expect(latest).toMatchObject({
      id: result.runId,
      source: "dms",
      trigger: "cli",
      outcome: "applied",
      added: 2,
      rejected: 1,
      unmapped: 2,
    });
    const report = await readImportReport(env.DB, result.runId!);
    expect(report?.rejected).toEqual([expect.objectContaining({ row: 3, key: "A-4713", field: "price" })]);
    expect(report?.unmapped.map((issue) => issue.value)).toEqual(["Burmester Surround", "Wärmepumpe"]);
  });

  it("later imports: a new price is a point of the history, a missing vehicle is sold, one that returns keeps its id, a new title keeps the id and 301s the old slug", async () => {
    const monday = new Date("2026-11-23T09:00:00Z");
    await run("dms-b", [glc("k1"), glc("k2")], { now: monday });
    const [k1, k2] = [await idOf("dms-b:k1"), await idOf("dms-b:k2")];

    const second = await run("dms-b", [glc("k1", { price: 46_990, variant: "GLC 300 e 4MATIC AMG Line" })]);
    expect(second).toMatchObject({ outcome: "applied", added: 0, changed: 1, sold: 1, priceChanges: 1 });
    expect(
      (await env.DB.prepare("SELECT price, valid_from FROM vehicle_prices WHERE vehicle_id = ? ORDER BY valid_from").bind(k1).all())
        .results,
    ).toEqual([
      { price: 48_990, valid_from: "2026-11-23" },
      { price: 46_990, valid_from: "2026-11-28" },
    ]);
    expect(await env.DB.prepare("SELECT status, sold_at FROM vehicles WHERE id = ?").bind(k2).first()).toEqual({
      status: "sold",
      sold_at: NOW.toISOString(),
    });
    expect((await get(`/carfinder/${k2}-1-mercedes-benz-glc-300-e-4matic`)).status).toBe(404);
    const moved = await get(`/carfinder/${k1}-1-mercedes-benz-glc-300-e-4matic`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe(`/carfinder/${k1}-1-mercedes-benz-glc-300-e-4matic-amg-line`);

    const third = await run("dms-b", [glc("k1", { price: 46_990, variant: "GLC 300 e 4MATIC AMG Line" }), glc("k2")]);
    expect(third).toMatchObject({ added: 0, changed: 1, sold: 0, unchanged: 1, priceChanges: 0 });
    expect(await idOf("dms-b:k2")).toBe(k2);
    expect(await env.DB.prepare("SELECT status, sold_at FROM vehicles WHERE id = ?").bind(k2).first()).toEqual({
      status: "available",
      sold_at: null,
    });

    // The same feed again: nothing to write, the stock version stays.
    const version = await env.REDIRECTS.get(STOCK_VERSION_KEY);
    expect(await run("dms-b", [glc("k1", { price: 46_990, variant: "GLC 300 e 4MATIC AMG Line" }), glc("k2")])).toMatchObject({
      outcome: "applied",
      added: 0,
      changed: 0,
      unchanged: 2,
    });
    expect(await env.REDIRECTS.get(STOCK_VERSION_KEY)).toBe(version);
  });

  it("a source's import never sells another source's vehicles, and a refused row's vehicle stays as it is", async () => {
    await run("dms-c", [glc("c1"), glc("c2")]);
    const demoAvailable = await count(
      "SELECT COUNT(*) AS n FROM vehicles v JOIN vehicle_sources s ON s.vehicle_id = v.id WHERE s.source_key LIKE 'demo:%' AND v.status = 'available'",
    );
    const result = await run("dms-c", [glc("c1"), glc("c2", { price: "viel" })]);
    expect(result).toMatchObject({ sold: 0, kept: 1, unchanged: 1, rejected: 1 });
    expect(
      await env.DB.prepare("SELECT status FROM vehicles WHERE id = ?")
        .bind(await idOf("dms-c:c2"))
        .first(),
    ).toEqual({ status: "available" });
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM vehicles v JOIN vehicle_sources s ON s.vehicle_id = v.id WHERE s.source_key LIKE 'demo:%' AND v.status = 'available'",
      ),
    ).toBe(demoAvailable);
  });

  it("the safety valve refuses an import that would empty a center, changes nothing, records why; --force applies it", async () => {
    const rows = Array.from({ length: 12 }, (_, index) => glc(`v${index}`));
    await run("dms-d", rows);
    const before = await snapshot();
    const refused = await run("dms-d", rows.slice(0, 2));
    expect(refused).toMatchObject({
      outcome: "refused",
      sold: 10,
      valve: [
        { location: "center-goslar", available: 12, sold: 10 },
        { location: "alle Standorte der Quelle", available: 12, sold: 10 },
      ],
    });
    expect(refused.message).toMatch(/center-goslar 10 von 12 Fahrzeugen \(83 %\).*--force/);
    expect(await snapshot()).toEqual(before);
    expect((await readImportRuns(env.DB))[0]).toMatchObject({ outcome: "refused", sold: 10, message: refused.message });

    expect(await run("dms-d", rows.slice(0, 2), { force: true })).toMatchObject({ outcome: "applied", sold: 10 });
  });

  it("a dry run plans and writes nothing", async () => {
    const before = await snapshot();
    const runs = (await readImportRuns(env.DB)).length;
    expect(await run("dms-e", [glc("e1")], { dryRun: true })).toMatchObject({ outcome: "dry-run", added: 1 });
    expect(await snapshot()).toEqual(before);
    expect((await readImportRuns(env.DB)).length).toBe(runs);
  });

  it("a write that fails halfway changes nothing: one D1 transaction, recorded as failed", async () => {
    const rows = await feed([glc("f1"), glc("f2")]);
    // The vehicles are written first; the price history's CHECK (price > 0) then fails the batch.
    const broken = rows.vehicles[1]!;
    broken.vehicle = { ...broken.vehicle, price: 0, offers: [{ type: "purchase", price: 0 }] };
    const before = await snapshot();
    const result = await importStock(env.DB, env.REDIRECTS, {
      source: "dms-f",
      trigger: "cli",
      rows,
      force: false,
      dryRun: false,
      now: NOW,
    });
    expect(result.outcome).toBe("failed");
    expect(result.message).toMatch(/nichts wurde geändert/);
    expect(await snapshot()).toEqual(before);
    expect((await readImportRuns(env.DB))[0]).toMatchObject({ outcome: "failed", source: "dms-f" });
  });

  /** env.DB, but each batch first lets `before` run (another import writing between this one's plan and its write). */
  function interleaved(before: (attempt: number) => Promise<unknown>) {
    let batches = 0;
    const db = new Proxy(env.DB, {
      get(target, property) {
        if (property === "batch")
          return async (statements: D1PreparedStatement[]) => {
            batches++;
            await before(batches);
            return target.batch(statements);
          };
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    return { db, batches: () => batches };
  }

  it("two imports at once: the one that writes second plans again from the other's stock, so no id is given twice", async () => {
    const highest = await count("SELECT MAX(id) AS n FROM vehicles");
    const other = interleaved(async (attempt) => (attempt === 1 ? run("dms-other", [glc("o-1")]) : undefined));
    const result = await importStock(other.db, env.REDIRECTS, {
      source: "dms-first",
      trigger: "cli",
      rows: await feed([glc("c-1")]),
      force: false,
      dryRun: false,
      now: NOW,
    });
    expect(result).toMatchObject({ outcome: "applied", added: 1 });
    expect(other.batches()).toBe(2);
    expect([await idOf("dms-other:o-1"), await idOf("dms-first:c-1")]).toEqual([highest + 1, highest + 2]);
    for (const id of [highest + 1, highest + 2]) {
      const document = await env.DB.prepare("SELECT data FROM vehicle_documents WHERE id = ?").bind(id).first<{ data: string }>();
      expect(JSON.parse(document!.data)).toMatchObject({ id });
    }
    expect((await readImportRuns(env.DB)).slice(0, 2).map((run) => [run.source, run.outcome])).toEqual([
      ["dms-first", "applied"],
      ["dms-other", "applied"],
    ]);
  });

  it("an import that finds another import's write at both attempts changes nothing of its own and says why", async () => {
    const other = interleaved((attempt) => run(`dms-busy-${attempt}`, [glc(`busy-${attempt}`)]));
    const result = await importStock(other.db, env.REDIRECTS, {
      source: "dms-late",
      trigger: "cli",
      rows: await feed([glc("late-1")]),
      force: false,
      dryRun: false,
      now: NOW,
    });
    expect(result.outcome).toBe("failed");
    expect(result.message).toBe(
      "Ein anderer Import hat den Bestand während dieses Laufs zweimal geändert; nichts wurde geändert. Bitte erneut ausführen.",
    );
    expect(await count("SELECT COUNT(*) AS n FROM vehicle_sources WHERE source_key LIKE 'dms-late:%'")).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM vehicle_sources WHERE source_key LIKE 'dms-busy-%'")).toBe(2);
    expect((await readImportRuns(env.DB))[0]).toMatchObject({ source: "dms-late", outcome: "failed" });
  });

  it("feed rows with script in every text field are shown as text", async () => {
    const script = '</script><script>alert("feed")</script>';
    await run("dms-g", [
      glc("g1", {
        title: `GLC ${script}`,
        variant: `GLC ${script}`,
        exteriorColor: script,
        interiorColor: script,
        offers: [{ ...(GLC!.offers as object[])[0], bank: script }],
      }),
    ]);
    const id = await idOf("dms-g:g1");
    const page = await get(`/carfinder/${id}-1-glc-script-script-alert-feed-script`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('<script>alert("feed")');
    expect(html).toContain("&lt;/script&gt;&lt;script&gt;alert");
  });

  it("a colour family that changes alone is written (the carfinder's colour filter)", async () => {
    await run("dms-i", [glc("i1", { colorFamily: "Schwarz" })]);
    expect(await run("dms-i", [glc("i1", { colorFamily: "Grau" })])).toMatchObject({ changed: 1, unchanged: 0 });
    expect(
      await env.DB.prepare("SELECT color_key FROM vehicles WHERE id = ?")
        .bind(await idOf("dms-i:i1"))
        .first(),
    ).toEqual({ color_key: "grey" });
  });

  it("KV failing after the commit: the run says so, and the next run, even with nothing to change, moves the version", async () => {
    const failingKv = new Proxy(env.REDIRECTS, {
      get: (target, property, receiver) =>
        property === "put" ? () => Promise.reject(new Error("KV put failed")) : Reflect.get(target, property, receiver),
    });
    const before = await env.REDIRECTS.get(STOCK_VERSION_KEY);
    const first = await importStock(env.DB, failingKv, {
      source: "dms-j",
      trigger: "cli",
      rows: await feed([glc("j1")]),
      force: false,
      dryRun: false,
      now: NOW,
    });
    expect(first).toMatchObject({
      outcome: "applied",
      added: 1,
      message: expect.stringMatching(/Bestandsversion in KV konnte nicht gesetzt werden/),
    });
    expect(await env.REDIRECTS.get(STOCK_VERSION_KEY)).toBe(before);
    const again = await run("dms-j", [glc("j1")]);
    expect(again).toMatchObject({ outcome: "applied", added: 0, changed: 0 });
    expect(await env.REDIRECTS.get(STOCK_VERSION_KEY)).toMatch(/^import-dms-j-/);
  });

  it("ids are never reused: a vehicle after the retention deleted the highest gets a new one", async () => {
    await run("dms-k", [glc("k-keep"), glc("k-last")]);
    const last = await idOf("dms-k:k-last");
    expect(await highestVehicleId(env.DB)).toBe(last);
    await run("dms-k", [glc("k-keep")]);
    const deleted = await purgeSoldVehicles(env.DB, new Date(NOW.getTime() + 2 * 86_400_000), 1);
    expect(deleted).toBeGreaterThan(0);
    expect(await env.DB.prepare("SELECT id FROM vehicles WHERE id = ?").bind(last).first()).toBeNull();
    expect(await highestVehicleId(env.DB)).toBe(last);
    await run("dms-k", [glc("k-keep"), glc("k-new")]);
    expect(await idOf("dms-k:k-new")).toBe(last! + 1);
  });

  it("the retention deleting a vehicle between an import's plan and its write makes the import plan again: it comes back as a new vehicle", async () => {
    await run("dms-p", [glc("p-keep"), glc("p-back")]);
    const old = await idOf("dms-p:p-back");
    await run("dms-p", [glc("p-keep")]);
    const retention = interleaved(async (attempt) =>
      attempt === 1
        ? expect(await purgeSoldVehicles(env.DB, new Date(NOW.getTime() + 86_400_000 + 60_000), 1)).toBeGreaterThan(0)
        : undefined,
    );
    const result = await importStock(retention.db, env.REDIRECTS, {
      source: "dms-p",
      trigger: "cli",
      rows: await feed([glc("p-keep"), glc("p-back")]),
      force: false,
      dryRun: false,
      now: NOW,
    });
    expect(result).toMatchObject({ outcome: "applied", added: 1 });
    expect(retention.batches()).toBe(2);
    expect(await idOf("dms-p:p-back")).toBeGreaterThan(old);
    expect(await env.DB.prepare("SELECT id FROM vehicles WHERE id = ?").bind(old).first()).toBeNull();
  });
});
