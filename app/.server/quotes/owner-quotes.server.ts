import type { ElevatedClient } from "../admin/elevated-client.server";
import { AdminRefusal } from "../admin/actions.server";
import { getConfig } from "../site/config.server";
import { STORES_APP_ID } from "../cart/cart.server";
import { formatPrice } from "~/lib/money";
import { clientTitle, quoteTotals, type QuoteRecord } from "~/models/quote";
import { quoteUrl } from "./link.server";
import { askDeposit } from "./client-quotes.server";
import { askPayment } from "./payment-asks.server";
import { sendSiteEmail } from "./mail.server";
import { answerOf, saveQuote } from "./store.server";

/**
 * The owner's quote actions on Wix (the elevated client, after the /admin owner check): sending prices the quote as a
 * draft order (Draft Orders: custom and catalog lines, the discount, the travel costs as an additional fee, the
 * buyer and billing info; no VAT under the franchise) and e-mails the client the signed link; asking for the balance
 * creates its payment request on the order (Order Payment Requests) and e-mails the client.
 */

const euros = (cents: number) => (cents / 100).toFixed(2);

/** The draft order of a quote version: the quote's lines with VAT (the site's prices include it), the discount and fee applied. */
export function draftOrderInput(q: QuoteRecord) {
  const t = quoteTotals(q);
  const [firstName, ...rest] = q.client.name.split(" ");
  return {
    customLineItems: q.lines
      .map((l, i) => ({ l, i }))
      .filter(({ l }) => !l.productId)
      .map(({ l, i }) => ({
        productName: { original: l.label.slice(0, 200) },
        price: { amount: euros(t.lines[i]!.unitTtc) },
        quantity: l.quantity,
        itemType: { preset: "SERVICE" as const },
      })),
    catalogLineItems: q.lines
      .map((l, i) => ({ l, i }))
      .filter(({ l }) => l.productId)
      .map(({ l, i }) => ({
        catalogReference: { catalogItemId: l.productId!, appId: STORES_APP_ID },
        quantity: l.quantity,
        // The quote's price, which the owner may have changed from the catalog's.
        price: { amount: euros(t.lines[i]!.unitTtc) },
      })),
    discounts: t.discountTtc
      ? [{ priceAmount: { amount: euros(t.discountTtc) }, discountType: "GLOBAL" as const, description: "Remise", applyToDraftOrder: true }]
      : [],
    additionalFees: t.travelTtc
      ? [{ name: "Frais de déplacement", price: { amount: euros(t.travelTtc) }, taxDetails: { taxable: true }, applyToDraftOrder: true }]
      : [],
    buyerInfo: { email: q.client.email },
    billingInfo: {
      address: { addressLine1: q.client.addressLine, postalCode: q.client.postalCode, city: q.client.city, country: q.client.country },
      contactDetails: {
        firstName: firstName ?? q.client.name,
        lastName: rest.join(" "),
        ...(q.client.company ? { company: q.client.company } : {}),
      },
    },
    taxExempt: q.vat === "franchise",
  };
}

/** Sends a draft (or sends again a sent one): priced by Wix, then e-mailed; the quote becomes "envoyé". */
export async function sendQuote(admin: ElevatedClient, q: QuoteRecord): Promise<string> {
  if (q.status !== "DRAFT" && q.status !== "SENT" && q.status !== "VIEWED") throw new AdminRefusal("Ce devis ne peut plus être envoyé.");
  // Sent again from a page read before the client answered: the e-mail would ask for an answer already given.
  if (q.status !== "DRAFT" && (await answerOf(admin, q._id)))
    throw new AdminRefusal("Le client vient de répondre à ce devis : rechargez la page.");
  let draftOrderId = q.draftOrderId;
  if (!draftOrderId) {
    const { calculatedDraftOrder } = await admin.draftOrders.createDraftOrder({ draftOrder: draftOrderInput(q) });
    const draft = calculatedDraftOrder?.draftOrder;
    const total = Math.round(Number(draft?.priceSummary?.total?.amount ?? "NaN") * 100);
    if (!draft?._id || total !== quoteTotals(q).totalTtc) {
      if (draft?._id) await admin.draftOrders.deleteDraftOrder(draft._id).catch(() => undefined);
      throw new AdminRefusal(`Wix calcule un total de ${formatPrice(total / 100)} : vérifiez les prix du devis avant de l'envoyer.`);
    }
    draftOrderId = draft._id;
  }
  const sent: QuoteRecord = { ...q, status: q.status === "DRAFT" ? "SENT" : q.status, sentAt: new Date().toISOString(), draftOrderId };
  await saveQuote(admin, sent);
  const owner = getConfig().site.ownerName;
  await sendSiteEmail(admin, {
    kind: "quote-sent",
    to: q.client.email,
    subject: `Devis ${q.number}${q.version > 1 ? ` (version ${q.version})` : ""} — ${owner}`,
    text: [
      `Bonjour ${q.client.name},`,
      "",
      `Voici le devis ${q.number}${q.version > 1 ? `, version ${q.version} (elle remplace la précédente)` : ""}, d'un montant de ${formatPrice(quoteTotals(q).totalTtc / 100)} TTC, valable jusqu'au ${new Date(`${q.validUntil}T12:00:00Z`).toLocaleDateString("fr-FR")}.`,
      "Vous pouvez le consulter, le télécharger en PDF et l'accepter en ligne :",
      "",
      `Bien cordialement,`,
      owner,
    ].join("\n"),
    links: [{ label: "Voir le devis", url: quoteUrl(q._id) }],
  });
  return `Devis ${q.number} envoyé à ${clientTitle(q.client)}.`;
}

