// When the hosted payment page offers "Commander et payer à la livraison", and the same rule when it is posted (a
// forged form is refused as a hidden button would be): goods that are delivered only, for at most the ceiling the
// owner set in the back-office (decision 0077). Trainings, audits and e-books are paid before: nothing is delivered
// to pay at, and a service is not handed over against cash at the door.
import type { Ctx } from "../core/context";
import { currency, formatMoney } from "../core/context";
import { payOnDeliveryCeilingCents } from "../data/site-settings";
import type { Totals } from "../ecom/pricing/pricing";

/** Why this order cannot be paid on delivery, in French; null when it can. */
export function payOnDeliveryRefusal(ctx: Ctx, t: Totals): string | null {
  const lines = t.lines.filter((l) => l.status !== "NOT_FOUND");
  if (!t.needsShipping) return "Le paiement à la livraison n'existe pas pour une commande sans livraison : payez par carte.";
  if (lines.some((l) => !l.physical))
    return "Le paiement à la livraison est réservé aux commandes d'articles livrés : cette commande contient une formation, un service ou un fichier à télécharger. Payez par carte.";
  const ceiling = payOnDeliveryCeilingCents(ctx);
  if (!ceiling) return "La boutique ne propose pas le paiement à la livraison : payez par carte.";
  if (t.total > ceiling)
    return `Le paiement à la livraison est réservé aux commandes de ${formatMoney(ceiling, currency(ctx))} au plus : payez par carte.`;
  return null;
}
