import { data } from "react-router";
import type { z } from "zod";
import type { ConfirmRequest } from "~/models/admin";
import { parseForm } from "../http/form.server";
import { redirectWithToast } from "../http/toast.server";
import { BACKOFFICE_MESSAGES } from "./messages.server";
import { failedAction } from "../wix/errors.server";

/** A refusal the app itself decides (not the platform): its message is French and shown as is. */
export class AdminRefusal extends Error {}

/**
 * How every back-office action answers: a destructive one first returns its confirmation step (no JS needed), then
 * runs; success and platform refusals come back as a notification on the page (a status region without JS).
 */
export async function runAdminAction(
  request: Request,
  options: {
    redirectTo: string;
    /** Set for destructive actions: asked until the form says `confirmed=1` (computed when it reads the platform). */
    confirm?: ConfirmRequest | (() => Promise<ConfirmRequest>);
    confirmed: boolean;
    run: () => Promise<string>;
  },
) {
  try {
    if (options.confirm && !options.confirmed)
      return data({ confirm: typeof options.confirm === "function" ? await options.confirm() : options.confirm });
    const message = await options.run();
    return redirectWithToast(request, options.redirectTo, { type: "success", title: message });
  } catch (error) {
    if (error instanceof AdminRefusal) return redirectWithToast(request, options.redirectTo, { type: "error", title: error.message });
    return failedAction(request, error, { redirectTo: options.redirectTo, messages: BACKOFFICE_MESSAGES });
  }
}

/** A refused form (unknown action, missing selection): said in French, on the same page. */
export const adminRefusal = (request: Request, redirectTo: string, title: string) =>
  redirectWithToast(request, redirectTo, { type: "error", title });

/**
 * A button of a back-office page (hidden fields only: a coupon's, a member's, a quote's, a contact request's): its form
 * read with `schema`, a changed page refused as "Action inconnue." in a notification; then `step` says what it asks
 * to confirm, if anything, and what it runs.
 */
export async function runButtonIntent<S extends z.ZodType>(
  request: Request,
  back: string,
  form: FormData,
  schema: S,
  step: (input: z.output<S>) => { confirm?: ConfirmRequest; run: () => Promise<string> },
) {
  const parsed = parseForm(schema, form);
  if (!parsed.ok) return adminRefusal(request, back, "Action inconnue.");
  const { confirm, run } = step(parsed.data);
  return runAdminAction(request, { redirectTo: back, confirmed: form.get("confirmed") === "1", confirm, run });
}
