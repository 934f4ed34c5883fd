import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { allVehicleImages } from "./kv-seed/vehicle-images.ts";
import { APP_CHUNK_GROUPS, chunkGroupsPlugin, codeSplittingGroups } from "./vite-chunk-groups.ts";
import { readManifest, staticClosure } from "./vite-manifest.ts";

/** Both client builds write here: vite.editorial.config.ts adds the islands entry to this build's output. */
export const CLIENT_OUT_DIR = "dist/client";

/** What both client builds share: the output folder and the browsers they target. */
export const CLIENT_BUILD = { outDir: CLIENT_OUT_DIR, target: "es2022", sourcemap: false } as const;

/**
 * Lazy chunks imported by a timer long after the page is idle (the chat bubble's), in both builds:
 * no preload list. Vite's helper would append a link for each of their dependencies in the timer's
 * task (six on a content page, a 60–120 ms task at 4x CPU); without it the browser fetches the
 * chunk and then its imports as it finds them, one or two per task. Nobody waits for them.
 */
export const NO_PRELOAD_LIST = /(?:^|\/)(?:ed-)?chat-launcher-[\w-]{8}\.js$/;

/** A build-only plugin that runs `write` with the output folder once the client files are written. */
export function afterClientWrite(name: string, write: (outDir: string) => void): Plugin {
  return { name, apply: "build", writeBundle: (options) => write(options.dir ?? CLIENT_OUT_DIR) };
}

/**
 * After the client build, write what the worker needs to know about it:
 * dist/build-info.json (entry, CSS, the chunks of each route module for modulepreload)
 * and dist/client/_build/latest.json (the build id the browser polls to detect deploys).
 */
function buildInfoPlugin(): Plugin {
  return afterClientWrite("dealership-build-info", (outDir) => {
    const { text: manifestText, manifest } = readManifest(outDir, ".vite/manifest.json");
    const closure = (key: string) => staticClosure(manifest, key);
    const url = (file: string) => `/${file}`;
    const entryKey = "client/entry.tsx";
    const entry = manifest[entryKey];
    if (!entry) throw new Error("client/entry.tsx missing from the Vite manifest");
    const entryClosure = closure(entryKey);
    // The preload lists leave these out (modulePreload below): they must really come with the entry.
    const entryFiles = new Set([...entryClosure].map((key) => manifest[key]!.file));
    for (const { file } of Object.values(manifest)) {
      if (ENTRY_STATIC_CHUNKS.test(file) && !entryFiles.has(file))
        throw new Error(`${file} is left out of preload lists but is not a static import of the entry`);
    }
    const modules: Record<string, string[]> = {};
    for (const key of Object.keys(manifest)) {
      if (!key.startsWith("routes/")) continue;
      modules[key] = [...closure(key)]
        .filter((dependency) => !entryClosure.has(dependency))
        .map((dependency) => url(manifest[dependency]!.file));
    }
    const stylesheets = [...entryClosure].flatMap((key) => manifest[key]?.css ?? []).map(url);
    const buildId = createHash("sha256").update(manifestText).digest("hex").slice(0, 16);
    // Client navigations preload a route's chunks from this table (client/route-preloads.ts, ADR 0020):
    // every page of the route table must be a lazy chunk of its own, or its preloads would be lost.
    const routePages = [...readFileSync("routes/route-table.ts", "utf8").matchAll(/page\("(routes\/[\w-]+\.tsx)"/g)].map(
      (match) => match[1]!,
    );
    for (const module of routePages) {
      const chunk = manifest[module];
      if (!chunk?.isDynamicEntry || !ROUTE_PAGE_CHUNK.test(chunk.file))
        throw new Error(`route module ${module} is not a lazy page chunk of the build (routes/route-table.ts)`);
    }
    // vite.editorial.config.ts writes it to assets/route-preloads-{final build id}.json.
    // A page's chunks, then what its page chunks import lazily (loaders, the center's contact persons).
    const lazyOfPages = (module: string) =>
      [...closure(module)]
        .filter((key) => ROUTE_PAGE_CHUNK.test(manifest[key]!.file))
        .flatMap((key) => manifest[key]!.dynamicImports ?? [])
        .flatMap((key) => [...closure(key)])
        .filter((dependency) => !entryClosure.has(dependency))
        .map((dependency) => url(manifest[dependency]!.file));
    const routePreloads = Object.fromEntries(
      routePages.map((module) => [module, [...new Set([...(modules[module] ?? []), ...lazyOfPages(module)])]]),
    );
    const info = { buildId, entry: url(entry.file), stylesheets, modules, routePreloads };
    writeFileSync("dist/build-info.json", `${JSON.stringify(info, null, 2)}\n`);
    mkdirSync(join(outDir, "_build"), { recursive: true });
    writeFileSync(join(outDir, "_build/latest.json"), JSON.stringify({ buildId }));
  });
}

/** The generated demo vehicle pictures (kv-seed/vehicle-images.ts) as static assets. */
function vehicleImagesPlugin(): Plugin {
  return afterClientWrite("dealership-vehicle-images", (outDir) => {
    mkdirSync(join(outDir, "images/vehicles/spin"), { recursive: true });
    for (const image of allVehicleImages()) writeFileSync(join(outDir, image.path), image.svg);
  });
}

/** Route page chunks (routes/*-page.tsx, every lazy page of routes/route-table.ts) and the app entry chunk. */
const ROUTE_PAGE_CHUNK = /(?:^|\/)[\w-]+-page-[\w-]{8}\.js$/;
const ENTRY_CHUNK = /(?:^|\/)entry-[\w-]{8}\.js$/;

/** Chunks the app entry imports statically (its first lines): never worth preloading again. The hash is 8 characters, so "consent-gate-…" is not "consent". */
const ENTRY_STATIC_CHUNKS = /(?:^|\/)(?:framework|rolldown-runtime|shared|consent|vehicle-shared)-[\w-]{8}\.js$/;

export default defineConfig({
  plugins: [react(), chunkGroupsPlugin(APP_CHUNK_GROUPS), buildInfoPlugin(), vehicleImagesPlugin()],
  publicDir: "client/public",
  build: {
    ...CLIENT_BUILD,
    emptyOutDir: true,
    manifest: true,
    modulePreload: {
      // The lazy routes' preload lists leave out what the entry imports itself (React, the runtime,
      // the shared chunks): they are loaded before any route can be, and each listed name costs the
      // entry ~35 bytes of hash that gzip cannot shrink (first-load budget).
      // A lazy chunk whose only dependency left is itself needs no preload list: import() fetches it.
      // The route pages' lists would sit in the entry, their loaders' lists in the pages; both come
      // from a table fetched when idle (ADR 0020), which preloads a page with its loader's chunks.
      resolveDependencies: (filename, deps, { hostId }) => {
        if ((ROUTE_PAGE_CHUNK.test(filename) && ENTRY_CHUNK.test(hostId)) || ROUTE_PAGE_CHUNK.test(hostId)) return [];
        if (NO_PRELOAD_LIST.test(filename)) return [];
        const left = deps.filter((dep) => !ENTRY_STATIC_CHUNKS.test(dep));
        return left.length === 1 && left[0] === filename ? [] : left;
      },
    },
    rolldownOptions: {
      input: "client/entry.tsx",
      output: {
        // The shared chunks and why each exists: vite-chunk-groups.ts, one list of modules per chunk.
        codeSplitting: { groups: codeSplittingGroups(APP_CHUNK_GROUPS) },
      },
    },
  },
});
