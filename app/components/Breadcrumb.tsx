import { Link, useLocation, useMatches } from "react-router";
import { crumbsFrom } from "~/lib/breadcrumb";

export function Breadcrumb() {
  const crumbs = crumbsFrom(useMatches());
  const { pathname } = useLocation();
  if (crumbs.length === 0) return null;
  return (
    <nav className="breadcrumb" aria-label="Fil d'Ariane">
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
