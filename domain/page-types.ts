/**
 * One URL per kind of request the worker answers, for what is measured per page type: subrequests
 * (worker/subrequests.test.ts) and CPU (bench/ssr-cpu.ts). Vehicle 100001 and center-goslar are in
 * the demo stock; /angebote is a legacy redirect of the seeded table.
 */
export const PAGE_TYPES = [
  { type: "home", method: "GET", path: "/" },
  { type: "content page", method: "GET", path: "/werkstatt" },
  { type: "content page (islands)", method: "GET", path: "/impressum" },
  { type: "carfinder", method: "GET", path: "/carfinder" },
  { type: "carfinder, filtered, page 2", method: "GET", path: "/carfinder?brand=mercedes-benz&fuel=diesel&seite=2" },
  { type: "brand carfinder", method: "GET", path: "/smart/carfinder" },
  { type: "vehicle detail", method: "GET", path: "/carfinder/100001-1-mercedes-benz-a-180-progressive" },
  { type: "vehicle interest form", method: "GET", path: "/carfinder/100001-1-mercedes-benz-a-180-progressive/interesse" },
  { type: "test drive form", method: "GET", path: "/carfinder/100001-1-mercedes-benz-a-180-progressive/probefahrt" },
  { type: "compare, 6 vehicles", method: "GET", path: "/carfinder/vergleichen?ids=100001,100002,100003,100004,100005,100006" },
  { type: "favourites", method: "GET", path: "/carfinder/favoriten" },
  { type: "location list", method: "GET", path: "/standorte" },
  { type: "location", method: "GET", path: "/center/center-goslar" },
  { type: "brand models", method: "GET", path: "/mercedes-benz/modelle" },
  { type: "model detail", method: "GET", path: "/mercedes-benz/modelle/glc-suv" },
  { type: "model price list (PDF)", method: "GET", path: "/mercedes-benz/modelle/glc-suv/preisliste.pdf" },
  { type: "lease overview", method: "GET", path: "/stock/private-lease" },
  { type: "lease detail", method: "GET", path: "/stock/private-lease/100001-1-mercedes-benz-a-180-progressive" },
  { type: "lease calculator", method: "GET", path: "/stock/100001-1-mercedes-benz-a-180-progressive/lease-calculator" },
  { type: "direct contact form", method: "GET", path: "/directcontact" },
  { type: "consent settings", method: "GET", path: "/cookie-einstellungen" },
  { type: "404 page", method: "GET", path: "/gibt-es-nicht-xyz" },
  { type: "legacy redirect", method: "GET", path: "/angebote" },
  { type: "sitemap index", method: "GET", path: "/sitemap.xml" },
  { type: "sitemap part", method: "GET", path: "/sitemap-1.xml" },
  { type: "API: vehicle search", method: "GET", path: "/api/vehicles/search?brand=mercedes-benz" },
  { type: "API: content page", method: "GET", path: "/api/content/pages/werkstatt" },
  { type: "health check", method: "GET", path: "/healthz" },
] as const satisfies ReadonlyArray<{ type: string; method: "GET"; path: string }>;
