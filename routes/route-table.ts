import type { RouteObject } from "react-router";
import { DocumentRoot, DocumentErrorBoundary, rootLoader, shouldRevalidateRoot } from "./document-root.tsx";
import { PageErrorBoundary } from "./page-error-boundary.tsx";
import { pageGuardLoader } from "./page-guard.ts";
import { SEGMENTS as S } from "#domain/url-segments.ts";

/**
 * The one route table (spec section 2). Every page module is a lazy chunk; the worker
 * resolves the same lazies server-side, and the client resolves the matched ones
 * before hydration. `handle.module` names the source file so the worker can emit
 * modulepreload links for the matched chunks.
 */
function page(
  module: string,
  load: () => Promise<Pick<RouteObject, "loader" | "action" | "shouldRevalidate" | "Component">>,
  options: { leadForms?: true } = {},
) {
  return { handle: { module, acceptsPost: options.leadForms === true }, lazy: load } satisfies Partial<RouteObject>;
}

/** Pages with lead forms take a plain form post (every form works without JavaScript). */
const forms = { leadForms: true } as const;

const vehicleChildren = (prefix: string): RouteObject[] => [
  { path: `${prefix}/:vehicle`, ...page("routes/vehicle-detail-page.tsx", () => import("./vehicle-detail-page.tsx")) },
  {
    path: `${prefix}/:vehicle/${S.interest}`,
    ...page("routes/vehicle-interest-page.tsx", () => import("./vehicle-interest-page.tsx"), forms),
  },
  {
    path: `${prefix}/:vehicle/${S.testDrive}`,
    ...page("routes/vehicle-test-drive-page.tsx", () => import("./vehicle-test-drive-page.tsx"), forms),
  },
];

export const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    loader: rootLoader,
    shouldRevalidate: shouldRevalidateRoot,
    Component: DocumentRoot,
    ErrorBoundary: DocumentErrorBoundary,
    children: [
      {
        id: "page",
        loader: pageGuardLoader,
        ErrorBoundary: PageErrorBoundary,
        children: [
          { index: true, id: "home", ...page("routes/home-page.tsx", () => import("./home-page.tsx")) },
          { path: "directcontact", ...page("routes/direct-contact-page.tsx", () => import("./direct-contact-page.tsx"), forms) },
          { path: "cookie-einstellungen", ...page("routes/consent-settings-page.tsx", () => import("./consent-settings-page.tsx")) },
          { path: S.carfinder, ...page("routes/carfinder-page.tsx", () => import("./carfinder-page.tsx")) },
          { path: `${S.carfinder}/${S.compare}`, ...page("routes/compare-page.tsx", () => import("./compare-page.tsx")) },
          { path: `${S.carfinder}/${S.favorite}`, ...page("routes/favourites-page.tsx", () => import("./favourites-page.tsx")) },
          ...vehicleChildren(S.carfinder),
          { path: `:brand/${S.carfinder}`, ...page("routes/carfinder-page.tsx", () => import("./carfinder-page.tsx")) },
          ...vehicleChildren(`:brand/${S.carfinder}`),
          { path: `:brand/${S.models}`, ...page("routes/brand-models-page.tsx", () => import("./brand-models-page.tsx")) },
          { path: `:brand/${S.models}/:model`, ...page("routes/model-detail-page.tsx", () => import("./model-detail-page.tsx")) },
          {
            path: `:brand/${S.models}/:model/kontakt`,
            ...page("routes/model-contact-page.tsx", () => import("./model-contact-page.tsx"), forms),
          },
          {
            path: `:brand/${S.models}/:model/${S.testDrive}`,
            ...page("routes/model-test-drive-page.tsx", () => import("./model-test-drive-page.tsx"), forms),
          },
          { path: "standorte", ...page("routes/locations-page.tsx", () => import("./locations-page.tsx")) },
          { path: "center/:location", ...page("routes/location-page.tsx", () => import("./location-page.tsx")) },
          { path: `:brand/${S.locations}/:location`, ...page("routes/location-page.tsx", () => import("./location-page.tsx")) },
          // One param for the lease and the finance sections (private-lease, business-lease, private-finance,
          // business-finance: domain/offer-sections.ts); an unknown section is a 404 in the loaders.
          { path: `${S.stock}/:offerSection`, ...page("routes/offer-overview-page.tsx", () => import("./offer-overview-page.tsx")) },
          { path: `${S.stock}/:offerSection/:vehicle`, ...page("routes/offer-detail-page.tsx", () => import("./offer-detail-page.tsx")) },
          {
            path: `${S.stock}/:vehicle/${S.leaseCalculator}`,
            ...page("routes/lease-calculator-page.tsx", () => import("./lease-calculator-page.tsx")),
          },
          { path: `:brand/${S.stock}/:offerSection`, ...page("routes/offer-overview-page.tsx", () => import("./offer-overview-page.tsx")) },
          {
            path: `:brand/${S.stock}/:offerSection/:vehicle`,
            ...page("routes/offer-detail-page.tsx", () => import("./offer-detail-page.tsx")),
          },
          {
            path: `:brand/${S.stock}/:vehicle/${S.leaseCalculator}`,
            ...page("routes/lease-calculator-page.tsx", () => import("./lease-calculator-page.tsx")),
          },
          // /aston-martin, /smart, /hyundai are routes without a page component of their own
          // (spec section 2): they render through the content catch-all like any editorial page.
          { path: "*", id: "content", ...page("routes/content-page.tsx", () => import("./content-page.tsx"), forms) },
        ],
      },
    ],
  },
];
