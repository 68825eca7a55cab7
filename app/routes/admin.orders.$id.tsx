import { Link, useActionData } from "react-router";
import type { Route } from "./+types/admin.orders.$id";
import { adminRefusal, runAdminAction } from "~/.server/admin/actions.server";
import { getOrderDetail } from "~/.server/admin/order-detail.server";
import {
  addNote,
  cancelOrder,
  capturePayment,
  markAsPaid,
  NOTE_MAX,
  pickedUp,
  pickupReady,
  readRefundForm,
  readShipForm,
  refund,
  refundTotal,
  ship,
  voidPayment,
} from "~/.server/admin/order-actions.server";
import { formObject, refuseForm } from "~/.server/http/form.server";
import { elevatedClientOf } from "~/.server/admin/owner.server";
import { ConfirmPanel } from "~/components/admin/Confirm";
import { CancelForm, NoteForm, PaymentActions, PickupActions, RefundForm, ShipForm } from "~/components/admin/OrderForms";
import { Facts } from "~/components/Facts";
import { OrderDetails } from "~/components/OrderDetails";
import { RefundList, ShipmentList } from "~/components/OrderProgress";
import { routeMeta } from "~/lib/meta";
import { Section } from "~/components/Section";
import type { FieldErrors, FormValues } from "~/models/form-answer";
import { REFUND_REASONS, type OrderFormFields, type OrderFormIntent } from "~/models/order-life";

export const meta: Route.MetaFunction = ({ matches, location, data }) =>
  routeMeta(
    { matches, location },
    {
      title: data ? `Commande n° ${data.order.number} — Administration` : "Commande — Administration",
    },
  );

export const handle = {
  // The crumb function gets the route's match: the order is in its loaderData.
  breadcrumb: (match: { pathname: string; loaderData?: unknown }) => {
    const order = (match.loaderData as { order?: { number: string } } | undefined)?.order;
    return [{ label: "Commandes", to: "/admin/orders" }, ...(order ? [{ label: `N° ${order.number}`, to: match.pathname }] : [])];
  },
};

export async function loader({ context, params }: Route.LoaderArgs) {
  const admin = elevatedClientOf(context);
  return { order: await getOrderDetail(admin, params.id) };
}

/** The fields a confirmation sends back: the submitted form minus the confirmation's own. */
const resent = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).filter(([k]) => k !== "confirmed" && k !== "typed")) as Record<string, string>;

