import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NON_ISLAND_LAZY_MODULES, readManifest, staticClosure, type Manifest } from "./vite-manifest.ts";

/**
 * The import directions and "no zod on the first load" are lint rules (biome.imports.jsonc, run by
 * `npm run lint`; docs/code-health.md "Import rules"). These tests keep the rules honest:
 * a planted file per folder must be refused (every form of import, relative paths included) and the
 * allowed imports must pass; and the build's first load must hold no zod, which no per-file rule can see.
 */

/** Files whose every line is a forbidden import: each line must draw a noRestrictedImports error. */
const FORBIDDEN: Record<string, string[]> = {
  "domain/planted.ts": [
    'import "hono";',
    'export type { Hono } from "hono";',
    'import "node:fs";',
    'import "zod/mini";',
    'import "#ui/heading.tsx";',
    'import "../ui/heading.tsx";',
    'import "../vite-manifest.ts";',
    'export * from "#redirects/redirect-index.ts";',
    'await import("#worker/app.ts");',
    'import * as z from "zod";',
  ],
  "domain/stock-feed/planted.ts": ['import "../../worker/app.ts";', 'import "../../kv-seed/demo-vehicles.ts";', 'import "../../x.ts";'],
  "redirects/planted.ts": ['import "#ui/heading.tsx";', 'import "../content/story-schema.ts";', 'import "hono";', 'import "vitest";'],
  "ui/planted.tsx": [
    'import "../worker/app.ts";',
    'import "#worker/app.ts";',
    'export type { AppEnv } from "#worker/env.ts";',
    'import "#content/block-schemas.ts";',
    'import "../routes/route-table.ts";',
    'import "#client/entry.tsx";',
    'import "#kv-seed/demo-vehicles.ts";',
    'import "../scripts/seed.ts";',
    'import "react-dom/server";',
    'import "cloudflare:workers";',
    'import * as z from "zod";',
    'export { VehicleSchema } from "#domain/vehicle.ts";',
  ],
  "ui/location/planted.tsx": ['import "../../worker/app.ts";', 'import "../../../worker/app.ts";', 'import "hono/jsx";'],
  "routes/planted.tsx": [
    'import "../worker/app.ts";',
    'import "#client/entry.tsx";',
    'import "#redirects/redirect-index.ts";',
    'import "react-dom/server.edge";',
    'import "toucan-js";',
    'import * as z from "zod";',
  ],
  "client/planted.ts": [
    'import "#worker/app.ts";',
    'import "../kv-seed/demo-vehicles.ts";',
    'import "storyblok-js-client";',
    'import { object } from "zod";',
    'import type { VehicleSchema } from "#domain/vehicle.ts";',
  ],
  "content/planted.ts": ['import "#routes/route-table.ts";', 'import "../worker/app.ts";', 'import "storyblok-js-client";'],
  "kv-seed/planted.ts": ['import "#worker/app.ts";', 'import "../ui/heading.tsx";', 'import "react";'],
  "kv-seed/geo/planted.ts": ['import "../../routes/route-table.ts";'],
  "worker/planted.ts": ['import "#kv-seed/demo-vehicles.ts";', 'import "../scripts/seed.ts";', 'import "#client/entry.tsx";'],
  "worker/ssr/planted.ts": ['import "../../kv-seed/demo-vehicles.ts";', 'import("../../kv-seed/demo-vehicles.ts");'],
  "worker/planted.test.ts": ['import "#client/entry.tsx";', 'import "../scripts/seed.ts";'],
  "ui/planted.test.tsx": ['import "#worker/app.ts";'],
};

/** Files of allowed imports only: none may draw a noRestrictedImports error. */
const ALLOWED: Record<string, string[]> = {
  "domain/allowed.ts": ['import type { z } from "zod";', 'import "#domain/brands.ts";', 'import "./brands.ts";'],
  "domain/route-params.ts": ['import * as z from "zod";'],
  "domain/form-validation/allowed.ts": ['import "../brands.ts";', 'import "./messages.ts";'],
  "domain/allowed.test.ts": ['import "vitest";', 'import "node:fs";', 'import "#kv-seed/demo-vehicles.ts";'],
  "redirects/allowed.ts": ['import * as z from "zod";', 'import "#domain/brands.ts";', 'import "./redirect-index.ts";'],
  "ui/allowed.tsx": ['import "#domain/brands.ts";', 'import "./heading.tsx";', 'import "react";', 'import type { z } from "zod";'],
  "ui/carfinder/allowed-schema.ts": ['import * as z from "zod";', 'import { VehicleSchema } from "#domain/vehicle.ts";'],
  "routes/allowed.tsx": [
    'import "#ui/heading.tsx";',
    'import "../content/block-schemas.ts";',
    'import "react-router";',
    'const { LocationParamSchema } = await import("#domain/route-params.ts");',
  ],
  "routes/allowed.test.tsx": ['import "#kv-seed/demo-vehicles.ts";', 'import "react-dom/server";'],
  "client/api-schemas.ts": ['import * as z from "zod";', 'import { VehicleSchema } from "#domain/vehicle.ts";'],
  "kv-seed/allowed.ts": [
    'import "#content/story-schema.ts";',
    'import "../content/storyblok-image.ts";',
    'import "node:fs";',
    'import "wrangler";',
  ],
  "worker/allowed.ts": ['import "#routes/route-table.ts";', 'import "hono";', 'import "../dist/build-info.json";'],
  "worker/test-support/allowed.ts": ['import "#kv-seed/demo-vehicles.ts";'],
  "worker/ssr/allowed.test.ts": ['import "../../kv-seed/demo-vehicles.ts";'],
};

