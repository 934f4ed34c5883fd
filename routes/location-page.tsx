import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { PageHead } from "#ui/page-head.tsx";
import { SiteLink } from "#ui/site-link.tsx";
import { LocationDetails } from "#ui/location/location-details.tsx";
import { brandNames } from "#ui/location/location-links.ts";
import { LocationMap, mapMarkers } from "#ui/location/location-map.tsx";
import { LocationEmployeesSlot } from "#ui/people/location-employees-slot.tsx";
import { portsContext, settingsContext } from "./ports.ts";
import { expectedError, orUnavailable, requireBrand, requireParam } from "./route-errors.ts";

/** How far ahead the page lists public holidays (Christmas shows from mid-November). */
const HOLIDAY_DAYS = 45;

/** /center/{location} and /{brand}/locations/{location} (spec section 2): one center's page. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  // zod stays off the first load (ADR 0006): the parameter rules load with the loader.
  const { LocationParamSchema } = await import("#domain/route-params.ts");
  const brand = params.brand === undefined ? null : requireBrand(params.brand, context.get(settingsContext));
  const slug = requireParam(LocationParamSchema, params.location, request);
  const location = await orUnavailable(context.get(portsContext).locations.getBySlug(slug), "Location data");
  if (!location || (brand !== null && !location.brands.includes(brand))) {
    expectedError("location-not-found", `Location not found: ${slug}`);
  }
  // The moment "open now" is computed for: the browser hydrates the same text, then uses its clock.
  const renderedAt = new Date();
  // The holiday rules load with the loader (client navigation), not with the page: the page gets dates.
  const { upcomingHolidays } = await import("#domain/public-holidays.ts");
  const holidays = location.state ? upcomingHolidays(location.state, renderedAt, HOLIDAY_DAYS) : null;
  // Its contact persons (site settings config.location.showEmployees); a failed read costs that section only.
  const employees = context.get(settingsContext).config.location.showEmployees
    ? await context
        .get(portsContext)
        .employees.search({ location: location.slug }, { page: 1, perPage: 100 })
        .then((page) => page.employees)
        .catch((): null => null)
    : [];
  return { location, holidays, employees, renderedAt: renderedAt.toISOString() };
}

export function Component() {
  const { location, holidays, employees, renderedAt } = useLoaderData<typeof loader>();
  const brands = brandNames(location.brands);
  return (
    <article className="page location-page">
      <PageHead
        title={location.name}
        description={`${location.name} in ${location.city}${brands.length > 0 ? ` – ${brands.join(", ")}` : ""}: Adresse, Öffnungszeiten von Verkauf und Werkstatt, Telefon und Route.`}
      />
      <h1>{location.name}</h1>
      <p className="page__intro">
        {location.street}, {location.postalCode} {location.city}
      </p>
      <LocationDetails location={location} holidays={holidays} renderedAt={renderedAt} />
      <LocationEmployeesSlot employees={employees} locationSlug={location.slug} />
      <LocationMap markers={mapMarkers([location])} title={`Karte: ${location.name}`} anchorId="standort-karte" />
      <p>
        <SiteLink to="/standorte">Alle Standorte</SiteLink>
      </p>
    </article>
  );
}
