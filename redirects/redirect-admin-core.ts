import { normalizeRedirectKey } from "./normalize-path.ts";
import { RedirectTableSchema, type RedirectEntry } from "./redirect-entry-schema.ts";
import { buildRedirectIndexValue } from "./redirect-index.ts";
import { checkRedirectTable, type Flattening, type KeyedRedirectTable, type RedirectIssue } from "./redirect-table-rules.ts";
import { loadRedirectTable, runRedirectPlan, type RedirectTableStore } from "./redirect-table-store.ts";
import { applyRedirectEdit, planRedirectWrites, type RedirectEdit, type RedirectWritePlan } from "./redirect-write-plan.ts";

/**
 * One admin write, end to end, shared by the HTTP endpoint and the CLI (ADR 0021): read the
 * table through the store, apply the edit, check the whole result, plan, and (unless dry run)
 * run the plan. Refusals come back as issues; nothing is written then.
 *
 * @example
 * const outcome = await writeRedirects(store, { kind: "remove", keys: ["/angebote"] }, { flatten: false, dryRun: false, indexWriteGapMs: 1000 });
 * if (outcome.kind === "refused") console.log(outcome.issues);
 */

export interface WriteOptions {
  flatten: boolean;
  dryRun: boolean;
  indexWriteGapMs: number;
  /** Refuse plans with more KV writes than this (a Worker invocation has 1,000 KV operations). */
  maxWrites?: number;
  /** Also rewrite unchanged entries stored without metadata, so later reads need no gets (the CLI does). */
  addMissingMetadata?: boolean;
}

export type WriteOutcome =
  | { kind: "refused"; issues: RedirectIssue[] }
  | { kind: "too-large"; writes: number; limit: number }
  | { kind: "planned" | "written"; plan: RedirectWritePlan; flattened: Flattening[]; table: KeyedRedirectTable };

export async function writeRedirects(store: RedirectTableStore, edit: RedirectEdit, options: WriteOptions): Promise<WriteOutcome> {
  const loaded = await loadRedirectTable(store);
  const result = applyRedirectEdit(loaded.table, edit, { flatten: options.flatten });
  if (!result.ok) return { kind: "refused", issues: result.issues };
  const plan = planRedirectWrites(
    loaded.table,
    result.table,
    loaded.index,
    options.addMissingMetadata ? { rewrite: loaded.withoutMetadata } : {},
  );
  const writes = plan.steps.reduce((sum, step) => sum + step.operations.length, 0);
  if (options.maxWrites !== undefined && writes > options.maxWrites) return { kind: "too-large", writes, limit: options.maxWrites };
  if (options.dryRun) return { kind: "planned", plan, flattened: result.flattened, table: result.table };
  await runRedirectPlan(store, plan, { indexWriteGapMs: options.indexWriteGapMs });
  return { kind: "written", plan, flattened: result.flattened, table: result.table };
}

/**
 * The reviewed source file (redirects/legacy-redirects.json) as a replace edit: checked with the
 * source-file schema (lenient codes, reviewed in code review) and the whole-table rules, never
 * flattened (the file itself must be fixed).
 */
export function sourceFileEdit(json: unknown): { ok: true; edit: RedirectEdit } | { ok: false; issues: RedirectIssue[] } {
  const parsed = RedirectTableSchema.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => ({ message: `entry ${String(issue.path[0] ?? "?")}: ${issue.message}` })),
    };
  }
  return { ok: true, edit: { kind: "replace", entries: parsed.data } };
}

/** What `check` reports: unreadable values, chains or loops, and whether the index covers every key. */
export async function checkStoredTable(
  store: RedirectTableStore,
): Promise<{ issues: RedirectIssue[]; entries: number; withoutMetadata: number; indexCurrent: boolean }> {
  const loaded = await loadRedirectTable(store);
  const issues: RedirectIssue[] = loaded.unreadable.map((key) => ({
    entry: key,
    message: "stored value does not parse as {target, code, external}",
  }));
  const graph = checkRedirectTable(loaded.table, { flatten: false });
  if (!graph.ok) issues.push(...graph.issues);
  const indexCurrent = loaded.index === buildRedirectIndexValue(loaded.table.keys());
  return { issues, entries: loaded.table.size, withoutMetadata: loaded.withoutMetadata.size, indexCurrent };
}

/** The lookup key of a path given by ops, or an issue. */
export function keyOfPath(path: string): { ok: true; key: string } | { ok: false; issues: RedirectIssue[] } {
  const key = path.startsWith("/") ? normalizeRedirectKey(path) : null;
  return key === null
    ? { ok: false, issues: [{ entry: path, message: 'path must start with "/", be validly percent-encoded and fit a KV key' }] }
    : { ok: true, key };
}

/** Entries sorted by key, for listings and exports (stable diffs). */
export function sortedEntries(table: KeyedRedirectTable): RedirectEntry[] {
  return [...table.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry);
}

/** A one-paragraph summary of a plan for ops. */
export function describePlan(plan: RedirectWritePlan, flattened: Flattening[]): string {
  const lines = [
    `${plan.added.length} added, ${plan.changed.length} changed, ${plan.removed.length} removed, ${plan.unchanged} unchanged${plan.refreshed.length > 0 ? `, ${plan.refreshed.length} rewritten with metadata` : ""}`,
    `KV steps: ${plan.steps.length === 0 ? "none" : plan.steps.map((step) => `${step.name} (${step.operations.length})`).join(" → ")}`,
  ];
  for (const { path, from, to } of flattened) lines.push(`flattened ${path}: ${from} → ${to ?? "gone (410)"}`);
  return lines.join("\n");
}
