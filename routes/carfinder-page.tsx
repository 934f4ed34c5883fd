import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { data, useLoaderData, useLocation, useNavigate, useNavigation, type LoaderFunctionArgs } from "react-router";
import { SiteLink } from "#ui/site-link.tsx";
import { formParams } from "#ui/forms/form-params.ts";
import { BRAND_NAMES, type BrandKey } from "#domain/brands.ts";
import { activeFilterCount } from "#domain/active-filter-count.ts";
import { vehiclePath } from "#domain/site-paths.ts";
import { changedFilters, parseSearchQuery, serializeSearchQuery, type SearchQuery } from "#domain/vehicle-search-query.ts";
import { cacheData, trackEvent } from "#ui/analytics/analytics.ts";
import { PageHead } from "#ui/page-head.tsx";
import { COUNT, FILTER_PANEL_ID, FilterDrawer, FilterDrawerOpener, showVehiclesLabel } from "#ui/carfinder/filter-drawer.tsx";
import { FilterForm } from "#ui/carfinder/filter-form.tsx";
import { Pagination } from "#ui/carfinder/pagination.tsx";
import { VehicleCard } from "#ui/carfinder/vehicle-card.tsx";
import { VehicleListsSummary } from "#ui/carfinder/vehicle-list-toggles.tsx";
import { portsContext, settingsContext } from "./ports.ts";
import { requireBrand } from "./route-errors.ts";

/** Cards in the first screen (one row of three on a desktop, the first card on a phone): pictures load eagerly. */
const FIRST_ROW = 3;

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  // The param schemas (and zod) load with the loader, not with the page's first load (ADR 0006).
  const brand: BrandKey | null = params.brand === undefined ? null : requireBrand(params.brand, context.get(settingsContext));
  const scope = brand ? { brand } : {};
  const query = parseSearchQuery(new URL(request.url).searchParams, scope);
  const ports = context.get(portsContext);
  // D1 down: the page stays (filters, navigation) and says so where the results would be, with 503.
  const [found, locations] = await Promise.all([
    ports.vehicles.search(query, scope).catch((): null => null),
    ports.locations.list().catch(() => []),
  ]);
  const result = found ?? { total: 0, page: 1, pageCount: 0, vehicles: [], facets: {}, features: {} };
  const value = {
    brand,
    query,
    result,
    unavailable: found === null,
    locations: locations.map((location) => ({ value: location.slug, label: location.name })),
  };
  return found ? value : data(value, { status: 503, headers: { "Retry-After": "60", "Cache-Control": "no-store" } });
}

