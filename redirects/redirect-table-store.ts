import { REDIRECT_KEY_PREFIX } from "./kv-layout.ts";
import { RedirectKvValueSchema, type RedirectEntry } from "./redirect-entry-schema.ts";
import { GONE_CODE } from "./redirect-write-schema.ts";
import type { KeyedRedirectTable } from "./redirect-table-rules.ts";
import type { KvStep, RedirectWritePlan } from "./redirect-write-plan.ts";

/**
 * The port through which the admin endpoint and the CLI read and write the KV redirect table
 * (ADR 0021). Adapters: a KVNamespace (worker/admin/kv-redirect-table-store.ts, also used by the
 * CLI against local state) and the wrangler CLI (scripts/redirects.ts --remote). This module only
 * orchestrates: read the table, run a plan's steps in order.
 *
 * @example
 * const { table, index } = await loadRedirectTable(store);
 * await runRedirectPlan(store, plan, { indexWriteGapMs: 1000 });
 */
export interface RedirectTableStore {
  /** Every key under `redirect:` with the value from its metadata, or undefined when it has none. */
  listEntries(): Promise<Array<{ key: string; value: unknown }>>;
  /** The stored values of keys listed without metadata (null when gone meanwhile). */
  getValues(keys: string[]): Promise<Map<string, unknown>>;
  /** The index value as stored (text), or null. */
  getIndex(): Promise<string | null>;
  /** Carries out one step's operations (in any order, in bulk if it can). */
  runStep(step: KvStep): Promise<void>;
}

export interface LoadedTable {
  table: KeyedRedirectTable;
  index: string | null;
  /** Keys whose stored value does not parse (hand-edited KV); kept out of the table, reported. */
  unreadable: string[];
  /** Keys stored without metadata (the seed, hand edits): each costs a get when the table is read. */
  withoutMetadata: Set<string>;
}

/** A stored value as an entry. The path is the key, with "%" written "%25" so it normalises back to the key. */
export function entryFromStored(key: string, raw: unknown): RedirectEntry | null {
  const parsed = RedirectKvValueSchema.safeParse(raw);
  if (!parsed.success) return null;
  const { target, code, external } = parsed.data;
  // The code of an entry without target means nothing (it answers 404); admin writes call it 410.
  return { path: pathOfKey(key), target, code: target === null ? GONE_CODE : code, external };
}

export function pathOfKey(key: string): string {
  return key.replaceAll("%", "%25");
}

export async function loadRedirectTable(store: RedirectTableStore): Promise<LoadedTable> {
  const [listed, index] = await Promise.all([store.listEntries(), store.getIndex()]);
  const missing = listed.filter((item) => item.value === undefined).map((item) => item.key);
  const fetched = missing.length > 0 ? await store.getValues(missing) : new Map<string, unknown>();
  const table: KeyedRedirectTable = new Map();
  const unreadable: string[] = [];
  for (const { key: kvKey, value } of listed) {
    const key = kvKey.slice(REDIRECT_KEY_PREFIX.length);
    const raw = value === undefined ? fetched.get(kvKey) : value;
    if (raw === null || raw === undefined) continue;
    const entry = entryFromStored(key, raw);
    if (entry === null) unreadable.push(key);
    else table.set(key, entry);
  }
  const withoutMetadata = new Set(missing.map((kvKey) => kvKey.slice(REDIRECT_KEY_PREFIX.length)).filter((key) => table.has(key)));
  return { table, index, unreadable, withoutMetadata };
}

/**
 * Runs the steps strictly in order. KV allows one write per second to the same key, so a plan
 * that writes the index twice (grow, then shrink) waits `indexWriteGapMs` before the second.
 */
export async function runRedirectPlan(
  store: RedirectTableStore,
  plan: RedirectWritePlan,
  options: { indexWriteGapMs: number; sleep?: (ms: number) => Promise<void> },
): Promise<void> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let lastIndexWrite: number | null = null;
  for (const step of plan.steps) {
    const writesIndex = step.name === "grow-index" || step.name === "shrink-index";
    if (writesIndex && lastIndexWrite !== null) {
      const wait = options.indexWriteGapMs - (Date.now() - lastIndexWrite);
      if (wait > 0) await sleep(wait);
    }
    await store.runStep(step);
    if (writesIndex) lastIndexWrite = Date.now();
  }
}
