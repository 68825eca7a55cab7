// The two e-mails Wix sends when an order is placed: the buyer's confirmation (lines, totals, addresses, download
// links, a signed link to follow the order without an account) and the site owner's new-order notice. They go
// through the mail transport (the local outbox by default) after the order is committed.
import type { Ctx } from "../../core/context";
import { newId } from "../../core/context";
import { nowIso } from "../../core/db";
import type { MailLink, MailMessage } from "../../core/mail";
import { deliver } from "../../core/mail";
import { followUrl } from "./order-links";
import { invoiceUrl } from "../after-sale/invoices";
import type { OrderRow } from "./order-wire";
import { orderWire } from "./order-wire";

interface Money {
  formattedAmount: string;
  amount: string;
}
interface WireLine {
  productName: { original: string };
  quantity: number;
  descriptionLines?: { name?: { original?: string }; plainText?: { original?: string }; colorInfo?: { original?: string } }[];
  totalPriceAfterTax: Money;
  lineItemPrice?: Money;
  digitalFile?: { link: string; expirationDate: string };
}
interface WireOrder {
  number: string;
  lineItems: WireLine[];
  priceSummary: { subtotal: Money; shipping: Money; discount: Money; tax: Money; total: Money };
  shippingInfo?: {
    title: string;
    logistics?: { pickupDetails?: { address?: { addressLine?: string; postalCode?: string; city?: string } }; instructions?: string };
  };
  recipientInfo?: { address?: { formattedAddress?: string } };
  billingInfo?: { address?: { formattedAddress?: string }; contactDetails?: { firstName?: string; lastName?: string } };
  appliedDiscounts?: { coupon?: { code: string } }[];
}

/** Only true where sign-up proves the address (see iam/order-claims.ts): an open sign-up never moves a guest's orders. */
export const CLAIM_HINT =
  "Créez un compte avec cette adresse e-mail : une fois l'adresse confirmée, la commande apparaîtra aussi dans « Mes commandes ».";

const dateFmt = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeZone: "Europe/Paris" });

function message(kind: MailMessage["kind"], to: string, subject: string, text: string, links: MailLink[], data: Record<string, string>) {
  return { id: newId(), createdAt: nowIso(), kind, to, subject, text, links, data } satisfies MailMessage;
}

function lineText(l: WireLine): string {
  const options = (l.descriptionLines ?? [])
    .map((d) => `${d.name?.original ?? ""} : ${d.colorInfo?.original ?? d.plainText?.original ?? ""}`)
    .join(", ");
  const price = (l.lineItemPrice ?? l.totalPriceAfterTax).formattedAmount;
  return `- ${l.productName.original}${options ? ` (${options})` : ""} × ${l.quantity} : ${price}`;
}

function totalsText(o: WireOrder): string {
  const p = o.priceSummary;
  const coupon = o.appliedDiscounts?.find((d) => d.coupon)?.coupon?.code;
  return [
    `Sous-total : ${p.subtotal.formattedAmount}`,
    ...(Number(p.discount.amount) > 0 ? [`Remise${coupon ? ` (${coupon})` : ""} : −${p.discount.formattedAmount}`] : []),
    ...(o.shippingInfo ? [`${o.shippingInfo.title} : ${p.shipping.formattedAmount}`] : []),
    `Total : ${p.total.formattedAmount} (dont TVA : ${p.tax.formattedAmount})`,
  ].join("\n");
}

