/**
 * The specification removes a dismissed toast after 1000 ms; sonner unmounts one 200 ms after it is dismissed (a
 * constant of the library, not an option). So a toast never reaches sonner's dismissal directly: it first goes
 * through an exit phase of our own (EXIT_MS, a fade, `data-leaving` in site.css), then sonner's 200 ms, 1000 ms in all.
 * That holds for its close button (intercepted before sonner's click handler), for its end of life (our timers:
 * sonner's own timer would dismiss it without the exit phase; they pause while the pointer is on the toasts or the
 * page is hidden, as sonner's do) and for `dismiss()` in code. Browser-only; `dismiss` is sonner's `toast.dismiss`.
 */

export const SONNER_UNMOUNT_MS = 200;
export const REMOVAL_MS = 1000;
export const EXIT_MS = REMOVAL_MS - SONNER_UNMOUNT_MS;

/** Class that marks a toast's element with its id (sonner puts no id in the page). */
export const toastClass = (id: string) => `toast-id-${id}`;
const ID_FROM_CLASS = /(?:^|\s)toast-id-(\S+)/;

interface Timer {
  remaining: number;
  started: number;
  handle: ReturnType<typeof setTimeout> | null;
}

export function createToastExit(dismiss: (id: string) => void) {
  const timers = new Map<string, Timer>();
  const live = new Set<string>();
  const leaving = new Set<string>();
  let paused = false;

  const element = (id: string) => document.querySelector<HTMLElement>(`[data-sonner-toast].${CSS.escape(toastClass(id))}`);

  function leave(id: string) {
    const timer = timers.get(id);
    if (timer?.handle) clearTimeout(timer.handle);
    timers.delete(id);
    live.delete(id);
    if (leaving.has(id)) return;
    leaving.add(id);
    element(id)?.setAttribute("data-leaving", "");
    setTimeout(() => {
      leaving.delete(id);
      dismiss(id);
    }, EXIT_MS);
  }

  function start(id: string, timer: Timer) {
    timer.started = Date.now();
    timer.handle = setTimeout(() => leave(id), timer.remaining);
  }

  function setPaused(next: boolean) {
    if (next === paused) return;
    paused = next;
    for (const [id, timer] of timers) {
      if (paused && timer.handle) {
        clearTimeout(timer.handle);
        timer.handle = null;
        timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.started));
      } else if (!paused) start(id, timer);
    }
  }

  /** The close button: our exit phase instead of sonner's immediate dismissal. */
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest?.("[data-sonner-toast] [data-close-button]");
    const id = button?.closest("[data-sonner-toast]")?.className.match(ID_FROM_CLASS)?.[1];
    if (!id) return;
    event.stopPropagation();
    event.preventDefault();
    leave(id);
  };
  const onPointer = (event: PointerEvent) => setPaused(!!(event.target as Element | null)?.closest?.("[data-sonner-toaster]"));
  const onVisibility = () => setPaused(document.hidden);
  // Capture on window: before React's listeners on the document, so sonner's own click handler never runs.
  window.addEventListener("click", onClick, true);
  document.addEventListener("pointerover", onPointer);
  document.addEventListener("visibilitychange", onVisibility);

  return {
    /** A toast just shown: it leaves after `duration` ms (never for Infinity), paused while hovered. */
    shown(id: string, duration: number) {
      live.add(id);
      if (!Number.isFinite(duration)) return;
      const timer: Timer = { remaining: duration, started: Date.now(), handle: null };
      timers.set(id, timer);
      if (!paused) start(id, timer);
    },
    leave,
    /** Every toast shown through `shown` and still there. */
    leaveAll() {
      for (const id of [...live]) leave(id);
    },
  };
}
