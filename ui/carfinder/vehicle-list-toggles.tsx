import { useEffect, useState, type ChangeEvent } from "react";
import { Link } from "react-router";
import { ADDED_MESSAGES, REMOVED_MESSAGES, type VehicleListKind } from "#ui/stores/vehicle-list-rules.ts";
import { useVehicleList } from "#ui/stores/vehicle-lists.ts";

export const COMPARE_PATH = "/carfinder/vergleichen";
export const FAVOURITES_PATH = "/carfinder/favoriten";

/** How long a confirmation stays on screen; a refusal stays until the next change. */
const CONFIRMATION_MS = 5_000;

interface Message {
  text: string;
  /** Refusals interrupt (role="alert"); confirmations wait their turn (role="status"). */
  urgent: boolean;
}

/**
 * The compare and favourite checkboxes of one vehicle (spec section 2, stock block "compare and
 * favourite checkboxes"), for result cards and the detail page. Their accessible names (aria-label)
 * start with the visible label and add the vehicle title ("Vergleichen: Mercedes-Benz A 180"), as a
 * results page holds 24 of them. They are
 * disabled until the lists were read from localStorage after hydration.
 *
 * @example <VehicleListToggles vehicleId={vehicle.id} title={vehicle.title} />
 */
export function VehicleListToggles({ vehicleId, title }: { vehicleId: number; title: string }) {
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

  function toggle(kind: VehicleListKind, list: typeof compare) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      if (!event.currentTarget.checked) {
        list.remove(vehicleId);
        setMessage({ text: REMOVED_MESSAGES[kind], urgent: false });
        return;
      }
      const outcome = list.add({ id: vehicleId, title });
      // A refused checkbox stays unchecked: it is controlled by the list, which did not change.
      if (outcome.added) setMessage({ text: ADDED_MESSAGES[kind], urgent: false });
      else if (outcome.refusal) setMessage({ text: outcome.refusal, urgent: true });
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
          <Link to={COMPARE_PATH} className="vehicle-list-toggles__compare-link">
            {compare.entries.length} Fahrzeuge vergleichen
          </Link>
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

/** Links to the compare page and the favourites with their counts (shown once the lists are read). */
export function VehicleListsSummary() {
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
      <Link to={COMPARE_PATH}>Vergleich {count(compare)}</Link>
      <Link to={FAVOURITES_PATH}>Favoriten {count(favourites)}</Link>
    </nav>
  );
}
