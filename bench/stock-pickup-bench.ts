/**
 * How soon the site shows a finished import (docs/stock-import.md "When the site shows an import"):
 * the production bundle on Miniflare/workerd over a copy of the seeded state, the HTML cache on as
 * deployed, every cache warmed just before the import (the worst case). Round r pushes a DMS export of r new vehicles for the source
 * `dms-pickup` to /admin/stock (the previous round's are then sold: the center gains one) and
 * polls, every 50 ms from the moment the import answered:
 *
 *   search    /api/vehicles/search?location=center-goslar: the in-isolate index (its total)
 *   carfinder /carfinder?location=center-goslar: the rendered, HTML-cached page (its count)
 *   new page  the new vehicle's page answers 200
 *   sold page the sold vehicle's page no longer offers it (404 / "nicht mehr verfügbar")
 *
 * and checks on every poll that the search never mixes two imports: its total and its facet count
 * for the center are both the old stock's or both the new one's.
 *
 *   npm run build && npm run seed && npm run bench:pickup     (BENCH_PICKUP_ROUNDS=3)
 *
 * Locally KV is read-your-writes; deployed, KV takes up to 60 s to reach every location, which adds
 * to these figures (the version is read from KV).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Miniflare } from "miniflare";
import { vehiclePath } from "#domain/site-paths.ts";
import { appWorker, buildProductionBundle, fail, git, readKnobs, round1, runtimeOptions } from "./bench-support.ts";

const { BENCH_PICKUP_ROUNDS: ROUNDS } = readKnobs({ BENCH_PICKUP_ROUNDS: 3 });
const OUT = process.env.BENCH_OUT ?? "bench/results/stock-pickup.json";
const TOKEN = "bench-stock-admin-token-0123456789abcdef";
const POLL_MS = 50;
const GIVE_UP_MS = 90_000;
const CENTER = "center-goslar";

if (!existsSync("dist/build-info.json")) fail("dist/ is missing: run `npm run build` first");
if (!existsSync(".wrangler/state/v3/d1")) fail("no seeded state: run `npm run seed` first");

const stateDir = mkdtempSync(join(tmpdir(), "stock-pickup-"));
cpSync(".wrangler/state/v3", stateDir, { recursive: true });
const { modules } = buildProductionBundle("bench/.work/pickup-bundle");
const mf = new Miniflare({
  ...runtimeOptions(stateDir),
  workers: [appWorker("app", modules, { assets: "dist/client", vars: { STOCK_ADMIN_TOKEN: TOKEN } }, true)],
});
await mf.ready;
const base = await mf.unsafeGetDirectURL("app");
const db = await mf.getD1Database("DB");

const template = (JSON.parse(readFileSync("docs/examples/dms-stock.json", "utf8")) as { vehicles: Record<string, unknown>[] }).vehicles[0];
if (!template) fail("docs/examples/dms-stock.json has no vehicle");

async function get(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(new URL(path, base), { headers: { Accept: "text/html,*/*" }, redirect: "manual" });
  return { status: response.status, text: await response.text() };
}

const SEARCH = `/api/vehicles/search?location=${CENTER}`;
const CARFINDER = `/carfinder?location=${CENTER}`;

