import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

/**
 * A shared chunk of a client build, declared by the modules it holds rather than by a path pattern:
 * a renamed or moved module then fails the build (chunkGroupsPlugin) instead of silently leaving its
 * group and changing the split (and the first-load JS budget, bench/README.md).
 */
export interface ChunkGroup {
  name: string;
  /** Module files relative to the repo root, "/"-separated; each matches exactly one module id. */
  modules?: readonly string[];
  /** npm packages: every module under node_modules/<package>/ (nested node_modules included). */
  packages?: readonly string[];
  /** Higher first; a module goes to the first group (by priority, then order) that captures it. */
  priority: number;
}

/** The app build's groups (vite.config.ts). The reason for each group stays beside it. */
export const APP_CHUNK_GROUPS: readonly ChunkGroup[] = [
  // React, React DOM and React Router as one chunk: every page needs all of it on first load,
  // and one chunk compresses ~3 KB better than the four the automatic split made
  // (the JS budget, bench/README.md "First-load JavaScript").
  { name: "framework", packages: ["react", "react-dom", "react-router", "scheduler"], priority: 2 },
  // The consent and analytics API every page loads (also used by lazy chunks): one chunk instead of five.
  {
    name: "consent",
    modules: [
      "ui/consent/consent-store.ts",
      "ui/consent/consent-settings-link.tsx",
      "domain/consent.ts",
      "ui/analytics/analytics.ts",
      "ui/analytics/click-tracking.ts",
    ],
    priority: 1,
  },
  // Small modules every page type loads next to the entry (site facts, brands, page head,
  // route errors, ports, the runtime): one chunk instead of eight compresses ~0.8 KB better.
  // The GET forms' parameters (carfinder, quick search) too: as a chunk of their own they cost the
  // carfinder ~110 bytes more than they cost each other page in here.
  {
    name: "shared",
    modules: [
      "domain/site-config.ts",
      "domain/brands.ts",
      "domain/format.ts",
      "domain/site-paths.ts",
      "domain/url-segments.ts",
      "domain/is-one-of.ts",
      "domain/phone.ts",
      "ui/page-head.tsx",
      "ui/heading.tsx",
      "ui/layout/brand-logo.tsx",
      "ui/islands/island.tsx",
      "ui/forms/options.tsx",
      "ui/forms/brand-options.tsx",
      "ui/forms/form-params.ts",
      "routes/route-errors.ts",
      "routes/ports.ts",
      "client/reload-guard.ts",
    ],
    priority: 1,
  },
  // The vehicle vocabulary every vehicle list and page needs (carfinder, detail, compare,
  // favourites, the stock blocks of home and content pages).
  {
    name: "vehicle-shared",
    modules: [
      "domain/equipment.ts",
      "domain/vehicle-labels.ts",
      "domain/vehicle-vocabulary.ts",
      "ui/carfinder/vehicle-list-paths.ts",
      "ui/carfinder/vehicle-list-toggles.tsx",
      "ui/vehicle/electric-symbol.tsx",
      "ui/card-image.tsx",
    ],
    priority: 1,
  },
  // The open-now line (location list and pages), one chunk; the holiday rules load with the loaders.
  {
    name: "opening-status",
    modules: ["domain/opening-status.ts", "domain/calendar-date.ts", "ui/location/opening-status.tsx"],
    priority: 1,
  },
  // A location card with the distance formatting, the contact list and the link helpers
  // (location list, center pages, location blocks), one chunk: as a chunk of its own the
  // contact list cost the center page 0.3 KB (2026-11-25).
  {
    name: "location-card",
    modules: ["domain/geo.ts", "ui/location/location-card.tsx", "ui/location/location-contact-list.tsx", "ui/location/location-links.ts"],
    priority: 1,
  },
  // The lists' store with the rules it applies: the live toggles, the compare and favourites pages and
  // their loader always load both, so one chunk is one fetch fewer — each fetch started on the main
  // thread costs 0.1–27 ms on a busy phone-class CPU (docs/performance.md, "Blocking time after the
  // first paint, task by task").
  { name: "vehicle-lists", modules: ["ui/carfinder/vehicle-lists.ts", "domain/vehicle-list-rules.ts"], priority: 1 },
  // What third-party services wait behind (the consent gate with its placeholder: the chat, the
  // booking session, the map) and load with (the script loader: also the lead forms' Turnstile), each
  // the chunk it would be anyway, named here so the "chat" group below does not take them in as its
  // dependencies: the map on a location page's first load needs only the gate.
  { name: "consent-gate", modules: ["ui/consent/consent-gate.ts", "ui/consent/consent-placeholder.tsx"], priority: 1 },
  { name: "script-loader", modules: ["ui/booking/script-loader.ts"], priority: 1 },
  // The chat bubble (ui/chat/chat-launcher.tsx) is in no group, in neither build: a dynamically
  // imported module in a group is fetched through a re-exporting facade chunk (Rolldown), two
  // fetches where its own chunk is one. The chat view loads when the visitor reaches for it (ADR 0055).

  // The chat panel's content with the parts it shares with the inline chat and the booking session
  // (nearest contact): one chunk, fetched when the visitor reaches for a chat.
  {
    name: "chat",
    modules: ["ui/chat/chat-view.tsx", "ui/chat/chat-service.ts", "domain/chat-state.ts", "domain/contact-fallback.ts"],
    priority: 1,
  },
  // The gallery with its 360° button (shared with the spinner block): one chunk on the vehicle page.
  { name: "image-gallery", modules: ["ui/vehicle/image-gallery.tsx", "ui/vehicle/use-photo-spinner.tsx"], priority: 1 },
  // The opening-hours table: the vehicle page and the location pages share it as one chunk instead of two.
  {
    name: "opening-hours",
    modules: ["domain/opening-hours.ts", "ui/location/opening-hours.tsx"],
    // Above "opening-status", which would otherwise take domain/opening-hours.ts as its dependency.
    priority: 2,
  },
];

