import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { LEGAL_LINKS } from "~/content/legal-links";

const PENDING = "footer-pending";
/**
 * Where the fade starts (and the footer waits, out of view): the lowest opacity at which its text still reads at
 * 4.5:1 on its background in both themes (4.8:1 light, 6.4:1 dark: --text on --surface), so that no frame of the
 * fade fails a contrast check. `.footer-pending` in site.css starts from the same value.
 */
export const FOOTER_FADE_FROM = 0.65;

/**
 * Fades in the first time it scrolls into view, once. The server-rendered
 * footer is fully visible; it is only faded (CSS, `.footer-pending`) when
 * scripts run, so a browser without JavaScript never sees a faded footer. The
 * fade starts from an opacity whose text still passes the contrast check, so
 * no frame of it is unreadable.
 * motion loads when the footer first comes into view (a page whose footer is
 * never reached downloads no animation code) and animates this same element:
 * it is never replaced by another one.
 */
export function SiteFooter({ ownerName }: { ownerName: string }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const footer = ref.current;
    if (!footer) return;
    // Hydrated: the CSS placeholder state ends here (the tests wait for it), the fade takes over.
    footer.classList.remove(PENDING);
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    footer.style.opacity = String(FOOTER_FADE_FROM);
    let cancelled = false;
    // The first time a fifth of it is in view, once: only then does the animation's chunk (motion) load.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        import("./footer-fade")
          .then(({ fadeIn }) => {
            if (!cancelled) fadeIn(footer, FOOTER_FADE_FROM);
          })
          // Never an invisible footer because a chunk failed to load.
          .catch(() => (footer.style.opacity = ""));
      },
      { threshold: 0.2 },
    );
    observer.observe(footer);
    return () => {
      cancelled = true;
      observer.disconnect();
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
