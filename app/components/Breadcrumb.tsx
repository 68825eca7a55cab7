import { Link, useLocation, useMatches } from "react-router";
import { crumbsFrom } from "~/lib/breadcrumb";
import { breadcrumbListLd } from "~/lib/structured-data";
import { JsonLd } from "./JsonLd";

/** The visible trail and, for search engines, the same trail as a schema.org BreadcrumbList on the public origin. */
export function Breadcrumb({ origin }: { origin?: string }) {
  const crumbs = crumbsFrom(useMatches());
  const { pathname } = useLocation();
  if (crumbs.length === 0) return null;
  return (
    <nav className="breadcrumb" aria-label="Fil d'Ariane">
      {origin && crumbs.length > 1 ? <JsonLd data={breadcrumbListLd(crumbs, origin)} /> : null}
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={crumb.to}>
            {index === crumbs.length - 1 && crumb.to === pathname ? (
              <span aria-current="page">{crumb.label}</span>
            ) : (
              <Link to={crumb.to}>{crumb.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