/** The editorial (islands) build's groups (vite.editorial.config.ts): React Router never enters it. */
export const EDITORIAL_CHUNK_GROUPS: readonly ChunkGroup[] = [
  { name: "framework", packages: ["react", "react-dom", "scheduler"], priority: 2 },
  // Links shared by the stock toggles and their live code loaded on the first idle period: on
  // their own, the live chunk held them and the toggles imported it at once (3 KB early).
  { name: "links", modules: ["ui/site-link.tsx", "ui/carfinder/vehicle-list-paths.ts"], priority: 1 },
];

/** The repo root: this file sits in it (Vite's config bundler keeps import.meta.dirname the source's). */
export const REPO_ROOT = import.meta.dirname;

/** Module ids use the platform's separator (Windows: "\"); compare them with "/" only. */
const normalise = (path: string) => path.replaceAll("\\", "/");

/**
 * The group's `test` for rolldown's codeSplitting: the exact absolute paths of its modules, and for
 * packages any file below node_modules/<package>/.
 */
export function chunkGroupTest(group: ChunkGroup, root: string = REPO_ROOT): (id: string) => boolean {
  const base = normalise(root).replace(/\/$/, "");
  const modules = new Set((group.modules ?? []).map((module) => `${base}/${module}`));
  const packages = (group.packages ?? []).map((name) => `node_modules/${name}/`);
  return (id) => {
    const path = normalise(id);
    return modules.has(path) || packages.some((folder) => path.includes(folder));
  };
}

/** What a group lists that is not there: module files, or packages without a package.json in node_modules. */
export function missingChunkGroupEntries(groups: readonly ChunkGroup[], root: string = REPO_ROOT): string[] {
  return groups.flatMap((group) => [
    ...(group.modules ?? []).filter((module) => !existsSync(join(root, module))).map((module) => `${module} (chunk group "${group.name}")`),
    ...(group.packages ?? [])
      .filter((name) => !existsSync(join(root, "node_modules", name, "package.json")))
      .map((name) => `package ${name} (chunk group "${group.name}")`),
  ]);
}

/** Throws, naming every missing entry: a rename must break the build, not quietly change the split. */
export function assertChunkGroupEntriesExist(groups: readonly ChunkGroup[], root: string = REPO_ROOT): void {
  const missing = missingChunkGroupEntries(groups, root);
  if (missing.length > 0)
    throw new Error(`vite-chunk-groups.ts lists modules that do not exist (renamed or moved? update the list): ${missing.join(", ")}`);
}

/** rolldown's `output.codeSplitting.groups` for the table: names and priorities as listed, `test` derived. */
export function codeSplittingGroups(groups: readonly ChunkGroup[], root: string = REPO_ROOT) {
  return groups.map((group) => ({ name: group.name, test: chunkGroupTest(group, root), priority: group.priority }));
}

/** Fails the build at its start when a group lists a module or package that is not there. */
export function chunkGroupsPlugin(groups: readonly ChunkGroup[], root: string = REPO_ROOT): Plugin {
  return {
    name: "dealership-chunk-groups",
    apply: "build",
    buildStart() {
      assertChunkGroupEntriesExist(groups, root);
    },
  };
}
