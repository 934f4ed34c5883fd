import { useEffect, type FormEvent } from "react";
import { useLoaderData, useLocation, useNavigate, type LoaderFunctionArgs } from "react-router";
import { SiteLink } from "#ui/site-link.tsx";
import { BRAND_NAMES } from "#domain/brands.ts";
import { modelLinesOf } from "#domain/model-lines.ts";
import { BRAND_DATA_FAILED, MODEL_SORTINGS, type ModelSorting, type ModelSummary } from "#domain/model-catalogue.ts";
import { PageHead } from "#ui/page-head.tsx";
import { QuickSearch } from "#ui/carfinder/quick-search.tsx";
import { Options, type Choice } from "#ui/forms/options.tsx";
import { ModelCard, LeaseExampleNote } from "#ui/models/model-card.tsx";
import { bodyStyleLabel, fuelLabel } from "#ui/models/labels.ts";
import { cacheData } from "#ui/analytics/analytics.ts";
import { portsContext, settingsContext } from "./ports.ts";
import { requireBrand } from "./route-errors.ts";

/** Query parameters of the overview's GET form. */
const PARAMS = { fuel: "kraftstoff", body: "karosserie", sorting: "sortierung" } as const;

/**
 * /{brand}/modelle (spec section 2 "Model overview: filters, sorting, … leasing price, cash
 * prices"): every model line of the brand from the catalogue (D1) with its cash price and lease
 * example "ab" and its consumption and CO2 ranges, filtered by fuel and body style and sorted by
 * a GET form (works without JavaScript).
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  // zod stays off the first load (ADR 0006): the parameter rules load with the loader.
  const { sortModels, summarizeModel } = await import("#domain/model-summary.ts");
  const brand = requireBrand(params.brand ?? "", context.get(settingsContext));
  const search = new URL(request.url).searchParams;
  const variants = await context
    .get(portsContext)
    .models.variants(brand)
    .catch((): null => null);
  const all =
    variants === null
      ? null
      : modelLinesOf(brand).flatMap(
          ({ slug, name }) =>
            summarizeModel(
              slug,
              name,
              variants.filter((variant) => variant.model === slug),
            ) ?? [],
        );
  const fuels = [...new Set((all ?? []).flatMap((model) => model.fuels))];
  const bodies = [...new Set((all ?? []).flatMap((model) => model.bodyStyles))];
  const fuel = search.get(PARAMS.fuel) ?? "";
  const body = search.get(PARAMS.body) ?? "";
  const sortingParam = search.get(PARAMS.sorting) ?? "";
  const sorting: ModelSorting = MODEL_SORTINGS.find(({ key }) => key === sortingParam)?.key ?? "price-asc";
  const chosen = { fuel: fuels.includes(fuel) ? fuel : "", body: bodies.includes(body) ? body : "", sorting };
  const models =
    all === null
      ? null
      : sortModels(
          all.filter(
            (model) => (!chosen.fuel || model.fuels.includes(chosen.fuel)) && (!chosen.body || model.bodyStyles.includes(chosen.body)),
          ),
          sorting,
        );
  return { brand, models, fuels, bodies, chosen };
}

export function Component() {
  const { brand, models, fuels, bodies, chosen } = useLoaderData<typeof loader>();
  const brandName = BRAND_NAMES[brand];
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    for (const model of models ?? [])
      cacheData("models", `${brand}/${model.slug}`, { id: `${brand}/${model.slug}`, brand, name: model.name, priceFrom: model.priceFrom });
  }, [brand, models]);

  /** One select of the filter form, reset to the loaded value when the URL changes (keyed by it). */
  const filter = (param: keyof typeof PARAMS, label: string, choices: Choice[], empty?: string) => (
    <label>
      <span>{label}</span>
      <select name={PARAMS[param]} defaultValue={chosen[param]} key={`${param}-${chosen[param]}`}>
        <Options empty={empty} choices={choices} />
      </select>
    </label>
  );

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === "string" && value) params.set(name, value);
    navigate(`${location.pathname}${params.size > 0 ? `?${params}` : ""}`, { preventScrollReset: true });
  }

  return (
    <article className="page models-page">
      <PageHead
        title={`${brandName} Modelle`}
        description={`Alle ${brandName} Modelle mit Preisen, Leasing-Beispiel, Verbrauchs- und CO₂-Werten bei der Autohaus Gruppe Nord.`}
      />
      <h1>{brandName} Modelle</h1>
      <p className="page__intro">
        Wählen Sie ein Modell für Ausstattungen, Preise, Probefahrt und Kontakt oder durchsuchen Sie direkt unseren Bestand.
      </p>
      <QuickSearch variant="car-company" brand={brand} />
      {models === null ? (
        <p className="block__empty" role="status">
          {BRAND_DATA_FAILED}
        </p>
      ) : (
        <>
          <form className="models-filter" method="get" action={location.pathname} aria-label="Modelle filtern" onSubmit={apply}>
            {filter(
              "fuel",
              "Kraftstoff",
              fuels.map((fuel) => ({ value: fuel, label: fuelLabel(fuel) })),
              "Alle Kraftstoffe",
            )}
            {filter(
              "body",
              "Karosserie",
              bodies.map((body) => ({ value: body, label: bodyStyleLabel(body) })),
              "Alle Karosserieformen",
            )}
            {filter(
              "sorting",
              "Sortierung",
              MODEL_SORTINGS.map(({ key, label }) => ({ value: key, label })),
            )}
            <button type="submit" className="button button--primary button--medium">
              Modelle anzeigen
            </button>
          </form>
          <p className="models-page__count" role="status">
            {models.length === 1 ? "1 Modell" : `${models.length} Modelle`}
          </p>
          {models.length > 0 ? (
            <ul className="model-grid">
              {models.map((model: ModelSummary) => (
                <li key={model.slug}>
                  <ModelCard brand={brand} model={model} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="block__empty">Kein Modell passt zu dieser Auswahl. Bitte ändern Sie die Filter.</p>
          )}
          <LeaseExampleNote />
        </>
      )}
      <p>
        <SiteLink className="button button--secondary button--medium" to={`/${brand}/carfinder`}>
          {brandName} Fahrzeuge im Bestand
        </SiteLink>
      </p>
    </article>
  );
}