interface Diagnostic {
  category: string;
  location: { path: string; start: { line: number } };
}

let diagnostics: Diagnostic[] = [];
let workDir = "";

// Biome runs on the planted files in a copy of the configuration, never in the shared tree.
beforeAll(() => {
  workDir = mkdtempSync(join(tmpdir(), "import-rules-"));
  for (const config of ["biome.jsonc", "biome.imports.jsonc"]) copyFileSync(config, join(workDir, config));
  for (const [file, lines] of Object.entries({ ...FORBIDDEN, ...ALLOWED })) {
    mkdirSync(join(workDir, dirname(file)), { recursive: true });
    writeFileSync(join(workDir, file), `${lines.join("\n")}\n`);
  }
  const biome = spawnSync(
    process.execPath,
    [
      join(process.cwd(), "node_modules/@biomejs/biome/bin/biome"),
      "lint",
      "--vcs-enabled=false",
      "--reporter=json",
      "--max-diagnostics=none",
      ".",
    ],
    { cwd: workDir, encoding: "utf8" },
  );
  // An invalid configuration prints no report, only its error.
  if (!biome.stdout.startsWith("{")) throw new Error(`Biome gave no report: ${biome.stderr}`);
  diagnostics = (JSON.parse(biome.stdout) as { diagnostics: Diagnostic[] }).diagnostics;
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const refusedLines = (file: string) =>
  new Set(
    diagnostics
      .filter((diagnostic) => diagnostic.category === "lint/style/noRestrictedImports" && diagnostic.location.path === file)
      .map((diagnostic) => diagnostic.location.start.line),
  );

describe("the import rules of biome.imports.jsonc", () => {
  it.each(Object.entries(FORBIDDEN))("refuse every import planted in %s", (file, lines) => {
    const refused = refusedLines(file);
    expect(lines.filter((_, index) => !refused.has(index + 1))).toEqual([]);
  });

  it.each(Object.entries(ALLOWED))("let the allowed imports of %s pass", (file) => {
    expect([...refusedLines(file)]).toEqual([]);
  });
});

/** What every chunk holding zod's core has: zod names its schema classes with string literals (minified to any quote). */
const ZOD_MARKER = /["'`]\$ZodType["'`]/;
const OUT = "dist/client";

/**
 * The first load of every page: the app entry with each route page module (the worker preloads
 * their static closures), and the islands entry with each island (preloaded for the islands a
 * page has, ADR 0017). Dynamic imports load later and are not counted, as in bench/first-load-js.ts.
 */
function firstLoads(): { root: string; manifest: Manifest }[] {
  const { manifest } = readManifest(OUT, ".vite/manifest.json");
  const { manifest: editorial } = readManifest(OUT, ".vite/editorial-manifest.json");
  const pages = [...readFileSync("routes/route-table.ts", "utf8").matchAll(/page\("(routes\/[\w-]+\.tsx)"/g)].map(
    (match) => match[1] ?? "",
  );
  const islands = (editorial["client/islands-entry.tsx"]?.dynamicImports ?? []).filter(
    (key) => !NON_ISLAND_LAZY_MODULES.has(editorial[key]?.src ?? ""),
  );
  return [
    ...["client/entry.tsx", ...new Set(pages)].map((root) => ({ root, manifest })),
    ...["client/islands-entry.tsx", ...islands].map((root) => ({ root, manifest: editorial })),
  ];
}

// Reads the build `npm test` makes first (like routes/route-chunks.test.ts). The lint rules see one
// file at a time; this sees the graph: a zod import three modules below a page would land here.
it("no chunk of any page's first load holds zod's code (ADR 0006)", () => {
  const holdsZod = new Map<string, boolean>();
  const zodIn = (file: string) => {
    if (!holdsZod.has(file)) holdsZod.set(file, ZOD_MARKER.test(readFileSync(join(OUT, file), "utf8")));
    return holdsZod.get(file) === true;
  };
  const roots = firstLoads();
  expect(roots.length).toBeGreaterThan(30);
  const problems = roots.flatMap(({ root, manifest }) =>
    [...staticClosure(manifest, root)]
      .map((key) => manifest[key]?.file ?? key)
      .filter((file) => file.endsWith(".js") && zodIn(file))
      .map((file) => `${root} → ${file}`),
  );
  expect(problems).toEqual([]);
  // The marker still finds zod where it does load (lazily, with the loaders and /api schemas).
  const { manifest } = readManifest(OUT, ".vite/manifest.json");
  expect(Object.values(manifest).some(({ file }) => file.endsWith(".js") && zodIn(file))).toBe(true);
});

/** Calls that set up ICU's locale or collation data in the browser: 20–110 ms on a page's first one. */
const ICU_CALL = /\bIntl\.|\.localeCompare\(|\.toLocale(?:Upper|Lower)Case\(|\.toLocale(?:Date|Time)?String\(/;

// German numbers, dates, Berlin's clock and alphabetical order are written out (domain/german-number.ts,
// domain/berlin-time.ts, domain/german-order.ts): the first Intl object of a page costs the browser
// 40–110 ms of ICU setup (bench/intl-cost.ts) in the task that hydrates it. The worker may use Intl.
it("no browser chunk calls into ICU (Intl, localeCompare, toLocale…)", () => {
  const chunks = readdirSync(join(OUT, "assets")).filter((file) => file.endsWith(".js"));
  expect(chunks.length).toBeGreaterThan(30);
  expect(chunks.filter((file) => ICU_CALL.test(readFileSync(join(OUT, "assets", file), "utf8")))).toEqual([]);
  expect(ICU_CALL.test('new Intl.NumberFormat("de-DE")') && ICU_CALL.test("a.localeCompare(b)")).toBe(true);
});
