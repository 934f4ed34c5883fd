import { useRef, useState, type ReactNode } from "react";
import { carfinderPath } from "#domain/site-paths.ts";
import type { Vehicle } from "#domain/vehicle.ts";
import { ListNotices } from "#ui/carfinder/list-notices.tsx";
import { useListVehicles } from "#ui/carfinder/use-list-vehicles.ts";
import { PageHead } from "#ui/page-head.tsx";
import { SiteLink } from "#ui/site-link.tsx";
import type { VehicleListKind } from "#domain/vehicle-list-rules.ts";

/**
 * A stored vehicle list's page (compare, favourites): its vehicles (useListVehicles), and
 * `removeVehicle`, which takes a vehicle off the list, announces it ("„…“ wurde aus {from}
 * entfernt.") and keeps keyboard focus on the page, at its heading — the button is gone with its
 * card or column.
 */
export function useVehicleListPage(kind: VehicleListKind, path: string, from: string) {
  const list = useListVehicles(kind, path);
  const [announcement, setAnnouncement] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  function removeVehicle(vehicle: Vehicle) {
    list.remove(vehicle.id);
    setAnnouncement(`„${vehicle.title}“ wurde aus ${from} entfernt.`);
    heading.current?.focus();
  }
  return { ...list, announcement, heading, removeVehicle };
}

/**
 * The frame of a stored list's page: title (the heading takes focus after a removal), the
 * notices, then "loading" until the list is known, the `empty` message for an empty list, or the
 * list itself.
 */
export function VehicleListPage({
  className,
  title,
  description,
  page,
  loadingText,
  empty,
  children,
}: {
  className: string;
  title: string;
  description: string;
  page: ReturnType<typeof useVehicleListPage>;
  loadingText: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className={`page ${className}`}>
      <PageHead title={title} description={description} />
      <h1 ref={page.heading} tabIndex={-1}>
        {title}
      </h1>
      <ListNotices notices={page.notices} announcement={page.announcement} />
      {page.loading ? (
        <p className="list-loading" aria-busy="true">
          {loadingText}
        </p>
      ) : page.vehicles.length === 0 ? (
        <ListEmpty>
          <p>{empty}</p>
        </ListEmpty>
      ) : (
        children
      )}
    </article>
  );
}

/** Why the list shows no vehicles, and the way to the carfinder to add some. */
export function ListEmpty({ action = "Zur Fahrzeugsuche", children }: { action?: string; children: ReactNode }) {
  return (
    <div className="list-empty">
      {children}
      <SiteLink to={carfinderPath()} className="button button--primary button--medium">
        {action}
      </SiteLink>
    </div>
  );
}

/** "Entfernen" for one vehicle of the list, named with the vehicle for screen readers. */
export function RemoveButton({
  vehicle,
  onRemove,
  className = "button button--tertiary button--extra-small",
}: {
  vehicle: Vehicle;
  onRemove: (vehicle: Vehicle) => void;
  className?: string;
}) {
  return (
    <button type="button" className={className} aria-label={`Entfernen: ${vehicle.title}`} onClick={() => onRemove(vehicle)}>
      Entfernen
    </button>
  );
}
