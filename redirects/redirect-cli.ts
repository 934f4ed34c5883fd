import {
  checkStoredTable,
  describePlan,
  keyOfPath,
  sortedEntries,
  sourceFileEdit,
  writeRedirects,
  type WriteOutcome,
} from "./redirect-admin-core.ts";
import { serializeRedirectCsv } from "./redirect-csv.ts";
import { parseRedirectEntry, parseRedirectImport, type ImportFormat } from "./redirect-import.ts";
import type { RedirectIssue } from "./redirect-table-rules.ts";
import { loadRedirectTable, type RedirectTableStore } from "./redirect-table-store.ts";
import type { RedirectEdit } from "./redirect-write-plan.ts";

/**
 * `npm run redirects -- <command>` (scripts/redirects.ts is the Node shell around this), ADR 0021.
 * Pure apart from the injected store and I/O, so the argument handling is unit-tested.
 *
 * @example
 * await runRedirectCli(["add", "/aktion", "/angebote", "--code", "302"], io);   // 0, or 1 when refused
 */

export const CLI_USAGE = `usage: npm run redirects -- <command> [options]

commands
  list [--prefix /path]                 entries (normalised path, target, code, external)
  get <path>                            one entry
  add <path> [target] [--code N] [--external]   new entry; no target = gone (410)
  set <path> [target] [--code N] [--external]   add or change an entry
  remove <path>                         delete an entry
  import <file.csv|file.json> [--replace] [--flatten]   merge (default) or replace the table
  export [--format csv|json] [--out file]
  sync                                  replace the table by redirects/legacy-redirects.json (reviewed)
  check                                 chains, loops, unreadable values, index up to date

options
  --local            (default) the state \`wrangler dev\` uses (.wrangler/state/v3)
  --persist-to dir   local state elsewhere
  --remote           the real namespace, through wrangler (needs \`wrangler login\`)
  --env name         wrangler environment for --remote
  --dry-run          show what would be written, write nothing
  --flatten          rewrite chains a→b→c to a→c instead of refusing them`;

export interface CliIo {
  /** The store for the chosen target (created once the options are known). */
  openStore(options: CliOptions): Promise<RedirectTableStore & { close?: () => Promise<void> }>;
  readFile(path: string): Promise<string>;
  writeFile(path: string, text: string): Promise<void>;
  /** The reviewed source file's JSON (redirects/legacy-redirects.json). */
  sourceFile(): Promise<unknown>;
  out(text: string): void;
  err(text: string): void;
}

export interface CliOptions {
  command: string;
  args: string[];
  remote: boolean;
  persistTo?: string;
  env?: string;
  dryRun: boolean;
  flatten: boolean;
  replace: boolean;
  external: boolean;
  code?: number;
  format?: ImportFormat;
  prefix?: string;
  out?: string;
}

const VALUE_FLAGS = new Set(["--code", "--format", "--prefix", "--out", "--env", "--persist-to"]);
const BOOLEAN_FLAGS = new Set(["--local", "--remote", "--dry-run", "--flatten", "--replace", "--external"]);

export function parseCliArgs(argv: string[]): { ok: true; options: CliOptions } | { ok: false; message: string } {
  const positional: string[] = [];
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (VALUE_FLAGS.has(arg)) {
      const value = argv[i + 1];
      if (value === undefined) return { ok: false, message: `${arg} needs a value` };
      values.set(arg, value);
      i += 1;
    } else if (BOOLEAN_FLAGS.has(arg)) {
      flags.add(arg);
    } else if (arg.startsWith("--")) {
      return { ok: false, message: `unknown option ${arg}` };
    } else {
      positional.push(arg);
    }
  }
  const [command, ...args] = positional;
  if (command === undefined) return { ok: false, message: "no command" };
  if (flags.has("--local") && flags.has("--remote")) return { ok: false, message: "--local and --remote exclude each other" };
  const format = values.get("--format");
  if (format !== undefined && format !== "csv" && format !== "json") return { ok: false, message: "--format is csv or json" };
  const code = values.get("--code");
  if (code !== undefined && !/^\d{3}$/.test(code)) return { ok: false, message: "--code is a number such as 301" };
  const options: CliOptions = {
    command,
    args,
    remote: flags.has("--remote"),
    dryRun: flags.has("--dry-run"),
    flatten: flags.has("--flatten"),
    replace: flags.has("--replace"),
    external: flags.has("--external"),
  };
  if (format !== undefined) options.format = format;
  if (code !== undefined) options.code = Number(code);
  for (const [flag, name] of [
    ["--prefix", "prefix"],
    ["--out", "out"],
    ["--env", "env"],
    ["--persist-to", "persistTo"],
  ] as const) {
    const value = values.get(flag);
    if (value !== undefined) options[name] = value;
  }
  return { ok: true, options };
}

function printIssues(io: CliIo, issues: RedirectIssue[]): void {
  for (const issue of issues)
    io.err(`  ${issue.entry !== undefined && !issue.message.includes(issue.entry) ? `${issue.entry}: ` : ""}${issue.message}`);
}

function report(io: CliIo, outcome: WriteOutcome): number {
  switch (outcome.kind) {
    case "refused":
      io.err("refused, nothing written:");
      printIssues(io, outcome.issues);
      return 1;
    case "too-large":
      io.err(`refused: ${outcome.writes} KV writes, more than ${outcome.limit} in one go`);
      return 1;
    case "planned":
      io.out(`dry run, nothing written:\n${describePlan(outcome.plan, outcome.flattened)}`);
      for (const step of outcome.plan.steps) {
        for (const operation of step.operations)
          io.out(
            `  ${step.name}: ${operation.op} ${operation.key}${operation.op === "put" && step.name === "put-entries" ? ` = ${operation.value}` : ""}`,
          );
      }
      return 0;
    case "written":
      io.out(`written:\n${describePlan(outcome.plan, outcome.flattened)}`);
      return 0;
  }
}

