import type { AutoDealer, DayOfWeek, Organization, WithContext } from "schema-dts";
import { BRAND_NAMES } from "#domain/brands.ts";
import type { LocationSummary } from "#domain/data-schemas.ts";
import type { Weekday } from "#domain/opening-hours.ts";
import { SITE_NAME } from "#domain/page-title.ts";
import type { UpcomingHoliday } from "#domain/public-holidays.ts";
import { postalAddress } from "#domain/vehicle-json-ld.ts";

const SCHEMA_DAYS: Record<Weekday, DayOfWeek> = {
  mon: "https://schema.org/Monday",
  tue: "https://schema.org/Tuesday",
  wed: "https://schema.org/Wednesday",
  thu: "https://schema.org/Thursday",
  fri: "https://schema.org/Friday",
  sat: "https://schema.org/Saturday",
  sun: "https://schema.org/Sunday",
};

/**
 * schema.org AutoDealer of a center (its page, /center/{slug}): address, geo, phone, the showroom's
 * opening hours, the public holidays ahead as closed days, the brands it sells, the group as its
 * parent organisation. `url` is the page's absolute canonical URL. Checked against schema.org's
 * vocabulary by schema-dts (Google's types generated from it): a property or value type that
 * schema.org does not have for an AutoDealer fails the type check (`satisfies`).
 */
export function locationJsonLd(
  location: LocationSummary,
  holidays: readonly UpcomingHoliday[] | null,
  url: string,
): WithContext<AutoDealer> {
  const hours = location.openingHours?.showroom ?? {};
  const opening = (Object.keys(SCHEMA_DAYS) as Weekday[]).flatMap((day) =>
    (hours[day] ?? []).map(([opens, closes]) => ({
      "@type": "OpeningHoursSpecification" as const,
      dayOfWeek: SCHEMA_DAYS[day],
      opens,
      closes,
    })),
  );
  const brands = location.brands.flatMap((brand) =>
    Object.hasOwn(BRAND_NAMES, brand) ? [{ "@type": "Brand" as const, name: BRAND_NAMES[brand as keyof typeof BRAND_NAMES] }] : [],
  );
  return {
    "@context": "https://schema.org",
    "@type": "AutoDealer",
    name: location.name,
    url,
    telephone: location.phone,
    ...(location.email && { email: location.email }),
    address: postalAddress(location),
    ...(location.latitude !== undefined &&
      location.longitude !== undefined && {
        geo: { "@type": "GeoCoordinates", latitude: location.latitude, longitude: location.longitude },
      }),
    ...(opening.length > 0 && { openingHoursSpecification: opening }),
    // A holiday closes the center all day: schema.org's way is opens = closes = 00:00 for the date.
    ...(holidays &&
      holidays.length > 0 && {
        specialOpeningHoursSpecification: holidays.map((holiday) => ({
          "@type": "OpeningHoursSpecification" as const,
          validFrom: holiday.date,
          validThrough: holiday.date,
          opens: "00:00",
          closes: "00:00",
          description: holiday.name,
        })),
      }),
    ...(brands.length > 0 && { brand: brands }),
    parentOrganization: { "@type": "Organization", name: SITE_NAME },
  } satisfies WithContext<AutoDealer>;
}

/** schema.org Organization of the group (its home page): the name, the site, the brands it sells (the site config's). */
export function organizationJsonLd(url: string, brands: readonly string[]): WithContext<Organization> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: SITE_NAME,
    url,
    brand: brands.flatMap((brand) =>
      Object.hasOwn(BRAND_NAMES, brand) ? [{ "@type": "Brand" as const, name: BRAND_NAMES[brand as keyof typeof BRAND_NAMES] }] : [],
    ),
  } satisfies WithContext<Organization>;
}
