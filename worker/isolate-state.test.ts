import { describe, expect, it } from "vitest";
import { ISOLATE_STATE, registeredIsolateState, registerIsolateState, resetIsolateState, type IsolateStateName } from "./isolate-state.ts";
import { BROWSER_UA, get, ORIGIN } from "./test-support/requests.ts";
import { exports } from "cloudflare:workers";

/**
 * What lives across requests has one owner (docs/decisions/0035-isolate-state.md): every
 * module-level holder in worker/ registers in worker/isolate-state.ts, and one call resets them all.
 */

// The worker's own modules as text, and to load (not the tests, not the test support).
const SOURCES: Record<string, string> = import.meta.glob(
  ["./**/*.ts", "./**/*.tsx", "!./**/*.test.ts", "!./**/*.test.tsx", "!./test-support/**"],
  { query: "?raw", import: "default", eager: true },
);
const MODULES = import.meta.glob(["./**/*.ts", "./**/*.tsx", "!./**/*.test.ts", "!./**/*.test.tsx", "!./test-support/**"]);

/** Loads every module named in the list: the lazily loaded ones register when they load. */
async function loadListedModules(): Promise<void> {
  await Promise.all(Object.values(ISOLATE_STATE).map((path) => MODULES[`./${path.slice("worker/".length)}`]?.()));
}

/**
 * Module-level declarations that look like state but are not, or are not registered yet, each
 * with its reason. Keyed by "file name" (a path starting "worker/ssr/" matches any file there: the
 * folder is being split, and its holders move between files).
 */
const NOT_STATE = new Map<string, string>([
  ["./isolate-state.ts holders", "the registry itself"],
  ["./env.ts parsed", "a WeakMap memo keyed by the env object: a function of its key, never stale, collected with it"],
  [
    "./content/layout-content-reader.ts parsed",
    "a WeakMap memo keyed by a cached story object: a function of its key, never stale, collected with it",
  ],
  ["./build-info.ts buildInfo", "made once from the bundled build info, the same for every request"],
  ["./index.ts app", "the app itself: its routes and middleware, no request's data"],
  ["./sitemap.ts handlers", "the sitemap's two handlers: functions, no state"],
  ["worker/ssr/ pageHandler", "react-router's static handler of the route table: made once, the same for every request"],
  ["worker/ssr/ editorialRegistry", "the editorial pages' components and island preloads: made once from the build"],
  ["worker/ssr/ cachedHeaders", "a WeakMap memo keyed by a stored document: a function of its key, never stale, collected with it"],
  ["worker/ssr/ appRegistry", "the app pages' components: made once from bundled modules"],
]);

interface Declaration {
  file: string;
  name: string;
  text: string;
}

/** Collections, factories' objects and values made on first use: what a module-level `const` keeps. */
const MAKES_STATE = /(?<!\.\.\.)\bnew (?:Map|Set|WeakMap|WeakSet)\b|\bcreate\w*\(|\bonFirstUse\(/;
/** A `const` that is a function: it keeps nothing itself. */
const IS_FUNCTION = /^[^=]*=\s*(?:async\s*)?(?:(?:\([^)]*\)|[\w$]+)\s*(?::[^=]*)?=>|function\b)/;

/** Module-level `let`/`var`, and `const`s whose value is a collection, a factory's object or made on first use. */
function holderDeclarations(file: string, source: string): Declaration[] {
  const found: Declaration[] = [];
  const lines = source.split("\n");
  lines.forEach((line, index) => {
    const match = /^(?:export )?(let|var|const) ([A-Za-z_$][\w$]*)/.exec(line);
    if (!match) return;
    const [, keyword, name = ""] = match;
    // The whole statement: up to the next line that starts at the left margin (closing brackets belong to it).
    const end = lines.findIndex((next, at) => at > index && /^\S/.test(next) && !/^[)\]}]/.test(next));
    const text = lines.slice(index, end === -1 ? undefined : end).join("\n");
    if (keyword !== "const" || (MAKES_STATE.test(text) && !IS_FUNCTION.test(text))) found.push({ file, name, text });
  });
  return found;
}

/** A collection built from a literal table and never changed anywhere in worker/: a constant, not state. */
function isConstantTable(declaration: Declaration): boolean {
  if (!/=\s*new (?:Map|Set)\b[^(]*\(\s*(?:\[|[A-Z_]+\)|Object\.entries)/.test(declaration.text)) return false;
  const changed = new RegExp(`\\b${declaration.name}\\.(?:set|add|delete|clear)\\(`);
  return !Object.values(SOURCES).some((source) => changed.test(source));
}

function isRegistered(declaration: Declaration, source: string): boolean {
  if (/\bisolate(?:Collection|Record)\(/.test(declaration.text)) return true;
  return new RegExp(`registerIsolateState\\([^;]*\\b${declaration.name}\\b`).test(source);
}

function allowed(declaration: Declaration): boolean {
  if (NOT_STATE.has(`${declaration.file} ${declaration.name}`)) return true;
  return declaration.file.startsWith("./ssr/") && NOT_STATE.has(`worker/ssr/ ${declaration.name}`);
}

describe("one owner for what lives across requests", () => {
  it("reads the worker's modules (the scan below is not empty)", () => {
    expect(Object.keys(SOURCES)).toContain("./app.ts");
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
  });

  it("every module-level holder in worker/ is registered, or allow-listed with its reason", () => {
    const unregistered = Object.entries(SOURCES).flatMap(([file, source]) =>
      holderDeclarations(file, source)
        .filter((declaration) => !isRegistered(declaration, source) && !isConstantTable(declaration) && !allowed(declaration))
        .map(({ name }) => `${file} ${name}`),
    );
    expect(unregistered).toEqual([]);
  });

  it("every holder registers under a name of the one list, and each name belongs to its module", async () => {
    await loadListedModules();
    expect([...registeredIsolateState().keys()].sort()).toEqual(Object.keys(ISOLATE_STATE).sort());
    for (const [name, path] of Object.entries(ISOLATE_STATE)) {
      expect(SOURCES[`./${path.slice("worker/".length)}`], name).toContain(`"${name}"`);
    }
  });

  it("a name registered twice is refused (one of the two would escape the reset)", async () => {
    await loadListedModules();
    expect(registeredIsolateState().has("kept reads")).toBe(true);
    expect(() => registerIsolateState("kept reads", { reset: () => undefined, isEmpty: () => true })).toThrow(/registered twice/);
  });

  it("after requests have filled the isolate, resetIsolateState() empties every holder", async () => {
    await loadListedModules();
    await Promise.all(["/", "/locations"].map(async (path) => (await get(path)).arrayBuffer()));
    const report = await exports.default.fetch(
      new Request(`${ORIGIN}/csp-report`, {
        method: "POST",
        headers: { "Content-Type": "application/csp-report", "User-Agent": BROWSER_UA },
        body: JSON.stringify({ "csp-report": { "effective-directive": "script-src", "blocked-uri": "https://evil.example/x.js" } }),
      }),
    );
    expect(report.status).toBe(204);
    const filled = (): IsolateStateName[] => [...registeredIsolateState()].filter(([, holder]) => !holder.isEmpty()).map(([name]) => name);
    expect(filled()).toEqual(
      expect.arrayContaining<IsolateStateName>([
        "kept reads",
        "nonce pool",
        "site settings",
        "content memory",
        "csp reports window",
        "csp reports logged",
      ]),
    );
    resetIsolateState();
    expect(filled()).toEqual([]);
  }, 60_000);
});
