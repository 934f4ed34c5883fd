import { REDIRECT_KEY_PREFIX, REDIRECT_PREFIX_INDEX_KEY } from "./kv-layout.ts";
import type { RedirectTableStore } from "./redirect-table-store.ts";
import type { KvOperation } from "./redirect-write-plan.ts";

/**
 * A RedirectTableStore over a Map, for tests of the admin core and the CLI: it records every
 * single KV operation so a test can replay them one by one and check the index after each.
 *
 * @example
 * const store = memoryRedirectTableStore(new Map(buildRedirectKvEntries(table).map((e) => [e.key, { value: e.value }])));
 */
export interface MemoryKvValue {
  value: string;
  metadata?: unknown;
}

export interface MemoryRedirectTableStore extends RedirectTableStore {
  kv: Map<string, MemoryKvValue>;
  operations: KvOperation[];
}

export function memoryRedirectTableStore(kv = new Map<string, MemoryKvValue>()): MemoryRedirectTableStore {
  const operations: KvOperation[] = [];
  return {
    kv,
    operations,
    async listEntries() {
      return [...kv.entries()]
        .filter(([key]) => key.startsWith(REDIRECT_KEY_PREFIX))
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([key, stored]) => ({ key, value: stored.metadata }));
    },
    async getValues(keys) {
      return new Map(
        keys.map((key) => {
          const stored = kv.get(key);
          if (stored === undefined) return [key, null];
          try {
            return [key, JSON.parse(stored.value) as unknown];
          } catch {
            return [key, stored.value];
          }
        }),
      );
    },
    async getIndex() {
      return kv.get(REDIRECT_PREFIX_INDEX_KEY)?.value ?? null;
    },
    async runStep(step) {
      for (const operation of step.operations) {
        operations.push(operation);
        if (operation.op === "delete") kv.delete(operation.key);
        else
          kv.set(
            operation.key,
            operation.metadata === undefined ? { value: operation.value } : { value: operation.value, metadata: operation.metadata },
          );
      }
    },
  };
}
