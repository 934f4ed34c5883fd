import { useState } from "react";
import { SiteLink } from "#ui/site-link.tsx";
import { formatEuro } from "#domain/format.ts";
import { comparisonSections, type ComparisonRow } from "#domain/vehicle-comparison.ts";
import { vehiclePath } from "#domain/site-paths.ts";
import type { Vehicle } from "#domain/vehicle.ts";
import { useSiteSettings } from "#ui/site-context.tsx";
import { ListEmpty, RemoveButton, useVehicleListPage, VehicleListPage } from "#ui/carfinder/vehicle-list-page.tsx";
import { COMPARE_PATH } from "#ui/carfinder/vehicle-list-toggles.tsx";
import { listVehiclesLoader } from "./list-vehicles-loader.ts";
import type { ListedVehicle } from "#ui/carfinder/use-list-vehicles.ts";

/**
 * The compare list lives in the visitor's browser; the document is rendered with the vehicles its
 * cookie mirror names, and the page asks this loader for `?ids=…` through a fetcher for any the
 * stored list adds (routes/list-vehicles-loader.ts, ui/carfinder/use-list-vehicles.ts).
 */
export const loader = listVehiclesLoader("compare");

export function Component() {
  const page = useVehicleListPage("compare", COMPARE_PATH, "dem Vergleich");
  const { loading, vehicles, locationNames, removeVehicle } = page;
  const [only] = vehicles;
  // Spec section 2: 'Vergleiche {0} Fahrzeuge'; fewer than two vehicles are no comparison (section 5).
  const title = !loading && vehicles.length >= 2 ? `Vergleiche ${vehicles.length} Fahrzeuge` : "Fahrzeugvergleich";
  return (
    <VehicleListPage
      className="compare-page"
      title={title}
      description="Vergleichen Sie bis zu sechs Fahrzeuge aus dem Bestand der Autohaus Gruppe Nord Merkmal für Merkmal."
      page={page}
      loadingText="Ihre Vergleichsliste wird geladen …"
      empty="Sie haben noch keine Fahrzeuge zum Vergleichen ausgewählt. Wählen Sie in der Fahrzeugsuche mindestens zwei und höchstens sechs Fahrzeuge aus."
    >
      {vehicles.length === 1 && only ? (
        <ListEmpty action="Weitere Fahrzeuge auswählen">
          <p>
            Für einen Vergleich benötigen Sie mindestens zwei Fahrzeuge. Sie haben bisher nur „{only.title}“ ausgewählt – wählen Sie in der
            Fahrzeugsuche mindestens ein weiteres Fahrzeug aus.
          </p>
          <p>
            <SiteLink to={vehiclePath(only)}>{only.title}</SiteLink> <RemoveButton vehicle={only} onRemove={removeVehicle} />
          </p>
        </ListEmpty>
      ) : (
        <ComparisonTable vehicles={vehicles} locationNames={locationNames} onRemove={removeVehicle} />
      )}
    </VehicleListPage>
  );
}

function ComparisonTable({
  vehicles,
  locationNames,
  onRemove,
}: {
  vehicles: ListedVehicle[];
  locationNames: Record<string, string>;
  onRemove: (vehicle: Vehicle) => void;
}) {
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const { wltp } = useSiteSettings().stock;
  const sections = comparisonSections(vehicles, (slug) => locationNames[slug], { wltp });
  const rows = sections.flatMap((section) => section.rows);
  const differing = rows.filter((row) => row.differs).length;
  return (
    <>
      <div className="compare-controls">
        <label className="compare-controls__toggle">
          <input type="checkbox" checked={onlyDifferences} onChange={(event) => setOnlyDifferences(event.currentTarget.checked)} />
          <span>Nur Unterschiede anzeigen</span>
        </label>
        <p className="compare-controls__summary">
          {differing === 0
            ? "Die Fahrzeuge unterscheiden sich in keinem der verglichenen Merkmale."
            : `${differing} von ${rows.length} Merkmalen unterscheiden sich.`}
        </p>
      </div>
      <div className="compare-table__scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
        <table className="compare-table">
          <caption id="compare-caption">
            <span className="compare-table__caption-text">
              Vergleich von {vehicles.length} Fahrzeugen{onlyDifferences ? ", nur Merkmale mit Unterschieden" : ""}. Unterschiedliche
              Merkmale sind mit <span aria-hidden="true">≠</span>
              <span className="visually-hidden">„unterschiedlich“</span> markiert.
            </span>
          </caption>
          <thead>
            <tr>
              <th scope="col" className="compare-table__corner">
                <span className="visually-hidden">Merkmal</span>
              </th>
              {vehicles.map((vehicle, index) => (
                <th scope="col" key={vehicle.id} className="compare-table__vehicle">
                  {/* Decorative: the title links right below, and column headers are read with every cell.
                      The first photo is the page's largest paint when the worker renders the list. */}
                  <img
                    src={vehicle.images[0]}
                    alt=""
                    width={800}
                    height={500}
                    decoding="async"
                    fetchPriority={index === 0 ? "high" : undefined}
                  />
                  <SiteLink to={vehiclePath(vehicle)} className="compare-table__title">
                    {vehicle.title}
                  </SiteLink>
                  <span className="compare-table__price">
                    <strong>{vehicle.advert?.price ?? formatEuro(vehicle.price)}</strong>{" "}
                    <span className="compare-table__price-note">{vehicle.advert?.note ?? "Gesamtpreis"}</span>
                  </span>
                  {vehicle.advert?.reduction ? <span className="compare-table__reduction">{vehicle.advert.reduction}</span> : null}
                  <RemoveButton vehicle={vehicle} onRemove={onRemove} />
                </th>
              ))}
            </tr>
          </thead>
          {sections.map((section) => {
            const shown = onlyDifferences ? section.rows.filter((row) => row.differs) : section.rows;
            if (shown.length === 0) return null;
            return (
              <tbody key={section.key}>
                <tr className="compare-table__section">
                  <th scope="rowgroup" colSpan={vehicles.length + 1}>
                    {section.label}
                  </th>
                </tr>
                {shown.map((row) => (
                  <ComparisonTableRow key={row.key} row={row} />
                ))}
              </tbody>
            );
          })}
        </table>
      </div>
    </>
  );
}

function ComparisonTableRow({ row }: { row: ComparisonRow }) {
  return (
    <tr className={row.differs ? "compare-table__row compare-table__row--differs" : "compare-table__row"}>
      <th scope="row">
        {row.differs ? (
          <span className="compare-table__marker" aria-hidden="true">
            ≠
          </span>
        ) : null}
        {row.label}
        {row.differs ? <span className="visually-hidden"> (unterschiedlich)</span> : null}
      </th>
      {row.kind === "text"
        ? row.values.map((value, index) => <td key={index}>{value}</td>)
        : row.values.map((present, index) => (
            <td key={index} className={present ? "compare-table__present" : "compare-table__absent"}>
              <span aria-hidden="true">{present ? "✓" : "–"}</span>
              <span className="visually-hidden">{present ? "vorhanden" : "nicht vorhanden"}</span>
            </td>
          ))}
    </tr>
  );
}
