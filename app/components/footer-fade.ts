import { animate } from "motion/mini";

const FOOTER_FADE_SECONDS = 1.8;

/**
 * The footer's fade-in (spec), with motion's WAAPI animation on the server-rendered element itself (no second
 * footer element replaces it). Loaded only once the footer is in view (SiteFooter), so a page whose footer is never
 * reached downloads no animation code.
 */
export function fadeIn(footer: HTMLElement, from: number): void {
  void animate(footer, { opacity: [from, 1] }, { duration: FOOTER_FADE_SECONDS, ease: "easeOut" }).finished.then(() => {
    footer.style.opacity = "";
  });
}
