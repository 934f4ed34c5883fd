import { useLocation, useMatches } from "react-router";
import { SiteLink } from "#ui/site-link.tsx";
import { useSiteSettings } from "#ui/site-context.tsx";
import { buildBreadcrumbs } from "#domain/breadcrumbs.ts";
import { parseVehicleSegment } from "#domain/site-paths.ts";

export function Breadcrumbs() {
  const location = useLocation();
  const matches = useMatches();
  const { showBreadcrumbs } = useSiteSettings().config.navigation;
  if (!showBreadcrumbs) return null;
  const leaf = matches.at(-1);
  // An editorial page is named by its title (issue 4), other pages by their route's handle.
  const pageTitle = (leaf?.loaderData as { page?: { title?: unknown } } | null | undefined)?.page?.title;
  const leafLabel = typeof pageTitle === "string" ? pageTitle : (leaf?.handle as { breadcrumb?: string } | undefined)?.breadcrumb;
  // A vehicle's segment reads as its title, on the detail page and below it (test drive, interest).
  const labels: Record<string, string> = {};
  const segments = location.pathname.split("/");
  for (const match of matches) {
    const vehicle = (match.loaderData as { vehicle?: { id?: unknown; title?: unknown } } | undefined)?.vehicle;
    if (typeof vehicle?.id !== "number" || typeof vehicle.title !== "string") continue;
    const at = segments.findIndex((segment) => parseVehicleSegment(segment)?.id === vehicle.id);
    if (at > 0) labels[segments.slice(0, at + 1).join("/")] = vehicle.title;
  }
  const crumbs = buildBreadcrumbs(location.pathname, leafLabel, labels);
  if (crumbs.length < 2) return null;
  return (
    <nav aria-label="Brotkrumen" className="breadcrumbs container">
      <ol>
        {crumbs.map((crumb, index) => {
          const isLast = index === crumbs.length - 1;
          return (
            <li key={crumb.path}>
              {isLast ? (
                <span aria-current="page">{crumb.label}</span>
              ) : crumb.linkable ? (
                <SiteLink to={crumb.path}>{crumb.label}</SiteLink>
              ) : (
                <span>{crumb.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
