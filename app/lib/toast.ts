import { z } from "zod";

/** A notification that crosses a redirect: sent by an action, shown by the next page. */
export const flashToastSchema = z.object({
  id: z.string().max(64),
  type: z.enum(["success", "error", "message"]),
  title: z.string().min(1).max(300),
  description: z.string().max(600).optional(),
});

export type FlashToast = z.infer<typeof flashToastSchema>;
export type FlashToastInput = Omit<FlashToast, "id">;

/**
 * Durations of the spec (§9). sonner has no per-type defaults, so every call
 * site goes through these instead of sonner's global 4000 ms.
 */
export const TOAST_DURATIONS = {
  success: 2000,
  error: 4000,
  message: 4000,
  custom: 4000,
  loading: Number.POSITIVE_INFINITY,
} as const;
