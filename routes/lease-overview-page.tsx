import { germanNumber } from "#domain/german-number.ts";
import { useEffect } from "react";
import { redirect, useLoaderData, useLocation, type LoaderFunctionArgs } from "react-router";
import { BRAND_NAMES, isBrandKey } from "#domain/brands.ts";
import { formatEuro } from "#domain/format.ts";
import { MINILEASE_KM_PER_MONTH } from "#domain/lease.ts";
import { LEASE_SECTIONS, leaseSectionOf } from "#domain/lease-choices.ts";
import { LeasePerks } from "#ui/vehicle/lease-parts.tsx";
import { PageHead } from "#ui/page-head.tsx";
import { SiteLink } from "#ui/site-link.tsx";
import { Pagination } from "#ui/carfinder/pagination.tsx";
import { trackEvent } from "#ui/analytics/analytics.ts";
import { portsContext, settingsContext } from "./ports.ts";
import { requireBrand, routeValidityFailed } from "./route-errors.ts";
import { leasePath } from "#domain/lease-paths.ts";
import { CardImage } from "#ui/card-image.tsx";

const PER_PAGE = 24;

/** Spec section 9: alloy wheels from 13 to 23 inches. */
const WHEEL_SIZES: readonly number[] = Array.from({ length: 11 }, (_, index) => 13 + index);

