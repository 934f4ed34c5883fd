import { useEffect } from "react";
import { useLoaderData, type LoaderFunctionArgs } from "react-router";
import { SiteLink } from "#ui/site-link.tsx";
import { PageHead } from "#ui/page-head.tsx";
import { formatEuro } from "#domain/format.ts";
import { BRAND_DATA_FAILED } from "#domain/model-catalogue.ts";
import { STANDARD_LEASE } from "#domain/lease.ts";
import { formatPower } from "#domain/vehicle-labels.ts";
import { vehiclePath, modelsPath } from "#domain/site-paths.ts";
import { ImageGallery } from "#ui/vehicle/image-gallery.tsx";
import { VehicleCard } from "#ui/carfinder/vehicle-card.tsx";
import { EnvkvValues, LeaseExampleNote, LeaseExampleRef } from "#ui/models/model-card.tsx";
import { bodyStyleLabel, fuelLabel } from "#ui/models/labels.ts";
import { cacheData, trackEvent } from "#ui/analytics/analytics.ts";
import { clickTracking } from "#ui/analytics/click-tracking.ts";
import { portsContext } from "./ports.ts";
import { germanNumber } from "#domain/german-number.ts";

/** The manufacturer's configurator per brand (an external site: the button says so). */
const CONFIGURATORS: ReadonlyMap<string, { href: string; host: string }> = new Map([
  ["mercedes-benz", { href: "https://www.mercedes-benz.de/passengercars/models.html", host: "mercedes-benz.de" }],
  ["hyundai", { href: "https://www.hyundai.com/de/de/modelle.html", host: "hyundai.com" }],
  ["smart", { href: "https://de.smart.com/de/", host: "smart.com" }],
  ["astonmartin", { href: "https://www.astonmartin.com/de/models", host: "astonmartin.com" }],
  ["hymer", { href: "https://www.hymer.com/de/de/modelle", host: "hymer.com" }],
  ["iveco", { href: "https://www.iveco.com/germany/neufahrzeuge", host: "iveco.com" }],
]);

const STOCK_PREVIEW = 4;
const ONE_DECIMAL = germanNumber({ min: 1, max: 1 });

/**
 * /{brand}/modelle/{model} (spec section 2 "Model … gallery, configurator button, downloads,
 * leasing price, cash prices"): the model line from the catalogue (D1) — gallery, cash price and
 * lease example "ab", every variant with its price and WLTP values, the Pkw-EnVKV ranges — and the
 * matching vehicles in stock. Each data source failing costs its own part of the page.
 */
export async function loader(args: LoaderFunctionArgs) {
  // zod stays off the first load (ADR 0006): the parameter rules load with the loader.
  const { loadModelRoute } = await import("./model-loader.ts");
  const { parseSearchQuery } = await import("#domain/vehicle-search-query.ts");
  const { summarizeModel } = await import("#domain/model-summary.ts");
  const route = loadModelRoute(args);
  const ports = args.context.get(portsContext);
  const [variants, stock] = await Promise.all([
    ports.models.variants(route.brand, route.model).catch((): null => null),
    ports.vehicles
      .search(
        parseSearchQuery(new URLSearchParams({ brand: route.brand, model: route.model, sorting: "price-asc" })),
        {},
        { limit: STOCK_PREVIEW, facets: false },
      )
      .then((result) => ({ total: result.total, vehicles: result.vehicles.slice(0, STOCK_PREVIEW) }))
      .catch((): null => null),
  ]);
  return { ...route, variants, stock, summary: variants ? summarizeModel(route.model, route.modelName, variants) : null };
}

