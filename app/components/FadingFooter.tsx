import { LazyMotion, m, useReducedMotion } from "motion/react";
import type { ReactNode } from "react";

export const FOOTER_FADE_SECONDS = 1.8;

const loadFeatures = () => import("./motion-features").then((mod) => mod.default);

/**
 * The footer's fade-in (spec): loaded by SiteFooter after hydration, so motion is not in the JavaScript the first
 * paint waits for. Fades in the first time it scrolls into view, once; shown at once when motion is reduced.
 */
export default function FadingFooter({ children }: { children: ReactNode }) {
  const reduceMotion = useReducedMotion();
  if (reduceMotion) return <footer className="site-footer">{children}</footer>;
  return (
    <LazyMotion features={loadFeatures} strict>
      <m.footer
        className="site-footer"
        initial={{ opacity: 0 }}
        whileInView={{ opacity: 1 }}
        viewport={{ once: true, amount: 0.2 }}
        transition={{ duration: FOOTER_FADE_SECONDS, ease: "easeOut" }}
      >
        {children}
      </m.footer>
    </LazyMotion>
  );
}
