import type { orders } from "@wix/ecom";
import type { z } from "zod";
import { money } from "~/lib/money";
import type { ConfirmRequest } from "~/models/admin";
import type { FormAnswer } from "~/models/form-answer";
import {
  buttonFormSchema,
  cancelFormSchema,
  noteFormSchema,
  pickedUpFormSchema,
  refundFormSchema,
  shipFormSchema,
} from "~/models/order-forms";
import { REFUND_REASONS, type OrderFormFields, type OrderFormIntent } from "~/models/order-life";
import { parseForm, refuseForm } from "../http/form.server";
import { mapLoaderErrors } from "../wix/errors.server";
import { adminRefusal, runAdminAction } from "./actions.server";
import type { ElevatedClient } from "./elevated-client.server";
import {
  addNote,
  cancelOrder,
  capturePayment,
  markAsPaid,
  pickedUp,
  pickupReady,
  refund,
  refundTotal,
  ship,
  voidPayment,
  type OrderMoney,
} from "./order-actions.server";
import type { OrderReads } from "./order-detail.server";

/**
 * What the owner can do on one order's page, one row per intent (the form's `intent` field): what it loads of the
 * order (only what its form, its confirmation and its call need: a capture reads the order and its payment, a note
 * nothing), its form (a zod schema, app/models/order-forms.ts), its French confirmation when it moves money or cancels,
 * and what it runs (order-actions.server.ts). The route's action only dispatches (owner.server.ts `orders.act`).
 */
interface OrderIntent<L extends object, S extends z.ZodType> {
  load: (reads: OrderReads) => Promise<L>;
  schema: (loaded: Loaded<L>) => S;
  /** A form the owner types into: refused with a FormAnswer beside its fields. Else a button, refused in a notification. */
  form?: OrderFormIntent;
  /** Refused before anything is asked (nothing to capture): said in a notification. */
  refuse?: (loaded: Loaded<L>) => string | undefined;
  /** The confirmation step, asked until the form comes back with `confirmed=1`. */
  confirm?: (loaded: Loaded<L>, input: z.output<S>, step: ConfirmStep) => ConfirmRequest | Promise<ConfirmRequest>;
  run: (admin: ElevatedClient, loaded: Loaded<L>, input: z.output<S>) => Promise<string>;
}

/** What an intent loaded, with the order's id (checked: app/models/ids.ts). */
type Loaded<L> = L & { id: string };

interface ConfirmStep {
  admin: ElevatedClient;
  /** The submitted fields, sent back by the confirmation (minus its own). */
  resent: Record<string, string>;
}

// ---------------------------------------------------------------- what the intents load

const nothing = async () => ({});

/** The figures the confirmations quote: the order's number, total and buyer. */
function facts(order: orders.Order) {
  return {
    number: String(order.number ?? ""),
    total: money(order.priceSummary?.total).formatted,
    buyer: order.buyerInfo?.email ?? "le client",
  };
}

const withPayment = async (reads: OrderReads) => {
  const [order, payment] = await Promise.all([reads.order(), reads.payment()]);
  return { ...facts(order), payment };
};

/** The order's money: its payment and what is left to refund (cancel, refund). */
const withMoney = async (reads: OrderReads) => {
  const [order, payment, refundability] = await Promise.all([reads.order(), reads.payment(), reads.refundability()]);
  const owed: OrderMoney = { id: reads.id, payment, refundability };
  return { ...facts(order), owed };
};

const toFulfil = async (reads: OrderReads) => ({ toFulfil: await reads.toFulfil() });

// ---------------------------------------------------------------- the table

const capture: OrderIntent<Awaited<ReturnType<typeof withPayment>>, typeof buttonFormSchema> = {
  load: withPayment,
  schema: () => buttonFormSchema,
  refuse: (o) => (o.payment ? undefined : "Cette commande n'a pas de paiement à encaisser."),
  confirm: (o) => ({
    question: `Encaisser ${o.total} sur la carte de ${o.buyer} ?`,
    details: ["Le montant autorisé est débité en entier (Wix n'encaisse pas une partie d'une autorisation)."],
    button: `Encaisser ${o.total}`,
    fields: { intent: "capture" },
  }),
  run: async (admin, o) => (await capturePayment(admin, o.id, o.payment!.id), `Paiement de ${o.total} encaissé.`),
};

