import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

/**
 * ARCHITECTURE.md import directions, enforced by a test instead of by memory:
 * server-only code (worker/) never reaches routes/, client/, ui/, content/ or domain/,
 * and domain/ stays pure (zod only).
 */
const ALLOWED_FOLDERS: Record<string, string[]> = {
  worker: ["routes", "content", "ui", "domain", "redirects"],
  client: ["routes", "content", "ui", "domain"],
  routes: ["content", "ui", "domain"],
  content: ["ui", "domain"],
  ui: ["domain"],
  redirects: ["domain"],
  domain: [],
  // kv-seed validates its demo data with the production schemas (STYLE.md habit 12).
  "kv-seed": ["redirects", "domain", "content"],
};
const SERVER_ONLY_PACKAGES = ["hono", "toucan-js", "storyblok-js-client", "react-dom/server", "wrangler", "cloudflare:"];
const PACKAGES_BY_FOLDER: Record<string, (specifier: string) => boolean> = {
  domain: (specifier) => specifier === "zod",
  redirects: (specifier) => specifier === "zod",
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"|import\("([^"]+)"\)/g)].map(
    (match) => match[1] ?? match[2]!,
  );
}

it.each(Object.keys(ALLOWED_FOLDERS))("%s/ imports only what ARCHITECTURE.md allows", (folder) => {
  const problems: string[] = [];
  for (const file of sourceFiles(folder)) {
    const isTest = /\.test\.tsx?$/.test(file) || file.includes("test-support");
    for (const specifier of importsOf(file)) {
      const internal = /^#([a-z-]+)\//.exec(specifier)?.[1];
      if (internal) {
        if (internal !== folder && !ALLOWED_FOLDERS[folder]!.includes(internal) && !(isTest && internal === "kv-seed")) {
          problems.push(`${file} → ${specifier}`);
        }
        continue;
      }
      if (specifier.startsWith(".")) continue; // relative imports stay inside their top-level folder
      const packageRule = PACKAGES_BY_FOLDER[folder];
      if (
        packageRule &&
        !packageRule(specifier) &&
        !specifier.startsWith("node:") &&
        !isTest &&
        !(folder === "redirects" && specifier === "vitest")
      ) {
        problems.push(`${file} → package ${specifier}`);
      }
      if (
        folder !== "worker" &&
        folder !== "kv-seed" &&
        !isTest &&
        SERVER_ONLY_PACKAGES.some((name) => specifier === name || specifier.startsWith(name))
      ) {
        problems.push(`${file} → server-only ${specifier}`);
      }
    }
  }
  expect(problems).toEqual([]);
});
