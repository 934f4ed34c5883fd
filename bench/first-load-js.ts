/**
 * First-load JavaScript per page type (issue 3 budget: carfinder and vehicle detail ≤ 120 KB
 * gzipped each). Reads the Vite manifest of `npm run build` and sums the gzipped size of every
 * JS file a first visit loads: the entry's static import closure plus the matched route
 * module's closure (the worker emits modulepreload links for exactly these, see vite.config.ts).
 * Dynamic imports (loaders' lazy helpers, schemas for client navigation) are not counted: they
 * load later, on demand.
 *
 *   npm run build && npm run bench:js
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  imports?: string[];
}

const OUT = "dist/client";
const manifest = JSON.parse(readFileSync(join(OUT, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;
const BUDGET_KB = 120;

function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dependency of manifest[key]?.imports ?? []) closure(dependency, seen);
  return seen;
}

const gzipKb = (file: string) => gzipSync(readFileSync(join(OUT, file)), { level: 9 }).length / 1024;

const pages: Record<string, string> = {
  "/carfinder": "routes/carfinder-page.tsx",
  "/carfinder/{id}-1-{slug}": "routes/vehicle-detail-page.tsx",
  "/carfinder/vergleichen": "routes/compare-page.tsx",
  "/carfinder/favoriten": "routes/favourites-page.tsx",
  "/": "routes/home-page.tsx",
  "/{slug}": "routes/content-page.tsx",
};

const rows = Object.entries(pages).map(([page, module]) => {
  const files = [...new Set([...closure("client/entry.tsx"), ...closure(module)])].map((key) => manifest[key]!.file).filter((file) => file.endsWith(".js"));
  const chunks = files.map((file) => ({ file, kb: Number(gzipKb(file).toFixed(2)) })).sort((a, b) => b.kb - a.kb);
  const total = Number(chunks.reduce((sum, chunk) => sum + chunk.kb, 0).toFixed(1));
  return { page, module, totalKbGzip: total, withinBudget: total <= BUDGET_KB, chunks };
});

for (const row of rows) {
  console.log(`${row.page.padEnd(28)} ${String(row.totalKbGzip).padStart(6)} KB gzip ${row.withinBudget ? "ok" : `OVER ${BUDGET_KB} KB`}`);
  for (const chunk of row.chunks) console.log(`    ${String(chunk.kb).padStart(6)}  ${chunk.file}`);
}
writeFileSync("bench/results/first-load-js.json", `${JSON.stringify({ measuredAt: new Date().toISOString(), budgetKb: BUDGET_KB, gzipLevel: 9, rows }, null, 2)}\n`);
