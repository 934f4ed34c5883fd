import { describe, expect, it } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { islandChunks, NON_ISLAND_LAZY_MODULES, type Manifest } from "./vite-manifest.ts";

const SOURCE = `const ISLANDS = {
  "site-header": () => import("#ui/layout/site-header.tsx").then((module) => module.SiteHeader),
  autochat: () => import("#ui/chat/autochat.tsx").then((module) => module.AutoChat),
  "consent-settings-link": () => import("#ui/consent/consent-settings-link.tsx").then((module) => module.ConsentSettingsLink),
};`;

const MANIFEST: Manifest = {
  "client/islands-entry.tsx": {
    file: "assets/islands-entry-1.js",
    isEntry: true,
    imports: ["_ed-framework-1.js"],
    dynamicImports: ["ui/layout/site-header.tsx", "ui/chat/autochat.tsx", "_ed-consent-settings-link-1.js"],
  },
  "_ed-framework-1.js": { file: "assets/ed-framework-1.js" },
  "ui/layout/site-header.tsx": {
    file: "assets/ed-site-header-1.js",
    src: "ui/layout/site-header.tsx",
    imports: ["_ed-site-link-1.js", "_ed-framework-1.js"],
  },
  "_ed-site-link-1.js": { file: "assets/ed-site-link-1.js" },
  "ui/chat/autochat.tsx": { file: "assets/ed-autochat-1.js", src: "ui/chat/autochat.tsx" },
  "_ed-consent-settings-link-1.js": { file: "assets/ed-consent-settings-link-1.js", name: "consent-settings-link" },
};

describe("islandChunks (ADR 0017)", () => {
  it("maps each island of the entry's table to its chunks beyond the entry's own", () => {
    expect(islandChunks(SOURCE, MANIFEST, "client/islands-entry.tsx")).toEqual({
      "site-header": ["/assets/ed-site-header-1.js", "/assets/ed-site-link-1.js"],
      autochat: ["/assets/ed-autochat-1.js"],
      "consent-settings-link": ["/assets/ed-consent-settings-link-1.js"],
    });
  });

  it("fails the build for a dynamic import without an island and an island without a chunk", () => {
    const withoutHeader = SOURCE.replace(/ {2}"site-header".*\n/, "");
    expect(() => islandChunks(withoutHeader, MANIFEST, "client/islands-entry.tsx")).toThrow(
      /without an island: ui\/layout\/site-header.tsx/,
    );
    const extra = SOURCE.replace("};", '  other: () => import("#ui/other.tsx").then((module) => module.Other),\n};');
    expect(() => islandChunks(extra, MANIFEST, "client/islands-entry.tsx")).toThrow(/island other: no chunk/);
  });

  it("reads the real entry's table: one island per name of ui/islands/island.tsx", () => {
    const names = [...readFileSync("ui/islands/island.tsx", "utf8").matchAll(/^ {2}\| "([\w-]+)";?$/gm)].map((match) => match[1]);
    const table = [...readFileSync("client/islands-entry.tsx", "utf8").matchAll(/"?([\w-]+)"?: \(\) => import\("#/g)].map(
      (match) => match[1],
    );
    expect(names.length).toBeGreaterThan(10);
    expect(table.sort()).toEqual(names.sort());
  });

  // The build matches these by source path: a moved module would count as an island without a chunk.
  it("names lazily loaded non-island modules that exist", () => {
    expect(NON_ISLAND_LAZY_MODULES.size).toBeGreaterThan(0);
    expect([...NON_ISLAND_LAZY_MODULES].filter((path) => !existsSync(path))).toEqual([]);
  });
});
