/**
 * One URL per kind of request the worker answers, for what is measured per page type: subrequests
 * (worker/subrequests.test.ts) and CPU (bench/ssr-cpu.ts). Vehicle 100001 and center-goslar are in
 * the demo stock; /angebote is a legacy redirect of the seeded table.
 */
export const PAGE_TYPES = [
  { type: "home", path: "/" },
  { type: "content page", path: "/werkstatt" },
  { type: "content page (islands)", path: "/impressum" },
  { type: "carfinder", path: "/carfinder" },
  { type: "carfinder, filtered, page 2", path: "/carfinder?brand=mercedes-benz&fuel=diesel&seite=2" },
  { type: "brand carfinder", path: "/smart/carfinder" },
  { type: "vehicle detail", path: "/carfinder/100001-1-mercedes-benz-a-180-progressive" },
  { type: "vehicle interest form", path: "/carfinder/100001-1-mercedes-benz-a-180-progressive/interesse" },
  { type: "test drive form", path: "/carfinder/100001-1-mercedes-benz-a-180-progressive/probefahrt" },
  { type: "compare, 6 vehicles", path: "/carfinder/vergleichen?ids=100001,100002,100003,100004,100005,100006" },
  { type: "favourites", path: "/carfinder/favoriten" },
  { type: "location list", path: "/standorte" },
  { type: "location", path: "/center/center-goslar" },
  { type: "brand models", path: "/mercedes-benz/modelle" },
  { type: "model detail", path: "/mercedes-benz/modelle/glc-suv" },
  { type: "model price list (PDF)", path: "/mercedes-benz/modelle/glc-suv/preisliste.pdf" },
  { type: "lease overview", path: "/stock/private-lease" },
  { type: "lease detail", path: "/stock/private-lease/100001-1-mercedes-benz-a-180-progressive" },
  { type: "lease calculator", path: "/stock/100001-1-mercedes-benz-a-180-progressive/lease-calculator" },
  { type: "finance overview", path: "/stock/private-finance" },
  { type: "finance detail", path: "/stock/private-finance/100001-1-mercedes-benz-a-180-progressive" },
  { type: "direct contact form", path: "/directcontact" },
  { type: "consent settings", path: "/cookie-einstellungen" },
  { type: "404 page", path: "/gibt-es-nicht-xyz" },
  { type: "legacy redirect", path: "/angebote" },
  { type: "sitemap index", path: "/sitemap.xml" },
  { type: "sitemap part", path: "/sitemap-1.xml" },
  { type: "API: vehicle search", path: "/api/vehicles/search?brand=mercedes-benz" },
  { type: "API: content page", path: "/api/content/pages/werkstatt" },
  { type: "health check", path: "/healthz" },
] as const satisfies ReadonlyArray<{ type: string; path: string }>;
