import { useEffect, useState, type ChangeEvent } from "react";
import { SiteLink } from "#ui/site-link.tsx";
import { ADDED_MESSAGES, LIST_LIMITS, REMOVED_MESSAGES, type VehicleListKind } from "#domain/vehicle-list-rules.ts";
import { useVehicleList } from "./vehicle-lists.ts";
import { ListToastHost, showListToast } from "./list-toast.tsx";
import { COMPARE_PATH, FAVOURITES_PATH } from "./vehicle-list-paths.ts";

/** A refusal (list full) stays next to the checkbox until its list has room again. */
interface Refusal {
  kind: VehicleListKind;
  text: string;
}

const LIST_LINKS: Record<VehicleListKind, { label: string; to: string }> = {
  compare: { label: "Zum Vergleich", to: COMPARE_PATH },
  favourites: { label: "Zu den Favoriten", to: FAVOURITES_PATH },
};

/** The working toggles behind `VehicleListToggles` (vehicle-list-toggles.tsx), loaded after the page. */
export function LiveVehicleListToggles({ vehicleId, title }: { vehicleId: number; title: string }) {
  const compare = useVehicleList("compare");
  const favourites = useVehicleList("favourites");
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // Not useId: one vehicle has one set of toggles per page, and ids from the vehicle id are stable.
  const alertId = `vehicle-list-alert-${vehicleId}`;
  const inCompare = compare.entries.some((entry) => entry.id === vehicleId);
  const inFavourites = favourites.entries.some((entry) => entry.id === vehicleId);

  // A vehicle removed elsewhere (another card, the compare page, another tab) makes room: the refusal no longer holds.
  const refusedListLength = refusal ? (refusal.kind === "compare" ? compare : favourites).entries.length : null;
  useEffect(() => {
    if (refusal && refusedListLength !== null && refusedListLength < LIST_LIMITS[refusal.kind]) setRefusal(null);
  }, [refusal, refusedListLength]);

  // Confirmations are toasts (list-toast.tsx): after adding, the way to the list; after removing, undo.
  function toggle(kind: VehicleListKind, list: typeof compare) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      if (!event.currentTarget.checked) {
        list.remove(vehicleId);
        setRefusal(null);
        showListToast(`${title}: ${REMOVED_MESSAGES[kind]}`, { label: "Rückgängig", run: () => list.add({ id: vehicleId, title }) });
        return;
      }
      const outcome = list.add({ id: vehicleId, title });
      // A refused checkbox stays unchecked: it is controlled by the list, which did not change.
      if (outcome.added) showListToast(`${title}: ${ADDED_MESSAGES[kind]}`, LIST_LINKS[kind]);
      else if (outcome.refusal) setRefusal({ kind, text: outcome.refusal });
    };
  }

  /** One list's checkbox; a refusal of its list describes it. */
  const option = (kind: VehicleListKind, list: typeof compare, checked: boolean, label: string) => (
    <label className="vehicle-list-toggles__option">
      <input
        type="checkbox"
        checked={checked}
        disabled={!list.hydrated}
        aria-label={`${label}: ${title}`}
        aria-describedby={refusal?.kind === kind ? alertId : undefined}
        onChange={toggle(kind, list)}
      />
      <span>{label}</span>
    </label>
  );

  return (
    <div className="vehicle-list-toggles" aria-busy={!compare.hydrated || !favourites.hydrated}>
      <div className="vehicle-list-toggles__options">
        {option("compare", compare, inCompare, "Vergleichen")}
        {option("favourites", favourites, inFavourites, "Merken")}
        {inCompare && compare.entries.length >= 2 ? (
          <SiteLink to={COMPARE_PATH} className="vehicle-list-toggles__compare-link">
            {compare.entries.length} Fahrzeuge vergleichen
          </SiteLink>
        ) : null}
      </div>
      <p className="vehicle-list-toggles__alert" role="alert" id={alertId}>
        {refusal?.text}
      </p>
      <ListToastHost />
    </div>
  );
}

/** The working summary behind `VehicleListsSummary` (vehicle-list-toggles.tsx). */
export function LiveVehicleListsSummary() {
  const compare = useVehicleList("compare");
  const favourites = useVehicleList("favourites");
  const count = (list: typeof compare) =>
    list.hydrated ? (
      <span className="vehicle-lists-summary__count">
        {list.entries.length}
        <span className="visually-hidden"> {list.entries.length === 1 ? "Fahrzeug" : "Fahrzeuge"}</span>
      </span>
    ) : null;
  return (
    <nav className="vehicle-lists-summary" aria-label="Vergleich und Favoriten">
      <SiteLink to={COMPARE_PATH}>Vergleich {count(compare)}</SiteLink>
      <SiteLink to={FAVOURITES_PATH}>Favoriten {count(favourites)}</SiteLink>
      <ListToastHost />
    </nav>
  );
}
