import { createContext, lazy, Suspense, useContext, type ComponentProps, type ComponentType } from "react";
import { whenIdle } from "#ui/when-idle.ts";
import type { LocationEmployees } from "#ui/people/location-employees.tsx";
import type { VehicleLocation } from "#ui/vehicle/vehicle-location.tsx";
import type { EnergyLabel } from "#ui/vehicle/energy-label.tsx";

/**
 * A server-rendered section whose code the browser loads at the page's first idle period
 * (the budgets): plain content (names, addresses, tables, links), so nothing waits for it.
 * The worker renders the real component, named in `ServerIdleSectionsContext`
 * (worker/ssr/render-page.tsx): a `lazy()` would suspend on its first use in every isolate and make
 * the buffered render stream (ADR 0015). The Suspense boundary is on both sides, so the browser
 * keeps the server's HTML until the chunk is there and then hydrates it.
 *
 * @example
 * export const LocationEmployeesSlot = idleSection("location-employees", () => import("./location-employees.tsx").then((module) => module.LocationEmployees));
 */
export interface IdleSectionProps {
  "location-employees": ComponentProps<typeof LocationEmployees>;
  "vehicle-location": ComponentProps<typeof VehicleLocation>;
  "energy-label": ComponentProps<typeof EnergyLabel>;
  breadcrumbs: Record<string, never>;
}

export type ServerIdleSections = { [Name in keyof IdleSectionProps]: ComponentType<IdleSectionProps[Name]> };

export const ServerIdleSectionsContext = createContext<ServerIdleSections | null>(null);

export function idleSection<Name extends keyof IdleSectionProps>(
  name: Name,
  load: () => Promise<ComponentType<IdleSectionProps[Name]>>,
): ComponentType<IdleSectionProps[Name]> {
  const Lazy = lazy(() =>
    whenIdle()
      .then(load)
      .then((component) => ({ default: component })),
  );
  return function IdleSection(props: IdleSectionProps[Name]) {
    const Section: ComponentType<IdleSectionProps[Name]> = useContext(ServerIdleSectionsContext)?.[name] ?? Lazy;
    return (
      <Suspense fallback={null}>
        <Section {...props} />
      </Suspense>
    );
  };
}
