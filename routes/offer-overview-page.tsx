import { germanNumber } from "#domain/german-number.ts";
import { useEffect } from "react";
import { redirect, useLoaderData, useLocation, type LoaderFunctionArgs } from "react-router";
import { BRAND_NAMES, isBrandKey } from "#domain/brands.ts";
import { formatEuro } from "#domain/format.ts";
import { MINILEASE_KM_PER_MONTH } from "#domain/lease.ts";
import { LEASE_SECTIONS } from "#domain/lease-choices.ts";
import { FINANCE_SECTIONS, isFinanceSection, offerSectionOf, type OfferSection } from "#domain/offer-sections.ts";
import type { SearchResultCard } from "#domain/vehicle-search-result.ts";
import type { Vehicle } from "#domain/vehicle.ts";
import { LeasePerks } from "#ui/vehicle/lease-parts.tsx";
import { PageHead } from "#ui/page-head.tsx";
import { SiteLink } from "#ui/site-link.tsx";
import { Pagination } from "#ui/carfinder/pagination.tsx";
import { trackEvent } from "#ui/analytics/analytics.ts";
import { portsContext, settingsContext, type DataPorts } from "./ports.ts";
import { requireBrand, routeValidityFailed } from "./route-errors.ts";
import { offerSectionPath } from "#domain/lease-paths.ts";
import { CardImage } from "#ui/card-image.tsx";

const PER_PAGE = 24;

/** Spec section 9: alloy wheels from 13 to 23 inches. */
const WHEEL_SIZES: readonly number[] = Array.from({ length: 11 }, (_, index) => 13 + index);

/** A finance card: the rate with its VAT wording and the offer's representative example (§ 17 PAngV). */
interface FinanceAdvert {
  amount: string;
  note: string;
  example: string;
}

/** The words that differ between the lease and the finance overviews. */
function wordsFor(section: OfferSection) {
  return isFinanceSection(section)
    ? {
        switchLabel: "Finanzierungsart",
        filterLabel: "Finanzierungsangebote filtern",
        count: (total: number) =>
          total === 1 ? "1 Fahrzeug mit Finanzierungsangebot" : `${germanNumber().format(total)} Fahrzeuge mit Finanzierungsangebot`,
        failed: "Finanzierungsangebote konnten nicht geladen werden. Bitte versuchen Sie es später erneut.",
        description: "Fahrzeuge aus unserem Bestand mit monatlicher Rate, Sollzins, effektivem Jahreszins und Laufzeit.",
      }
    : {
        switchLabel: "Leasingart",
        filterLabel: "Leasingfahrzeuge filtern",
        count: (total: number) => (total === 1 ? "1 Leasingfahrzeug" : `${germanNumber().format(total)} Leasingfahrzeuge`),
        failed: "Leasingfahrzeuge konnten nicht geladen werden. Bitte versuchen Sie es später erneut.",
        description: "Fahrzeuge aus unserem Bestand mit monatlicher Rate, Laufzeit und Laufleistung.",
      };
}

/**
 * A finance section's cards with their offers: a card that quotes a rate is an advert of its own
 * and must carry the offer's representative example (§ 17 PAngV) and the VAT wording of the vehicle
 * (UStG § 25a), which only the vehicle document has. A vehicle whose document has no such offer
 * (sold or changed since the search) is left out. Null when the documents cannot be read: a rate
 * without its example is not shown.
 */
async function withFinanceAdverts(
  cards: SearchResultCard[],
  section: OfferSection,
  ports: DataPorts,
): Promise<Array<SearchResultCard & { finance?: FinanceAdvert }> | null> {
  if (!isFinanceSection(section)) return cards;
  const documents = await ports.vehicles.getMany(cards.map((card) => card.id)).catch((): null => null);
  if (documents === null) return null;
  // Loader-only code: the wording loads with the loader, not with the page.
  const [{ offerHeadline }, { financeExampleText }] = await Promise.all([
    import("#domain/offer-wording.ts"),
    import("#domain/finance-example.ts"),
  ]);
  const byId = new Map<number, Vehicle>(documents.map((vehicle) => [vehicle.id, vehicle]));
  const worded = cards.flatMap((card) => {
    const vehicle = byId.get(card.id);
    const offer = vehicle?.offers.find((candidate) => candidate.type === section.type);
    if (!vehicle || !offer) return [];
    return [{ ...card, finance: { ...offerHeadline(offer, vehicle), example: financeExampleText(offer) } }];
  });
  // None of a page's cards worded: the documents did not come (the browser's port answers a failed
  // read with an empty list), not a page of vehicles all sold since the search.
  return cards.length > 0 && worded.length === 0 ? null : worded;
}

