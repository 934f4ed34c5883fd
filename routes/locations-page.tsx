import { useEffect, useRef, type FormEvent } from "react";
import { useLoaderData, useNavigate, useNavigation, type LoaderFunctionArgs } from "react-router";
import { BRAND_NAMES, isBrandKey, type BrandKey } from "#domain/brands.ts";
import type { LocationSummary, PlaceMatch } from "#domain/data-schemas.ts";
import { byDistance, formatDistanceKm, parseLocationQuery } from "#domain/geo.ts";
import { cacheData, trackEvent } from "#ui/analytics/analytics.ts";
import { LocationCard } from "#ui/location/location-card.tsx";
import { OpeningStatusLine } from "#ui/location/opening-status.tsx";
import { LocationMap, mapMarkers } from "#ui/location/location-map.tsx";
import { PageHead } from "#ui/page-head.tsx";
import { portsContext } from "./ports.ts";
import { BrandOptions } from "#ui/forms/brand-options.tsx";

/** Query parameters of the search form (a plain GET form: it works without JavaScript). */
export const PLACE_PARAM = "ort";
export const BRAND_PARAM = "marke";

/** Spec section 8 (location search). */
export const PLACE_NOT_FOUND = "Die Einrichtung wurde nicht gefunden";
/** Spec section 8. */
export const LOCATIONS_UNAVAILABLE = "Standorte konnten nicht geladen werden.";

type Search =
  | { state: "none" }
  | { state: "invalid"; message: string }
  | { state: "not-found" }
  | { state: "unavailable" }
  | { state: "found"; origin: PlaceMatch };