const voidIntent: OrderIntent<Awaited<ReturnType<typeof withPayment>>, typeof buttonFormSchema> = {
  load: withPayment,
  schema: () => buttonFormSchema,
  refuse: (o) => (o.payment ? undefined : "Cette commande n'a pas de paiement autorisé."),
  confirm: (o) => ({
    question: `Annuler l'autorisation de paiement de ${o.total} ? Le client ne sera pas débité.`,
    details: ["La commande reste ouverte : elle pourra être marquée payée si le client règle autrement, ou annulée."],
    button: "Libérer l'autorisation",
    fields: { intent: "void" },
  }),
  run: async (admin, o) => (await voidPayment(admin, o.id, o.payment!.id), "Autorisation de paiement annulée."),
};

const markPaid: OrderIntent<ReturnType<typeof facts>, typeof buttonFormSchema> = {
  load: async (reads) => facts(await reads.order()),
  schema: () => buttonFormSchema,
  confirm: (o) => ({
    question: `Marquer la commande n° ${o.number} comme payée (${o.total} reçus) ?`,
    details: ["À faire une fois l'argent reçu (paiement à la livraison, virement) : la facture devient disponible."],
    button: "Marquer comme payée",
    fields: { intent: "mark-paid" },
  }),
  run: async (admin, o) => (await markAsPaid(admin, o.id), "Commande marquée comme payée."),
};

type WithMoney = Awaited<ReturnType<typeof withMoney>>;
const refundsAll = (o: WithMoney, asked: boolean) =>
  asked && o.owed.refundability.mode !== "none" && Number(o.owed.refundability.maxRefund.amount) > 0;

const cancel: OrderIntent<WithMoney, typeof cancelFormSchema> = {
  load: withMoney,
  schema: () => cancelFormSchema,
  confirm: (o, plan, { resent }) => {
    const authorized = o.owed.payment?.status === "AUTHORIZED";
    const { refundability } = o.owed;
    const refunds = refundsAll(o, plan.refund);
    return {
      question: authorized
        ? `Annuler la commande n° ${o.number} et libérer l'autorisation de ${o.total} ?`
        : `Annuler la commande n° ${o.number} ?`,
      details: [
        ...(authorized
          ? ["L'autorisation est libérée d'abord : le client ne sera pas débité, aucun encaissement ne sera plus possible."]
          : []),
        ...(refunds
          ? [
              refundability.mode === "manual"
                ? `Remboursement de ${refundability.maxRefund.formatted} enregistré (à verser vous-même au client).`
                : `${refundability.maxRefund.formatted} remboursés au client sur son moyen de paiement.`,
            ]
          : []),
        ...(!refunds && refundability.mode !== "none" ? ["Aucun remboursement : l'argent reçu reste encaissé."] : []),
        plan.restock ? "Les articles sont remis en stock." : "Le stock ne bouge pas.",
        plan.notify ? `${o.buyer} est prévenu par e-mail.` : "Le client n'est pas prévenu.",
      ],
      fields: resent,
      button: authorized ? "Annuler et libérer l'autorisation" : "Annuler la commande",
    };
  },
  run: (admin, o, plan) => cancelOrder(admin, o.owed, plan),
};

const refundIntent: OrderIntent<WithMoney, ReturnType<typeof refundFormSchema>> = {
  load: withMoney,
  schema: (o) => {
    const shipping = o.owed.refundability.shipping;
    return refundFormSchema({
      lines: o.owed.refundability.lines,
      shippingLeft: !!shipping && Number(shipping.available.amount) > 0,
    });
  },
  form: "refund",
  confirm: async (o, plan, { admin, resent }) => {
    const { refundability } = o.owed;
    const total = await refundTotal(admin, o.owed.id, plan);
    return {
      question: `Rembourser ${total} à ${o.buyer} ?`,
      details: [
        ...plan.lines.map((l) => `${l.quantity} × ${l.name}`),
        ...(plan.shipping && refundability.shipping ? [`Frais de livraison : ${refundability.shipping.available.formatted}`] : []),
        `Motif : ${REFUND_REASONS[plan.reason]}`,
        plan.restock && plan.lines.length ? "Les articles remboursés sont remis en stock." : "Le stock ne bouge pas.",
        plan.notify ? "Le client reçoit l'e-mail de remboursement." : "Le client n'est pas prévenu par e-mail.",
        ...(refundability.mode === "manual" ? ["Paiement reçu hors ligne : versez vous-même ce montant au client."] : []),
      ],
      fields: resent,
      button: `Rembourser ${total}`,
    };
  },
  run: (admin, o, plan) => refund(admin, o.owed, plan),
};

