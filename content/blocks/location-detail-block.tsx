import type { LocationSummary } from "#domain/data-schemas.ts";
import { SiteLink } from "#ui/site-link.tsx";
import { OpeningHoursTable } from "#ui/location/opening-hours.tsx";
import { brandNames } from "#ui/location/location-links.ts";
import { LocationContactList, RoutePlannerLink } from "#ui/location/location-contact-list.tsx";
import { locationPath } from "#domain/site-paths.ts";
import type { StockLocationDetailBlock } from "../block-schemas.ts";
import type { BlockProps } from "./block-props.ts";
import { SectionWithHeader } from "./block-parts.tsx";

/**
 * One center for editors (spec stock block "location detail"): address, phone,
 * e-mail, WhatsApp, directions, brands, showroom and workshop hours and the way to its page —
 * static markup with the location click events as data attributes, so it needs no JavaScript of
 * its own (the location page's view, with its "open now" line, stays on the location page).
 */
export function StockLocationDetailView({ block, context, level, render }: BlockProps<StockLocationDetailBlock>) {
  const entry = context.data[block._uid];
  const location: LocationSummary | undefined =
    entry?.kind === "locations" ? entry.locations.find((candidate) => candidate.slug === block.location) : undefined;
  return (
    <SectionWithHeader block={block} fallback={location?.name} className="block stock-location-detail" level={level} render={render}>
      {location ? (
        <LocationFacts location={location} />
      ) : (
        <p className="block__empty" role="status">
          {entry?.kind === "error" ? "Standorte konnten nicht geladen werden." : "Die Einrichtung wurde nicht gefunden"}{" "}
          <SiteLink to="/standorte">Alle Standorte</SiteLink>
        </p>
      )}
    </SectionWithHeader>
  );
}

function LocationFacts({ location }: { location: LocationSummary }) {
  const brands = brandNames(location.brands);
  return (
    <div className="stock-location-detail__body">
      <div>
        <LocationContactList location={location} />
        {brands.length > 0 ? <p className="location-details__brands">{brands.join(" · ")}</p> : null}
        <div className="button-row">
          <SiteLink className="button button--primary button--medium" to={locationPath(location.slug)}>
            Zum Standort
          </SiteLink>
          <RoutePlannerLink location={location} />
        </div>
      </div>
      {location.openingHours ? (
        <div className="location-hours">
          <OpeningHoursTable caption="Öffnungszeiten Verkauf" hours={location.openingHours.showroom} />
          <OpeningHoursTable caption="Öffnungszeiten Werkstatt" hours={location.openingHours.workshop} />
        </div>
      ) : null}
    </div>
  );
}
