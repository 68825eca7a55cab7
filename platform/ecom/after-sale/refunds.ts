// Wix's Order Billing refunds (@wix/ecom `orderBilling`): the routes, and the refund itself (refundPayments) with its
// side effects: restock, the buyer's e-mail; what can be refunded and how much is refund-amounts.ts. The embedded
// payment page is the only provider: a card payment is refunded at once (SUCCEEDED); a payment made on delivery
// (offline) can only be recorded as refunded outside (`externalRefund`), as Wix asks for providers it cannot call.
// Error codes are the typings' RefundPaymentsApplicationErrors.
import type { Ctx } from "../../core/context";
import { currency, newId, orderPrice } from "../../core/context";
import { nowIso } from "../../core/db";
import { requireElevated } from "../../core/elevated";
import type { Router } from "../../core/http";
import { appError, asObject, asString, notFound, validationError } from "../../core/http";
import { deliver, sendAfterCommit } from "../../core/mail";
import { bumpCatalog } from "../../stores/catalog";
import type { OrderData, StoredRefund } from "../orders/order-data";
import { addActivity, cents, readOrderData, saveOrderData } from "../orders/order-data";
import { orderEvents, productChanged } from "../orders/order-events";
import { followUrl } from "../orders/order-links";
import type { OrderRow } from "../orders/order-wire";
import { orderById } from "../orders/order-wire";
import { balanceSummary, paymentIdOf, refundedCents, transactionsUpdated, transactionsWire } from "./payments";
import { amountCents, calculation, nonRefundableReason, refundability, refundedQuantity, requestedItems } from "./refund-amounts";

const BASE = "/ecom/v1/order-billing";
const MAX_REASON = 200;
const MAX_MESSAGE = 1000;

interface RefundInput {
  amount: number | null;
  externalRefund: boolean;
  reason?: string;
  restock: Map<string, number>;
  email?: { customMessage?: string };
}

function readInput(body: Record<string, unknown>, paymentId: string): RefundInput {
  const refunds = Array.isArray(body.paymentRefunds) ? body.paymentRefunds : [];
  if (!refunds.length || refunds.length > 50)
    throw validationError([{ field: "paymentRefunds", description: "must hold 1 to 50 payment refunds", violatedRule: "MIN_SIZE" }]);
  let amount: number | null = null;
  let externalRefund = false;
  for (const raw of refunds) {
    const r = asObject(raw) ?? {};
    const id = asString(r.paymentId) ?? "";
    if (id !== paymentId) throw notFound("PAYMENT_NOT_FOUND", `Paiement introuvable : ${id}`, { paymentId: id });
    const a = amountCents(r.amount);
    if (a !== null) amount = (amount ?? 0) + a;
    externalRefund ||= r.externalRefund === true;
  }
  const reason = asString(body.customerReason)?.trim();
  if (reason && reason.length > MAX_REASON)
    throw validationError([
      { field: "customerReason", description: `must be at most ${MAX_REASON} characters`, violatedRule: "MAX_LENGTH" },
    ]);
  const effects = asObject(body.sideEffects) ?? {};
  const restock = new Map<string, number>();
  for (const [i, raw] of (Array.isArray(asObject(effects.restock)?.lineItems)
    ? (asObject(effects.restock)!.lineItems as unknown[])
    : []
  ).entries()) {
    const e = asObject(raw) ?? {};
    const id = asString(e.lineItemId) ?? "";
    const q = Number(e.quantity);
    if (!id || !Number.isInteger(q) || q < 1)
      throw validationError([
        { field: `sideEffects.restock.lineItems[${i}]`, description: "lineItemId and a quantity", violatedRule: "VALIDATION" },
      ]);
    restock.set(id, (restock.get(id) ?? 0) + q);
  }
  const notifications = asObject(effects.notifications) ?? {};
  const message = asString(notifications.customMessage)?.trim();
  if (message && message.length > MAX_MESSAGE)
    throw validationError([
      { field: "sideEffects.notifications.customMessage", description: "at most 1000 characters", violatedRule: "MAX_LENGTH" },
    ]);
  return {
    amount,
    externalRefund,
    ...(reason ? { reason } : {}),
    restock,
    ...(notifications.sendCustomerEmail === true ? { email: message ? { customMessage: message } : {} } : {}),
  };
}

