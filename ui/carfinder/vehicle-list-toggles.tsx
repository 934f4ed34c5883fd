import { createContext, lazy, Suspense, useContext, type ComponentType } from "react";
import { SiteLink } from "#ui/site-link.tsx";
import { whenIdle } from "#ui/when-idle.ts";
import { COMPARE_PATH, FAVOURITES_PATH } from "./vehicle-list-paths.ts";

export { COMPARE_PATH, FAVOURITES_PATH };

// The lists' store (zustand, persist) and the interactive toggles load as their own chunk, on the
// page's first idle period: the checkboxes are disabled until the lists are read from
// localStorage anyway, so nothing waits for them, and the carfinder and the detail page keep
// hydration and their first load small (120 KB budget, ADR 0006).
// The server renders the real toggles; in the browser React keeps that HTML and hydrates each
// toggle once the chunk is there (a suspended boundary is hydrated later, never replaced).
const liveModule = () => whenIdle().then(() => import("./vehicle-list-toggles-live.tsx"));
const LiveToggles = lazy(() => liveModule().then((module) => ({ default: module.LiveVehicleListToggles })));
const LiveSummary = lazy(() => liveModule().then((module) => ({ default: module.LiveVehicleListsSummary })));

/**
 * The worker renders the live components directly (worker/ssr/render-page.tsx provides them): a
 * `lazy()` suspends on its first use in every isolate, which made the buffered render fall back to
 * streaming and shared one pending thenable between requests (ADR 0015). The Suspense boundaries
 * stay, so the markers in the HTML are the ones the browser hydrates.
 */
export const ServerListTogglesContext = createContext<{
  Toggles: ComponentType<{ vehicleId: number; title: string }>;
  Summary: ComponentType;
} | null>(null);

/**
 * The compare and favourite checkboxes of one vehicle (spec section 2, stock block "compare and
 * favourite checkboxes"), for result cards and the detail page. Visible labels "Vergleichen" and
 * "Merken"; their accessible names add the vehicle title ("Vergleichen: Mercedes-Benz A 180"), as a
 * results page holds 24 of them. Disabled until the lists were read from localStorage after
 * hydration. Refusals (more than 6 to compare) show in a role="alert" next to them, confirmations in
 * a role="status"; with 2 or more vehicles to compare a link leads to the compare page.
 *
 * @example <VehicleListToggles vehicleId={vehicle.id} title={vehicle.title} />
 */
export function VehicleListToggles({ vehicleId, title }: { vehicleId: number; title: string }) {
  const Toggles = useContext(ServerListTogglesContext)?.Toggles ?? LiveToggles;
  return (
    <Suspense fallback={<TogglesPlaceholder title={title} />}>
      <Toggles vehicleId={vehicleId} title={title} />
    </Suspense>
  );
}

/** Links to the compare page and the favourites, with their counts once the lists are read. */
export function VehicleListsSummary() {
  const Summary = useContext(ServerListTogglesContext)?.Summary ?? LiveSummary;
  return (
    <Suspense fallback={<SummaryPlaceholder />}>
      <Summary />
    </Suspense>
  );
}

/** The same markup as the live toggles before the lists are read: disabled, unchecked. */
function TogglesPlaceholder({ title }: { title: string }) {
  return (
    <div className="vehicle-list-toggles" aria-busy="true">
      <div className="vehicle-list-toggles__options">
        <label className="vehicle-list-toggles__option">
          <input type="checkbox" disabled aria-label={`Vergleichen: ${title}`} />
          <span>Vergleichen</span>
        </label>
        <label className="vehicle-list-toggles__option">
          <input type="checkbox" disabled aria-label={`Merken: ${title}`} />
          <span>Merken</span>
        </label>
      </div>
    </div>
  );
}

function SummaryPlaceholder() {
  return (
    <nav className="vehicle-lists-summary" aria-label="Vergleich und Favoriten">
      <SiteLink to={COMPARE_PATH}>Vergleich</SiteLink>
      <SiteLink to={FAVOURITES_PATH}>Favoriten</SiteLink>
    </nav>
  );
}
