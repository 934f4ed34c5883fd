import type { DataPorts } from "#routes/ports.ts";
import { LocationSummarySchema, ModelVariantSchema, type EmployeePage, type LocationSummary } from "#domain/data-schemas.ts";
import { cardAdvert } from "#domain/vehicle-advert.ts";
import type { PricePoint } from "#domain/price-history.ts";
import type { SearchResult, SearchResultCard } from "#domain/vehicle-search-result.ts";
import type { Vehicle } from "#domain/vehicle.ts";
import type { AcquisitionType } from "#domain/vehicle-vocabulary.ts";
import { PAGE_SIZE } from "#domain/vehicle-search-query.ts";
import { DEMO_LOCATIONS } from "#kv-seed/demo-locations.ts";
import { demoEmployees } from "#kv-seed/demo-employees.ts";
import { demoModelVariantRows, MODEL_VARIANT_COLUMNS } from "#kv-seed/demo-models.ts";

/**
 * In-memory data ports for route tests (ADR 0004): the demo seed's centers, contact persons and
 * model catalogue, and whatever vehicles a test hands in. They answer like the worker's adapters
 * in shape (the same zod schemas), not in every rule: a search filters by brand, model, condition
 * and offer only, in the order the vehicles were handed in, 24 a page.
 * A test replaces any port method by passing its own (`overrides`), e.g. a failing read; leads.submit,
 * which no page calls on a GET, throws naming itself.
 */
export interface FakeData {
  vehicles?: Vehicle[];
  /** Price histories by vehicle id (PAngV § 11 reductions); none = never reduced. */
  priceHistories?: ReadonlyMap<number, PricePoint[]>;
  /** "Today" for reduction wording, as the worker's Europe/Berlin date (YYYY-MM-DD). */
  today?: string;
}

type PortOverrides = { [Port in keyof DataPorts]?: Partial<DataPorts[Port]> };

/** The seed's centers as the location adapter answers them (a null column is an absent field). */
export const DEMO_LOCATION_SUMMARIES: LocationSummary[] = DEMO_LOCATIONS.map((location) =>
  LocationSummarySchema.parse(Object.fromEntries(Object.entries(location).filter(([, value]) => value !== null))),
);

const DEMO_VARIANTS = demoModelVariantRows().map((row) => {
  const record = new Map(MODEL_VARIANT_COLUMNS.map((column, index) => [column, row[index]]));
  return ModelVariantSchema.parse({
    brand: record.get("brand"),
    model: record.get("model"),
    name: record.get("name"),
    bodyStyle: record.get("body_style"),
    category: record.get("category"),
    fuel: record.get("fuel"),
    powerHp: record.get("power_hp"),
    priceGross: record.get("price_gross"),
    wltp: JSON.parse(String(record.get("wltp"))),
    electricRangeKm: record.get("electric_range_km") ?? undefined,
    image: record.get("image"),
  });
});

const notUsed = (name: string) => () => Promise.reject(new Error(`fake ports: ${name} is not expected on this page`));

/** The card the worker's search would answer for `vehicle` (worker/adapters/card-advert.ts, in memory). */
export function searchCardOf(
  vehicle: Vehicle,
  priceType: AcquisitionType,
  history: PricePoint[] = [],
  today = "2026-11-28",
): SearchResultCard {
  const rate = priceType === "purchase" ? null : (vehicle.offers.find((offer) => offer.type === priceType)?.price ?? null);
  return {
    id: vehicle.id,
    slug: vehicle.slug,
    brand: vehicle.brand,
    title: vehicle.title,
    condition: vehicle.condition,
    fuel: vehicle.fuel,
    constructionYear: vehicle.constructionYear,
    firstRegistration: vehicle.firstRegistration ?? null,
    mileageKm: vehicle.mileageKm,
    powerHp: vehicle.powerHp,
    price: rate ?? vehicle.price,
    pricePurchase: vehicle.price,
    locationSlug: vehicle.locationSlug,
    image: vehicle.images[0],
    advert: cardAdvert(vehicle, { priceType, rate, purchase: vehicle.price }, history, today),
  };
}

