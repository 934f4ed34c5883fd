import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { SiteLink } from "#ui/site-link.tsx";
import { BRAND_NAMES, isBrandKey } from "#domain/brands.ts";
import { PageHead } from "#ui/page-head.tsx";
import { portsContext } from "./ports.ts";
import { expectedError, requireParam } from "./route-errors.ts";

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  // zod stays off the first load (ADR 0006): the parameter rules load with the loader.
  const { BrandParamSchema, LocationParamSchema } = await import("#domain/route-params.ts");
  const brand = params.brand === undefined ? null : requireParam(BrandParamSchema, params.brand, request);
  const slug = requireParam(LocationParamSchema, params.location, request);
  const location = await context.get(portsContext).locations.getBySlug(slug);
  if (!location || (brand !== null && !location.brands.includes(brand))) {
    expectedError("location-not-found", `Location not found: ${slug}`);
  }
  return { location };
}

export function Component() {
  const { location } = useLoaderData<typeof loader>();
  const brands = location.brands.filter(isBrandKey).map((brand) => BRAND_NAMES[brand]);
  return (
    <article className="page">
      <PageHead title={location.name} description={`${location.name}, ${location.street}, ${location.postalCode} ${location.city}`} />
      <h1>{location.name}</h1>
      <address className="location-address">
        {location.street}
        <br />
        {location.postalCode} {location.city}
        <br />
        Telefon: <a href={`tel:${location.phone.replace(/[^+\d]/g, "")}`}>{location.phone}</a>
      </address>
      {brands.length > 0 ? <p>Marken an diesem Standort: {brands.join(", ")}</p> : null}
      <p className="page__intro">Öffnungszeiten, Ansprechpartner und Karte zu diesem Standort folgen in Kürze.</p>
      <p>
        <SiteLink to="/carfinder">Fahrzeuge an diesem Standort suchen</SiteLink>
      </p>
    </article>
  );
}
