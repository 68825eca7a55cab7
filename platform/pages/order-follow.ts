// Hosted "follow my order" page, reached from the signed link of the confirmation e-mail: read-only, no account.
import type { Ctx } from "../core/context";
import { downloadsNotice, linkRefusal } from "../ecom/orders/downloads";
import { html } from "../core/http";
import { verifyLink } from "../ecom/orders/order-links";
import { CLAIM_HINT } from "../ecom/orders/order-mail";
import type { OrderRow } from "../ecom/orders/order-wire";
import { orderWire } from "../ecom/orders/order-wire";
import { readOrderData } from "../ecom/orders/order-data";
import { invoiceUrl } from "../ecom/after-sale/invoices";
import { e, errorPage, page } from "../core/layout";

const STATUS: Record<string, string> = { APPROVED: "Confirmée", CANCELED: "Annulée", INITIALIZED: "En cours" };
const PAYMENT: Record<string, string> = {
  PAID: "Payée",
  NOT_PAID: "À régler à la livraison",
  PENDING: "Paiement autorisé, pas encore débité",
  CANCELED: "Paiement annulé (autorisation libérée)",
  PARTIALLY_REFUNDED: "Partiellement remboursée",
  FULLY_REFUNDED: "Remboursée",
};
const FULFILLMENT: Record<string, string> = {
  NOT_FULFILLED: "En préparation",
  FULFILLED: "Expédiée",
  PARTIALLY_FULFILLED: "Partiellement expédiée",
};
const dateFmt = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "Europe/Paris" });

type Money = { formattedAmount: string; amount: string };
interface Line {
  productName: { original: string };
  quantity: number;
  descriptionLines?: { name?: { original?: string }; plainText?: { original?: string }; colorInfo?: { original?: string } }[];
  lineItemPrice: Money;
  itemType?: { preset?: string };
  digitalFile?: { link: string };
}

