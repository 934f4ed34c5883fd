import { useEffect, useState, type ChangeEvent } from "react";
import { SiteLink } from "#ui/site-link.tsx";
import { ADDED_MESSAGES, LIST_LIMITS, REMOVED_MESSAGES, type VehicleListKind } from "#ui/stores/vehicle-list-rules.ts";
import { useVehicleList } from "#ui/stores/vehicle-lists.ts";
import { COMPARE_PATH, FAVOURITES_PATH } from "./vehicle-list-paths.ts";

/** How long a confirmation stays on screen; a refusal stays until its list has room again. */
const CONFIRMATION_MS = 5_000;

interface Message {
  kind: VehicleListKind;
  text: string;
  /** Refusals interrupt (role="alert"); confirmations wait their turn (role="status"). */
  urgent: boolean;
}

/** The working toggles behind `VehicleListToggles` (vehicle-list-toggles.tsx), loaded after the page. */
export function LiveVehicleListToggles({ vehicleId, title }: { vehicleId: number; title: string }) {
  const compare = useVehicleList("compare");
  const favourites = useVehicleList("favourites");
  const [message, setMessage] = useState<Message | null>(null);
  // Not useId: one vehicle has one set of toggles per page, and ids from the vehicle id are stable.
  const alertId = `vehicle-list-alert-${vehicleId}`;
  const inCompare = compare.entries.some((entry) => entry.id === vehicleId);
  const inFavourites = favourites.entries.some((entry) => entry.id === vehicleId);

  useEffect(() => {
    if (!message || message.urgent) return;
    const timer = setTimeout(() => setMessage(null), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [message]);

  // A vehicle removed elsewhere (another card, the compare page, another tab) makes room: the refusal no longer holds.
  const refusedListLength = message?.urgent ? (message.kind === "compare" ? compare : favourites).entries.length : null;
  useEffect(() => {
    if (message?.urgent && refusedListLength !== null && refusedListLength < LIST_LIMITS[message.kind]) setMessage(null);
  }, [message, refusedListLength]);

  function toggle(kind: VehicleListKind, list: typeof compare) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      if (!event.currentTarget.checked) {
        list.remove(vehicleId);
        setMessage({ kind, text: REMOVED_MESSAGES[kind], urgent: false });
        return;
      }
      const outcome = list.add({ id: vehicleId, title });
      // A refused checkbox stays unchecked: it is controlled by the list, which did not change.
      if (outcome.added) setMessage({ kind, text: ADDED_MESSAGES[kind], urgent: false });
      else if (outcome.refusal) setMessage({ kind, text: outcome.refusal, urgent: true });
    };
  }

  return (
    <div className="vehicle-list-toggles" aria-busy={!compare.hydrated || !favourites.hydrated}>
      <div className="vehicle-list-toggles__options">
        <label className="vehicle-list-toggles__option">
          <input
            type="checkbox"
            checked={inCompare}
            disabled={!compare.hydrated}
            aria-label={`Vergleichen: ${title}`}
            aria-describedby={message?.urgent ? alertId : undefined}
            onChange={toggle("compare", compare)}
          />
          <span>Vergleichen</span>
        </label>
        <label className="vehicle-list-toggles__option">
          <input type="checkbox" checked={inFavourites} disabled={!favourites.hydrated} aria-label={`Merken: ${title}`} onChange={toggle("favourites", favourites)} />
          <span>Merken</span>
        </label>
        {inCompare && compare.entries.length >= 2 ? (
          <SiteLink to={COMPARE_PATH} className="vehicle-list-toggles__compare-link">
            {compare.entries.length} Fahrzeuge vergleichen
          </SiteLink>
        ) : null}
      </div>
      <p className="vehicle-list-toggles__status" role="status">
        {message && !message.urgent ? message.text : null}
      </p>
      <p className="vehicle-list-toggles__alert" role="alert" id={alertId}>
        {message?.urgent ? message.text : null}
      </p>
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
    </nav>
  );
}
