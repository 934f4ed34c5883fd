import { createContext, lazy, Suspense, useContext, type ComponentType, type ComponentProps } from "react";
import { whenIdle } from "#ui/when-idle.ts";
import type { LocationEmployees } from "./location-employees.tsx";

type Props = ComponentProps<typeof LocationEmployees>;

/**
 * A center's contact persons, server-rendered and hydrated at the page's first idle period: the
 * section is plain content (names, links), so nothing waits for its code, and the location page
 * keeps its first load within the 120 KB budget. The worker renders the section itself
 * (worker/ssr/render-page.tsx provides it, as for the list toggles, ADR 0015); the Suspense
 * boundary stays on both sides, so the browser keeps the server's HTML until the chunk is there.
 */
export const ServerLocationEmployeesContext = createContext<ComponentType<Props> | null>(null);

const LazyLocationEmployees = lazy(() =>
  whenIdle()
    .then(() => import("./location-employees.tsx"))
    .then((module) => ({ default: module.LocationEmployees })),
);

export function LocationEmployeesSlot(props: Props) {
  const Section = useContext(ServerLocationEmployeesContext) ?? LazyLocationEmployees;
  return (
    <Suspense fallback={null}>
      <Section {...props} />
    </Suspense>
  );
}
