import type { DataPorts } from "#routes/ports.ts";

/** Every port method, by group: the deferred ports forward exactly these. */
export const PORT_METHODS = {
  content: ["getPage", "listArticles"],
  routeLookup: ["lookup"],
  vehicles: ["getById", "getMany", "priceHistory", "search"],
  locations: ["getBySlug", "list"],
  places: ["locate"],
  employees: ["search"],
  models: ["variants"],
  leads: ["submit"],
} as const satisfies { [G in keyof DataPorts]: ReadonlyArray<keyof DataPorts[G]> };

// A port method added to DataPorts but not listed above fails the type check here.
type Unlisted = { [G in keyof DataPorts]: Exclude<keyof DataPorts[G], (typeof PORT_METHODS)[G][number]> }[keyof DataPorts];
const everyMethodListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyMethodListed;

type AnyMethod = (...args: unknown[]) => Promise<unknown>;

/**
 * Data ports whose implementation (fetchers, query cache glue) loads with the first call or
 * when `warm()` runs after hydration: hydration reads no port, so none of that code is part
 * of any page's first load (ADR 0006). A failed load is retried by the next call.
 */
export function deferredPorts(load: () => Promise<DataPorts>): { ports: DataPorts; warm(): void } {
  let loaded: Promise<DataPorts> | null = null;
  const real = (): Promise<DataPorts> =>
    (loaded ??= load().catch((error: unknown) => {
      loaded = null;
      throw error;
    }));
  const ports = {} as Record<string, Record<string, AnyMethod>>;
  for (const [group, methods] of Object.entries(PORT_METHODS) as Array<[keyof DataPorts, readonly string[]]>) {
    const forwarded: Record<string, AnyMethod> = {};
    for (const method of methods) {
      forwarded[method] = async (...args) => {
        const target = (await real())[group] as unknown as Record<string, AnyMethod>;
        return target[method]!(...args);
      };
    }
    ports[group] = forwarded;
  }
  return {
    ports: ports as unknown as DataPorts,
    warm: () => void real().catch(() => {}),
  };
}
