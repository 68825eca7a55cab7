// The page where a buyer confirms a pay-on-delivery order, from the link of the e-mail (ecom/checkout/unpaid.ts): GET shows
// the order and a button, the button's POST confirms it. A GET confirms nothing: mail scanners open links.
import type { Ctx } from "../core/context";
import { html, readForm, sameOriginOrNone } from "../core/http";
import { e, errorPage, page } from "../core/layout";
import { verifyLink } from "../ecom/orders/order-links";
import { placedCartData } from "../ecom/cart/cart-order";
import { confirmOrder } from "../ecom/orders/orders";
import { expireUnpaid } from "../ecom/checkout/unpaid-holds";
import type { OrderRow } from "../ecom/orders/order-wire";

function refusal(reason: "invalid" | "expired"): Response {
  return reason === "expired"
    ? html(errorPage("Commande annulée", "Cette commande n'a pas été confirmée dans les 24 heures : elle a été annulée."), 410)
    : html(errorPage("Lien non valide", "Ce lien de confirmation n'est pas valide : utilisez le lien complet reçu par e-mail."), 403);
}

function done(title: string, text: string, status = 200): Response {
  return html(page(title, `<div class="card"><h1>${e(title)}</h1><p class="notice" role="status">${e(text)}</p></div>`), status);
}

/** GET /_platform/commande/confirmer?jeton=… */
export function orderConfirmGet(ctx: Ctx, url: URL): Response {
  const token = url.searchParams.get("jeton");
  const check = verifyLink(ctx, token, "confirm");
  if (!check.ok) return refusal(check.reason);
  expireUnpaid(ctx);
  const row = ctx.db.prepare("SELECT * FROM orders WHERE id = ?").get(check.claims.orderId) as OrderRow | undefined;
  if (!row) return html(errorPage("Commande introuvable", "Cette commande n'existe plus."), 404);
  if (row.status === "APPROVED") return done("Commande confirmée", `La commande n° ${row.number} est confirmée.`);
  if (row.status !== "INITIALIZED") return done("Commande annulée", `La commande n° ${row.number} a été annulée.`);
  return html(
    page(
      "Confirmer votre commande",
      `<div class="card">
<h1>Confirmer votre commande n° ${e(row.number)}</h1>
<p>Elle sera réglée à la livraison. Sans confirmation dans les 24 heures, elle est annulée.</p>
<form method="post" action="/_platform/commande/confirmer">
<input type="hidden" name="jeton" value="${e(token ?? "")}">
<div class="actions"><button type="submit" class="primary">Confirmer ma commande</button></div>
</form>
</div>`,
    ),
  );
}

/** POST /_platform/commande/confirmer */
export async function orderConfirmPost(ctx: Ctx, request: Request): Promise<Response> {
  if (!sameOriginOrNone(request)) return html(errorPage("Requête refusée", "Cette requête ne peut pas être traitée."), 403);
  const form = await readForm(request);
  const check = verifyLink(ctx, form.get("jeton"), "confirm");
  if (!check.ok) return refusal(check.reason);
  const result = confirmOrder(ctx, check.claims.orderId, (cartId) => placedCartData(ctx, cartId));
  switch (result.kind) {
    case "confirmed":
    case "already":
      return done("Commande confirmée", `Merci : la commande n° ${result.number} est confirmée. Vous allez recevoir son récapitulatif.`);
    case "out-of-stock":
      return done("Commande annulée", `Désolé, la commande n° ${result.number} ne peut plus être servie : ${result.message}`, 409);
    case "canceled":
      return done("Commande annulée", `La commande n° ${result.number} a été annulée.`);
    default:
      return html(errorPage("Commande introuvable", "Cette commande n'existe plus."), 404);
  }
}
