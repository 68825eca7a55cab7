import { Link } from "react-router";

/** The URL of another page of the same list: search and sort kept, `page` dropped for page 1. */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

export function Pagination({ page, pageCount, pathname, search }: { page: number; pageCount: number; pathname: string; search: string }) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  return (
    <nav className="pagination" aria-label="Pagination">
      <ul>
        <li>
          {page > 1 ? (
            <Link to={pageHref(pathname, search, page - 1)} rel="prev">
              Précédent
            </Link>
          ) : (
            <span className="pagination-disabled" aria-disabled="true">
              Précédent
            </span>
          )}
        </li>
        {pages.map((n) => (
          <li key={n}>
            <Link to={pageHref(pathname, search, n)} aria-current={n === page ? "page" : undefined} aria-label={`Page ${n}`}>
              {n}
            </Link>
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <Link to={pageHref(pathname, search, page + 1)} rel="next">
              Suivant
            </Link>
          ) : (
            <span className="pagination-disabled" aria-disabled="true">
              Suivant
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
