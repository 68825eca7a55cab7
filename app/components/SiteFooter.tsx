import { LazyMotion, m, useReducedMotion } from "motion/react";
import { Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { LEGAL_PAGES } from "~/content/legal";

export const FOOTER_FADE_SECONDS = 1.8;

const loadFeatures = () => import("./motion-features").then((mod) => mod.default);

/**
 * Fades in the first time it scrolls into view, once. The server-rendered
 * footer is fully visible; it is only hidden (CSS, `.footer-pending`) when
 * scripts run, so a browser without JavaScript never sees an invisible footer.
 */
export function SiteFooter({ ownerName }: { ownerName: string }) {
  const hydrated = useHydrated();
  const reduceMotion = useReducedMotion();
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

  if (!hydrated) return <footer className="site-footer footer-pending">{content}</footer>;
  if (reduceMotion) return <footer className="site-footer">{content}</footer>;
  return (
    <LazyMotion features={loadFeatures} strict>
      <m.footer
        className="site-footer"
        initial={{ opacity: 0 }}
        whileInView={{ opacity: 1 }}
        viewport={{ once: true, amount: 0.2 }}
        transition={{ duration: FOOTER_FADE_SECONDS, ease: "easeOut" }}
      >
        {content}
      </m.footer>
    </LazyMotion>
  );
}
