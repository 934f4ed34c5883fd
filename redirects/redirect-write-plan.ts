import { REDIRECT_PREFIX_INDEX_KEY, redirectKvKey } from "./kv-layout.ts";
import { normalizeRedirectKey } from "./normalize-path.ts";
import type { RedirectEntry } from "./redirect-entry-schema.ts";
import { buildRedirectIndexValue } from "./redirect-index.ts";
import { GONE_CODE } from "./redirect-write-schema.ts";
import { checkRedirectTable, type Flattening, type RedirectIssue, type KeyedRedirectTable } from "./redirect-table-rules.ts";

/**
 * From an edit to the ordered KV writes that carry it out (ADR 0021), pure.
 *
 * applyRedirectEdit: the resulting table, checked as a whole (checkRedirectTable), or the issues.
 * planRedirectWrites: old table → new table as four ordered steps, each a batch that may run in
 * any order or in bulk, the steps strictly one after the other:
 *
 *   1. grow-index     the index over old ∪ new keys (skipped when KV already holds exactly it)
 *   2. put-entries    added and changed entries (value also as metadata, so list() returns the table)
 *   3. delete-entries removed entries
 *   4. shrink-index   the index over the new keys (skipped when equal to step 1's)
 *
 * so at every moment the index covers every entry in KV: a crash between steps leaves extra
 * index coverage (one wasted KV read for such a path), never an entry the worker cannot see.
 *
 * @example
 * const edit = applyRedirectEdit(current, { kind: "upsert", entries: [entry] }, { flatten: false });
 * if (edit.ok) for (const step of planRedirectWrites(current, edit.table, storedIndex).steps) await run(step);
 */

export type RedirectEdit =
  | { kind: "upsert"; entries: RedirectEntry[] }
  | { kind: "replace"; entries: RedirectEntry[] }
  | { kind: "remove"; keys: string[] };

export type EditResult = { ok: true; table: KeyedRedirectTable; flattened: Flattening[] } | { ok: false; issues: RedirectIssue[] };

export type KvOperation = { op: "put"; key: string; value: string; metadata?: StoredRedirectValue } | { op: "delete"; key: string };

export type StepName = "grow-index" | "put-entries" | "delete-entries" | "shrink-index";

export interface KvStep {
  name: StepName;
  operations: KvOperation[];
}

export interface RedirectWritePlan {
  steps: KvStep[];
  added: string[];
  changed: string[];
  removed: string[];
  /** Unchanged entries rewritten because their KV key had no metadata yet (CLI writes). */
  refreshed: string[];
  unchanged: number;
}

export interface StoredRedirectValue {
  target: string | null;
  code: number;
  external: boolean;
}

// Workers KV metadata is at most 1024 bytes of JSON (KV limits); larger values are read with a get.
export const MAX_METADATA_BYTES = 1_024;

const utf8 = new TextEncoder();

export function applyRedirectEdit(current: KeyedRedirectTable, edit: RedirectEdit, options: { flatten: boolean }): EditResult {
  const next: KeyedRedirectTable = edit.kind === "replace" ? new Map() : new Map(current);
  if (edit.kind === "remove") {
    for (const key of edit.keys) next.delete(key);
  } else {
    for (const entry of edit.entries) {
      const key = normalizeRedirectKey(entry.path);
      if (key === null) return { ok: false, issues: [{ entry: entry.path, message: "path has no lookup key" }] };
      next.set(key, entry);
    }
  }
  return checkRedirectTable(next, options);
}

/** The stored form of an entry (RedirectKvValue). Without target the code means nothing (404): always 410. */
export function storedRedirectValue(entry: RedirectEntry): StoredRedirectValue {
  return { target: entry.target, code: entry.target === null ? GONE_CODE : entry.code, external: entry.external };
}

export function planRedirectWrites(
  before: KeyedRedirectTable,
  after: KeyedRedirectTable,
  storedIndexValue: string | null,
  options: { rewrite?: ReadonlySet<string> } = {},
): RedirectWritePlan {
  const added: string[] = [];
  const changed: string[] = [];
  const refreshed: string[] = [];
  const removed: string[] = [];
  const puts: KvOperation[] = [];
  for (const [key, entry] of after) {
    const value = storedRedirectValue(entry);
    const text = JSON.stringify(value);
    const old = before.get(key);
    if (old !== undefined && JSON.stringify(storedRedirectValue(old)) === text) {
      if (!options.rewrite?.has(key)) continue;
      refreshed.push(key);
    } else {
      (old === undefined ? added : changed).push(key);
    }
    const fitsMetadata = utf8.encode(text).byteLength <= MAX_METADATA_BYTES;
    puts.push({ op: "put", key: redirectKvKey(key), value: text, ...(fitsMetadata ? { metadata: value } : {}) });
  }
  const deletes: KvOperation[] = [];
  for (const key of before.keys()) {
    if (!after.has(key)) {
      removed.push(key);
      deletes.push({ op: "delete", key: redirectKvKey(key) });
    }
  }
  const grown = buildRedirectIndexValue([...before.keys(), ...after.keys()]);
  const shrunk = buildRedirectIndexValue(after.keys());
  const steps: KvStep[] = [];
  const indexPut = (value: string): KvOperation => ({ op: "put", key: REDIRECT_PREFIX_INDEX_KEY, value });
  if (grown !== storedIndexValue) steps.push({ name: "grow-index", operations: [indexPut(grown)] });
  if (puts.length > 0) steps.push({ name: "put-entries", operations: puts });
  if (deletes.length > 0) steps.push({ name: "delete-entries", operations: deletes });
  if (shrunk !== grown) steps.push({ name: "shrink-index", operations: [indexPut(shrunk)] });
  return { steps, added, changed, removed, refreshed, unchanged: after.size - added.length - changed.length - refreshed.length };
}
