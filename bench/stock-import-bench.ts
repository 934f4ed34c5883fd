/**
 * The stock import at the group's size and at 50,000 vehicles (docs/stock-import.md "Figures"):
 * a DMS JSON export of N vehicles (the demo generator's, written as the export format) imported
 * into a fresh local D1 (wrangler's getPlatformProxy, migrations applied, the demo centers seeded,
 * the demo stock removed) three times:
 *
 *   first     an empty stock: N vehicles added
 *   next day  5 % new prices, 2 % gone (sold), 1 % new vehicles
 *   again     the same file: nothing to write
 *
 * Per import: the JavaScript the worker would spend (reading and mapping the file, planning,
 * building the statements: process CPU of this Node process, which is what counts against a
 * Worker's CPU limit; D1 runs in workerd, I/O for the worker), the wall time of the D1 batch,
 * the statements and the largest bound value (D1: 100 parameters per statement, 2 MB per value,
 * 100 KB of SQL), and this process's peak RSS. "plan" is a dry run (the stocked vehicles read,
 * fingerprints, the plan); "plan+write" also holds serialising the batch to workerd. Node's V8 is not workerd's: read ms as a scale, per vehicle.
 *
 *   npm run bench:import            (BENCH_IMPORT_SIZES=3000,50000; writes bench/results/stock-import.json)
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { berlinToday } from "#domain/lead-schemas.ts";
import { readFeedFile } from "#domain/stock-feed/feed-file.ts";
import type { Vehicle } from "#domain/vehicle.ts";
import { d1BaseSeedSql } from "#kv-seed/seed-data.ts";
import { FIRST_GENERATED_ID, generateStock } from "#kv-seed/stock-generator.ts";
import { openLocalState } from "#kv-seed/local-state.ts";
import { importStock, readCenterSlugs } from "../worker/adapters/d1-stock-import.ts";
import { git, round1, round2 } from "./bench-support.ts";

const SIZES = (process.env.BENCH_IMPORT_SIZES ?? "3000,50000").split(",").map(Number);
const OUT = process.env.BENCH_OUT ?? "bench/results/stock-import.json";

/** A vehicle of the generator as a row of the DMS JSON format (our own words are valid feed words). */
function exportRow(vehicle: Vehicle): Record<string, unknown> {
  return {
    key: `D-${vehicle.id}`,
    center: vehicle.locationSlug,
    make: vehicle.brand,
    model: vehicle.model,
    variant: vehicle.modelName,
    title: vehicle.title,
    condition: vehicle.condition,
    firstRegistration: vehicle.firstRegistration,
    constructionYear: vehicle.constructionYear,
    mileageKm: vehicle.mileageKm,
    price: vehicle.price,
    listPrice: vehicle.listPrice,
    vatReportable: vehicle.vatReportable,
    fuel: vehicle.fuel,
    powerHp: vehicle.powerHp,
    gearbox: vehicle.transmission,
    drive: vehicle.driveType,
    bodyStyle: vehicle.bodyStyle,
    category: vehicle.category,
    exteriorColor: vehicle.exteriorColor,
    interiorColor: vehicle.interiorColor,
    interiorMaterial: vehicle.interiorMaterial,
    seats: vehicle.seats,
    doors: vehicle.doors,
    emissionClass: vehicle.emissionClass,
    warrantyMonths: vehicle.warrantyMonths,
    alloyWheelInch: vehicle.alloyWheelInch,
    electricRangeKm: vehicle.electricRangeKm,
    towingWeightKg: vehicle.towingWeightKg,
    maxWeightKg: vehicle.maxWeightKg,
    features: vehicle.equipment,
    wltp: vehicle.wltp,
    images: vehicle.images.map((_, index) => `https://img.example-dms.de/${vehicle.id}/${index + 1}.jpg`),
  };
}

/** Counts what reaches D1: statements, the largest bound value, the SQL's length. */
function countingDb(db: D1Database) {
  const seen = { batches: 0, statements: 0, largestValueBytes: 0, longestSqlBytes: 0, mostParameters: 0 };
  const wrap = (sql: string, statement: D1PreparedStatement, values: unknown[]): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, property, receiver) {
        if (property === "bind") return (...bound: unknown[]) => wrap(sql, target.bind(...bound), bound);
        if (property === "__values") return values;
        if (property === "__sql") return sql;
        return Reflect.get(target, property, receiver);
      },
    });
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property === "prepare") return (sql: string) => wrap(sql, target.prepare(sql), []);
      if (property === "batch")
        return (statements: D1PreparedStatement[]) => {
          seen.batches++;
          for (const statement of statements) {
            const { __values: values = [], __sql: sql = "" } = statement as unknown as { __values?: unknown[]; __sql?: string };
            seen.statements++;
            seen.mostParameters = Math.max(seen.mostParameters, values.length);
            seen.longestSqlBytes = Math.max(seen.longestSqlBytes, Buffer.byteLength(sql));
            for (const value of values)
              if (typeof value === "string") seen.largestValueBytes = Math.max(seen.largestValueBytes, Buffer.byteLength(value));
          }
          return target.batch(statements);
        };
      return Reflect.get(target, property, receiver);
    },
  });
  return { db: proxy, seen };
}

