/**
 * Scale on paper (docs/scale.md): what the in-isolate pieces cost when the stock
 * and the redirect table grow 10× and 100×. Pure Node, no workerd, no D1: it runs the production
 * modules on synthetic data and measures the JavaScript side only.
 *
 *   npm run bench:scale        (about 1 minute; writes bench/results/scale.json)
 *
 * Per stock size (default 3,000 = the demo, 30,000 = 10×, 50,000 = the search bench's size, so
 * the figures can be checked against bench/results/search.json, 300,000 = 100×):
 *   rows        the generated stock (kv-seed/stock-generator.ts, same seed as `npm run seed`) as
 *               the rows D1's raw() would hand the index load (LOAD_SQL's columns, available only)
 *   build       loadStockColumns() over those rows with a stub D1: the JS part of an isolate's
 *               cold load (the D1 read itself is measured by `npm run bench:search`), median of 5
 *   memory      V8 heap + array buffers (process.memoryUsage, after a forced GC): the raw rows
 *               (and their size as JSON text, about what D1 sends for the load query),
 *               rows + index (the peak of a cold load), the index alone, the index with all sort
 *               orders; next to indexBytes(), the index's own estimate
 *   orders      the first search with each other sorting × price type builds that order: ms each
 *   pass        searchStockColumns() for the search bench's 8 query shapes, p50/p95
 *   sitemap     the vehicle part of /sitemap.xml (worker/sitemap.ts format): URLs, parts of
 *               50,000, XML bytes, time to build the strings
 * Redirects: the first-segment index (redirects/kv-layout.ts) with 64 (today), 1,000, 10,000 and
 * 100,000 distinct segments: JSON bytes, parse + schema check per isolate refresh (every 60 s);
 * and the KV bytes per legacy entry of today's table, to size a table of 100k entries.
 *
 * Times are CPU time of the process (user + system, so V8's GC helper threads count too; what
 * Workers bill, and steadier than wall time on a shared machine); wall times are recorded beside.
 * Node's V8 is not workerd's: read the times as ratios between sizes, not as workerd figures.
 * Knobs: BENCH_SCALE_SIZES (3000,30000,50000,300000), BENCH_SCALE_PASSES (50), BENCH_SCALE_OUT.
 */
import { writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { git, median, percentile, readKnobs, round1, round2, SEARCH_SHAPES } from "./bench-support.ts";
import { ACQUISITION_TYPES } from "#domain/vehicle-vocabulary.ts";
import { parseSearchQuery, SORTINGS } from "#domain/vehicle-search-query.ts";
import { vehiclePath } from "#domain/site-paths.ts";
import { PINNED_VEHICLES } from "#kv-seed/demo-vehicles.ts";
import { buildVehicle, FIRST_GENERATED_ID } from "#kv-seed/stock-generator.ts";
import { VEHICLE_COLUMNS, vehicleRow } from "#domain/vehicle-row.ts";
import legacyRedirects from "#redirects/legacy-redirects.json" with { type: "json" };
import { buildRedirectKvEntries, RedirectPrefixIndexSchema } from "#redirects/kv-layout.ts";
import { RedirectTableSchema } from "#redirects/redirect-entry-schema.ts";
import { LOAD_SQL, loadStockColumns } from "#worker/adapters/vehicle-search-index.ts";
import { indexBytes, searchStockColumns } from "#worker/search/stock-columns.ts";

const gc =
  (globalThis as { gc?: () => void }).gc ??
  (() => {
    throw new Error("run with node --expose-gc (npm run bench:scale does)");
  });
const SIZES = (process.env.BENCH_SCALE_SIZES ?? "3000,30000,50000,300000").split(",").map(Number);
const { BENCH_SCALE_PASSES: PASSES } = readKnobs({ BENCH_SCALE_PASSES: 50 });
const OUT = process.env.BENCH_SCALE_OUT ?? "bench/results/scale.json";
const BUILDS = 5;
const MIB = 2 ** 20;

// The shapes both search benches time (bench/bench-support.ts), so the pass times compare.
const SHAPES = SEARCH_SHAPES;
const ALL_ORDERS = SORTINGS.flatMap((sorting) =>
  ACQUISITION_TYPES.map((priceType) => ({
    name: `${sorting}/${priceType}`,
    query: parseSearchQuery(new URLSearchParams(`sorting=${sorting}&pricetype=${priceType}`)),
  })),
);

/** The columns LOAD_SQL selects, in its order: each row is what D1's raw() returns for it. */
const LOAD_COLUMNS = /^SELECT (.+?) FROM /.exec(LOAD_SQL)![1]!.split(", ");
const COLUMN_INDEX = LOAD_COLUMNS.map((name) => {
  const index = (VEHICLE_COLUMNS as readonly string[]).indexOf(name);
  if (index < 0) throw new Error(`LOAD_SQL column ${name} is not a vehicles column`);
  return index;
});
const STATUS_INDEX = (VEHICLE_COLUMNS as readonly string[]).indexOf("status");

/** The demo stock of `size` (pinned + generated, as kv-seed/demo-vehicles.ts), available rows only, ordered by id. */
function loadRows(size: number): { rows: unknown[][]; urls: string[] } {
  const rows: unknown[][] = [];
  const urls: string[] = [];
  const add = (full: Array<string | number | null>) => {
    if (full[STATUS_INDEX] !== "available") return;
    rows.push(COLUMN_INDEX.map((index) => full[index]));
    urls.push(vehiclePath({ id: full[0] as number, slug: full[1] as string }));
  };
  for (const { status, ...overrides } of PINNED_VEHICLES) add(vehicleRow(buildVehicle(overrides), status));
  for (let index = 0; index < size; index++) add(vehicleRow(buildVehicle({ id: FIRST_GENERATED_ID + index })));
  const order = rows.map((_, position) => position).sort((a, b) => (rows[a]![0] as number) - (rows[b]![0] as number));
  return { rows: order.map((position) => rows[position]!), urls: order.map((position) => urls[position]!) };
}

function memory(): number {
  gc();
  gc();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/**
 * The vehicle part of the sitemap as worker/sitemap.ts writes it (`urlset`, parts of 50,000 URLs;
 * that module cannot load outside the worker build, so its one-line format is repeated here).
 */
const SITEMAP_URL_LIMIT = 50_000;
function sitemapBytes(paths: string[], origin: string) {
  let xmlBytes = 0;
  for (let start = 0; start < paths.length; start += SITEMAP_URL_LIMIT) {
    const entries = paths.slice(start, start + SITEMAP_URL_LIMIT).map((path) => `<url><loc>${origin}${path}</loc></url>`);
    xmlBytes += Buffer.byteLength(
      `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join("")}</urlset>`,
    );
  }
  return { vehicleUrls: paths.length, parts: Math.ceil(paths.length / SITEMAP_URL_LIMIT), xmlBytes };
}

const stubDb = (rows: unknown[][]) => ({ prepare: () => ({ raw: async () => rows }) }) as unknown as D1Database;

/**
 * CPU time of the process (user + system, ms) and wall time of one synchronous run. CPU time is
 * what Workers bill and moves less than wall time when other jobs compete for the cores.
 */
function time<T>(run: () => T): [number, T, number] {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = run();
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  return [(used.user + used.system) / 1000, result, wall];
}

const mib = (bytes: number) => round1(bytes / MIB);

async function stockSize(size: number) {
  const base = memory();
  const [generateMs, { rows, urls }] = time(() => loadRows(size));
  const [sitemapMs, sitemap] = time(() => sitemapBytes(urls, "https://www.autohaus-gruppe-nord.de"));
  urls.length = 0; // the URL strings are the bench's, not the isolate's: out before measuring
  const withRows = memory();
  // The same rows as JSON text: roughly what D1 sends over the wire for the load query.
  let resultJsonBytes = 0;
  for (const row of rows) resultJsonBytes += Buffer.byteLength(JSON.stringify(row)) + 1;

  const buildMs: number[] = [];
  const buildWallMs: number[] = [];
  let columns = await loadStockColumns(stubDb(rows), "bench");
  for (let build = 0; build < BUILDS; build++) {
    columns = undefined as never;
    gc();
    const cpu = process.cpuUsage();
    const started = performance.now();
    columns = await loadStockColumns(stubDb(rows), "bench");
    buildWallMs.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    buildMs.push((used.user + used.system) / 1000);
  }
  const peak = memory(); // rows + index: what an isolate holds at the end of a cold load

  rows.length = 0;
  const indexAlone = memory();
  const estimateAtLoad = indexBytes(columns);

  const orderMs: Record<string, number> = {};
  for (const order of ALL_ORDERS) {
    const [ms] = time(() => searchStockColumns(columns, order.query));
    orderMs[order.name] = round2(ms);
  }
  const withOrders = memory();

  const pass: Record<string, { p50: number; p95: number; wallP50: number; total: number }> = {};
  for (const shape of SHAPES) {
    const query = parseSearchQuery(new URLSearchParams(shape.query));
    for (let warm = 0; warm < 3; warm++) searchStockColumns(columns, query);
    const samples: number[] = [];
    const wall: number[] = [];
    let total = 0;
    for (let run = 0; run < PASSES; run++) {
      const [ms, answer, wallMs] = time(() => searchStockColumns(columns, query));
      samples.push(ms);
      wall.push(wallMs);
      total = answer.total;
    }
    pass[shape.name] = { p50: round2(median(samples)), p95: round2(percentile(samples, 95)), wallP50: round2(median(wall)), total };
  }

  const result = {
    size,
    rows: columns.size,
    generateSeconds: round1(generateMs / 1000),
    buildMs: {
      median: round1(median(buildMs)),
      max: round1(Math.max(...buildMs)),
      samples: buildMs.map(round1),
      wallMedian: round1(median(buildWallMs)),
    },
    memoryMiB: {
      rawRows: mib(withRows - base),
      rowsAsJson: mib(resultJsonBytes),
      rowsPlusIndex: mib(peak - base),
      index: mib(indexAlone - base),
      indexAllOrders: mib(withOrders - base),
      indexBytesEstimate: { atLoad: mib(estimateAtLoad), allOrders: mib(indexBytes(columns)), sortOrders: columns.orders.size },
    },
    firstUseOfASortOrderMs: { max: Math.max(...Object.values(orderMs)), median: round2(median(Object.values(orderMs))), each: orderMs },
    pass,
    sitemap: { ...sitemap, buildMs: round1(sitemapMs) },
  };
  const passes = Object.values(pass);
  console.log(
    `${size}: ${columns.size} rows; build median ${result.buildMs.median} ms; memory raw rows ${result.memoryMiB.rawRows} MiB, rows+index ${result.memoryMiB.rowsPlusIndex} MiB, index ${result.memoryMiB.index} MiB (${result.memoryMiB.indexAllOrders} MiB with all orders); new sort order up to ${result.firstUseOfASortOrderMs.max} ms; pass p95 ${Math.min(...passes.map((p) => p.p95))}–${Math.max(...passes.map((p) => p.p95))} ms; sitemap ${sitemap.vehicleUrls} vehicle URLs, ${sitemap.parts} part(s), ${mib(sitemap.xmlBytes)} MiB`,
  );
  columns = undefined as never;
  return result;
}

/** The first-segment index with `count` distinct segments: its KV value and one isolate refresh. */
function redirectIndex(count: number, today: string[]) {
  const segments =
    count <= today.length
      ? today.slice(0, count)
      : [
          ...today,
          ...Array.from({ length: count - today.length }, (_, index) => `altes-verzeichnis-${String(index).padStart(6, "0")}`),
        ].sort();
  const json = JSON.stringify(segments);
  const samples: number[] = [];
  for (let run = 0; run < 20; run++) {
    const [ms] = time(() => {
      const parsed = RedirectPrefixIndexSchema.safeParse(JSON.parse(json));
      return new Set(parsed.success ? parsed.data : []);
    });
    samples.push(ms);
  }
  return {
    segments: count,
    valueBytes: Buffer.byteLength(json),
    refreshMsMedian: round2(median(samples)),
    refreshMsMax: round2(Math.max(...samples)),
  };
}

function redirects() {
  const entries = buildRedirectKvEntries(RedirectTableSchema.parse(legacyRedirects));
  const indexEntry = entries.find((entry) => entry.key.startsWith("redirect-index:"))!;
  const today = JSON.parse(indexEntry.value) as string[];
  const perEntry = entries
    .filter((entry) => entry !== indexEntry)
    .map((entry) => Buffer.byteLength(entry.key) + Buffer.byteLength(entry.value));
  const meanEntryBytes = perEntry.reduce((sum, bytes) => sum + bytes, 0) / perEntry.length;
  const result = {
    tableEntries: perEntry.length,
    firstSegmentsToday: today.length,
    meanKvBytesPerEntry: round1(meanEntryBytes),
    sourceJsonBytes: Buffer.byteLength(JSON.stringify(legacyRedirects, null, 2)),
    at100kEntries: { kvMiB: mib(meanEntryBytes * 100_000), bulkRequestsOf10k: 10 },
    firstSegmentIndex: [today.length, 1_000, 10_000, 100_000].map((count) => redirectIndex(count, today)),
  };
  console.log(
    `redirects: ${result.tableEntries} entries, ${result.firstSegmentsToday} first segments, ${result.meanKvBytesPerEntry} B per entry in KV; index refresh ${result.firstSegmentIndex.map((row) => `${row.segments}: ${row.refreshMsMedian} ms / ${row.valueBytes} B`).join(", ")}`,
  );
  return result;
}

const load = loadavg().map(round1);
if (load[0]! > 0.5 * cpus().length) console.warn(`bench: load average ${load[0]} before start: other processes compete for the cores`);
console.log(`scale bench: sizes ${SIZES.join(", ")}; ${PASSES} passes per shape; sitemap parts of ${SITEMAP_URL_LIMIT}`);
const stock = [];
for (const size of SIZES) stock.push(await stockSize(size));
const redirectFigures = redirects();

writeFileSync(
  OUT,
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      source: { commit: git("rev-parse", "--short", "HEAD"), dirty: git("status", "--porcelain").length > 0 },
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model,
        totalMemGiB: round1(totalmem() / 2 ** 30),
        node: process.version,
        loadAverageBefore: load,
        loadAverageAfter: loadavg().map(round1),
      },
      method:
        "Node + production modules on synthetic data; times = process CPU time (user + system) unless named wall; memory = heapUsed + arrayBuffers after a forced GC, relative to before the rows were generated",
      stock,
      redirects: redirectFigures,
    },
    null,
    2,
  )}\n`,
);
console.log(`written to ${OUT}`);
