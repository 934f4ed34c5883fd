import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Reading a Vite build manifest: shared by vite.config.ts, vite.editorial.config.ts and bench/first-load-js.ts. */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  src?: string;
  name?: string;
}
export type Manifest = Record<string, ManifestChunk>;

/** The keys `key` loads statically: itself and its `imports`, transitively. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dependency of manifest[key]?.imports ?? []) staticClosure(manifest, dependency, seen);
  return seen;
}

/** Modules the islands entry loads lazily that are not islands (loaded after idle, never preloaded). */
export const NON_ISLAND_LAZY_MODULES: ReadonlySet<string> = new Set(["client/error-reporting/sentry-browser.ts"]);

/**
 * Each island's chunks beyond the entry's, by island name: the worker preloads them for the
 * islands a page has (ui/islands/island.tsx). The names and modules come from the entry's own
 * table (`"name": () => import("#dir/module.tsx")`); a dynamic import of the entry that maps to
 * no island, or an island without a chunk, fails the build.
 */
export function islandChunks(entrySource: string, manifest: Manifest, entryKey: string): Record<string, string[]> {
  const table = [...entrySource.matchAll(/"?([\w-]+)"?: \(\) => import\("#(\w+)\/([^"]+)"\)/g)].map(([, name, dir, path]) => ({
    name: name!,
    src: `${dir}/${path}`,
  }));
  const entry = manifest[entryKey]!;
  const preloaded = staticClosure(manifest, entryKey);
  const keyOf = (src: string) => {
    const base = src
      .split("/")
      .at(-1)!
      .replace(/\.tsx?$/, "");
    return (entry.dynamicImports ?? []).find(
      (key) => manifest[key]?.src === src || (key.startsWith("_") && (manifest[key] as { name?: string } | undefined)?.name === base),
    );
  };
  const islands: Record<string, string[]> = {};
  const used = new Set<string>();
  for (const { name, src } of table) {
    const key = keyOf(src);
    if (!key) throw new Error(`island ${name}: no chunk for ${src} in the editorial manifest`);
    used.add(key);
    islands[name] = [...staticClosure(manifest, key)]
      .filter((dependency) => !preloaded.has(dependency))
      .map((dependency) => `/${manifest[dependency]!.file}`);
  }
  const unmapped = (entry.dynamicImports ?? []).filter((key) => !used.has(key) && !NON_ISLAND_LAZY_MODULES.has(manifest[key]?.src ?? ""));
  if (table.length === 0 || unmapped.length > 0)
    throw new Error(`islands entry: dynamic imports without an island: ${unmapped.join(", ") || "(no table found)"}`);
  return islands;
}

/** A client build's manifest in `outDir`: its text (which the build id hashes) and its chunks. */
export function readManifest(outDir: string, file: string): { text: string; manifest: Manifest } {
  const text = readFileSync(join(outDir, file), "utf8");
  return { text, manifest: JSON.parse(text) as Manifest };
}
