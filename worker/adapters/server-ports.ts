import type { DataPorts } from "#routes/ports.ts";
import { createContentService, type ContentServiceOptions } from "../content/content-service.ts";
import { d1Locations, d1Vehicles, isolateVehicleDocuments } from "./d1-stock.ts";
import { d1Places } from "./d1-places.ts";
import { d1Employees } from "./d1-employees.ts";
import { d1Models } from "./d1-models.ts";
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
    vehicles: d1Vehicles(env.DB, env.REDIRECTS, isolateVehicleDocuments),
    locations: d1Locations(env.DB),
    places: d1Places(env.DB),
    employees: d1Employees(env.DB),
    models: d1Models(env.DB),
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
