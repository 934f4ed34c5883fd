import { useMemo, type ReactNode } from "react";
import { useLocation, useMatches, useNavigate } from "react-router";
import { useRootData } from "./root-data.ts";
import { SiteNavigateContext, SitePageContext, type SiteNavigate, type SitePage } from "./site-context.tsx";

/**
 * Shares the router's stable `navigate` with every SiteLink below it, and the page (location,
 * route data, services, settings) with the components that also run as islands (ui/site-context.tsx).
 */
export function SiteNavigationProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const root = useRootData();
  const services = root?.services ?? null;
  const settings = root?.settings ?? null;
  const page = useMemo<SitePage>(
    () => ({ pathname, search, routeData: matches.map((match) => match.loaderData), services, settings }),
    [pathname, search, matches, services, settings],
  );
  return (
    <SitePageContext value={page}>
      <SiteNavigateContext value={navigate as SiteNavigate}>{children}</SiteNavigateContext>
    </SitePageContext>
  );
}
