import type { DataPorts } from "#routes/ports.ts";
import { createContentService, type ContentServiceOptions } from "../content/content-service.ts";
import { kvRouteLookup } from "./kv-route-lookup.ts";
import { keptReads } from "./kept-reads.ts";
import { leadRefusal } from "#domain/lead-outcome.ts";
import type { LeadRequestMeta } from "../leads/lead-request-meta.ts";

/** The request's data ports plus what only the worker asks for (the HTML cache key's content version). */
export interface ServerPorts extends DataPorts {
  currentCv(): Promise<number | undefined>;
}

/**
 * The one place the worker wires its data adapters (ARCHITECTURE.md "Embedded default"), once per
 * request. `lead` is the request a page action sends a lead for (origin, IP); without it no lead is
 * taken. Route lookups are remembered for the request: the HTML cache key and the page guard ask
 * for the same path.
 */
export function createServerPorts(env: Env, contentOptions: ContentServiceOptions = {}, lead?: LeadRequestMeta): ServerPorts {
  const contentService = createContentService(env, contentOptions);
  const routeLookup = kvRouteLookup(env.REDIRECTS);
  const lookups = new Map<string, ReturnType<DataPorts["routeLookup"]["lookup"]>>();
  return {
    content: contentService.content,
    currentCv: () => contentService.currentCv(),
    routeLookup: {
      lookup(path) {
        let pending = lookups.get(path);
        if (!pending) {
          // Kept per isolate for a second (kept-reads.ts): the HTML-cache key and the content loader ask for it.
          pending = keptReads.routeLookup(path, () => routeLookup.lookup(path));
          lookups.set(path, pending);
        }
        return pending;
      },
    },
    ...d1Ports(env),
    leads: {
      // The lead pipeline (schemas, checks, store, queue) loads with the first lead an isolate takes.
      submit: async (input, files) =>
        lead
          ? (await import("../leads/accept-lead.ts")).acceptLead(env, input, lead, {
              files,
              waitUntil: contentOptions.waitUntil ?? (() => undefined),
            })
          : leadRefusal("unavailable"),
    },
  };
}

// The D1 adapters and the domain schemas they parse with load with the first read that needs them:
// a redirect, an API call or a content page never evaluates the vehicle schema (docs/limits.md
// "Startup"). import() resolves each module once per isolate; the adapters themselves are cheap.
const stock = () => import("./d1-stock.ts");
const employees = () => import("./d1-employees.ts");
const models = () => import("./d1-models.ts");
const places = () => import("./d1-places.ts");

function d1Ports(env: Env): Pick<DataPorts, "vehicles" | "locations" | "employees" | "models" | "places"> {
  const vehicles = async () => {
    const { d1Vehicles, isolateVehicleDocuments, isolatePriceHistories } = await stock();
    return d1Vehicles(env.DB, env.REDIRECTS, isolateVehicleDocuments, isolatePriceHistories);
  };
  const locations = async () => (await stock()).d1Locations(env.DB);
  return {
    vehicles: {
      getById: async (id) => (await vehicles()).getById(id),
      getMany: async (ids) => (await vehicles()).getMany(ids),
      adverts: async (ids) => (await vehicles()).adverts(ids),
      priceHistory: async (id) => (await vehicles()).priceHistory(id),
      search: async (query, scope, options) => (await vehicles()).search(query, scope, options),
    },
    locations: {
      getBySlug: async (slug) => (await locations()).getBySlug(slug),
      list: async () => (await locations()).list(),
    },
    employees: { search: async (filter, page) => (await employees()).d1Employees(env.DB).search(filter, page) },
    models: { variants: async (brand, model) => (await models()).d1Models(env.DB).variants(brand, model) },
    places: { locate: async (query) => (await places()).d1Places(env.DB).locate(query) },
  };
}