/** refundPayments: checks, records the refund, moves the order's payment status, restocks, e-mails. */
function refundPayments(ctx: Ctx, orderId: string, body: Record<string, unknown>) {
  let mail: (() => void) | undefined;
  const answer = ctx.db
    .transaction(() => {
      const row = orderById(ctx, orderId);
      const data = readOrderData(row);
      const cur = data.currency ?? currency(ctx);
      const paymentId = paymentIdOf(orderId);
      const input = readInput(body, paymentId);
      const reason = nonRefundableReason(row, data);
      if (reason)
        throw appError(
          428,
          "PAYMENT_NOT_REFUNDABLE",
          "Ce paiement ne peut pas être remboursé",
          { paymentId, nonRefundableReason: reason },
          "Failed precondition",
        );
      if (data._offline && !input.externalRefund)
        throw appError(
          428,
          "EXTERNAL_REFUND_EXPECTED",
          "Paiement hors ligne : remboursez-le vous-même, puis enregistrez-le",
          { paymentId },
          "Failed precondition",
        );
      const requested = requestedItems(data, body.refundItems);
      const calc = calculation(data, cur, requested);
      const amount = input.amount ?? calc.total;
      const left = cents(data.priceSummary.total) - refundedCents(data);
      if (!Number.isFinite(amount) || amount <= 0 || amount > left)
        throw appError(400, "INVALID_PAYMENT_REFUND_AMOUNT", "Montant à rembourser invalide", {
          paymentId,
          amount: orderPrice(Number.isFinite(amount) ? amount : 0, cur),
        });
      for (const [id, q] of input.restock) {
        const part = requested.lines.find((p) => p.line.id === id);
        const line = part?.line;
        if (!part || !line || q > part.quantity || q > line.quantity - (line.restockQuantity ?? 0))
          throw appError(400, "INVALID_LINE_ITEM_RESTOCK_QUANTITY", "Quantité à remettre en stock invalide", {
            lineItemId: id,
            quantity: q,
          });
      }
      const refundId = newId();
      const price = orderPrice(amount, cur);
      const details = requested.lines.map((p) => ({ lineItemId: p.line.id, quantity: p.quantity }));
      const refund: StoredRefund = {
        id: refundId,
        createdDate: nowIso(),
        transactions: [
          {
            paymentId,
            amount: price,
            refundStatus: "SUCCEEDED",
            gatewayRefundId: input.externalRefund ? null : newId(),
            providerRefundId: input.externalRefund ? null : `embedded-refund-${row.number}-${(data._refunds?.length ?? 0) + 1}`,
            externalRefund: input.externalRefund,
          },
        ],
        details: {
          items: details,
          lineItems: details,
          additionalFees: [],
          shippingIncluded: requested.shipping !== null,
          ...(requested.shipping !== null ? { shipping: { amount: orderPrice(requested.shipping, cur) } } : {}),
          reason: input.reason ?? null,
        },
        summary: {
          requestedRefund: price,
          pendingRefund: orderPrice(0, cur),
          refunded: price,
          failedRefundAmount: orderPrice(0, cur),
          pending: false,
          breakdown: { lineItems: requested.lines.map((p) => ({ lineItemId: p.line.id, totalRefundedAmount: orderPrice(p.total, cur) })) },
        },
      };
      data._refunds = [...(data._refunds ?? []), refund];
      for (const p of requested.lines) p.line.refundQuantity = refundedQuantity(p.line) + p.quantity;
      restockLines(ctx, data, input.restock);
      const refunded = refundedCents(data);
      const total = cents(data.priceSummary.total);
      const payment = { paymentId, amount: price, externalRefund: input.externalRefund };
      addActivity(data, "REFUND_INITIATED", {
        refundInitiated: { refundId, amount: price, payments: [payment], reason: input.reason ?? null },
      });
      addActivity(data, "PAYMENT_REFUNDED", { paymentRefunded: { refundId, payment } });
      data.balanceSummary = balanceSummary(total, total, cur, refunded);
      const status = refunded >= total ? "FULLY_REFUNDED" : "PARTIALLY_REFUNDED";
      saveOrderData(ctx, orderId, data, { payment_status: status });
      orderEvents(ctx, orderId, ["updated", "payment_status_updated"], {
        identity: { owner: true },
        previousPaymentStatus: row.payment_status,
      });
      transactionsUpdated(ctx, orderId, { paymentIds: [paymentId], refundIds: [refundId] }, { owner: true });
      if (input.email && row.email) mail = () => sendRefundMail(ctx, orderById(ctx, orderId), refund, input.email!.customMessage);
      return { refund, orderTransactions: transactionsWire(orderById(ctx, orderId)) };
    })
    .immediate();
  // After the commit, as the order e-mails: a mail problem never undoes a refund.
  sendAfterCommit(mail, "refund");
  return answer;
}

