import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import type { Manifest } from "./vite-manifest.ts";
import { NO_PRELOAD_LIST } from "./vite.config.ts";

const ASSETS = "dist/client/assets";

// Reads the build `npm test` makes first (like routes/route-chunks.test.ts). Vite's preload helper
// lists a lazy chunk first among its own preloads, so a chunk named in no chunk's preload table is
// imported without one.
it("the chat bubble's chunk is imported without a preload list, in both builds", () => {
  const chunks = readdirSync(ASSETS).filter((name) => name.endsWith(".js"));
  const tables = chunks.flatMap((name) =>
    [...readFileSync(join(ASSETS, name), "utf8").matchAll(/m\.f=\[([^\]]*)\]/g)].map((match) => match[1]!),
  );
  expect(tables.length).toBeGreaterThan(0);
  for (const manifestPath of ["dist/client/.vite/manifest.json", "dist/client/.vite/editorial-manifest.json"]) {
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
    const launcher = manifest["ui/chat/chat-launcher.tsx"]?.file;
    expect(launcher, manifestPath).toBeDefined();
    // A renamed chunk would silently fall out of the rule.
    expect(NO_PRELOAD_LIST.test(launcher!), launcher).toBe(true);
    for (const table of tables) expect(table).not.toContain(launcher);
  }
});
