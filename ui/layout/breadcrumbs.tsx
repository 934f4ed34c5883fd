import { Link, useLocation, useMatches } from "react-router";
import { SITE_CONFIG } from "#domain/site-config.ts";
import { buildBreadcrumbs } from "#domain/breadcrumbs.ts";

export function Breadcrumbs() {
  const location = useLocation();
  const matches = useMatches();
  if (!SITE_CONFIG.navigation.showBreadcrumbs) return null;
  const leaf = matches.at(-1);
  const leafLabel = (leaf?.handle as { breadcrumb?: string } | undefined)?.breadcrumb;
  const crumbs = buildBreadcrumbs(location.pathname, leafLabel);
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
                <Link to={crumb.path}>{crumb.label}</Link>
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
