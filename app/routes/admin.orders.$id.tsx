import { Link, useActionData } from "react-router";
import type { Route } from "./+types/admin.orders.$id";
import { ownerOf } from "~/.server/admin/owner.server";
import { ConfirmPanel } from "~/components/admin/Confirm";
import { CancelForm, NoteForm, PaymentActions, PickupActions, RefundForm, ShipForm } from "~/components/admin/OrderForms";
import { Facts } from "~/components/Facts";
import { OrderDetails } from "~/components/OrderDetails";
import { RefundList, ShipmentList } from "~/components/OrderProgress";
import { routeMeta } from "~/lib/meta";
import { Section } from "~/components/Section";
import { CreditNoteList } from "~/components/CreditNoteList";

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
  return { order: await ownerOf(context).orders.detail(params.id) };
}

/** Every form of the page names its intent; the owner handler reads it, confirms, runs (order-intents.server.ts). */
export async function action({ request, context, url, params }: Route.ActionArgs) {
  return ownerOf(context).orders.act(request, params.id, url.pathname);
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
        <CreditNoteList notes={order.creditNotes} />
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
