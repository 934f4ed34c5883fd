import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EVENT_NAMES } from "./analytics.ts";

/** Every production source file below the given folders. */
function sources(folders: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
    }
  };
  for (const folder of folders) walk(folder);
  return files;
}

const EMITTED = /(?:trackEvent|clickTracking)\(\s*"([a-z_]+)"/g;

describe("analytics events (docs/analytics.md lists the events actually emitted)", () => {
  const emitted = new Set<string>();
  for (const file of sources(["client", "content", "routes", "ui"])) {
    for (const match of readFileSync(file, "utf8").matchAll(EMITTED)) if (match[1]) emitted.add(match[1]);
  }

  it("every event of the contract is emitted somewhere, and nothing else is", () => {
    expect([...emitted].sort()).toEqual([...EVENT_NAMES].sort());
  });

  it("docs/analytics.md's event table names each of them", () => {
    const docs = readFileSync("docs/analytics.md", "utf8");
    const table = docs.slice(docs.indexOf("**Events emitted**"), docs.indexOf("`window.vmData` holds"));
    const documented = new Set<string>();
    for (const row of table.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| event"))) {
      for (const name of (row.split("|")[1] ?? "").split("/")) documented.add(name.trim());
    }
    expect([...documented].filter((name) => /^[a-z_]+$/.test(name)).sort()).toEqual([...EVENT_NAMES].sort());
  });
});
