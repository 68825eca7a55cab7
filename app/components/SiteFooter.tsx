import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { LEGAL_LINKS } from "~/content/legal-links";

const PENDING = "footer-pending";

/**
 * Fades in the first time it scrolls into view, once. The server-rendered
 * footer is fully visible; it is only hidden (CSS, `.footer-pending`) when
 * scripts run, so a browser without JavaScript never sees an invisible footer.
 * motion loads after hydration (the first paint does not wait for it) and
 * animates this same element: it is never replaced by another one.
 */
export function SiteFooter({ ownerName }: { ownerName: string }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const footer = ref.current;
    if (!footer) return;
    // Hydrated: the CSS placeholder state ends here (the tests wait for it), the fade takes over.
    footer.classList.remove(PENDING);
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    footer.style.opacity = "0";
    let stop: (() => void) | undefined;
    let cancelled = false;
    import("./footer-fade")
      .then(({ fadeInOnce }) => {
        if (!cancelled) stop = fadeInOnce(footer);
      })
      // Never an invisible footer because a chunk failed to load.
      .catch(() => (footer.style.opacity = ""));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
  const content = (
    <div className="footer-inner">
      <p>© 2024-2025 {ownerName}</p>
      <nav aria-label="Informations légales">
        <ul className="footer-links">
          {Object.values(LEGAL_LINKS).map((page) => (
            <li key={page.path}>
              <Link to={page.path}>{page.title}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );

  return (
    <footer ref={ref} className={`site-footer ${PENDING}`}>
      {content}
    </footer>
  );
}
