/** Reading a Vite build manifest: shared by vite.config.ts, vite.editorial.config.ts and bench/first-load-js.ts. */
export interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
export type Manifest = Record<string, ManifestChunk>;

/** The keys `key` loads statically: itself and its `imports`, transitively. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dependency of manifest[key]?.imports ?? []) staticClosure(manifest, dependency, seen);
  return seen;
}
