import { idleSection } from "#ui/idle-section.tsx";

/** The vehicle page's location section and contact persons, hydrated at the first idle period (ui/idle-section.tsx). */
export const VehicleLocationSlot = idleSection("vehicle-location", () =>
  import("./vehicle-location.tsx").then((module) => module.VehicleLocation),
);
