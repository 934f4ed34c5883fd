import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import type { RouteObject } from "react-router";
import type { Manifest } from "../vite-manifest.ts";
import { routes } from "./route-table.ts";

/** `handle.module` of every route that names one (the key its chunks are preloaded by). */
function modules(list: RouteObject[]): string[] {
  return list.flatMap((route) => {
    const module = (route.handle as { module?: unknown } | undefined)?.module;
    return [...(typeof module === "string" ? [module] : []), ...modules(route.children ?? [])];
  });
}

// Reads the build `npm test` makes first (like client/route-preloads.test.ts): a typo in a route's
// module name would otherwise silently drop its modulepreload links and its preload-table row.
it("every lazy route module named in routes/route-table.ts is a chunk of the build", () => {
  const manifest = JSON.parse(readFileSync("dist/client/.vite/manifest.json", "utf8")) as Manifest;
  const named = [...new Set(modules(routes))];
  expect(named.length).toBeGreaterThan(15);
  for (const module of named) {
    expect(manifest[module], module).toBeDefined();
    expect(manifest[module]?.isDynamicEntry, module).toBe(true);
  }
});
