import { idleSection } from "#ui/idle-section.tsx";

/**
 * The Pkw-EnVKV block of a vehicle's page or offer page: in the server's HTML from the start (the
 * law wants it shown, not interactive), its code hydrated at the first idle period (ui/idle-section.tsx).
 */
export const EnergyLabelSlot = idleSection("energy-label", () => import("./energy-label.tsx").then((module) => module.EnergyLabel));
