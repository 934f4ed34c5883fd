import { createContext } from "react-router";

import type { EmployeePage, LocationSummary, ModelVariant, PlaceMatch, RouteLookup } from "#domain/data-schemas.ts";
import type { EmployeeFilter } from "#domain/employees.ts";
import type { PricePoint } from "#domain/price-history.ts";
import type { ArticleList, ContentPage } from "#content/content-page-schema.ts";
import type { Vehicle } from "#domain/vehicle.ts";
import type { SearchQuery } from "#domain/vehicle-search-query.ts";
import type { BrandKey } from "#domain/brands.ts";
import type { SearchOptions, SearchResult, VehicleAdvertList } from "#domain/vehicle-search-result.ts";
import type { LeadOutcome } from "#domain/lead-outcome.ts";
import { UNDECIDED, type ConsentState } from "#domain/consent.ts";
import type { SiteSettings } from "#domain/site-settings.ts";
import type { SiteEnvironment } from "#ui/root-data.ts";

export type { SiteEnvironment };

/**
 * Data ports of the isomorphic loaders (ARCHITECTURE.md "Route modules are isomorphic").
 * The worker injects D1/KV adapters, the browser injects /api clients; both go through
 * the schemas in domain/data-schemas.ts so loaders can trust what they get.
 */
export interface DataPorts {
  content: {
    /** A story by its full slug ("" = home). The worker decides published vs draft (preview). */
    getPage(slug: string): Promise<ContentPage | null>;
    /** Articles below a folder, newest first (news overview, latest articles). */
    listArticles(options: { startsWith: string; page: number; perPage: number; tag?: string }): Promise<ArticleList>;
  };
  routeLookup: { lookup(path: string): Promise<RouteLookup | null> };
  vehicles: {
    /** One available vehicle; sold or unknown ones are null. */
    getById(id: number): Promise<Vehicle | null>;
    /** The available vehicles among `ids`, in the order asked for (compare, favourites). */
    getMany(ids: number[]): Promise<Vehicle[]>;
    /**
     * The purchase price of each available vehicle among `ids` as an advert words it (VAT, 30-day
     * lowest price, energy facts; domain/vehicle-advert.ts): compare and favourites print it.
     */
    adverts(ids: number[]): Promise<VehicleAdvertList>;
    /** Every price the vehicle was offered at, oldest first (PAngV § 11 reductions, domain/price-history.ts). */
    priceHistory(id: number): Promise<PricePoint[]>;
    /** The carfinder search; `scope.brand` is the brand of a /{brand}/carfinder path. */
    search(query: SearchQuery, scope: { brand?: BrandKey }, options?: SearchOptions): Promise<SearchResult>;
  };
  locations: {
    getBySlug(slug: string): Promise<LocationSummary | null>;
    list(): Promise<LocationSummary[]>;
  };
  models: {
    /** The catalogue's variants of a brand's model lines (one line when `model` is given), in catalogue order. */
    variants(brand: BrandKey, model?: string): Promise<ModelVariant[]>;
  };
  employees: {
    /** The contact-person directory: one page of those matching `filter`, heads of department first. */
    search(filter: EmployeeFilter, page: { page: number; perPage: number }): Promise<EmployeePage>;
  };
  places: {
    /** Where a German postal code ("20148") or place name (its domain/geo.ts placeKey) is; null when unknown. */
    locate(query: { kind: "postal"; code: string } | { kind: "place"; key: string }): Promise<PlaceMatch | null>;
  };
  leads: {
    /**
     * Sends a lead. `input` is the JSON shape of domain/lead-schemas.ts; the worker validates,
     * stores and queues it (the authority), the browser posts it to /api/leads. Never throws for a
     * visitor-caused problem: invalid, refused and unavailable are outcomes.
     */
    submit(input: Record<string, unknown>, files: File[]): Promise<LeadOutcome>;
  };
}

export const portsContext = createContext<DataPorts>();

export const siteContext = createContext<SiteEnvironment>();

/**
 * The site settings for loaders, on both sides: the worker sets what it read
 * (worker/site-settings.ts), the browser the root loader's copy (client/entry.tsx).
 */
export const settingsContext = createContext<SiteSettings>();

/** Per-request facts the worker learnt before routing; the browser always sees the default. */
export interface RequestFlags {
  /** The legacy redirect table has this path without a target: answer page-not-found. */
  legacyGone: boolean;
  /** A whole-document request the worker renders (a plain form post answers with a redirect, PRG). */
  documentRequest: boolean;
  /** The visitor's consent cookie as the worker read it (domain/consent.ts). */
  consent: ConsentState;
}
export const requestFlagsContext = createContext<RequestFlags>({ legacyGone: false, documentRequest: false, consent: UNDECIDED });
