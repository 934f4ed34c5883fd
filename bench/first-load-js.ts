/**
 * First-load JavaScript per page type (the budget: carfinder and vehicle detail ≤ 120 KB
 * gzipped each). Reads the Vite manifest of `npm run build` and sums the gzipped size of every
 * JS file a first visit loads: the entry's static import closure plus the matched route
 * module's closure (the page's start script preloads exactly these after the first screen,
 * worker/ssr/first-screen-start.ts; see vite.config.ts).
 * Dynamic imports (loaders' lazy helpers, schemas for client navigation) are not counted: they
 * load later, on demand.
 *
 *   npm run build && npm run bench:js
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { readManifest, staticClosure, type Manifest } from "../vite-manifest.ts";

const OUT = "dist/client";
const { manifest } = readManifest(OUT, ".vite/manifest.json");
// Home and content pages without lead forms load the islands entry (ADR 0017), a build of its own;
// its static closure is counted here, the islands a page has come on top (e2e/first-load-budget.spec.ts).
const { manifest: editorialManifest } = readManifest(OUT, ".vite/editorial-manifest.json");
const BUDGET_KB = 120;

const closure = (key: string, seen = new Set<string>(), from: Manifest = manifest) => staticClosure(from, key, seen);

const gzipKb = (file: string) => gzipSync(readFileSync(join(OUT, file)), { level: 9 }).length / 1024;

const pages: Record<string, string> = {
  "/carfinder": "routes/carfinder-page.tsx",
  "/carfinder/{id}-1-{slug}": "routes/vehicle-detail-page.tsx",
  "/carfinder/vergleichen": "routes/compare-page.tsx",
  "/carfinder/favoriten": "routes/favourites-page.tsx",
  "/ and /{slug} (islands entry, without islands)": "client/islands-entry.tsx",
};

const rows = Object.entries(pages).map(([page, module]) => {
  const keys =
    module === "client/islands-entry.tsx"
      ? [...closure(module, new Set(), editorialManifest)].map((key) => editorialManifest[key]!.file)
      : [...new Set([...closure("client/entry.tsx"), ...closure(module)])].map((key) => manifest[key]!.file);
  const files = keys.filter((file) => file.endsWith(".js"));
  const chunks = files.map((file) => ({ file, kb: Number(gzipKb(file).toFixed(2)) })).sort((a, b) => b.kb - a.kb);
  const total = Number(chunks.reduce((sum, chunk) => sum + chunk.kb, 0).toFixed(1));
  return { page, module, totalKbGzip: total, withinBudget: total <= BUDGET_KB, chunks };
});

for (const row of rows) {
  console.log(`${row.page.padEnd(28)} ${String(row.totalKbGzip).padStart(6)} KB gzip ${row.withinBudget ? "ok" : `OVER ${BUDGET_KB} KB`}`);
  for (const chunk of row.chunks) console.log(`    ${String(chunk.kb).padStart(6)}  ${chunk.file}`);
}
writeFileSync(
  "bench/results/first-load-js.json",
  `${JSON.stringify({ measuredAt: new Date().toISOString(), budgetKb: BUDGET_KB, gzipLevel: 9, rows }, null, 2)}\n`,
);
