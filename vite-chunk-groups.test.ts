import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  APP_CHUNK_GROUPS,
  assertChunkGroupEntriesExist,
  type ChunkGroup,
  chunkGroupsPlugin,
  chunkGroupTest,
  codeSplittingGroups,
  EDITORIAL_CHUNK_GROUPS,
  missingChunkGroupEntries,
  REPO_ROOT,
} from "./vite-chunk-groups.ts";

const group = (groups: readonly ChunkGroup[], name: string) => {
  const found = groups.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no chunk group ${name}`);
  return found;
};

describe("chunk groups of the client builds", () => {
  it("list only modules and packages that exist", () => {
    expect(missingChunkGroupEntries(APP_CHUNK_GROUPS)).toEqual([]);
    expect(missingChunkGroupEntries(EDITORIAL_CHUNK_GROUPS)).toEqual([]);
  });

  it("keep their names and priorities", () => {
    expect(codeSplittingGroups(APP_CHUNK_GROUPS).map(({ name, priority }) => `${name}:${priority}`)).toEqual([
      "framework:2",
      "consent:1",
      "shared:1",
      "vehicle-shared:1",
      "opening-status:1",
      "location-card:1",
      "vehicle-lists:1",
      "consent-gate:1",
      "script-loader:1",
      "chat:1",
      "image-gallery:1",
      "opening-hours:2",
    ]);
    expect(codeSplittingGroups(EDITORIAL_CHUNK_GROUPS).map(({ name, priority }) => `${name}:${priority}`)).toEqual([
      "framework:2",
      "links:1",
    ]);
  });

  it("capture each listed module by its absolute id, with either separator", () => {
    for (const listed of [...APP_CHUNK_GROUPS, ...EDITORIAL_CHUNK_GROUPS]) {
      const test = chunkGroupTest(listed);
      for (const module of listed.modules ?? []) {
        expect(test(join(REPO_ROOT, module)), module).toBe(true);
        expect(test(`${REPO_ROOT}/${module}`.replaceAll("/", "\\")), module).toBe(true);
      }
    }
    const windows = chunkGroupTest(group(APP_CHUNK_GROUPS, "consent"), "C:\\work\\site");
    expect(windows("C:\\work\\site\\ui\\consent\\consent-store.ts")).toBe(true);
  });

  it("capture no neighbour of a listed module", () => {
    const consent = chunkGroupTest(group(APP_CHUNK_GROUPS, "consent"));
    expect(consent(join(REPO_ROOT, "ui/consent/consent-gate.ts"))).toBe(false);
    expect(consent(join(REPO_ROOT, "ui/consent/consent-gate.tsx"))).toBe(false);
    expect(consent(join(REPO_ROOT, "domain/consent-purposes.ts"))).toBe(false);
    expect(consent(join(REPO_ROOT, "ui/analytics/tag-manager.ts"))).toBe(false);
    // Only the exact path: not the same file name elsewhere, not another extension, not a query.
    expect(consent(join(REPO_ROOT, "worker/domain/consent.ts"))).toBe(false);
    expect(consent(join(REPO_ROOT, "ui/consent/consent-store.tsx"))).toBe(false);
    expect(consent(`${join(REPO_ROOT, "domain/consent.ts")}?raw`)).toBe(false);
    const shared = chunkGroupTest(group(APP_CHUNK_GROUPS, "shared"));
    expect(shared(join(REPO_ROOT, "ui/forms/options.tsx"))).toBe(true);
    expect(shared(join(REPO_ROOT, "ui/forms/form-fields.tsx"))).toBe(false);
    expect(shared(join(REPO_ROOT, "domain/format.test.ts"))).toBe(false);
  });

  it("capture a package's files wherever its node_modules folder is, and not a package that merely shares its prefix", () => {
    const framework = chunkGroupTest(group(APP_CHUNK_GROUPS, "framework"));
    expect(framework(join(REPO_ROOT, "node_modules/react/cjs/react.production.js"))).toBe(true);
    expect(framework("C:\\site\\node_modules\\react-dom\\client.js")).toBe(true);
    expect(framework(join(REPO_ROOT, "node_modules/some-lib/node_modules/scheduler/index.js"))).toBe(true);
    expect(framework(join(REPO_ROOT, "node_modules/react-router/dist/index.mjs"))).toBe(true);
    expect(framework(join(REPO_ROOT, "node_modules/react-leaflet/lib/index.js"))).toBe(false);
    expect(framework(join(REPO_ROOT, "node_modules/@sentry/react/build/index.js"))).toBe(false);
    const editorial = chunkGroupTest(group(EDITORIAL_CHUNK_GROUPS, "framework"));
    expect(editorial(join(REPO_ROOT, "node_modules/react-router/dist/index.mjs"))).toBe(false);
  });

  describe("a listed module that is not there (renamed or moved)", () => {
    const root = mkdtempSync(join(tmpdir(), "chunk-groups-"));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    mkdirSync(join(root, "ui"), { recursive: true });
    writeFileSync(join(root, "ui/present.ts"), "");
    mkdirSync(join(root, "node_modules/react"), { recursive: true });
    writeFileSync(join(root, "node_modules/react/package.json"), "{}");
    const groups: ChunkGroup[] = [
      { name: "present", modules: ["ui/present.ts"], packages: ["react"], priority: 1 },
      { name: "renamed", modules: ["ui/present.ts", "ui/renamed.ts"], packages: ["react-dom"], priority: 1 },
    ];

    it("is named with its group", () => {
      expect(missingChunkGroupEntries(groups, root)).toEqual([
        'ui/renamed.ts (chunk group "renamed")',
        'package react-dom (chunk group "renamed")',
      ]);
    });

    it("fails the build at its start", () => {
      expect(() => assertChunkGroupEntriesExist(groups, root)).toThrow(/ui\/renamed\.ts \(chunk group "renamed"\)/);
      const plugin = chunkGroupsPlugin(groups, root);
      expect(plugin.apply).toBe("build");
      const buildStart = plugin.buildStart as () => void;
      expect(() => buildStart()).toThrow(/renamed or moved/);
      expect(() => (chunkGroupsPlugin(groups.slice(0, 1), root).buildStart as () => void)()).not.toThrow();
    });
  });
});
