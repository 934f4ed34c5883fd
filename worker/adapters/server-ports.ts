import type { DataPorts } from "#routes/ports.ts";
import { demoContent } from "./demo-content.ts";
import { d1Locations, d1Vehicles } from "./d1-stock.ts";
import { kvRouteLookup } from "./kv-route-lookup.ts";

/** The one place the worker wires its data adapters (ARCHITECTURE.md "Embedded default"). */
export function createServerPorts(env: Env): DataPorts {
  return {
    content: demoContent(),
    routeLookup: kvRouteLookup(env.REDIRECTS),
    vehicles: d1Vehicles(env.DB, env.REDIRECTS),
    locations: d1Locations(env.DB),
  };
}
