import { expect, test } from "vitest";
import legacyRedirects from "./legacy-redirects.json" with { type: "json" };
import { buildRedirectKvEntries, REDIRECT_KEY_PREFIX, REDIRECT_PREFIX_INDEX_KEY } from "./kv-layout.ts";
import { memoryRedirectTableStore, type MemoryKvValue } from "./memory-redirect-table-store.ts";
import { RedirectTableSchema, type RedirectEntry } from "./redirect-entry-schema.ts";
import { buildRedirectIndexValue, parseRedirectIndex } from "./redirect-index.ts";
import { redirectTableFromEntries } from "./redirect-table-rules.ts";
import { loadRedirectTable, runRedirectPlan } from "./redirect-table-store.ts";
import { applyRedirectEdit, planRedirectWrites, type KvOperation, type RedirectEdit } from "./redirect-write-plan.ts";
import { writeRedirects, type WriteOptions, type WriteOutcome } from "./redirect-admin-core.ts";

const entry = (path: string, target: string | null): RedirectEntry => ({
  path,
  target,
  code: target === null ? 410 : 301,
  external: false,
});

/** Write options of the tests: no flattening, no dry run, no wait between index writes. */
const WRITE_AT_ONCE: WriteOptions = { flatten: false, dryRun: false, indexWriteGapMs: 0 };

function seededStore() {
  const kv = new Map<string, MemoryKvValue>(
    buildRedirectKvEntries(RedirectTableSchema.parse(legacyRedirects)).map(({ key, value }) => [key, { value }]),
  );
  return memoryRedirectTableStore(kv);
}

/** Replays operations one at a time on a copy of `kv`; after each, the index must cover every entry. */
function expectIndexCoversEntriesThroughout(start: Map<string, MemoryKvValue>, operations: KvOperation[]) {
  const kv = new Map(start);
  const check = (moment: string) => {
    const filter = parseRedirectIndex(JSON.parse(kv.get(REDIRECT_PREFIX_INDEX_KEY)?.value ?? "null"));
    const uncovered = [...kv.keys()].filter(
      (key) => key.startsWith(REDIRECT_KEY_PREFIX) && !filter?.mayContain(key.slice(REDIRECT_KEY_PREFIX.length)),
    );
    expect(uncovered, moment).toEqual([]);
  };
  check("before");
  operations.forEach((operation, index) => {
    if (operation.op === "delete") kv.delete(operation.key);
    else kv.set(operation.key, { value: operation.value });
    check(`after operation ${index + 1} (${operation.op} ${operation.key})`);
  });
}

test("a new first segment grows the index before the entry is written", () => {
  const before = redirectTableFromEntries([entry("/angebote", "/Aktionsangebote")]);
  const after = redirectTableFromEntries([entry("/angebote", "/Aktionsangebote"), entry("/neu/seite", "/ziel")]);
  const plan = planRedirectWrites(before, after, buildRedirectIndexValue(before.keys()));
  expect(plan.steps.map((step) => step.name)).toEqual(["grow-index", "put-entries"]);
  expect(plan.steps[0]?.operations).toEqual([{ op: "put", key: REDIRECT_PREFIX_INDEX_KEY, value: '["angebote","neu"]' }]);
  expect(plan.added).toEqual(["/neu/seite"]);
});

test("a removed last entry of a segment shrinks the index after the delete", () => {
  const before = redirectTableFromEntries([entry("/angebote", "/x"), entry("/alt", "/y")]);
  const after = redirectTableFromEntries([entry("/angebote", "/x")]);
  const plan = planRedirectWrites(before, after, buildRedirectIndexValue(before.keys()));
  expect(plan.steps.map((step) => step.name)).toEqual(["delete-entries", "shrink-index"]);
});

test("an unchanged table writes nothing; a stale stored index is repaired", () => {
  const table = redirectTableFromEntries([entry("/angebote", "/x")]);
  expect(planRedirectWrites(table, table, '["angebote"]').steps).toEqual([]);
  expect(planRedirectWrites(table, table, '["andere"]').steps.map((step) => step.name)).toEqual(["grow-index"]);
});

