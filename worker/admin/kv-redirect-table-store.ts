import { REDIRECT_KEY_PREFIX, REDIRECT_PREFIX_INDEX_KEY } from "#redirects/kv-layout.ts";
import type { RedirectTableStore } from "#redirects/redirect-table-store.ts";
import type { KvStep } from "#redirects/redirect-write-plan.ts";

/**
 * The redirect table store over a KVNamespace binding (ADR 0021): the admin endpoint's, and the
 * CLI's against local state (getPlatformProxy gives the same binding). One list() page returns
 * 1,000 keys with their metadata, so 100,000 entries cost 100 list calls, not 100,000 gets;
 * entries written without metadata (the seed, hand edits) are read with a get each.
 *
 * @example
 * const { table } = await loadRedirectTable(kvRedirectTableStore(env.REDIRECTS));
 */

// Parallel KV calls per batch: enough to hide latency, few enough to stay polite.
const PARALLEL = 50;

async function inBatches<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += PARALLEL) await Promise.all(items.slice(i, i + PARALLEL).map(run));
}

/** A value that is not JSON stays a string, which the entry schema then reports as unreadable. */
function parseJsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function kvRedirectTableStore(kv: KVNamespace): RedirectTableStore {
  return {
    async listEntries() {
      const entries: Array<{ key: string; value: unknown }> = [];
      let cursor: string | undefined;
      do {
        const page = await kv.list<unknown>({ prefix: REDIRECT_KEY_PREFIX, ...(cursor === undefined ? {} : { cursor }) });
        for (const { name, metadata } of page.keys) entries.push({ key: name, value: metadata ?? undefined });
        cursor = page.list_complete ? undefined : page.cursor;
      } while (cursor !== undefined);
      return entries;
    },
    async getValues(keys) {
      const values = new Map<string, unknown>();
      await inBatches(keys, async (key) => {
        const text = await kv.get(key, { type: "text" });
        values.set(key, text === null ? null : parseJsonOrText(text));
      });
      return values;
    },
    getIndex() {
      return kv.get(REDIRECT_PREFIX_INDEX_KEY, { type: "text" });
    },
    async runStep(step: KvStep) {
      await inBatches(step.operations, (operation) =>
        operation.op === "delete"
          ? kv.delete(operation.key)
          : kv.put(operation.key, operation.value, operation.metadata === undefined ? {} : { metadata: operation.metadata }),
      );
    },
  };
}