const shipIntent: OrderIntent<{ toFulfil: Awaited<ReturnType<OrderReads["toFulfil"]>> }, ReturnType<typeof shipFormSchema>> = {
  load: toFulfil,
  schema: (o) => shipFormSchema(o.toFulfil),
  form: "ship",
  run: (admin, o, plan) => ship(admin, o.id, plan),
};

// ---------------------------------------------------------------- the dispatch

/** A refused typed form (400): the site's FormAnswer, tagged with its form (OrderFormAnswer). */
type Refused = {
  [I in OrderFormIntent]: ReturnType<typeof refuseForm<OrderFormFields[I], OrderFormFields[I], { intent: I }>>;
}[OrderFormIntent];

/** What an order's page answers: a redirect with its notification, the confirmation step, or a refused form. */
export type OrderIntentAnswer = Awaited<ReturnType<typeof runAdminAction>> | Refused;

interface Request_ {
  admin: ElevatedClient;
  reads: OrderReads;
  request: Request;
  form: FormData;
  back: string;
}
type Answer = (req: Request_) => Promise<OrderIntentAnswer>;

/** One row as the way it answers: load, refuse, read the form, confirm, run. */
function answer<L extends object, S extends z.ZodType>(intent: OrderIntent<L, S>): Answer {
  return async ({ admin, reads, request, form, back }) => {
    const loaded: Loaded<L> = { ...(await mapLoaderErrors(() => intent.load(reads))), id: reads.id };
    const refusal = intent.refuse?.(loaded);
    if (refusal) return adminRefusal(request, back, refusal);
    const parsed = parseForm(intent.schema(loaded), form);
    if (!parsed.ok) {
      if (intent.form) {
        const typed = parsed as unknown as FormAnswer<OrderFormFields[typeof intent.form]>;
        return refuseForm(typed, { intent: intent.form }) as Refused;
      }
      // A button's hidden fields are not the owner's typing: a changed page or a forged request.
      const first = parsed.formError ?? Object.values<string | undefined>(parsed.fieldErrors)[0];
      return adminRefusal(request, back, first ?? "Action inconnue.");
    }
    const resent: Record<string, string> = {};
    for (const [k, v] of Object.entries<string | undefined>(parsed.values))
      if (k !== "confirmed" && k !== "typed" && v !== undefined) resent[k] = v;
    return runAdminAction(request, {
      redirectTo: back,
      confirmed: form.get("confirmed") === "1",
      confirm: intent.confirm && (async () => intent.confirm!(loaded, parsed.data, { admin, resent })),
      run: async () => {
        try {
          return await intent.run(admin, loaded, parsed.data);
        } finally {
          reads.forget();
        }
      },
    });
  };
}

const ORDER_INTENTS: Record<string, Answer> = {
  capture: answer(capture),
  void: answer(voidIntent),
  "mark-paid": answer(markPaid),
  cancel: answer(cancel),
  refund: answer(refundIntent),
  ship: answer(shipIntent),
  "pickup-ready": answer({
    load: toFulfil,
    schema: () => buttonFormSchema,
    run: (admin, o) => pickupReady(admin, o.id, o.toFulfil),
  } satisfies OrderIntent<{ toFulfil: Awaited<ReturnType<OrderReads["toFulfil"]>> }, typeof buttonFormSchema>),
  "picked-up": answer({
    load: nothing,
    schema: () => pickedUpFormSchema,
    run: (admin, o, { fulfillmentId }) => pickedUp(admin, o.id, fulfillmentId),
  } satisfies OrderIntent<object, typeof pickedUpFormSchema>),
  note: answer({
    load: nothing,
    schema: () => noteFormSchema,
    form: "note",
    run: (admin, o, { message }) => addNote(admin, o.id, message),
  } satisfies OrderIntent<object, typeof noteFormSchema>),
};

/** The order page's action: the row named by the form's `intent`, or "Action inconnue." */
export async function runOrderIntent(admin: ElevatedClient, reads: OrderReads, request: Request, back: string): Promise<OrderIntentAnswer> {
  const form = await request.formData();
  const name = form.get("intent");
  const row = typeof name === "string" && Object.hasOwn(ORDER_INTENTS, name) ? ORDER_INTENTS[name] : undefined;
  if (!row) return adminRefusal(request, back, "Action inconnue.");
  return row({ admin, reads, request, form, back });
}