test("entries are written with their value as metadata, so a list returns the table", () => {
  const plan = planRedirectWrites(new Map(), redirectTableFromEntries([entry("/a", "/b")]), null);
  expect(plan.steps[1]?.operations[0]).toEqual({
    op: "put",
    key: "redirect:/a",
    value: '{"target":"/b","code":301,"external":false}',
    metadata: { target: "/b", code: 301, external: false },
  });
});

test("replacing the seeded table keeps the index covering every entry after every single operation", async () => {
  const store = seededStore();
  const start = new Map(store.kv);
  const entries = [entry("/komplett/neu", "/ziel"), entry("/angebote", "/Aktionsangebote"), entry("/noch-eins", null)];
  const outcome = await writeRedirects(store, { kind: "replace", entries }, WRITE_AT_ONCE);
  expect(outcome.kind).toBe("written");
  expectIndexCoversEntriesThroughout(start, store.operations);
  const { table, index } = await loadRedirectTable(store);
  expect([...table.keys()].sort()).toEqual(["/angebote", "/komplett/neu", "/noch-eins"]);
  expect(index).toBe('["angebote","komplett","noch-eins"]');
});

test("growing past 1,000 segments switches to the Bloom index without a moment of uncovered entries", async () => {
  const store = seededStore();
  const start = new Map(store.kv);
  const entries = Array.from({ length: 1_200 }, (_, i) => entry(`/altseite-${i}`, "/ziel"));
  await writeRedirects(store, { kind: "upsert", entries }, WRITE_AT_ONCE);
  expectIndexCoversEntriesThroughout(start, store.operations);
  expect(JSON.parse(store.kv.get(REDIRECT_PREFIX_INDEX_KEY)!.value)).toMatchObject({ format: "bloom" });
});

const WRITING_NOTHING: Array<{ rule: string; edit: RedirectEdit; options: Partial<WriteOptions>; outcome: Partial<WriteOutcome> }> = [
  {
    rule: "a dry run plans and writes nothing",
    edit: { kind: "remove", keys: ["/angebote"] },
    options: { dryRun: true },
    outcome: { kind: "planned" },
  },
  {
    rule: "a refused edit writes nothing",
    edit: { kind: "upsert", entries: [entry("/neu", "/angebote")] },
    options: {},
    outcome: { kind: "refused" },
  },
  {
    rule: "a plan over the write budget is refused before anything is written",
    edit: { kind: "replace", entries: [] },
    options: { maxWrites: 100 },
    outcome: { kind: "too-large", limit: 100 },
  },
];

for (const { rule, edit, options, outcome } of WRITING_NOTHING) {
  test(rule, async () => {
    const store = seededStore();
    expect(await writeRedirects(store, edit, { ...WRITE_AT_ONCE, ...options })).toMatchObject(outcome);
    expect(store.operations).toEqual([]);
  });
}

test("adding b under a → b is refused as a chain, or flattened on request (a is rewritten too)", () => {
  const current = redirectTableFromEntries([entry("/a", "/b")]);
  expect(applyRedirectEdit(current, { kind: "upsert", entries: [entry("/b", "/c")] }, { flatten: false }).ok).toBe(false);
  const flattened = applyRedirectEdit(current, { kind: "upsert", entries: [entry("/b", "/c")] }, { flatten: true });
  expect(flattened.ok && flattened.table.get("/a")?.target).toBe("/c");
  expect(flattened.ok && planRedirectWrites(current, flattened.table, null).changed).toEqual(["/a"]);
});

test("two index writes in one plan wait the KV gap of one second per key", async () => {
  const store = seededStore();
  const waits: number[] = [];
  const before = (await loadRedirectTable(store)).table;
  const after = redirectTableFromEntries([entry("/ganz-neu", "/ziel")]);
  const plan = planRedirectWrites(before, after, await store.getIndex());
  await runRedirectPlan(store, plan, { indexWriteGapMs: 1_000, sleep: async (ms) => void waits.push(ms) });
  expect(waits).toHaveLength(1);
  expect(waits[0]).toBeGreaterThan(900);
});
