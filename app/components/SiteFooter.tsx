import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { LEGAL_PAGES } from "~/content/legal";

// motion and the fade load after hydration: the first paint does not wait for them.
const FadingFooter = lazy(() => import("./FadingFooter"));

/**
 * Fades in the first time it scrolls into view, once. The server-rendered
 * footer is fully visible; it is only hidden (CSS, `.footer-pending`) when
 * scripts run, so a browser without JavaScript never sees an invisible footer;
 * it stays hidden while the fade's code loads, then fades in.
 */
export function SiteFooter({ ownerName }: { ownerName: string }) {
  const hydrated = useHydrated();
  const content = (
    <div className="footer-inner">
      <p>© 2024-2025 {ownerName}</p>
      <nav aria-label="Informations légales">
        <ul className="footer-links">
          {Object.values(LEGAL_PAGES).map((page) => (
            <li key={page.path}>
              <Link to={page.path}>{page.title}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );

  const pending = <footer className="site-footer footer-pending">{content}</footer>;
  if (!hydrated) return pending;
  return (
    <Suspense fallback={pending}>
      <FadingFooter>{content}</FadingFooter>
    </Suspense>
  );
}
