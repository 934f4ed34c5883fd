import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLocalState } from "#kv-seed/local-state.ts";
import { seedD1, STOCK_VERSION_KEY } from "#kv-seed/seed-data.ts";
import { importStock } from "#worker/adapters/d1-stock-import.ts";
import { OFFLINE_ENV } from "../offline.ts";

/**
 * The fault test of the stock import: `npm run stock -- import` as a real process (Node, and the
 * workerd that holds the local D1 and KV), killed with SIGKILL, process group and all, at points
 * spread over its write: as it begins, during it, as it ends. After each kill the state must be one
 * import or the other, never a mix: every vehicle of the file at the same price in `vehicles`, in
 * its document and in today's price point, a run recorded exactly when that price landed, and the
 * stock version in KV that of the last applied run unless that run's KV write is still pending
 * (the next run writes it). Then a run to the end works on what the kills left.
 */
const VEHICLES = 1_500;
const BASE_PRICE = 40_000;
const [GLC] = (JSON.parse(readFileSync("docs/examples/dms-stock.json", "utf8")) as { vehicles: Array<Record<string, unknown>> }).vehicles;

let dir = "";
const fileOf = (round: number) => join(dir, `export-${round}.json`);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "stock-kill-"));
  const state = await openLocalState(join(dir, "state"));
  try {
    await seedD1(state.db, state.kv, importStock, 100);
  } finally {
    await state.close();
  }
  // Round k: the same vehicles, all at BASE_PRICE + k, so every round rewrites all of them.
  for (let round = 0; round <= 6; round++)
    writeFileSync(
      fileOf(round),
      JSON.stringify({
        vehicles: Array.from({ length: VEHICLES }, (_, index) => ({ ...GLC, key: `K-${index}`, price: BASE_PRICE + round })),
      }),
    );
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface ImportProcess {
  code: number | null;
  signal: string | null;
  /** From the "Schreibe: …" line (the write begins) to the process's end. */
  writeMs: number;
}

/**
 * Runs the import as `npm run stock` does; SIGKILLs its process group `killAfterWriteMs` after it
 * says it begins to write (stderr "Schreibe: …", printed just before the D1 batch).
 */
function importProcess(round: number, killAfterWriteMs?: number): Promise<ImportProcess> {
  let writing = 0;
  const child = spawn(
    process.execPath,
    ["scripts/stock.ts", "import", fileOf(round), "--format", "json", "--source", "dms-kill", "--persist-to", join(dir, "state")],
    {
      detached: true,
      stdio: ["ignore", "ignore", "pipe"],
      env: { ...process.env, ...OFFLINE_ENV },
    },
  );
  let timer: NodeJS.Timeout | undefined;
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    if (writing === 0 && stderr.includes("Schreibe:")) {
      writing = Date.now();
      if (killAfterWriteMs !== undefined)
        timer = setTimeout(() => {
          try {
            process.kill(-(child.pid ?? 0), "SIGKILL");
          } catch {
            // already gone
          }
        }, killAfterWriteMs);
    }
  });
  return new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      // The workerd of a run that ended by itself has gone with it; one of a killed run too (same group).
      resolve({ code, signal, writeMs: writing === 0 ? -1 : Date.now() - writing });
    }),
  );
}

interface Observed {
  prices: number[];
  runs: number;
}

/** Checks the state is whole and says which round's prices it holds. */
async function observe(): Promise<Observed> {
  const state = await openLocalState(join(dir, "state"));
  try {
    const rows = await state.db
      .prepare(
        `SELECT v.price_purchase AS price, json_extract(d.data, '$.price') AS document,
                (SELECT p.price FROM vehicle_prices p WHERE p.vehicle_id = v.id ORDER BY p.valid_from DESC LIMIT 1) AS point
           FROM vehicle_sources s JOIN vehicles v ON v.id = s.vehicle_id JOIN vehicle_documents d ON d.id = v.id
          WHERE s.source_key LIKE 'dms-kill:%'`,
      )
      .all<{ price: number; document: number; point: number }>();
    for (const row of rows.results) expect([row.document, row.point]).toEqual([row.price, row.price]);
    const prices = [...new Set(rows.results.map((row) => row.price))];
    expect(rows.results.length === 0 || rows.results.length === VEHICLES).toBe(true);
    const runs = await state.db
      .prepare("SELECT id, outcome, stock_version, version_set FROM stock_import_runs WHERE source = 'dms-kill' ORDER BY id DESC")
      .all<{ id: number; outcome: string; stock_version: string | null; version_set: number }>();
    expect(runs.results.every((run) => run.outcome === "applied")).toBe(true);
    const [last] = runs.results;
    if (last && last.version_set === 1) expect(await state.kv.get(STOCK_VERSION_KEY)).toBe(last.stock_version);
    return { prices, runs: runs.results.length };
  } finally {
    await state.close();
  }
}

describe("npm run stock killed at any moment", () => {
  it("leaves the stock one import or the other, never half of one, and the next run completes", { timeout: 300_000 }, async () => {
    const calibration = await importProcess(0);
    expect(calibration.code).toBe(0);
    expect(calibration.writeMs).toBeGreaterThan(0);
    expect(await observe()).toEqual({ prices: [BASE_PRICE], runs: 1 });

    let applied = 1;
    let current = BASE_PRICE;
    const outcomes: string[] = [];
    // Killed as the write begins, during it and as it ends (shares of the first run's write and exit).
    for (const [index, share] of [0, 0.1, 0.3, 0.6, 0.9].entries()) {
      const round = index + 1;
      const run = await importProcess(round, Math.round(calibration.writeMs * share));
      const seen = await observe();
      // Either the round's write committed whole (its price and its run) or not at all.
      expect([[current], [BASE_PRICE + round]]).toContainEqual(seen.prices);
      const landed = seen.prices[0] === BASE_PRICE + round;
      if (landed) {
        applied++;
        current = BASE_PRICE + round;
      }
      expect(seen.runs).toBe(applied);
      outcomes.push(`${share}: ${run.signal ?? `exit ${run.code}`}, ${landed ? "applied" : "not applied"}`);
    }
    console.log(`stock import killed at shares of a write (to the process's end) of ${calibration.writeMs} ms: ${outcomes.join("; ")}`);

    const last = await importProcess(6);
    expect(last.code).toBe(0);
    expect((await observe()).prices).toEqual([BASE_PRICE + 6]);
  });
});