async function searchState(): Promise<{ total: number; facet: number | undefined }> {
  const body = JSON.parse((await get(SEARCH)).text) as { total: number; facets?: Record<string, Record<string, number>> };
  return { total: body.total, facet: body.facets?.location?.[CENTER] };
}
async function carfinderCount(): Promise<number> {
  const match = /<strong>([\d.]+)<\/strong>\s*(?:<!-- -->)?\s*Fahrzeuge? gefunden/.exec((await get(CARFINDER)).text);
  return match ? Number(match[1]?.replaceAll(".", "")) : Number.NaN;
}
async function availableAtCenter(): Promise<number> {
  const row = await db
    .prepare("SELECT COUNT(*) AS n FROM vehicles WHERE status = 'available' AND location_slug = ?")
    .bind(CENTER)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
async function vehiclePathOf(key: string): Promise<string> {
  const row = await db
    .prepare("SELECT v.id AS id, v.slug AS slug FROM vehicle_sources s JOIN vehicles v ON v.id = s.vehicle_id WHERE s.source_key = ?")
    .bind(`dms-pickup:${key}`)
    .first<{ id: number; slug: string }>();
  if (!row) fail(`no vehicle for ${key}`);
  return vehiclePath(row);
}
const offered = (page: { status: number; text: string }) => page.status === 200 && !page.text.includes("nicht mehr verfügbar");

/** Round r's export: r vehicles, none of the previous round's (sold), so the center gains one. */
async function importRound(round: number): Promise<void> {
  const rows = Array.from({ length: round }, (_, index) => ({
    ...template,
    key: `PICKUP-${round}-${index + 1}`,
    variant: `GLC 300 e 4MATIC Messung ${round}-${index + 1}`,
  }));
  const response = await fetch(new URL("/admin/stock/import?format=json&source=dms-pickup", base), {
    method: "POST",
    headers: { Authorization: `Bearer ${TOKEN}`, "Content-Type": "application/json" },
    body: JSON.stringify({ vehicles: rows }),
  });
  if (response.status !== 200) fail(`import ${round}: ${response.status} ${await response.text()}`);
}

/** Polls `check` from now until it holds; the milliseconds it took. */
async function until(check: () => Promise<boolean>, started: number, state: () => string): Promise<number> {
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > GIVE_UP_MS) fail(`not seen within ${GIVE_UP_MS} ms: ${state()}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const rounds = [];
let previous: string | undefined;
let mixes = 0;
let polls = 0;
let lastCount = 0;
let soldAnswer = "";
try {
  for (let round = 1; round <= ROUNDS; round++) {
    // The worst case: let every kept read expire (the longest is kept 10 s), then warm each cache
    // the measured reads use (the index's version check, the rendered carfinder, the sold vehicle's
    // document) just before the import, so that each has its whole keep time still to run.
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    const before = await availableAtCenter();
    await searchState();
    await carfinderCount();
    if (previous) await get(previous);

    await importRound(round);
    const started = Date.now();
    const after = await availableAtCenter();
    const path = await vehiclePathOf(`PICKUP-${round}-1`);
    const sold = previous;
    const seen: Record<string, number | null> = { search: null, carfinder: null, newPage: null, soldPage: sold ? null : 0 };
    await until(
      async () => {
        const elapsed = Date.now() - started;
        const state = await searchState();
        polls++;
        if (![before, after].includes(state.total) || state.facet !== state.total) mixes++;
        if (seen.search === null && state.total === after) seen.search = elapsed;
        lastCount = await carfinderCount();
        if (seen.carfinder === null && lastCount === after) seen.carfinder = elapsed;
        if (seen.newPage === null && offered(await get(path))) seen.newPage = elapsed;
        if (seen.soldPage === null && sold) {
          const page = await get(sold);
          if (!offered(page)) {
            seen.soldPage = elapsed;
            soldAnswer = `${page.status}${page.text.includes("nicht mehr verfügbar") ? ", nicht mehr verfügbar" : ""}`;
          }
        }
        return Object.values(seen).every((value) => value !== null);
      },
      started,
      () => JSON.stringify({ before, after, path, sold, seen, lastCount }),
    );
    console.log(
      `round ${round}: ${before} → ${after} at ${CENTER}; seen after ` +
        Object.entries(seen)
          .map(([name, ms]) => `${name} ${round1((ms ?? 0) / 1000)} s`)
          .join(", ") +
        (sold ? ` (sold page: ${soldAnswer})` : ""),
    );
    rounds.push({ round, before, after, seenMs: seen });
    previous = path;
  }
} finally {
  await mf.dispose();
  rmSync(stateDir, { recursive: true, force: true });
}

const worst = Math.max(...rounds.flatMap((round) => Object.values(round.seenMs).map((ms) => ms ?? 0)));
console.log(`slowest: ${round1(worst / 1000)} s; polls that mixed two imports: ${mixes} of ${polls}`);
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(
  OUT,
  `${JSON.stringify({ date: new Date().toISOString(), commit: git("rev-parse", "--short", "HEAD"), pollMs: POLL_MS, rounds, worstMs: worst, polls, mixes }, null, 2)}\n`,
);
if (mixes > 0) process.exitCode = 1;
