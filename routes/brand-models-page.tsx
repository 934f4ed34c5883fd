import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { SiteLink } from "#ui/site-link.tsx";
import { BRAND_NAMES } from "#domain/brands.ts";
import { MODEL_LINES } from "#domain/model-lines.ts";
import { PageHead } from "#ui/page-head.tsx";
import { QuickSearch } from "#ui/carfinder/quick-search.tsx";
import { requireParam } from "./route-errors.ts";

export async function loader({ params, request }: LoaderFunctionArgs) {
  // zod stays off the first load (ADR 0006): the parameter rules load with the loader.
  const { BrandParamSchema } = await import("#domain/route-params.ts");
  const brand = requireParam(BrandParamSchema, params.brand, request);
  const models = Object.entries(MODEL_LINES[brand]).map(([slug, name]) => ({ slug, name }));
  return { brand, models };
}

export function Component() {
  const { brand, models } = useLoaderData<typeof loader>();
  const brandName = BRAND_NAMES[brand];
  return (
    <article className="page">
      <PageHead title={`${brandName} Modelle`} description={`Alle ${brandName} Modelle bei der Autohaus Gruppe Nord.`} />
      <h1>{brandName} Modelle</h1>
      <p className="page__intro">Wählen Sie ein Modell für Details, Probefahrt und Kontakt oder durchsuchen Sie direkt unseren Bestand.</p>
      <QuickSearch variant="car-company" brand={brand} />
      <ul className="card-grid">
        {models.map((model) => (
          <li key={model.slug} className="card">
            <h2 className="card__title">
              <SiteLink to={`/${brand}/modelle/${model.slug}`}>{model.name}</SiteLink>
            </h2>
          </li>
        ))}
      </ul>
      <p>
        <SiteLink className="button button--secondary button--medium" to={`/${brand}/carfinder`}>
          {brandName} Fahrzeuge im Bestand
        </SiteLink>
      </p>
    </article>
  );
}
