import { useLocation, useMatches } from "react-router";
import { SiteLink } from "#ui/site-link.tsx";
import { useSiteSettings } from "#ui/site-context.tsx";
import { buildBreadcrumbs } from "#domain/breadcrumbs.ts";
import { parseVehicleSegment } from "#domain/site-paths.ts";

/** A property of route data whose shape this component does not own (another route's loader data, a handle), read without a cast. */
function prop(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null && Object.hasOwn(value, key) ? Reflect.get(value, key) : undefined;
}

export function Breadcrumbs() {
  const location = useLocation();
  const matches = useMatches();
  const { showBreadcrumbs } = useSiteSettings().config.navigation;
  if (!showBreadcrumbs) return null;
  const leaf = matches.at(-1);
  // An editorial page is named by its title, other pages by their route's handle.
  const pageTitle = prop(prop(leaf?.loaderData, "page"), "title");
  const handleLabel = prop(leaf?.handle, "breadcrumb");
  const leafLabel = typeof pageTitle === "string" ? pageTitle : typeof handleLabel === "string" ? handleLabel : undefined;
  // A vehicle's segment reads as its title, on the detail page and below it (test drive, interest).
  const labels: Record<string, string> = {};
  const segments = location.pathname.split("/");
  for (const match of matches) {
    const vehicle = prop(match.loaderData, "vehicle");
    const id = prop(vehicle, "id");
    const title = prop(vehicle, "title");
    if (typeof id !== "number" || typeof title !== "string") continue;
    const at = segments.findIndex((segment) => parseVehicleSegment(segment)?.id === id);
    if (at > 0) labels[segments.slice(0, at + 1).join("/")] = title;
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
