import { inView } from "motion";
import { animate } from "motion/mini";

const FOOTER_FADE_SECONDS = 1.8;

/**
 * The footer's fade-in (spec): the first time at least a fifth of it scrolls into view, once, with motion's
 * WAAPI animation on the server-rendered element itself (no second footer element replaces it); the element
 * is at opacity 0 until then (SiteFooter). Returns the stop function of the observer.
 */
export function fadeInOnce(footer: HTMLElement): () => void {
  const stop = inView(
    footer,
    () => {
      // Once: the observer stops at the first entry.
      stop();
      void animate(footer, { opacity: [0, 1] }, { duration: FOOTER_FADE_SECONDS, ease: "easeOut" }).finished.then(() => {
        footer.style.opacity = "";
      });
    },
    { amount: 0.2 },
  );
  return stop;
}