export function Component() {
  const { brand, query, result, unavailable, locations } = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const scope = brand ? { brand } : {};
  // The choice just made, shown at once (set in the change event, before navigation starts)
  // until the loader answers; the URL stays the source of truth.
  const [optimistic, setOptimistic] = useState<SearchQuery | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query (the loader's answer) ends the optimistic choice
  useEffect(() => setOptimistic(null), [query]);
  // Narrow screens: the filters open in a drawer above the results.
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The control the visitor just used stays where it was on screen, however the lists above it change.
  const anchor = useRef<{ element: Element; top: number } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each new result (a new query) to keep the used control in place
  useLayoutEffect(() => {
    const held = anchor.current;
    anchor.current = null;
    if (!held?.element.isConnected) return;
    const delta = held.element.getBoundingClientRect().top - held.top;
    // Inside the drawer the dialog scrolls, not the page.
    if (Math.abs(delta) > 1) (held.element.closest("dialog") ?? window).scrollBy(0, delta);
  }, [query]);
  const title = brand ? `${BRAND_NAMES[brand]} Fahrzeugsuche` : "Fahrzeugsuche";
  // One overview view per result shown (first load, filter change, page, back/forward).
  useEffect(() => {
    for (const vehicle of result.vehicles)
      cacheData("vehicles", vehicle.id, {
        id: vehicle.id,
        brand: vehicle.brand,
        title: vehicle.title,
        price: vehicle.pricePurchase,
        condition: vehicle.condition,
      });
    trackEvent("view_vehicle_overview", { result_count: result.total, page: result.page, ...(brand && { brand }) });
  }, [result, brand]);

  function hrefFor(next: SearchQuery): string {
    const search = serializeSearchQuery(next, scope).toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  }

  const shown = optimistic ?? query;

  function apply(form: HTMLFormElement, focused = document.activeElement) {
    const next = parseSearchQuery(formParams(form), scope);
    next.page = 1;
    const href = hrefFor(next);
    // Already shown or on its way (a typed value applied on blur, then the submit).
    if (href === hrefFor(shown)) return;
    for (const change of changedFilters(query, next)) trackEvent("adjust_vehicle_overview_filter", change);
    anchor.current = focused && form.contains(focused) ? { element: focused, top: focused.getBoundingClientRect().top } : null;
    setOptimistic(next);
    navigate(href, { preventScrollReset: true });
  }

  const searching = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const filterForm = (footer?: ReactNode) => (
    <FilterForm query={shown} result={result} scopeBrand={brand} locations={locations} action={location.pathname} onApply={apply}>
      {footer}
    </FilterForm>
  );
  return (
    <article className="page carfinder-page">
      <PageHead
        title={title}
        description="Neu- und Gebrauchtwagen, Transporter und Reisemobile im Bestand der Autohaus Gruppe Nord – mit Preisen für Kauf, Finanzierung und Leasing."
      />
      <h1>{title}</h1>
      <VehicleListsSummary />
      <div className="carfinder-page__toolbar">
        <p className="carfinder-page__count" aria-live="polite" aria-busy={searching}>
          {unavailable ? (
            "Die Fahrzeugsuche ist gerade nicht erreichbar."
          ) : (
            <>
              <strong>{COUNT.format(result.total)}</strong> {result.total === 1 ? "Fahrzeug gefunden" : "Fahrzeuge gefunden"}
            </>
          )}
        </p>
        <FilterDrawerOpener activeCount={activeFilterCount(shown, scope)} onOpen={() => setDrawerOpen(true)} />
      </div>
      {/* "Zurücksetzen" is the plain carfinder, like the empty result's "Alle Filter zurücksetzen". */}
      <FilterDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} resetHref={location.pathname}>
        {drawerOpen &&
          filterForm(
            // The live total for the choice so far (every change applies at once, above), announced
            // from here: the page's own count is inert behind the modal.
            <div className="filter-drawer__footer" aria-live="polite">
              <button type="submit" className="button button--primary button--medium">
                {showVehiclesLabel(result.total)}
              </button>
            </div>,
          )}
      </FilterDrawer>
      <div className="carfinder-page__layout">
        <div id={FILTER_PANEL_ID} className="carfinder-page__filters">
          <h2>Filter</h2>
          {drawerOpen ? null : filterForm()}
        </div>
        <section aria-labelledby="carfinder-results-heading" className="carfinder-page__results">
          {/* The card titles are h3: their section heading keeps the outline h1 → h2 → h3 (Lighthouse heading-order). */}
          <h2 id="carfinder-results-heading" className="visually-hidden">
            Suchergebnisse
          </h2>
          {unavailable ? (
            <div className="carfinder-page__empty" role="status">
              <h3>Fahrzeuge konnten nicht geladen werden</h3>
              <p>Bitte versuchen Sie es in wenigen Minuten erneut. Unsere Standorte beraten Sie gern auch telefonisch.</p>
            </div>
          ) : result.vehicles.length === 0 ? (
            <div className="carfinder-page__empty">
              <h3>Keine passenden Fahrzeuge</h3>
              <p>Passen Sie die Filter an oder setzen Sie die Suche zurück.</p>
              <SiteLink to={location.pathname}>Alle Filter zurücksetzen</SiteLink>
            </div>
          ) : (
            <ul className="vehicle-grid">
              {result.vehicles.map((vehicle, position) => (
                <li key={vehicle.id}>
                  <VehicleCard vehicle={vehicle} href={vehiclePath(vehicle, brand)} eager={position < FIRST_ROW} />
                </li>
              ))}
            </ul>
          )}
          <Pagination page={result.page} pageCount={result.pageCount} hrefFor={(page) => hrefFor({ ...query, page })} />
        </section>
      </div>
    </article>
  );
}