/** GET /_platform/commande?jeton=… */
export function orderFollowGet(ctx: Ctx, url: URL): Response {
  const check = verifyLink(ctx, url.searchParams.get("jeton"), "follow");
  if (!check.ok) return linkRefusal(check, "follow");
  const row = ctx.db.prepare("SELECT * FROM orders WHERE id = ?").get(check.claims.orderId) as OrderRow | undefined;
  if (!row) return html(errorPage("Commande introuvable", "Cette commande n'existe plus."), 404);
  const o = orderWire(ctx, row, ctx.opts.defaultAppOrigin) as unknown as {
    lineItems: Line[];
    priceSummary: { subtotal: Money; shipping: Money; discount: Money; tax: Money; total: Money };
    shippingInfo?: { title: string; logistics?: { pickupDetails?: unknown } };
    recipientInfo?: { address?: { formattedAddress?: string } };
    billingInfo?: { address?: { formattedAddress?: string } };
  };
  const digitalOnly = o.lineItems.every((l) => l.itemType?.preset === "DIGITAL");
  const rows = o.lineItems
    .map((l) => {
      const opts = (l.descriptionLines ?? [])
        .map((d) => `${d.name?.original ?? ""} : ${d.colorInfo?.original ?? d.plainText?.original ?? ""}`)
        .join(", ");
      const dl = l.digitalFile ? `<br><a href="${e(l.digitalFile.link)}" download>Télécharger le fichier</a>` : "";
      return `<tr><td>${e(l.productName.original)}${opts ? `<br><span class="muted">${e(opts)}</span>` : ""}${dl}</td><td class="num">${l.quantity}</td><td class="num">${e(l.lineItemPrice.formattedAmount)}</td></tr>`;
    })
    .join("\n");
  const p = o.priceSummary;
  const shipping =
    o.shippingInfo && !digitalOnly
      ? `<tr><th colspan="2">${e(o.shippingInfo.title)}</th><td class="num">${e(p.shipping.formattedAmount)}</td></tr>`
      : "";
  const delivery = digitalOnly
    ? ""
    : o.shippingInfo?.logistics?.pickupDetails
      ? `<div><h2>Retrait</h2><p>${e(o.shippingInfo.title)}</p></div>`
      : o.recipientInfo?.address?.formattedAddress
        ? `<div><h2>Livraison</h2><p>${e(o.recipientInfo.address.formattedAddress)}</p><p>${e(FULFILLMENT[row.fulfillment_status] ?? "")}</p></div>`
        : "";
  const data = readOrderData(row);
  const shipments = (data._fulfillments ?? [])
    .map((f) => {
      const items = f.lineItems
        .map((li) => `${e(data.lineItems.find((l) => l.id === li.id)?.productName.original ?? "Article")} × ${li.quantity}`)
        .join(", ");
      const t = f.trackingInfo;
      const what = o.shippingInfo?.logistics?.pickupDetails
        ? f.status === "Fulfilled" || f.completed
          ? "Retirée"
          : "Prête à retirer"
        : "Expédiée";
      const tracking = t?.trackingNumber
        ? ` · ${e(t.shippingProvider ?? "Transporteur")} n° ${e(t.trackingNumber)}${t.trackingLink ? ` · <a href="${e(t.trackingLink)}" rel="noopener noreferrer">Suivre le colis</a>` : ""}`
        : "";
      return `<li>${e(what)} le ${e(dateFmt.format(new Date(f.createdDate)))} : ${items}${tracking}</li>`;
    })
    .join("");
  const shipped = shipments ? `<div><h2>Expédition</h2><ul>${shipments}</ul></div>` : "";
  const refunds = (data._refunds ?? [])
    .map(
      (r) => `<li>${e(r.transactions[0]?.amount.formattedAmount ?? "")} remboursés le ${e(dateFmt.format(new Date(r.createdDate)))}</li>`,
    )
    .join("");
  const refunded = refunds ? `<div><h2>Remboursements</h2><ul>${refunds}</ul></div>` : "";
  const invoice = invoiceUrl(ctx, row, ctx.opts.defaultAppOrigin);
  const billing = o.billingInfo?.address?.formattedAddress
    ? `<div><h2>Facturation</h2><p>${e(o.billingInfo.address.formattedAddress)}</p></div>`
    : "";
  return html(
    page(
      `Commande n° ${row.number}`,
      `<div class="card">
<h1>Commande n° ${e(row.number)}</h1>
<dl>
<dt>Passée le</dt><dd>${e(dateFmt.format(new Date(row.created_date)))}</dd>
<dt>Statut</dt><dd>${e(STATUS[row.status] ?? row.status)}</dd>
<dt>Paiement</dt><dd>${e(PAYMENT[row.payment_status] ?? row.payment_status)}</dd>
</dl>
<table>
<caption>Articles</caption>
<thead><tr><th>Article</th><th class="num">Qté</th><th class="num">Montant</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot>
<tr><th colspan="2">Sous-total</th><td class="num">${e(p.subtotal.formattedAmount)}</td></tr>
${Number(p.discount.amount) > 0 ? `<tr><th colspan="2">Remise</th><td class="num">−${e(p.discount.formattedAmount)}</td></tr>` : ""}
${shipping}
<tr class="total"><th colspan="2">Total</th><td class="num">${e(p.total.formattedAmount)}</td></tr>
<tr><td colspan="3" class="muted">Dont TVA : ${e(p.tax.formattedAmount)}</td></tr>
</tfoot>
</table>
${o.lineItems.some((l) => l.itemType?.preset === "DIGITAL") ? downloadsNotice(row) : ""}
<div class="row">${delivery}${billing}</div>
${shipped}${refunded}
${invoice ? `<p><a href="${e(invoice)}">Télécharger la facture (PDF)</a></p>` : ""}
<p class="muted">Lien personnel reçu par e-mail : ne le partagez pas.${ctx.opts.signupPolicy === "verify-email" ? ` ${e(CLAIM_HINT)}` : ""}</p>
<p><a href="${e(ctx.opts.defaultAppOrigin)}/">Retour à la boutique</a></p>
</div>`,
    ),
  );
}