function restockLines(ctx: Ctx, data: OrderData, restock: Map<string, number>) {
  if (!restock.size) return;
  for (const [id, q] of restock) {
    const line = data.lineItems.find((l) => l.id === id)!;
    line.restockQuantity = (line.restockQuantity ?? 0) + q;
    if (line._variantId)
      ctx.db.prepare("UPDATE variants SET quantity = quantity + ? WHERE id = ? AND quantity IS NOT NULL").run(q, line._variantId);
    else
      ctx.db
        .prepare("UPDATE products SET quantity = quantity + ? WHERE id = ? AND track_inventory = 1 AND quantity IS NOT NULL")
        .run(q, line.catalogReference.catalogItemId);
    productChanged(ctx, line.catalogReference.catalogItemId);
  }
  bumpCatalog(ctx);
}

/** The buyer's refund e-mail: the amount, what it covers, the owner's message and the follow link. */
function sendRefundMail(ctx: Ctx, row: OrderRow, refund: StoredRefund, customMessage?: string) {
  if (!row.email) return;
  const data = readOrderData(row);
  const lines = refund.details.lineItems.map((d) => {
    const line = data.lineItems.find((l) => l.id === d.lineItemId);
    return `- ${line?.productName.original ?? "Article"} × ${d.quantity}`;
  });
  const follow = followUrl(ctx, ctx.opts.defaultAppOrigin, row.id);
  const amount = refund.transactions[0]!.amount.formattedAmount;
  const text = [
    "Bonjour,",
    "",
    `Nous vous avons remboursé ${amount} sur votre commande n° ${row.number}` +
      (refund.transactions[0]!.externalRefund ? "." : ", sur le moyen de paiement utilisé (comptez quelques jours selon votre banque)."),
    ...(lines.length || refund.details.shipping ? ["", "Ce remboursement couvre :", ...lines] : []),
    ...(refund.details.shipping ? [`- Frais de livraison : ${refund.details.shipping.amount.formattedAmount}`] : []),
    ...(refund.details.reason ? ["", `Motif : ${refund.details.reason}`] : []),
    ...(customMessage ? ["", `Message du vendeur : ${customMessage}`] : []),
    "",
    `Suivre votre commande : ${follow}`,
  ].join("\n");
  deliver(ctx.mail, {
    id: newId(),
    createdAt: nowIso(),
    kind: "order-refund",
    to: row.email,
    subject: `Remboursement de ${amount} sur votre commande n° ${row.number}`,
    text,
    links: [{ label: "Suivre ma commande", url: follow }],
    data: { orderId: row.id, orderNumber: row.number, refundId: refund.id, amount: refund.transactions[0]!.amount.amount, url: follow },
  });
}

const orderIdOf = (body: Record<string, unknown>) => {
  const id = asString(body.orderId);
  if (!id) throw validationError([{ field: "orderId", description: "is required", violatedRule: "REQUIRED_FIELD" }]);
  return id;
};

export function registerRefunds(router: Router, ctx: Ctx): void {
  router
    .on("POST", `${BASE}/get-order-refundability`, (req) => {
      requireElevated(ctx, req.headers, "getOrderRefundability");
      return refundability(ctx, orderById(ctx, orderIdOf(req.body)));
    })
    .on("POST", `${BASE}/calculate-refund`, (req) => {
      requireElevated(ctx, req.headers, "calculateRefund");
      const row = orderById(ctx, orderIdOf(req.body));
      const data = readOrderData(row);
      return calculation(data, data.currency ?? currency(ctx), requestedItems(data, req.body.refundItems)).answer;
    })
    .on("POST", `${BASE}/refund-payments`, (req) => {
      requireElevated(ctx, req.headers, "refundPayments");
      return refundPayments(ctx, orderIdOf(req.body), req.body);
    });
}
