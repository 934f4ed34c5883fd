import { findModelLine } from "#domain/model-lines.ts";
import type { LeadSubmission } from "#domain/lead-schemas.ts";
import { d1Locations, d1Vehicles } from "../adapters/d1-stock.ts";

export type ReferenceCheck = { ok: true } | { ok: false; fieldErrors: Record<string, string> } | { ok: false; unavailable: true };

/**
 * What a lead points at must exist (the server is the authority): a vehicle that is
 * still for sale (a form page left open while it sold), a real model line, an existing center.
 * A failing D1 read is "unavailable", never a lead about nothing.
 */
export async function checkLeadReferences(env: Env, lead: LeadSubmission): Promise<ReferenceCheck> {
  const errors = new Map<string, string>();
  try {
    if ("vehicleId" in lead && lead.vehicleId !== undefined && (await d1Vehicles(env.DB, env.REDIRECTS).getById(lead.vehicleId)) === null) {
      errors.set("vehicleId", "Dieses Fahrzeug ist leider nicht mehr verfügbar. Gern zeigen wir Ihnen ähnliche Fahrzeuge.");
    }
    if (
      "brand" in lead &&
      "model" in lead &&
      lead.brand !== undefined &&
      typeof lead.model === "string" &&
      !findModelLine(lead.brand, lead.model)
    ) {
      errors.set("model", "Dieses Modell führen wir nicht.");
    }
    if (
      "location" in lead &&
      typeof lead.location === "string" &&
      lead.location !== "" &&
      (await d1Locations(env.DB).getBySlug(lead.location)) === null
    ) {
      errors.set("location", "Bitte wählen Sie einen Standort aus der Liste.");
    }
  } catch (error) {
    console.error("lead references could not be checked (D1 unavailable):", error instanceof Error ? error.message : String(error));
    return { ok: false, unavailable: true };
  }
  return errors.size === 0 ? { ok: true } : { ok: false, fieldErrors: Object.fromEntries(errors) };
}