/**
 * The lease overview (/stock/private-lease, /stock/business-lease; spec section 2 "Lease overview
 * and lease detail"): every vehicle in stock with that lease offer, cheapest rate first, with the
 * perks every lease includes, a brand and an alloy wheel size filter (GET, works without JavaScript).
 * A brand has its own overview, /{brand}/stock/{type} (brand-not-found for a brand not carried):
 * the brand filter's GET form (?marke=) answers with a 301 to it, so each list has one URL.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const section = leaseSectionOf(params.leaseType);
  if (!section) routeValidityFailed(request);
  const settings = context.get(settingsContext);
  const url = new URL(request.url);
  const brandParam = url.searchParams.get("marke") ?? "";
  if (params.brand === undefined && isBrandKey(brandParam) && settings.config.brands.includes(brandParam)) {
    // The form's empty choices ("Alle Größen") and the page number do not carry over.
    const rest = new URLSearchParams([...url.searchParams].filter(([name, value]) => value !== "" && name !== "marke" && name !== "seite"));
    throw redirect(`${leasePath(section.key, brandParam)}${rest.size > 0 ? `?${rest}` : ""}`, 301);
  }
  const brand = params.brand === undefined ? null : requireBrand(params.brand, settings);
  const { parseSearchQuery } = await import("#domain/vehicle-search-query.ts");
  const page = Math.min(500, Math.max(1, Number.parseInt(url.searchParams.get("seite") ?? "1", 10) || 1));
  const wheelParam = Number(url.searchParams.get("felgen") ?? "");
  // Offered while the stock settings' customFilters name it.
  const wheelFilter = settings.stock.customFilters.includes("wheels");
  const wheels = wheelFilter && WHEEL_SIZES.includes(wheelParam) ? wheelParam : null;
  const query = parseSearchQuery(
    new URLSearchParams({
      pricetype: section.type,
      sorting: "price-asc",
      ...(brand && { brand }),
      ...(wheels && { wheels_min: String(wheels), wheels_max: String(wheels) }),
      page: String(page),
    }),
  );
  const result = await context
    .get(portsContext)
    .vehicles.search(query, {}, { facets: false })
    .catch((): null => null);
  return {
    section,
    brand,
    wheelFilter,
    wheels,
    page,
    result: result && { total: result.total, pageCount: result.pageCount, vehicles: result.vehicles.slice(0, PER_PAGE) },
  };
}

export function Component() {
  const { section, brand, wheelFilter, wheels, page, result } = useLoaderData<typeof loader>();
  const location = useLocation();
  useEffect(() => {
    trackEvent("view_lease_vehicle_overview", { lease_type: section.type });
  }, [section.type]);
  const hrefFor = (next: number) =>
    `${location.pathname}?${new URLSearchParams({ ...(wheels && { felgen: String(wheels) }), ...(next > 1 && { seite: String(next) }) })}`.replace(
      /\?$/,
      "",
    );
  const title = brand ? `${section.title}: ${BRAND_NAMES[brand]}` : section.title;
  return (
    <article className="page lease-overview">
      <PageHead title={title} description={`${title}: Fahrzeuge aus unserem Bestand mit monatlicher Rate, Laufzeit und Laufleistung.`} />
      <h1>{title}</h1>
      <LeasePerks label="Bei jedem Leasing inklusive" />
      <p className="page__intro">{`Auch als Minileasing: kurze Laufzeit, ${germanNumber().format(MINILEASE_KM_PER_MONTH)} km pro Monat inklusive – fragen Sie uns. Raten ${section.tax}.`}</p>
      <nav className="lease-overview__switch" aria-label="Leasingart">
        {LEASE_SECTIONS.map((candidate) =>
          candidate.segment === section.segment ? (
            <span key={candidate.segment} aria-current="page" className="button button--primary button--small">
              {candidate.title}
            </span>
          ) : (
            <SiteLink key={candidate.segment} className="button button--tertiary button--small" to={leasePath(candidate.key, brand)}>
              {candidate.title}
            </SiteLink>
          ),
        )}
      </nav>
      {/* Always the overview of all brands: a chosen brand answers with its own overview (loader). */}
      <form className="models-filter" method="get" action={leasePath(section.key)} aria-label="Leasingfahrzeuge filtern">
        <label>
          <span>Marke</span>
          <select name="marke" defaultValue={brand ?? ""} key={brand ?? ""}>
            <option value="">Alle Marken</option>
            {Object.entries(BRAND_NAMES).map(([key, name]) => (
              <option key={key} value={key}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {wheelFilter ? (
          <label>
            <span>Leichtmetallfelgen</span>
            <select name="felgen" defaultValue={wheels ?? ""} key={wheels ?? ""}>
              <option value="">Alle Größen</option>
              {WHEEL_SIZES.map((size) => (
                <option key={size} value={size}>
                  {`${size} Zoll`}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <button type="submit" className="button button--primary button--medium">
          Anzeigen
        </button>
      </form>
      {result === null ? (
        <p className="block__empty" role="status">
          Leasingfahrzeuge konnten nicht geladen werden. Bitte versuchen Sie es später erneut.
        </p>
      ) : (
        <>
          <p className="models-page__count" role="status">
            {result.total === 1 ? "1 Leasingfahrzeug" : `${germanNumber().format(result.total)} Leasingfahrzeuge`}
          </p>
          {result.vehicles.length > 0 ? (
            <ul className="model-grid">
              {result.vehicles.map((vehicle) => (
                <li key={vehicle.id}>
                  <article className="model-card">
                    {vehicle.image ? <CardImage className="model-card__image" src={vehicle.image} /> : null}
                    <h2 className="model-card__name">
                      <SiteLink to={leasePath(section.key, brand, vehicle)}>{vehicle.title}</SiteLink>
                    </h2>
                    <p className="model-card__lease">
                      <strong>{vehicle.price === null ? "–" : `${formatEuro(vehicle.price)} mtl.`}</strong>{" "}
                      <span className="model-card__lease-total">{section.tax}</span>
                    </p>
                  </article>
                </li>
              ))}
            </ul>
          ) : (
            <p className="block__empty">
              Derzeit kein Fahrzeug mit {section.title} in dieser Auswahl. Bitte ändern Sie Marke oder Felgengröße.
            </p>
          )}
          <Pagination page={page} pageCount={result.pageCount} hrefFor={hrefFor} />
        </>
      )}
    </article>
  );
}
