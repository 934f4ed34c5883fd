import { idleSection } from "#ui/idle-section.tsx";

/**
 * A center's contact persons, server-rendered and hydrated at the page's first idle period
 * (ui/idle-section.tsx): the location page keeps its first load within the 120 KB budget.
 */
export const LocationEmployeesSlot = idleSection("location-employees", () =>
  import("./location-employees.tsx").then((module) => module.LocationEmployees),
);