/** A refused order form (400), tagged with its form and typed by that form's field names (OrderFormAnswer). */
const refused = <I extends OrderFormIntent>(
  intent: I,
  fieldErrors: FieldErrors<OrderFormFields[I]>,
  values: FormValues<OrderFormFields[I]>,
) => refuseForm<OrderFormFields[I], OrderFormFields[I], { intent: I }>({ values, fieldErrors }, { intent });

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const admin = elevatedClientOf(context);
  const back = url.pathname;
  const fields = await formObject(request);
  const confirmed = fields.confirmed === "1";
  const order = await getOrderDetail(admin, params.id);
  const buyer = order.email ?? "le client";
  /** A one-button action asked to confirm: the confirmation sends back only its intent. */
  const confirmThen = (intent: string, ask: { question: string; details: string[]; button: string }, run: () => Promise<string>) =>
    runAdminAction(request, { redirectTo: back, confirmed, confirm: { ...ask, fields: { intent } }, run });
  switch (fields.intent) {
    case "capture":
      if (!order.payment) return adminRefusal(request, back, "Cette commande n'a pas de paiement à encaisser.");
      return confirmThen(
        "capture",
        {
          question: `Encaisser ${order.total.formatted} sur la carte de ${buyer} ?`,
          details: ["Le montant autorisé est débité en entier (Wix n'encaisse pas une partie d'une autorisation)."],
          button: `Encaisser ${order.total.formatted}`,
        },
        async () => (await capturePayment(admin, order.id, order.payment!.id), `Paiement de ${order.total.formatted} encaissé.`),
      );
    case "void":
      if (!order.payment) return adminRefusal(request, back, "Cette commande n'a pas de paiement autorisé.");
      return confirmThen(
        "void",
        {
          question: `Annuler l'autorisation de paiement de ${order.total.formatted} ? Le client ne sera pas débité.`,
          details: ["La commande reste ouverte : elle pourra être marquée payée si le client règle autrement, ou annulée."],
          button: "Libérer l'autorisation",
        },
        async () => (await voidPayment(admin, order.id, order.payment!.id), "Autorisation de paiement annulée."),
      );
    case "mark-paid":
      return confirmThen(
        "mark-paid",
        {
          question: `Marquer la commande n° ${order.number} comme payée (${order.total.formatted} reçus) ?`,
          details: ["À faire une fois l'argent reçu (paiement à la livraison, virement) : la facture devient disponible."],
          button: "Marquer comme payée",
        },
        async () => (await markAsPaid(admin, order.id), "Commande marquée comme payée."),
      );
    case "cancel": {
      const plan = { restock: fields.restock === "on", notify: fields.notify === "on", refund: fields.refund === "on" };
      const authorized = order.payment?.status === "AUTHORIZED";
      const refunds = plan.refund && order.refundability.mode !== "none" && Number(order.refundability.maxRefund.amount) > 0;
      return runAdminAction(request, {
        redirectTo: back,
        confirmed,
        confirm: {
          question: authorized
            ? `Annuler la commande n° ${order.number} et libérer l'autorisation de ${order.total.formatted} ?`
            : `Annuler la commande n° ${order.number} ?`,
          details: [
            ...(authorized
              ? ["L'autorisation est libérée d'abord : le client ne sera pas débité, aucun encaissement ne sera plus possible."]
              : []),
            ...(refunds
              ? [
                  order.refundability.mode === "manual"
                    ? `Remboursement de ${order.refundability.maxRefund.formatted} enregistré (à verser vous-même au client).`
                    : `${order.refundability.maxRefund.formatted} remboursés au client sur son moyen de paiement.`,
                ]
              : []),
            ...(!refunds && order.refundability.mode !== "none" ? ["Aucun remboursement : l'argent reçu reste encaissé."] : []),
            plan.restock ? "Les articles sont remis en stock." : "Le stock ne bouge pas.",
            plan.notify ? `${buyer} est prévenu par e-mail.` : "Le client n'est pas prévenu.",
          ],
          fields: resent(fields),
          button: authorized ? "Annuler et libérer l'autorisation" : "Annuler la commande",
        },
        run: () => cancelOrder(admin, order, plan),
      });
    }
    case "refund": {
      const read = readRefundForm(order, fields);
      if (read.errors) return refused("refund", read.errors, fields);
      const plan = read.plan;
      return runAdminAction(request, {
        redirectTo: back,
        confirmed,
        confirm: async () => {
          const total = await refundTotal(admin, order.id, plan);
          return {
            question: `Rembourser ${total} à ${buyer} ?`,
            details: [
              ...plan.lines.map((l) => `${l.quantity} × ${l.name}`),
              ...(plan.shipping && order.refundability.shipping
                ? [`Frais de livraison : ${order.refundability.shipping.available.formatted}`]
                : []),
              `Motif : ${REFUND_REASONS[plan.reason]}`,
              plan.restock && plan.lines.length ? "Les articles remboursés sont remis en stock." : "Le stock ne bouge pas.",
              plan.notify ? "Le client reçoit l'e-mail de remboursement." : "Le client n'est pas prévenu par e-mail.",
              ...(order.refundability.mode === "manual" ? ["Paiement reçu hors ligne : versez vous-même ce montant au client."] : []),
            ],
            fields: resent(fields),
            button: `Rembourser ${total}`,
          };
        },
        run: () => refund(admin, order, plan),
      });
    }
    case "ship": {
      const read = readShipForm(order, fields);
      if ("errors" in read) return refused("ship", read.errors, fields);
      return runAdminAction(request, { redirectTo: back, confirmed: true, run: () => ship(admin, order.id, read.plan) });
    }
    case "pickup-ready":
      return runAdminAction(request, { redirectTo: back, confirmed: true, run: () => pickupReady(admin, order) });
    case "picked-up":
      return runAdminAction(request, {
        redirectTo: back,
        confirmed: true,
        run: () => pickedUp(admin, order.id, (fields.fulfillmentId ?? "").slice(0, 100)),
      });
    case "note": {
      const message = (fields.message ?? "").trim();
      if (!message || message.length > NOTE_MAX)
        return refused("note", { message: `Écrivez une note de 1 à ${NOTE_MAX} caractères.` }, { message: fields.message ?? "" });
      return runAdminAction(request, { redirectTo: back, confirmed: true, run: () => addNote(admin, order.id, message) });
    }
  }
  return adminRefusal(request, back, "Action inconnue.");
}

const dateFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Paris" });

function paymentLabel(order: Route.ComponentProps["loaderData"]["order"]) {
  if (order.payment?.status === "AUTHORIZED" && order.status !== "CANCELED") return "Autorisé, à encaisser";
  if (order.payment?.status === "VOIDED") return "Autorisation annulée";
  return order.paymentStatusLabel;
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const answer = useActionData<typeof action>();
  const confirm = answer && "confirm" in answer ? answer.confirm : undefined;
  const formAnswer = answer && "fieldErrors" in answer ? answer : undefined;
  const here = `/admin/orders/${encodeURIComponent(order.id)}`;
  const canceled = order.status === "CANCELED";
  const physical = order.lines.some((l) => !l.digital);
  return (
    <div className="admin-order">
      <h1>Commande n° {order.number}</h1>
      {confirm ? <ConfirmPanel confirm={confirm} cancelTo={here} /> : null}
      <Facts
        className="admin-facts"
        facts={[
          ["Client", order.email ? <Link to={`/admin/customers/${encodeURIComponent(order.email)}`}>{order.email}</Link> : "—"],
          ["Statut", order.statusLabel],
          ["Paiement", paymentLabel(order)],
          ["Expédition", order.digitalOnly ? "Rien à expédier (articles numériques)" : order.fulfillmentLabel],
          ["Étiquettes", order.tags.length ? order.tags.join(", ") : "Aucune"],
        ]}
      />

      <Section id="payment" title="Paiement">
        <p className="admin-collectability">
          <strong>Encaissement :</strong> {order.collectability.label}
        </p>
        <PaymentActions order={order} />
        {order.invoiceable ? (
          <p>
            <a href={`${here}/facture.pdf`} className="button button-ghost">
              {order.invoice ? "Facture (PDF)" : "Émettre la facture (PDF)"}
            </a>
          </p>
        ) : null}
      </Section>

      <Section id="refunds" title="Remboursements">
        {order.refunds.length ? <RefundList refunds={order.refunds} /> : <p>Aucun remboursement.</p>}
        {order.refundability.mode === "none" ? (
          <p className="admin-muted-text">{order.refundability.reason}</p>
        ) : (
          <details className="admin-disclosure" open={formAnswer?.intent === "refund"}>
            <summary>Rembourser…</summary>
            <RefundForm order={order} answer={formAnswer} />
          </details>
        )}
      </Section>

      {physical ? (
        <Section id="shipping" title={order.pickup ? "Retrait sur place" : "Expédition"}>
          {order.shipments.length ? (
            <ShipmentList shipments={order.shipments} />
          ) : (
            <p>Rien n'est encore {order.pickup ? "prêt" : "parti"}.</p>
          )}
          {canceled ? null : order.pickup ? (
            <PickupActions order={order} />
          ) : order.toFulfil.length && order.shippable ? (
            <details className="admin-disclosure" open={formAnswer?.intent === "ship" || order.shipments.length === 0}>
              <summary>Expédier…</summary>
              <ShipForm order={order} answer={formAnswer} />
            </details>
          ) : null}
        </Section>
      ) : null}

      {canceled ? null : (
        <Section id="cancel" title="Annulation">
          <CancelForm order={order} />
        </Section>
      )}

      {/* Its own heading: right after the cancel button, the lines read as part of the cancellation without one. */}
      <Section id="lines" title="Articles et adresses">
        <OrderDetails order={order} />
      </Section>

      <Section id="notes" title="Notes internes">
        {order.notes.length ? (
          <ul className="admin-notes">
            {order.notes.map((n) => (
              <li key={n.id}>
                {n.date ? <span className="admin-muted-text">{dateFormat.format(new Date(n.date))}</span> : null}
                <p>{n.message}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p>Aucune note.</p>
        )}
        <NoteForm answer={formAnswer} />
      </Section>

      <Section id="activities" title="Historique">
        <ul>
          {order.activities.map((a, i) => (
            <li key={i}>
              {a.date ? `${dateFormat.format(new Date(a.date))} — ` : ""}
              {a.type}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
