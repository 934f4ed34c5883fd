import type { LocationSummary } from "#domain/data-schemas.ts";
import { locationPath } from "#domain/site-paths.ts";
import { formatDistanceKm } from "#domain/geo.ts";
import { SiteLink } from "#ui/site-link.tsx";
import { Heading } from "#ui/heading.tsx";
import { brandNames } from "./location-links.ts";
import { LocationPhoneLink, StreetLines } from "./location-address.tsx";

/**
 * One center in a list (the location list page, the location grid and overview blocks): name
 * linking to its page, address, phone, brands, and — when the list knows them — the distance
 * from the visitor's place and a status line (the location list's "open now"; passed in, so the
 * blocks do not load the opening-hours code).
 */
export function LocationCard({
  location,
  level,
  distanceKm,
  status,
}: {
  location: LocationSummary;
  level: number;
  distanceKm?: number;
  status?: React.ReactNode;
}) {
  const brands = brandNames(location.brands);
  return (
    <article className="location-card">
      <Heading level={level} className="location-card__name">
        <SiteLink to={locationPath(location.slug)}>{location.name}</SiteLink>
      </Heading>
      {distanceKm !== undefined ? (
        <p className="location-card__distance">
          <span className="visually-hidden">Entfernung: </span>
          {formatDistanceKm(distanceKm)}
        </p>
      ) : null}
      <address className="location-card__address">
        <StreetLines location={location} />
      </address>
      <p className="location-card__phone">
        <span className="visually-hidden">Telefon: </span>
        <LocationPhoneLink location={location} />
      </p>
      {status}
      {brands.length > 0 ? (
        <p className="location-card__brands">
          <span className="visually-hidden">Marken: </span>
          {brands.join(", ")}
        </p>
      ) : null}
    </article>
  );
}