export function fakePorts(data: FakeData = {}, overrides: PortOverrides = {}): DataPorts {
  const vehicles = data.vehicles ?? [];
  const today = data.today ?? "2026-11-28";
  const historyOf = (id: number) => data.priceHistories?.get(id) ?? [];
  const byId = new Map(vehicles.map((vehicle) => [vehicle.id, vehicle]));
  const employees = demoEmployees();
  const centerName = new Map(DEMO_LOCATION_SUMMARIES.map((location) => [location.slug, location.name]));

  const ports: DataPorts = {
    content: { getPage: async () => null, listArticles: async ({ page, perPage }) => ({ articles: [], total: 0, page, perPage }) },
    routeLookup: { lookup: async () => null },
    vehicles: {
      getById: async (id) => byId.get(id) ?? null,
      getMany: async (ids) => ids.flatMap((id) => byId.get(id) ?? []),
      adverts: async (ids) =>
        ids.flatMap((id) => {
          const vehicle = byId.get(id);
          return vehicle ? [{ id, advert: searchCardOf(vehicle, "purchase", historyOf(id), today).advert }] : [];
        }),
      priceHistory: async (id) => historyOf(id),
      search: async (query, scope, options = {}) => {
        const brands = scope.brand ? [scope.brand] : query.brand;
        const found = vehicles.filter(
          (vehicle) =>
            (brands.length === 0 || brands.includes(vehicle.brand)) &&
            (query.model.length === 0 || query.model.includes(vehicle.model)) &&
            (query.condition.length === 0 || query.condition.includes(vehicle.condition)) &&
            (query.priceType === "purchase" || vehicle.offers.some((offer) => offer.type === query.priceType)),
        );
        const perPage = Math.min(options.limit ?? PAGE_SIZE, PAGE_SIZE);
        const result: SearchResult = {
          total: found.length,
          page: query.page,
          pageCount: Math.ceil(found.length / PAGE_SIZE),
          vehicles: found
            .slice((query.page - 1) * PAGE_SIZE, (query.page - 1) * PAGE_SIZE + perPage)
            .map((vehicle) => searchCardOf(vehicle, query.priceType, historyOf(vehicle.id), today)),
          facets: {},
          features: {},
        };
        return result;
      },
    },
    locations: {
      getBySlug: async (slug) => DEMO_LOCATION_SUMMARIES.find((location) => location.slug === slug) ?? null,
      list: async () => DEMO_LOCATION_SUMMARIES,
    },
    models: {
      variants: async (brand, model) =>
        DEMO_VARIANTS.filter((variant) => variant.brand === brand && (model === undefined || variant.model === model)),
    },
    employees: {
      search: async (filter, { page, perPage }) => {
        const matching = employees
          .filter(
            (employee) =>
              (filter.location === undefined || employee.locationSlug === filter.location) &&
              (filter.department === undefined || employee.department === filter.department) &&
              (filter.brand === undefined || employee.brands.length === 0 || employee.brands.includes(filter.brand)) &&
              (filter.text === undefined ||
                `${employee.firstName} ${employee.lastName} ${employee.jobTitle}`.toLowerCase().includes(filter.text.toLowerCase())),
          )
          .sort((a, b) => a.rank - b.rank);
        const result: EmployeePage = {
          employees: matching.slice((page - 1) * perPage, page * perPage).map((employee) => ({
            slug: employee.slug,
            firstName: employee.firstName,
            lastName: employee.lastName,
            jobTitle: employee.jobTitle,
            department: employee.department,
            location: { slug: employee.locationSlug, name: centerName.get(employee.locationSlug) ?? employee.locationSlug },
            brands: employee.brands,
            phone: employee.phone,
            email: employee.email,
          })),
          total: matching.length,
          page,
          pageCount: Math.ceil(matching.length / perPage),
          locations: DEMO_LOCATION_SUMMARIES.map(({ slug, name }) => ({ slug, name })),
        };
        return result;
      },
    },
    places: { locate: async () => null },
    leads: { submit: notUsed("leads.submit") },
  };
  for (const [port, methods] of Object.entries(overrides)) Object.assign(ports[port as keyof DataPorts], methods);
  return ports;
}
