import { z } from "zod";
import type { Route } from "./+types/preferences.theme";
import { THEME_LABELS } from "~/lib/theme";
import { themeSchema, themeSetCookie } from "~/.server/site/theme.server";
import { redirectWithToast } from "~/.server/http/toast.server";
import { formObject } from "~/.server/http/form.server";
import { safeRedirectPath } from "~/.server/http/redirect-target.server";

const formSchema = z.object({ theme: themeSchema, returnTo: z.string().max(2000).optional() });

/** Switches the colour theme and returns to the page the visitor was on, with a notification. */
export async function action({ request }: Route.ActionArgs) {
  const form = formSchema.safeParse(await formObject(request));
  const returnTo = safeRedirectPath(form.success ? form.data.returnTo : undefined, "/");
  if (!form.success) {
    return redirectWithToast(request, returnTo, { type: "error", title: "Thème inconnu : choisissez clair ou sombre." });
  }
  return redirectWithToast(
    request,
    returnTo,
    { type: "success", title: THEME_LABELS[form.data.theme] },
    { headers: { "Set-Cookie": await themeSetCookie(request, form.data.theme) } },
  );
}
