import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** Below this a navigation shows nothing: a bar that blinks for 50 ms reads as flicker, not progress. */
const PROGRESS_DELAY_MS = 150;
const FINISHED_VISIBLE_MS = 400;

type Phase = "idle" | "loading" | "finished";

/** Thin bar at the top of the page: idle → loading while navigating → finished, then hidden. */
export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  const [phase, setPhase] = useState<Phase>("idle");

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase("loading"), PROGRESS_DELAY_MS);
      return () => clearTimeout(timer);
    }
    setPhase((current) => (current === "loading" ? "finished" : "idle"));
  }, [busy]);

  useEffect(() => {
    if (phase !== "finished") return;
    const timer = setTimeout(() => setPhase("idle"), FINISHED_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  return (
    <div
      className="nav-progress"
      data-state={phase}
      role="progressbar"
      aria-label="Chargement de la page"
      aria-hidden={phase === "idle"}
      aria-valuetext={phase === "loading" ? "Chargement en cours" : phase === "finished" ? "Chargement terminé" : undefined}
    />
  );
}
