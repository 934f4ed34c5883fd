import type { LoaderFunctionArgs } from "react-router";
import type { LocationSummary } from "#domain/data-schemas.ts";
import { portsContext } from "./ports.ts";

/**
 * The centers a lead form offers. A failing D1 read costs only the choice of location: the page
 * and its form still render and say so ('Standorte konnten nicht geladen werden.', spec section 8).
 */
export async function loadLeadLocations({
  context,
}: Pick<LoaderFunctionArgs, "context">): Promise<{ locations: LocationSummary[]; locationsFailed: boolean }> {
  try {
    return { locations: await context.get(portsContext).locations.list(), locationsFailed: false };
  } catch (error) {
    console.warn("lead form: locations could not be loaded", error instanceof Error ? error.message : error);
    return { locations: [], locationsFailed: true };
  }
}
