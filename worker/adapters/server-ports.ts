import type { DataPorts } from "#routes/ports.ts";
import { createContentService, type ContentServiceOptions } from "../content/content-service.ts";
import { d1Locations, d1Vehicles } from "./d1-stock.ts";
import { kvRouteLookup } from "./kv-route-lookup.ts";
import { LEAD_UNAVAILABLE_MESSAGE } from "#domain/lead-outcome.ts";

/** The one place the worker wires its data adapters (ARCHITECTURE.md "Embedded default"). */
export function createServerPorts(env: Env, contentOptions: ContentServiceOptions = {}): DataPorts {
  return {
    content: createContentService(env, contentOptions).content,
    routeLookup: kvRouteLookup(env.REDIRECTS),
    vehicles: d1Vehicles(env.DB, env.REDIRECTS),
    locations: d1Locations(env.DB),
    // Interim until the lead pipeline (worker/leads) is merged: every form says it could not be sent.
    leads: { submit: async () => ({ status: "refused", reason: "unavailable", message: LEAD_UNAVAILABLE_MESSAGE }) },
  };
}
