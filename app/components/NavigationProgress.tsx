import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** Below this a navigation draws nothing: a bar that blinks for 50 ms reads as flicker, not progress. */
const PROGRESS_DELAY_MS = 150;
const FINISHED_VISIBLE_MS = 400;

/**
 * Thin bar at the top of the page (spec): its state is `loading` as soon as navigation is not idle and `finished`
 * when it is idle again, then `idle`; `data-drawn` says whether the bar is painted. The state follows the navigation
 * at once (scripts and tests read it); the bar is painted only once a navigation lasts longer than the anti-flicker
 * delay, and then finishes visibly.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  const [wasBusy, setWasBusy] = useState(busy);
  const [finishing, setFinishing] = useState(false);
  const [drawn, setDrawn] = useState(false);
  // Adjusted while rendering, not in an effect: the render where navigation ends already says "finished".
  if (busy !== wasBusy) {
    setWasBusy(busy);
    setFinishing(!busy);
  }

  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setDrawn(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  useEffect(() => {
    if (!finishing) return;
    const timer = setTimeout(() => {
      setFinishing(false);
      setDrawn(false);
    }, FINISHED_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [finishing]);

  const phase = busy ? "loading" : finishing ? "finished" : "idle";
  return (
    <div
      className="nav-progress"
      data-state={phase}
      data-drawn={drawn || undefined}
      role="progressbar"
      aria-label="Chargement de la page"
      aria-hidden={phase === "idle"}
      aria-valuetext={phase === "loading" ? "Chargement en cours" : phase === "finished" ? "Chargement terminé" : undefined}
    />
  );
}