/**
 * The offer overviews under "stock" (spec section 2 "Lease overview and lease detail", and the
 * finance sections of its localized segments): /stock/private-lease, /stock/business-lease,
 * /stock/private-finance, /stock/business-finance: every vehicle in stock with that offer,
 * cheapest rate first, with a brand and an alloy wheel size filter (GET, works without
 * JavaScript). The lease overviews name the perks every lease includes; the finance overviews
 * give each rate its representative example. A brand has its own overview,
 * /{brand}/stock/{section} (brand-not-found for a brand not carried): the brand filter's GET form
 * (?marke=) answers with a 301 to it, so each list has one URL.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const section = offerSectionOf(params.offerSection);
  if (!section) routeValidityFailed(request);
  const settings = context.get(settingsContext);
  const url = new URL(request.url);
  const brandParam = url.searchParams.get("marke") ?? "";
  if (params.brand === undefined && isBrandKey(brandParam) && settings.config.brands.includes(brandParam)) {
    // The form's empty choices ("Alle Größen") and the page number do not carry over.
    const rest = new URLSearchParams([...url.searchParams].filter(([name, value]) => value !== "" && name !== "marke" && name !== "seite"));
    throw redirect(`${offerSectionPath(section.key, brandParam)}${rest.size > 0 ? `?${rest}` : ""}`, 301);
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
  const ports = context.get(portsContext);
  const result = await ports.vehicles.search(query, {}, { facets: false }).catch((): null => null);
  const vehicles = result && (await withFinanceAdverts(result.vehicles.slice(0, PER_PAGE), section, ports));
  return {
    section,
    brand,
    wheelFilter,
    wheels,
    page,
    result: result && vehicles && { total: result.total, pageCount: result.pageCount, vehicles },
  };
}

export function Component() {
  const { section, brand, wheelFilter, wheels, page, result } = useLoaderData<typeof loader>();
  const location = useLocation();
  const finance = isFinanceSection(section);
  const words = wordsFor(section);
  useEffect(() => {
    // The spec's events name the lease pages only; a finance page is counted by its page_view.
    if (!finance) trackEvent("view_lease_vehicle_overview", { lease_type: section.type });
  }, [finance, section.type]);
  const hrefFor = (next: number) =>
    `${location.pathname}?${new URLSearchParams({ ...(wheels && { felgen: String(wheels) }), ...(next > 1 && { seite: String(next) }) })}`.replace(
      /\?$/,
      "",
    );
  const title = brand ? `${section.title}: ${BRAND_NAMES[brand]}` : section.title;
  const siblings: readonly OfferSection[] = finance ? FINANCE_SECTIONS : LEASE_SECTIONS;
  const leaseTax = isFinanceSection(section) ? "" : section.tax;
  return (
    <article className="page lease-overview">
      <PageHead title={title} description={`${title}: ${words.description}`} />
      <h1>{title}</h1>
      {finance ? (
        <p className="page__intro">
          {`Fahrzeuge aus unserem Bestand mit Finanzierungsangebot${section.type === "business_finance" ? " für Gewerbekunden" : ""}. Zu jeder Rate nennen wir das repräsentative Beispiel gemäß § 17 Abs. 4 PAngV; Bonität vorausgesetzt.`}
        </p>
      ) : (
        <>
          <LeasePerks label="Bei jedem Leasing inklusive" />
          <p className="page__intro">{`Auch als Minileasing: kurze Laufzeit, ${germanNumber().format(MINILEASE_KM_PER_MONTH)} km pro Monat inklusive – fragen Sie uns. Raten ${leaseTax}.`}</p>
        </>
      )}
      <nav className="lease-overview__switch" aria-label={words.switchLabel}>
        {siblings.map((candidate) =>
          candidate.segment === section.segment ? (
            <span key={candidate.segment} aria-current="page" className="button button--primary button--small">
              {candidate.title}
            </span>
          ) : (
            <SiteLink key={candidate.segment} className="button button--tertiary button--small" to={offerSectionPath(candidate.key, brand)}>
              {candidate.title}
            </SiteLink>
          ),
        )}
      </nav>
      {/* Always the overview of all brands: a chosen brand answers with its own overview (loader). */}
      <form className="models-filter" method="get" action={offerSectionPath(section.key)} aria-label={words.filterLabel}>
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
          {words.failed}
        </p>
      ) : (
        <>
          <p className="models-page__count" role="status">
            {words.count(result.total)}
          </p>
          {result.vehicles.length > 0 ? (
            <ul className="model-grid">
              {result.vehicles.map((vehicle) => (
                <li key={vehicle.id}>
                  <article className="model-card">
                    {vehicle.image ? <CardImage className="model-card__image" src={vehicle.image} /> : null}
                    <h2 className="model-card__name">
                      <SiteLink to={offerSectionPath(section.key, brand, vehicle)}>{vehicle.title}</SiteLink>
                    </h2>
                    {vehicle.finance ? (
                      <>
                        <p className="model-card__lease">
                          <strong>{vehicle.finance.amount}</strong> <span className="model-card__lease-total">{vehicle.finance.note}</span>
                        </p>
                        <p className="model-card__envkv">{vehicle.finance.example}</p>
                      </>
                    ) : (
                      <p className="model-card__lease">
                        <strong>{vehicle.price === null ? "–" : `${formatEuro(vehicle.price)} mtl.`}</strong>{" "}
                        <span className="model-card__lease-total">{leaseTax}</span>
                      </p>
                    )}
                    {/* Pkw-EnVKV: a rate of a new car is an advert of it (the worker words the line). */}
                    {vehicle.advert.energy ? <p className="model-card__envkv">{vehicle.advert.energy}</p> : null}
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
