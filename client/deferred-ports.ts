import type { DataPorts } from "#routes/ports.ts";

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
  // Written out, not generated from a method list: the DataPorts type checks every forwarder, and a
  // port method added there without one here is a type error.
  const ports: DataPorts = {
    content: {
      getPage: async (...args) => (await real()).content.getPage(...args),
      listArticles: async (...args) => (await real()).content.listArticles(...args),
    },
    routeLookup: { lookup: async (...args) => (await real()).routeLookup.lookup(...args) },
    vehicles: {
      getById: async (...args) => (await real()).vehicles.getById(...args),
      getMany: async (...args) => (await real()).vehicles.getMany(...args),
      adverts: async (...args) => (await real()).vehicles.adverts(...args),
      priceHistory: async (...args) => (await real()).vehicles.priceHistory(...args),
      search: async (...args) => (await real()).vehicles.search(...args),
    },
    locations: {
      getBySlug: async (...args) => (await real()).locations.getBySlug(...args),
      list: async (...args) => (await real()).locations.list(...args),
    },
    places: { locate: async (...args) => (await real()).places.locate(...args) },
    employees: { search: async (...args) => (await real()).employees.search(...args) },
    models: { variants: async (...args) => (await real()).models.variants(...args) },
    leads: { submit: async (...args) => (await real()).leads.submit(...args) },
  };
  return {
    ports,
    warm: () => void real().catch(() => {}),
  };
}
