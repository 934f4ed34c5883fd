import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { PageHead } from "#ui/page-head.tsx";
import { SiteLink } from "#ui/site-link.tsx";
import { LocationDetails } from "#ui/location/location-details.tsx";
import { brandNames } from "#ui/location/location-links.ts";
import { portsContext } from "./ports.ts";
import { expectedError, requireParam } from "./route-errors.ts";

/** /center/{location} and /{brand}/locations/{location} (spec section 2): one center's page. */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  // zod stays off the first load (ADR 0006): the parameter rules load with the loader.
  const { BrandParamSchema, LocationParamSchema } = await import("#domain/route-params.ts");
  const brand = params.brand === undefined ? null : requireParam(BrandParamSchema, params.brand, request);
  const slug = requireParam(LocationParamSchema, params.location, request);
  const location = await context.get(portsContext).locations.getBySlug(slug);
  if (!location || (brand !== null && !location.brands.includes(brand))) {
    expectedError("location-not-found", `Location not found: ${slug}`);
  }
  // The moment "open now" is computed for: the browser hydrates the same text, then uses its clock.
  return { location, renderedAt: new Date().toISOString() };
}

export function Component() {
  const { location, renderedAt } = useLoaderData<typeof loader>();
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
      <LocationDetails location={location} renderedAt={renderedAt} />
      <p>
        <SiteLink to="/standorte">Alle Standorte</SiteLink>
      </p>
    </article>
  );
}