const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1_000;
};

const results = [];
for (const size of SIZES) {
  const dir = mkdtempSync(join(tmpdir(), "stock-import-bench-"));
  const store = await openLocalState(join(dir, "state"));
  try {
    // The demo's centers, no stock.
    await store.db.batch(d1BaseSeedSql().map((sql) => store.db.prepare(sql)));
    const centers = await readCenterSlugs(store.db);
    const stock = generateStock(size);
    const first = stock.map(exportRow);
    // The next day: every 20th vehicle 3 % cheaper, every 50th gone, 1 % new.
    const next = first
      .filter((_, index) => index % 50 !== 7)
      .map((row, index) => (index % 20 === 3 ? { ...row, price: Math.round((row.price as number) * 0.97) } : row))
      .concat(generateStock(Math.ceil(size / 100)).map((vehicle) => exportRow({ ...vehicle, id: vehicle.id + size + FIRST_GENERATED_ID })));
    const runs = [];
    for (const [name, rows, day] of [
      ["first", first, "2026-11-27T08:00:00Z"],
      ["next day", next, "2026-11-28T08:00:00Z"],
      ["again", next, "2026-11-28T08:15:00Z"],
    ] as const) {
      const text = JSON.stringify({ vehicles: rows });
      const now = new Date(day);
      let cpu = process.cpuUsage();
      const feed = readFeedFile(text, "json", { centers, thisMonth: berlinToday(now).slice(0, 7) });
      const readMs = cpuMs(cpu);
      // The plan alone (stocked vehicles read, fingerprints, plan; nothing written): a dry run.
      cpu = process.cpuUsage();
      await importStock(store.db, store.kv, { source: "dms", trigger: "cli", rows: feed, force: true, dryRun: true, now });
      const planCpuMs = cpuMs(cpu);
      const { db, seen } = countingDb(store.db);
      let peakRss = process.memoryUsage().rss;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, 5);
      cpu = process.cpuUsage();
      const wall = performance.now();
      const result = await importStock(db, store.kv, { source: "dms", trigger: "cli", rows: feed, force: true, dryRun: false, now });
      const importWallMs = performance.now() - wall;
      const importCpuMs = cpuMs(cpu);
      clearInterval(sampler);
      const row = {
        name,
        vehicles: rows.length,
        fileMiB: round2(Buffer.byteLength(text) / 2 ** 20),
        outcome: result.outcome,
        added: result.added,
        changed: result.changed,
        sold: result.sold,
        unchanged: result.unchanged,
        rejected: result.rejected,
        readAndMapCpuMs: round1(readMs),
        readAndMapUsPerVehicle: round2((readMs * 1_000) / rows.length),
        planCpuMs: round1(planCpuMs),
        planWriteCpuMs: round1(importCpuMs),
        planWriteWallMs: round1(importWallMs),
        statements: seen.statements,
        mostParametersPerStatement: seen.mostParameters,
        largestValueKiB: round1(seen.largestValueBytes / 1_024),
        longestSqlBytes: seen.longestSqlBytes,
        peakRssMiB: round1(peakRss / 2 ** 20),
      };
      runs.push(row);
      console.log(
        `${String(size).padStart(6)} ${name.padEnd(9)} ${result.outcome}: +${result.added} ~${result.changed} -${result.sold} =${result.unchanged} ✗${result.rejected}; read+map ${row.readAndMapCpuMs} ms CPU (${row.readAndMapUsPerVehicle} µs/vehicle), plan ${row.planCpuMs} ms CPU, plan+write ${row.planWriteCpuMs} ms CPU / ${row.planWriteWallMs} ms wall, ${row.statements} statements (≤ ${row.mostParametersPerStatement} parameters, largest value ${row.largestValueKiB} KiB, SQL ≤ ${row.longestSqlBytes} B), file ${row.fileMiB} MiB, peak RSS ${row.peakRssMiB} MiB`,
      );
    }
    results.push({ size, runs });
  } finally {
    await store.close?.();
    rmSync(dir, { recursive: true, force: true });
  }
}
writeFileSync(
  OUT,
  `${JSON.stringify({ date: new Date().toISOString(), commit: git("rev-parse", "--short", "HEAD"), node: process.version, results }, null, 2)}\n`,
);
console.log(`written to ${OUT}`);