export function Component() {
  const { brand, brandName, model, modelName, variants, stock, summary } = useLoaderData<typeof loader>();
  const title = `${brandName} ${modelName}`;
  const configurator = CONFIGURATORS.get(brand);
  const modelId = `${brand}/${model}`;
  useEffect(() => {
    cacheData("models", modelId, { id: modelId, brand, name: modelName, priceFrom: summary?.priceFrom });
    trackEvent("view_vehicle_model_detail", { model_id: modelId });
  }, [modelId, brand, modelName, summary?.priceFrom]);

  return (
    <article className="page model-page">
      <PageHead
        title={title}
        description={
          summary
            ? `${title}: ab ${formatEuro(summary.priceFrom)} oder im Privat-Leasing ab ${formatEuro(summary.leaseFrom.monthlyRate)} monatlich. Ausführungen, Verbrauchswerte, Probefahrt und Fahrzeuge im Bestand.`
            : `${title} bei der Autohaus Gruppe Nord.`
        }
      />
      <div className="model-page__top">
        {summary ? (
          <ImageGallery images={[1, 2, 3, 4].map((view) => `/images/vehicles/${summary.image}-${view}.svg`)} title={title} />
        ) : null}
        <div className="model-page__summary">
          <h1>{title}</h1>
          {summary ? (
            <>
              <p className="model-page__price">
                Barpreis ab <strong>{formatEuro(summary.priceFrom)}</strong>
                <span className="model-page__price-note">unverbindliche Preisempfehlung inkl. 19 % MwSt., zzgl. Überführung</span>
              </p>
              <p className="model-page__price">
                Privat-Leasing ab <strong>{formatEuro(summary.leaseFrom.monthlyRate)} mtl.</strong>
                <LeaseExampleRef />
                <span className="model-page__price-note">
                  {STANDARD_LEASE.months} Monatsraten, Gesamtbetrag {formatEuro(summary.leaseFrom.totalAmount)}, Fahrzeugpreis{" "}
                  {formatEuro(summary.leaseFrom.price)}
                </span>
              </p>
              <EnvkvValues model={summary} />
            </>
          ) : variants === null ? (
            <p className="block__empty" role="status">
              {BRAND_DATA_FAILED}
            </p>
          ) : (
            <p className="page__intro">Zu diesem Modell beraten wir Sie gern persönlich – Preise und Ausstattungen auf Anfrage.</p>
          )}
          <div className="button-row">
            <SiteLink className="button button--primary button--large" to={modelsPath(brand, model, "testDrive")}>
              Probefahrt vereinbaren
            </SiteLink>
            <SiteLink className="button button--secondary button--large" to={modelsPath(brand, model, "contact")}>
              Kontakt aufnehmen
            </SiteLink>
            {configurator ? (
              <a className="button button--tertiary button--large" href={configurator.href} rel="noopener" target="_blank">
                Konfigurator<span className="visually-hidden"> auf {configurator.host} (öffnet in einem neuen Fenster)</span>
              </a>
            ) : null}
          </div>
        </div>
      </div>

      {variants && variants.length > 0 ? (
        <section aria-labelledby="model-variants-heading" className="model-page__variants">
          <h2 id="model-variants-heading">Ausführungen und Preise</h2>
          <div className="table-scroll" role="region" aria-labelledby="model-variants-heading" tabIndex={0}>
            <table className="model-variants">
              <thead>
                <tr>
                  <th scope="col">Ausführung</th>
                  <th scope="col">Karosserie</th>
                  <th scope="col">Kraftstoff</th>
                  <th scope="col">Leistung</th>
                  <th scope="col">Verbrauch kombiniert</th>
                  <th scope="col">CO₂ kombiniert</th>
                  <th scope="col">CO₂-Klasse</th>
                  <th scope="col">Barpreis ab</th>
                </tr>
              </thead>
              <tbody>
                {variants.map((variant) => (
                  <tr key={variant.name}>
                    <th scope="row">{variant.name}</th>
                    <td>{bodyStyleLabel(variant.bodyStyle)}</td>
                    <td>{fuelLabel(variant.fuel)}</td>
                    <td>{formatPower(variant.powerHp)}</td>
                    <td>
                      {[
                        variant.wltp.consumptionCombined === undefined
                          ? null
                          : `${ONE_DECIMAL.format(variant.wltp.consumptionCombined)} l/100 km`,
                        variant.wltp.powerConsumptionCombined === undefined
                          ? null
                          : `${ONE_DECIMAL.format(variant.wltp.powerConsumptionCombined)} kWh/100 km`,
                      ]
                        .filter(Boolean)
                        .join(" + ")}
                    </td>
                    <td>{variant.wltp.co2Combined} g/km</td>
                    <td>{variant.wltp.co2Class}</td>
                    <td>{formatEuro(variant.priceGross)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      {variants && variants.length > 0 ? (
        <section aria-labelledby="model-downloads-heading" className="model-page__downloads">
          <h2 id="model-downloads-heading">Downloads</h2>
          <ul>
            <li>
              <a
                href={`${modelsPath(brand, model)}/preisliste.pdf`}
                type="application/pdf"
                {...clickTracking("download", { model_id: modelId })}
              >
                Preisliste {modelName} mit Verbrauchswerten (PDF)
              </a>
            </li>
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="model-stock-heading" className="model-page__stock">
        <h2 id="model-stock-heading">{modelName} im Bestand</h2>
        {stock === null ? (
          <p className="block__empty" role="status">
            Fahrzeuge im Bestand konnten nicht geladen werden.
          </p>
        ) : stock.vehicles.length > 0 ? (
          <>
            <ul className="stock-list">
              {stock.vehicles.map((vehicle) => (
                <li key={vehicle.id}>
                  <VehicleCard vehicle={vehicle} href={vehiclePath(vehicle, brand)} />
                </li>
              ))}
            </ul>
            <p>
              <SiteLink className="button button--secondary button--medium" to={`/${brand}/carfinder?model=${model}`}>
                {stock.total === 1 ? `Das Fahrzeug im Bestand ansehen` : `Alle ${stock.total} Fahrzeuge im Bestand ansehen`}
              </SiteLink>
            </p>
          </>
        ) : (
          <p className="block__empty">Derzeit ist kein {modelName} im Bestand. Wir beraten Sie gern zu Neubestellung und Lieferzeit.</p>
        )}
      </section>
      {summary ? <LeaseExampleNote /> : null}
    </article>
  );
}
