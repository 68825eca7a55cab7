import { Link } from "react-router";

/** The URL of another page of the same list: search and sort kept, `page` dropped for page 1. */
function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * The page numbers shown: the first, the last, and two on each side of the current one, with gaps (null) between.
 * Every page of a 10,000-product catalog would be 200 links on each catalog page: its render grew with the catalog.
 */
export function pageWindow(page: number, pageCount: number, around = 2): (number | null)[] {
  const out: (number | null)[] = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= around) out.push(n);
    else if (out.at(-1) !== null) out.push(null);
  }
  return out;
}

export function Pagination({ page, pageCount, pathname, search }: { page: number; pageCount: number; pathname: string; search: string }) {
  if (pageCount <= 1) return null;
  const pages = pageWindow(page, pageCount);
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
        {pages.map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link to={pageHref(pathname, search, n)} aria-current={n === page ? "page" : undefined} aria-label={`Page ${n}`}>
                {n}
              </Link>
            </li>
          ),
        )}
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
