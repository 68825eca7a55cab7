/** A notification that crosses a redirect: sent by an action, shown by the next page. */
export interface FlashToast {
  id: string;
  type: "success" | "error" | "message";
  title: string;
  description?: string;
}
export type FlashToastInput = Omit<FlashToast, "id">;

/**
 * Notification durations (a product requirement, held here). sonner has no per-type defaults, so every call
 * site goes through these instead of sonner's global 4000 ms.
 */
export const TOAST_DURATIONS = {
  success: 2000,
  error: 4000,
  message: 4000,
  custom: 4000,
  loading: Number.POSITIVE_INFINITY,
} as const;
