import { lazy, Suspense, useEffect } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { TOAST_DURATIONS, type FlashToast } from "~/lib/toast";
import { createToastExit, toastClass } from "~/lib/toast-exit";

/**
 * sonner (about 10 KB of gzip) loads after the first paint: nothing on screen
 * before hydration needs it (a flashed notice is server-rendered until then),
 * and a toast published before its Toaster subscribes is replayed by sonner.
 */
const loadSonner = () => import("sonner");
const Toaster = lazy(() => loadSonner().then((mod) => ({ default: mod.Toaster })));

/**
 * The notification container (placement and timings are product requirements): top-center, 16 px inset,
 * 10 px gutter, 350 px wide (at every screen width: site.css keeps sonner from stretching them under 600 px),
 * z-index 9999, at most 20 at once. Timers pause while hovered; a dismissed toast is removed after 1000 ms (an exit
 * phase of our own before sonner's fixed 200 ms: lib/toast-exit.ts).
 * The top inset counts from the header's bottom edge while the header is in view:
 * an "Ajouté au panier" toast must not hide the cart count that just changed.
 */
const INSET = { top: "calc(var(--header-visible-bottom, 0px) + 16px)", right: 16, bottom: 16, left: 16 };

export function Notifications() {
  useHeaderBottom();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        offset={INSET}
        mobileOffset={INSET}
        gap={10}
        visibleToasts={20}
        closeButton
        duration={TOAST_DURATIONS.message}
        style={{ zIndex: 9999, ["--width" as string]: "350px" }}
        toastOptions={{ closeButtonAriaLabel: "Fermer la notification" }}
        containerAriaLabel="Notifications"
      />
    </Suspense>
  );
}

type Kind = "success" | "error" | "message" | "loading";

let shownCount = 0;
let exit: ReturnType<typeof createToastExit> | undefined;

/**
 * Every toast is shown with sonner's timer off (duration Infinity) and handed to our exit phase
 * (lib/toast-exit.ts), which ends it after the spec's duration and removes it 1000 ms after it is dismissed.
 */
async function show(kind: Kind, title: string, description?: string): Promise<string> {
  const { toast } = await loadSonner();
  exit ??= createToastExit((id) => toast.dismiss(id));
  const id = `n${++shownCount}`;
  const options = { id, description, className: toastClass(id), duration: Number.POSITIVE_INFINITY };
  if (kind === "message") toast(title, options);
  else if (kind === "loading") toast.loading(title, { ...options, closeButton: false });
  else toast[kind](title, options);
  exit.shown(id, TOAST_DURATIONS[kind]);
  return id;
}

/**
 * Typed entry points so every toast gets its type's duration (TOAST_DURATIONS, app/lib/toast.ts), the close button rule
 * and the removal delay.
 */
export const notify = {
  success: (title: string, description?: string) => show("success", title, description),
  error: (title: string, description?: string) => show("error", title, description),
  message: (title: string, description?: string) => show("message", title, description),
  loading: (title: string) => show("loading", title),
  dismiss: async (id?: string) => {
    if (!exit) return;
    if (id === undefined) exit.leaveAll();
    else exit.leave(id);
  },
};

/**
 * Shows a server-flashed notification: with sonner once scripts run, and in a
 * server-rendered live region until then (and forever without JavaScript).
 */
export function FlashNotification({ flash }: { flash: FlashToast | null }) {
  const hydrated = useHydrated();

  useEffect(() => {
    if (!flash) return;
    void notify[flash.type](flash.title, flash.description);
  }, [flash?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  if (hydrated || !flash) return null;
  return (
    <div className="flash" data-type={flash.type} role="status">
      <p className="flash-title">{flash.title}</p>
      {flash.description ? <p className="flash-description">{flash.description}</p> : null}
    </div>
  );
}

/** Keeps `--header-visible-bottom` at the header's bottom edge in the viewport (0 once scrolled away). */
function useHeaderBottom() {
  useEffect(() => {
    const header = document.querySelector(".site-header");
    if (!header) return;
    const root = document.documentElement;
    let frame = 0;
    const update = () => {
      frame = 0;
      root.style.setProperty("--header-visible-bottom", `${Math.max(0, Math.round(header.getBoundingClientRect().bottom))}px`);
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(update);
    };
    update();
    const observer = new ResizeObserver(schedule);
    observer.observe(header);
    window.addEventListener("scroll", schedule, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener("scroll", schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
}
