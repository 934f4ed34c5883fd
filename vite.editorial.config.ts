import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";
import { afterClientWrite, CLIENT_BUILD, NO_PRELOAD_LIST } from "./vite.config.ts";
import { chunkGroupsPlugin, codeSplittingGroups, EDITORIAL_CHUNK_GROUPS } from "./vite-chunk-groups.ts";
import { islandChunks, readManifest, staticClosure } from "./vite-manifest.ts";

/**
 * The second client build (ADR 0016, ADR 0017): the islands entry of home and content pages,
 * which hydrates only their interactive parts. A build of its own so that React Router and the
 * route table never enter its module graph (one build would share them through common chunks). Runs
 * after vite.config.ts (`npm run build`), into the same dist/client, and adds its entry and
 * preloads to dist/build-info.json; the build id then covers both builds, so cached HTML and
 * open tabs see a change in either.
 */

function editorialBuildInfoPlugin(): Plugin {
  return afterClientWrite("dealership-editorial-build-info", (outDir) => {
    const { text: manifestText, manifest } = readManifest(outDir, ".vite/editorial-manifest.json");
    const entryKey = "client/islands-entry.tsx";
    const entry = manifest[entryKey];
    if (!entry) throw new Error(`${entryKey} missing from the editorial manifest`);
    const url = (file: string) => `/${file}`;
    const preloads = [...staticClosure(manifest, entryKey)].filter((key) => key !== entryKey).map((key) => url(manifest[key]!.file));
    const islands = islandChunks(readFileSync(entryKey, "utf8"), manifest, entryKey);
    const { routePreloads, ...info } = JSON.parse(readFileSync("dist/build-info.json", "utf8")) as {
      buildId: string;
      routePreloads?: unknown;
    };
    if (!routePreloads) throw new Error("dist/build-info.json has no routePreloads: run the app build (vite.config.ts) first");
    const appManifest = readFileSync(join(outDir, ".vite/manifest.json"), "utf8");
    const buildId = createHash("sha256").update(appManifest).update(manifestText).digest("hex").slice(0, 16);
    writeFileSync(
      "dist/build-info.json",
      `${JSON.stringify({ ...info, buildId, editorial: { entry: url(entry.file), preloads, islands } }, null, 2)}\n`,
    );
    // The app's route preload table (client/route-preloads.ts, ADR 0020), named by the final build id the browser knows.
    writeFileSync(join(outDir, `assets/route-preloads-${buildId}.json`), JSON.stringify(routePreloads));
    writeFileSync(join(outDir, "_build/latest.json"), JSON.stringify({ buildId }));
  });
}

export default defineConfig({
  plugins: [react(), chunkGroupsPlugin(EDITORIAL_CHUNK_GROUPS), editorialBuildInfoPlugin()],
  publicDir: false,
  build: {
    ...CLIENT_BUILD,
    emptyOutDir: false,
    manifest: ".vite/editorial-manifest.json",
    modulePreload: { resolveDependencies: (filename, deps) => (NO_PRELOAD_LIST.test(filename) ? [] : deps) },
    rolldownOptions: {
      input: "client/islands-entry.tsx",
      output: {
        entryFileNames: "assets/[name]-[hash].js",
        chunkFileNames: "assets/ed-[name]-[hash].js",
        // The shared chunks and why each exists: vite-chunk-groups.ts.
        codeSplitting: { groups: codeSplittingGroups(EDITORIAL_CHUNK_GROUPS) },
      },
    },
  },
});
