/**
 * Everything the worker keeps in an isolate from one request to the next, in one registry
 * (docs/decisions/0035-isolate-state.md). An isolate serves many requests, several at once, so
 * what lives here holds only plain values — never a request's I/O objects or a promise another
 * request would have to wait for — and each holder is bounded in size or age.
 *
 * A holder registers itself where it is declared, under a name of ISOLATE_STATE, and keeps a
 * module-level reference to what it registered, so a request reads it as fast as a plain module
 * variable; tests put every holder back to a fresh isolate's state with one `resetIsolateState()`.
 *
 *   const logged = isolateCollection("csp reports logged", new Map<string, number>());
 *   const rate = isolateRecord("csp reports window", () => ({ start: 0, count: 0 }));
 *   rate.count++;
 */

/**
 * What may live across requests, by name, with where it is declared: the one list. A holder
 * registers only under a name of this list; the ADR's table says for each why it is safe.
 */
export const ISOLATE_STATE = {
  "kept reads": "worker/adapters/kept-reads.ts",
  "vehicle documents": "worker/adapters/d1-stock.ts",
  "price histories": "worker/adapters/d1-stock.ts",
  locations: "worker/adapters/d1-stock.ts",
  "model variants": "worker/adapters/d1-models.ts",
  "employee pages": "worker/adapters/d1-employees.ts",
  "dependency failures reported": "worker/adapters/dependency-failures.ts",
  "redirect index": "worker/adapters/kv-redirect-store.ts",
  "card advert warned": "worker/adapters/card-advert.ts",
  "site settings": "worker/site-settings.ts",
  "site settings reported": "worker/site-settings.ts",
  "content memory": "worker/content/cached-content.ts",
  "content source ids": "worker/content/content-service.ts",
  "demo space": "worker/content/demo-space-source.ts",
  "layout failures": "worker/content/layout-content-reader.ts",
  "csp reports window": "worker/csp-report.ts",
  "csp reports logged": "worker/csp-report.ts",
  "nonce pool": "worker/middleware/request-context.ts",
  "webhook window": "worker/webhooks/storyblok-webhook.ts",
  "redirect admin write lease": "worker/admin/redirects-admin.ts",
  "sitemap vehicles": "worker/sitemap.ts",
  "vehicle search index": "worker/adapters/vehicle-search-index.ts",
  "mail binding warned": "worker/leads/mail-channel.ts",
  "lead channel warned": "worker/leads/deliver-lead.ts",
  "stale copy writes": "worker/ssr/stale-fallback.ts",
  "leaf handles": "worker/ssr/page-route.ts",
  "html memory": "worker/ssr/html-cache.ts",
} as const;

export type IsolateStateName = keyof typeof ISOLATE_STATE;

/** One registered holder: how it goes back to a fresh isolate's state, and whether it is there. */
export interface IsolateHolder {
  reset(): void;
  isEmpty(): boolean;
}

const holders = new Map<IsolateStateName, IsolateHolder>();

/** Registers a holder that needs its own reset (a factory's object, a lazily made map). */
export function registerIsolateState(name: IsolateStateName, holder: IsolateHolder): void {
  // Two holders under one name would leave one of them out of the reset.
  if (holders.has(name)) throw new Error(`isolate state "${name}" is registered twice`);
  holders.set(name, holder);
}

/** A Map, Set or kept map (worker/adapters/kept-reads.ts) that lives across requests; reset by clearing it. */
export function isolateCollection<T extends { clear(): void; readonly size: number }>(name: IsolateStateName, collection: T): T {
  registerIsolateState(name, { reset: () => collection.clear(), isEmpty: () => collection.size === 0 });
  return collection;
}

/**
 * An object of plain fields that lives across requests (counters, "said once" flags, the last
 * value read); reset by writing `initial()`'s fields back. The fields are read and written in
 * place, so the object's reference stays the same for the module that holds it.
 */
export function isolateRecord<T extends object>(name: IsolateStateName, initial: () => T): T {
  const record = initial();
  registerIsolateState(name, {
    reset: () => void Object.assign(record, initial()),
    isEmpty: () => {
      const fresh = new Map(Object.entries(initial()));
      return Object.entries(record).every(([key, value]) => Object.is(value, fresh.get(key)));
    },
  });
  return record;
}

/** Tests: every registered holder as in a fresh isolate. */
export function resetIsolateState(): void {
  for (const holder of holders.values()) holder.reset();
}

/** Tests: the registered holders by name. */
export function registeredIsolateState(): ReadonlyMap<IsolateStateName, IsolateHolder> {
  return holders;
}
