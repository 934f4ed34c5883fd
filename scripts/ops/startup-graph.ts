import * as z from "zod";

/**
 * What a worker isolate evaluates at startup: the modules reachable from the entry through static
 * imports, read from esbuild's metafile of the deploy bundle (`wrangler deploy --dry-run --metafile`).
 * A module reached only through `import()` is wrapped by esbuild and evaluated when a request first
 * asks for it, so it costs its parse but none of its global code at startup (docs/limits.md).
 */
const MetafileSchema = z.object({
  inputs: z.record(
    z.string(),
    z.object({
      imports: z.array(z.object({ path: z.string(), kind: z.string(), external: z.boolean().optional() })).default([]),
    }),
  ),
  outputs: z.record(z.string(), z.object({ inputs: z.record(z.string(), z.object({ bytesInOutput: z.number() })) })),
});

export interface StartupGraph {
  /** Input paths (as esbuild names them, relative to the project) evaluated at startup. */
  modules: ReadonlySet<string>;
  /** Their bytes in the bundle. */
  bytes: number;
  /** Bytes of the whole bundle's inputs. */
  bundleBytes: number;
}

export function startupGraph(metafile: unknown, entry = "worker/index.ts"): StartupGraph {
  const meta = MetafileSchema.parse(metafile);
  const start = Object.keys(meta.inputs).find((path) => path === entry || path.endsWith(`/${entry}`));
  if (start === undefined) throw new Error(`${entry} is not an input of this metafile`);
  const modules = new Set([start]);
  const queue = [start];
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    for (const imported of meta.inputs[path]?.imports ?? []) {
      if (imported.kind === "dynamic-import" || imported.external || modules.has(imported.path)) continue;
      modules.add(imported.path);
      queue.push(imported.path);
    }
  }
  const sizes = new Map<string, number>();
  for (const output of Object.values(meta.outputs))
    for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) sizes.set(path, (sizes.get(path) ?? 0) + bytesInOutput);
  let bytes = 0;
  for (const path of modules) bytes += sizes.get(path) ?? 0;
  return { modules, bytes, bundleBytes: [...sizes.values()].reduce((sum, size) => sum + size, 0) };
}