/** Runs one command; the exit code: 0 done, 1 refused or failed, 2 usage. */
export async function runRedirectCli(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCliArgs(argv);
  if (!parsed.ok) {
    io.err(`${parsed.message}\n\n${CLI_USAGE}`);
    return 2;
  }
  const options = parsed.options;
  const write = { flatten: options.flatten, dryRun: options.dryRun, indexWriteGapMs: options.remote ? 1_000 : 0, addMissingMetadata: true };
  const needs = (count: number, what: string): string | null =>
    options.args.length < count
      ? `${options.command} needs ${what}`
      : options.args.length > count + (options.command === "add" || options.command === "set" ? 1 : 0)
        ? `too many arguments for ${options.command}`
        : null;
  const usageProblem =
    options.command === "get" || options.command === "remove"
      ? needs(1, "a path")
      : options.command === "add" || options.command === "set"
        ? needs(1, "a path (and a target unless gone)")
        : options.command === "import"
          ? needs(1, "a file")
          : ["list", "export", "sync", "check"].includes(options.command)
            ? needs(0, "")
            : `unknown command ${options.command}`;
  if (usageProblem !== null) {
    io.err(`${usageProblem}\n\n${CLI_USAGE}`);
    return 2;
  }
  const store = await io.openStore(options);
  try {
    // The arity was checked above: each command that reads `first` has it.
    const [first = "", second] = options.args;
    switch (options.command) {
      case "list":
      case "export": {
        const { table, unreadable } = await loadRedirectTable(store);
        const prefix = options.prefix?.toLowerCase();
        const entries = sortedEntries(table).filter((entry) => prefix === undefined || entry.path.startsWith(prefix));
        const text =
          options.command === "list" && options.format === undefined
            ? entries
                .map((entry) => `${entry.path}\t${entry.target ?? "(gone)"}\t${entry.code}${entry.external ? "\texternal" : ""}`)
                .join("\n")
            : options.format === "csv"
              ? serializeRedirectCsv(entries)
              : `${JSON.stringify(entries, null, 2)}\n`;
        if (options.out !== undefined) {
          await io.writeFile(options.out, text);
          io.err(`${entries.length} entries written to ${options.out}`);
        } else {
          io.out(text);
        }
        for (const key of unreadable) io.err(`warning: ${key}: stored value does not parse, left out`);
        return 0;
      }
      case "get": {
        const key = keyOfPath(first);
        if (!key.ok) {
          printIssues(io, key.issues);
          return 1;
        }
        const entry = (await loadRedirectTable(store)).table.get(key.key);
        if (entry === undefined) {
          io.err(`no entry for ${key.key}`);
          return 1;
        }
        io.out(JSON.stringify(entry, null, 2));
        return 0;
      }
      case "add":
      case "set": {
        const input = {
          path: first,
          target: second ?? null,
          ...(options.code === undefined ? {} : { code: options.code }),
          external: options.external,
        };
        const entry = parseRedirectEntry(input);
        if (!entry.ok) {
          io.err("refused, nothing written:");
          printIssues(io, entry.issues);
          return 1;
        }
        if (options.command === "add") {
          const key = keyOfPath(entry.entry.path);
          if (key.ok && (await loadRedirectTable(store)).table.has(key.key)) {
            io.err(`refused: ${key.key} exists already; use set to change it`);
            return 1;
          }
        }
        return report(io, await writeRedirects(store, { kind: "upsert", entries: [entry.entry] }, write));
      }
      case "remove": {
        const key = keyOfPath(first);
        if (!key.ok) {
          printIssues(io, key.issues);
          return 1;
        }
        if (!(await loadRedirectTable(store)).table.has(key.key)) {
          io.err(`no entry for ${key.key}`);
          return 1;
        }
        return report(io, await writeRedirects(store, { kind: "remove", keys: [key.key] }, write));
      }
      case "import": {
        const format = options.format ?? (first.toLowerCase().endsWith(".csv") ? "csv" : "json");
        const parsedImport = parseRedirectImport(await io.readFile(first), format);
        if (!parsedImport.ok) {
          io.err(`refused, nothing written (${first}):`);
          printIssues(io, parsedImport.issues);
          return 1;
        }
        const edit: RedirectEdit = { kind: options.replace ? "replace" : "upsert", entries: parsedImport.entries };
        return report(io, await writeRedirects(store, edit, write));
      }
      case "sync": {
        const edit = sourceFileEdit(await io.sourceFile());
        if (!edit.ok) {
          io.err("the reviewed source file does not parse:");
          printIssues(io, edit.issues);
          return 1;
        }
        return report(io, await writeRedirects(store, edit.edit, { ...write, flatten: false }));
      }
      case "check": {
        const result = await checkStoredTable(store);
        io.out(
          `${result.entries} entries (${result.withoutMetadata} without metadata); index ${result.indexCurrent ? "up to date" : "NOT up to date (any write, e.g. `import` of an empty list, rebuilds it)"}`,
        );
        printIssues(io, result.issues);
        return result.issues.length === 0 && result.indexCurrent ? 0 : 1;
      }
    }
    return 2;
  } finally {
    await store.close?.();
  }
}
