import type { DataPorts } from "#routes/ports.ts";
import { createContentService, type ContentServiceOptions } from "../content/content-service.ts";
import { d1Locations, d1Vehicles } from "./d1-stock.ts";
import { kvRouteLookup } from "./kv-route-lookup.ts";
import { leadRefusal } from "#domain/lead-outcome.ts";
import { acceptLead } from "../leads/accept-lead.ts";
import type { LeadRequestMeta } from "../leads/lead-request-meta.ts";

/**
 * The one place the worker wires its data adapters (ARCHITECTURE.md "Embedded default").
 * `lead` is the request a page action sends a lead for (origin, IP); without it no lead is taken.
 */
export function createServerPorts(env: Env, contentOptions: ContentServiceOptions = {}, lead?: LeadRequestMeta): DataPorts {
  return {
    content: createContentService(env, contentOptions).content,
    routeLookup: kvRouteLookup(env.REDIRECTS),
    vehicles: d1Vehicles(env.DB, env.REDIRECTS),
    locations: d1Locations(env.DB),
    leads: {
      submit: async (input, files) =>
        lead ? acceptLead(env, input, lead, { files, waitUntil: contentOptions.waitUntil ?? (() => undefined) }) : leadRefusal("unavailable"),
    },
  };
}
