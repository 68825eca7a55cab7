import { z } from "zod";
import { parseForm, refuseForm } from "../http/form.server";
import { adminRefusal, runAdminAction } from "./actions.server";
import type { ElevatedClient } from "./elevated-client.server";
import { tagOrders, validTag } from "./orders.server";

/**
 * The orders list's one form: a tag added to or removed from the ticked orders, after a confirmation that counts
 * them. A tag the owner mistyped, or no order ticked, comes back as the site's FormAnswer (decision 0022).
 */
export const tagForm = z.object({
  intent: z.enum(["tag-add", "tag-remove"], { error: "Action inconnue." }),
  tag: z.string({ error: "Saisissez une étiquette (lettres, chiffres, espaces ou tirets, 40 caractères au plus)." }).transform((v, ctx) => {
    const tag = validTag(v);
    if (!tag)
      ctx.addIssue({ code: "custom", message: "Saisissez une étiquette (lettres, chiffres, espaces ou tirets, 40 caractères au plus)." });
    return tag ?? "";
  }),
  confirmed: z.string().optional(),
});

/** At most this many ticked orders in one request (the list shows 20 a page). */
const MAX_IDS = 100;

export async function runTagIntent(admin: ElevatedClient, request: Request, back: string) {
  const form = await request.formData();
  const ids = form
    .getAll("orderId")
    .filter((v): v is string => typeof v === "string" && v.length <= 200)
    .slice(0, MAX_IDS);
  const parsed = parseForm(tagForm, form);
  if (!parsed.ok) {
    if (parsed.fieldErrors.intent) return adminRefusal(request, back, "Action inconnue.");
    return refuseForm({ values: { tag: parsed.values.tag }, fieldErrors: { tag: parsed.fieldErrors.tag } });
  }
  const { intent, tag } = parsed.data;
  if (!ids.length) return refuseForm({ values: { tag }, formError: "Sélectionnez au moins une commande." });
  const add = intent === "tag-add";
  return runAdminAction(request, {
    redirectTo: back,
    confirmed: parsed.data.confirmed === "1",
    confirm: {
      question: `${add ? "Ajouter" : "Retirer"} l'étiquette « ${tag} » ${add ? "à" : "de"} ${ids.length} commande${ids.length > 1 ? "s" : ""} ?`,
      fields: { intent, tag, orderId: ids },
    },
    run: async () => {
      const n = await tagOrders(admin, ids, tag, add);
      return `Étiquette « ${tag} » ${add ? "ajoutée à" : "retirée de"} ${n} commande${n > 1 ? "s" : ""}.`;
    },
  });
}
