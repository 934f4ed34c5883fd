import type { LocationSummary } from "#domain/data-schemas.ts";
import { telHref } from "#domain/phone.ts";
import { clickTracking } from "#ui/analytics/click-tracking.ts";
import type { EventPayload } from "#ui/analytics/analytics.ts";

type Place = Pick<LocationSummary, "slug" | "street" | "postalCode" | "city" | "phone">;

/** A center's street and town on two lines, inside the caller's `<address>`. */
export function StreetLines({ location }: { location: Place }) {
  return (
    <>
      {location.street}
      <br />
      {location.postalCode} {location.city}
    </>
  );
}

/** A center's phone number as a tel: link that reports click_location_phone_number (with the center, or `tracking`). */
export function LocationPhoneLink({ location, tracking = { location_id: location.slug } }: { location: Place; tracking?: EventPayload }) {
  return (
    <a href={telHref(location.phone)} {...clickTracking("click_location_phone_number", tracking)}>
      {location.phone}
    </a>
  );
}