/** The client's e-mail asking for a payment of quote `q` ("Solde du devis …"), with the quote's link to pay it. */
function mailPaymentAsked(
  admin: ElevatedClient,
  q: QuoteRecord,
  ask: { kind: "balance-requested" | "deposit-requested"; what: string; text: string; link: string },
) {
  return sendSiteEmail(admin, {
    kind: ask.kind,
    to: q.client.email,
    subject: `${ask.what} du devis ${q.number} — ${getConfig().site.ownerName}`,
    text: [`Bonjour ${q.client.name},`, "", ask.text].join("\n"),
    links: [{ label: ask.link, url: quoteUrl(q._id) }],
  });
}

/** The balance's payment request: what Wix says the order still owes, e-mailed to the client with the quote's link. */
export async function requestBalance(admin: ElevatedClient, q: QuoteRecord): Promise<string> {
  if (q.status !== "DEPOSIT_PAID" || !q.orderId) throw new AdminRefusal("Le solde se demande une fois l'acompte payé.");
  if (q.balanceRequestId) throw new AdminRefusal("Le solde a déjà été demandé.");
  const order = await admin.orders.getOrder(q.orderId);
  const balance = Math.round(Number(order.balanceSummary?.balance?.amount ?? "0") * 100);
  if (balance <= 0) throw new AdminRefusal("Cette commande ne doit plus rien.");
  const asked = await askPayment(admin, q, "solde", {
    orderId: q.orderId,
    amountCents: balance,
    title: `Solde du devis ${q.number}`,
    description: clientTitle(q.client).slice(0, 300),
    days: 60,
  });
  await saveQuote(admin, { ...q, balanceRequestId: asked.id });
  // Asked at the same moment from another tab: that one e-mails the client.
  if (!asked.mine) throw new AdminRefusal("Le solde a déjà été demandé.");
  await mailPaymentAsked(admin, q, {
    kind: "balance-requested",
    what: "Solde",
    text: `La mission du devis ${q.number} est terminée. Le solde de ${formatPrice(balance / 100)} TTC est à régler en ligne :`,
    link: "Payer le solde",
  });
  return `Solde de ${formatPrice(balance / 100)} demandé à ${clientTitle(q.client)}.`;
}

/** The deposit asked again after its payment request lapsed unpaid (expired or voided): a new one, e-mailed. */
export async function requestDepositAgain(admin: ElevatedClient, q: QuoteRecord): Promise<string> {
  if (q.status !== "ACCEPTED" || !q.orderId) throw new AdminRefusal("L'acompte se demande sur un devis accepté.");
  if (q.depositRequestId) throw new AdminRefusal("L'acompte est déjà demandé.");
  const asked = await askDeposit(admin, q, q.orderId);
  await saveQuote(admin, { ...q, depositRequestId: asked.id });
  if (!asked.mine) throw new AdminRefusal("L'acompte est déjà demandé.");
  const deposit = formatPrice(quoteTotals(q).deposit / 100);
  await mailPaymentAsked(admin, q, {
    kind: "deposit-requested",
    what: "Acompte",
    text: `La précédente demande de paiement n'est plus valable. L'acompte de ${deposit} TTC du devis ${q.number} est à régler en ligne :`,
    link: "Payer l'acompte",
  });
  return `Acompte de ${deposit} demandé à nouveau à ${clientTitle(q.client)}.`;
}