function addressesText(o: WireOrder): string {
  const parts: string[] = [];
  const logistics = o.shippingInfo?.logistics;
  if (logistics?.pickupDetails) {
    // Where and when to collect it: Wix's pickup address and instructions.
    const a = logistics.pickupDetails.address;
    const where = a?.addressLine ? `${a.addressLine}, ${[a.postalCode, a.city].filter(Boolean).join(" ")}` : undefined;
    parts.push(`Retrait sur place (${o.shippingInfo!.title})${where ? ` : ${where}` : ""}`);
    if (logistics.instructions) parts.push(`Horaires de retrait : ${logistics.instructions}`);
  }
  // Nothing shipped (digital goods only): no delivery address, whatever the order holds.
  else if (o.shippingInfo && o.recipientInfo?.address?.formattedAddress)
    parts.push(`Adresse de livraison : ${o.recipientInfo.address.formattedAddress}`);
  if (o.billingInfo?.address?.formattedAddress) parts.push(`Adresse de facturation : ${o.billingInfo.address.formattedAddress}`);
  return parts.join("\n");
}

/** Sends the confirmation to the buyer and the notice to the owner (when an owner address is configured). */
export function sendOrderMails(ctx: Ctx, orderId: string): void {
  const row = ctx.db.prepare("SELECT * FROM orders WHERE id = ?").get(orderId) as OrderRow | undefined;
  if (!row) return;
  const origin = ctx.opts.defaultAppOrigin;
  const o = orderWire(ctx, row, origin) as unknown as WireOrder;
  const paid = row.payment_status === "PAID";
  const payment = paid
    ? "Paiement reçu par carte."
    : o.shippingInfo?.logistics?.pickupDetails
      ? "Paiement à régler au retrait."
      : "Paiement à régler à la livraison.";
  const shop = ctx.opts.shopName ?? "la boutique";
  const downloads = o.lineItems.filter((l) => l.digitalFile);
  const follow = followUrl(ctx, origin, row.id);
  const invoice = invoiceUrl(ctx, row, origin);
  if (row.email) {
    const name = o.billingInfo?.contactDetails?.firstName;
    const text = [
      `Bonjour${name ? ` ${name}` : ""},`,
      "",
      `Merci pour votre commande n° ${row.number} du ${dateFmt.format(new Date(row.created_date))} sur la boutique de ${shop}. ${payment}`,
      "",
      "Articles :",
      ...o.lineItems.map(lineText),
      "",
      totalsText(o),
      ...(addressesText(o) ? ["", addressesText(o)] : []),
      ...(downloads.length
        ? [
            "",
            "Vos fichiers à télécharger (liens personnels, valables jusqu'au " +
              `${dateFmt.format(new Date(downloads[0]!.digitalFile!.expirationDate))}) :`,
            ...downloads.map((l) => `- ${l.productName.original} : ${l.digitalFile!.link}`),
          ]
        : []),
      "",
      `Suivre votre commande (sans compte, lien personnel) : ${follow}`,
      ...(invoice ? [`Votre facture (PDF) : ${invoice}`] : []),
      ...(ctx.opts.signupPolicy === "verify-email" ? [CLAIM_HINT] : []),
    ].join("\n");
    deliver(
      ctx.mail,
      message(
        "order-confirmation",
        row.email,
        `Confirmation de votre commande n° ${row.number}`,
        text,
        [
          { label: "Suivre ma commande", url: follow },
          ...(invoice ? [{ label: "Télécharger la facture", url: invoice }] : []),
          ...downloads.map((l) => ({ label: `Télécharger : ${l.productName.original}`, url: l.digitalFile!.link })),
        ],
        { orderId: row.id, orderNumber: row.number, url: follow, ...(invoice ? { invoiceUrl: invoice } : {}) },
      ),
    );
  }
  const owner = ctx.opts.ownerEmail;
  if (owner) {
    const text = [
      `Nouvelle commande n° ${row.number} de ${row.email ?? "un visiteur"} (${payment.toLowerCase()})`,
      "",
      ...o.lineItems.map(lineText),
      "",
      totalsText(o),
      ...(addressesText(o) ? ["", addressesText(o)] : []),
    ].join("\n");
    deliver(
      ctx.mail,
      message("order-notice", owner, `Nouvelle commande n° ${row.number} (${o.priceSummary.total.formattedAmount})`, text, [], {
        orderId: row.id,
        orderNumber: row.number,
      }),
    );
  }
}