/**
 * The location list (/standorte): every center, nearest first once the visitor names a postal
 * code or place (looked up in the shipped place data, never sent to a geocoding service), with a
 * brand filter. The list's D1 read and the place lookup fail separately: the page still renders
 * with a German message where the failed part would be.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const text = (url.searchParams.get(PLACE_PARAM) ?? "").slice(0, 200);
  const brandParam = url.searchParams.get(BRAND_PARAM) ?? "";
  const brand: BrandKey | null = isBrandKey(brandParam) ? brandParam : null;
  const ports = context.get(portsContext);
  const query = parseLocationQuery(text);

  const [all, search] = await Promise.all([
    (async () => ports.locations.list())().catch((): null => null),
    (async (): Promise<Search> => {
      if (query.kind === "empty") return { state: "none" };
      if (query.kind === "invalid") return { state: "invalid", message: query.message };
      try {
        const origin = await ports.places.locate(
          query.kind === "postal" ? { kind: "postal", code: query.code } : { kind: "place", key: query.key },
        );
        return origin ? { state: "found", origin } : { state: "not-found" };
      } catch {
        return { state: "unavailable" };
      }
    })(),
  ]);

  const inBrand = all?.filter((location) => brand === null || location.brands.includes(brand)) ?? null;
  const located = inBrand?.filter(
    (location): location is LocationSummary & { latitude: number; longitude: number } =>
      location.latitude !== undefined && location.longitude !== undefined,
  );
  const locations: Array<LocationSummary & { distanceKm?: number }> | null =
    inBrand && located && search.state === "found"
      ? [
          ...byDistance(search.origin, located),
          ...inBrand.filter((location) => location.latitude === undefined || location.longitude === undefined),
        ]
      : inBrand;
  const brands = [...new Set((all ?? []).flatMap((location) => location.brands))].filter(isBrandKey);
  // The open-now lines get the next two weeks' public holidays as data (the rules stay off the page's load).
  const renderedAt = new Date();
  const { upcomingHolidays } = await import("#domain/public-holidays.ts");
  const listed = locations?.map((location) => ({
    ...location,
    holidays: location.state ? upcomingHolidays(location.state, renderedAt, 15) : null,
  }));
  return { text, brand, brands, search, locations: listed ?? null, renderedAt: renderedAt.toISOString() };
}

export function Component() {
  const { text, brand, brands, search, locations, renderedAt } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  const nearest = search.state === "found" ? locations?.[0] : undefined;

  useEffect(() => {
    trackEvent("view_location_overview");
  }, []);
  useEffect(() => {
    for (const location of locations ?? [])
      cacheData("locations", location.slug, { id: location.slug, name: location.name, city: location.city, brands: location.brands });
  }, [locations]);

  function submit(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (!form.current) return;
    const data = new FormData(form.current);
    const params = new URLSearchParams();
    const place = String(data.get(PLACE_PARAM) ?? "").trim();
    const chosenBrand = String(data.get(BRAND_PARAM) ?? "");
    if (place) params.set(PLACE_PARAM, place);
    if (chosenBrand) params.set(BRAND_PARAM, chosenBrand);
    if (place !== text) trackEvent("adjust_location_filter", { filter_name: "place", filter_value: place });
    if (chosenBrand !== (brand ?? "")) trackEvent("adjust_location_filter", { filter_name: "brand", filter_value: chosenBrand });
    navigate(`/standorte${params.size > 0 ? `?${params}` : ""}`, { preventScrollReset: true });
  }

  const inputError =
    search.state === "invalid"
      ? search.message
      : search.state === "not-found"
        ? `${PLACE_NOT_FOUND}. Bitte prüfen Sie die Postleitzahl oder den Ort.`
        : null;
  return (
    <article className="page locations-page">
      <PageHead
        title="Standorte"
        description="Alle Standorte der Autohaus Gruppe Nord mit Adresse, Öffnungszeiten und Marken – finden Sie das nächste Center zu Ihrer Postleitzahl oder Ihrem Ort."
      />
      <h1>Unsere Standorte</h1>
      <form
        ref={form}
        className="location-search"
        method="get"
        action="/standorte"
        role="search"
        aria-label="Standort suchen"
        onSubmit={submit}
      >
        <div className="location-search__field">
          <label htmlFor="location-search-place">Postleitzahl oder Ort</label>
          <input
            id="location-search-place"
            name={PLACE_PARAM}
            type="search"
            defaultValue={text}
            key={text}
            maxLength={80}
            enterKeyHint="search"
            autoComplete="off"
            aria-invalid={inputError ? true : undefined}
            aria-describedby={inputError ? "location-search-error" : undefined}
          />
        </div>
        <div className="location-search__field">
          <label htmlFor="location-search-brand">Marke</label>
          <select id="location-search-brand" name={BRAND_PARAM} defaultValue={brand ?? ""} key={brand ?? ""} onChange={() => submit()}>
            <BrandOptions brands={brands} />
          </select>
        </div>
        <button type="submit" className="button button--primary button--medium">
          Standort finden
        </button>
      </form>
      <div className="locations-page__status" role="status" aria-busy={navigation.state === "loading"}>
        {inputError ? (
          <p id="location-search-error" className="form-error">
            {inputError}
          </p>
        ) : search.state === "unavailable" ? (
          <p className="form-error">Die Suche nach Postleitzahl und Ort ist gerade nicht erreichbar. Alle Standorte stehen unten.</p>
        ) : null}
        {locations ? (
          <p className="locations-page__count">
            {nearest && nearest.distanceKm !== undefined && search.state === "found" ? (
              <>
                Nächster Standort zu {search.origin.label}: <strong>{nearest.name}</strong> ({formatDistanceKm(nearest.distanceKm)}).{" "}
              </>
            ) : null}
            {locations.length === 1 ? "1 Standort" : `${locations.length} Standorte`}
            {brand ? ` mit ${BRAND_NAMES[brand]}` : ""}
          </p>
        ) : null}
      </div>
      {locations && locations.length > 0 ? (
        <LocationMap markers={mapMarkers(locations)} title="Karte unserer Standorte" anchorId="standorte-karte" />
      ) : null}
      {locations === null ? (
        <p className="block__empty">{LOCATIONS_UNAVAILABLE}</p>
      ) : locations.length === 0 ? (
        <p className="block__empty">{PLACE_NOT_FOUND}. Bitte wählen Sie eine andere Marke.</p>
      ) : (
        <ul className="location-list">
          {locations.map((location) => (
            <li key={location.slug}>
              <LocationCard
                location={location}
                level={2}
                distanceKm={location.distanceKm}
                status={
                  location.openingHours && location.holidays ? (
                    <OpeningStatusLine
                      label="Verkauf"
                      hours={location.openingHours.showroom}
                      holidays={location.holidays}
                      renderedAt={renderedAt}
                    />
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
