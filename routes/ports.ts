import { createContext } from "react-router";
import { z } from "zod";

/**
 * Data ports of the isomorphic loaders (ARCHITECTURE.md "Route modules are isomorphic").
 * The worker injects D1/KV adapters, the browser injects /api clients; both go through
 * the same zod schemas so loaders can trust what they get.
 */
export const ContentPageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string().optional(),
  body: z.array(z.string()),
});
export type ContentPage = z.infer<typeof ContentPageSchema>;

/** Result of the server route lookup (redirect rule 3). */
export const RouteLookupSchema = z.object({
  target: z.string().min(1).optional(),
  middleware: z
    .object({
      noindex: z.boolean().optional(),
      noStore: z.boolean().optional(),
    })
    .optional(),
});
export type RouteLookup = z.infer<typeof RouteLookupSchema>;

export const VehicleSummarySchema = z.object({
  id: z.number().int().positive(),
  slug: z.string(),
  brand: z.string(),
  title: z.string(),
  priceEuro: z.number().int().nonnegative(),
  locationSlug: z.string(),
});
export type VehicleSummary = z.infer<typeof VehicleSummarySchema>;

export const LocationSummarySchema = z.object({
  slug: z.string(),
  name: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  phone: z.string(),
  brands: z.array(z.string()),
});
export type LocationSummary = z.infer<typeof LocationSummarySchema>;

export interface DataPorts {
  content: { getPage(slug: string): Promise<ContentPage | null> };
  routeLookup: { lookup(path: string): Promise<RouteLookup | null> };
  vehicles: { getById(id: number): Promise<VehicleSummary | null> };
  locations: {
    getBySlug(slug: string): Promise<LocationSummary | null>;
    list(): Promise<LocationSummary[]>;
  };
}

export const portsContext = createContext<DataPorts>();

/** Site-wide values known to the worker at render time (build id, asset URLs, origin). */
export interface SiteEnvironment {
  buildId: string;
  origin: string;
  stylesheets: string[];
  lowercaseCanonical: boolean;
}
export const siteContext = createContext<SiteEnvironment>();

/** Per-request facts the worker learnt before routing; the browser always sees the default. */
export interface RequestFlags {
  /** The legacy redirect table has this path without a target: answer page-not-found. */
  legacyGone: boolean;
}
export const requestFlagsContext = createContext<RequestFlags>({ legacyGone: false });
