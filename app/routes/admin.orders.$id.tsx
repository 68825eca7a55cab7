import { Form, useActionData } from "react-router";
import type { Route } from "./+types/admin.orders.$id";
import { adminRefusal, runAdminAction } from "~/.server/admin-actions.server";
import { cancelOrder, capturePayment, getOrderDetail, markAsPaid, voidPayment } from "~/.server/admin-orders.server";
import { formObject } from "~/.server/form.server";
import { elevatedClientOf } from "~/.server/owner.server";
import { ConfirmPanel } from "~/components/admin/Confirm";
import { Facts } from "~/components/Facts";
import { OrderDetails } from "~/components/OrderDetails";
import { routeMeta } from "~/lib/meta";
import { Section } from "~/components/Section";
import { FormKey } from "~/components/FormKey";

export const meta: Route.MetaFunction = ({ matches, location, data }) =>
  routeMeta(
    { matches, location },
    {
      title: data ? `Commande n° ${data.order.number} — Administration` : "Commande — Administration",
    },
  );

export const handle = {
  breadcrumb: (data: { order?: { id: string; number: string } } | undefined) => [
    { label: "Commandes", to: "/admin/orders" },
    ...(data?.order ? [{ label: `N° ${data.order.number}`, to: `/admin/orders/${encodeURIComponent(data.order.id)}` }] : []),
  ],
};

export async function loader({ context, params }: Route.LoaderArgs) {
  const admin = elevatedClientOf(context);
  return { order: await getOrderDetail(admin, params.id) };
}

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const admin = elevatedClientOf(context);
  const back = url.pathname;
  const fields = await formObject(request);
  const id = params.id;
  const paymentId = (fields.paymentId ?? "").slice(0, 100);
  switch (fields.intent) {
    case "cancel": {
      const restock = fields.restock === "on";
      const notify = fields.notify === "on";
      return runAdminAction(request, {
        redirectTo: back,
        confirmed: fields.confirmed === "1",
        confirm: {
          question: `Annuler cette commande${restock ? " et remettre les articles en stock" : ""}${notify ? " en prévenant le client par e-mail" : ""} ?`,
          fields: { intent: "cancel", ...(restock ? { restock: "on" } : {}), ...(notify ? { notify: "on" } : {}) },
        },
        run: async () => {
          await cancelOrder(admin, id, restock, notify);
          return restock ? "Commande annulée, articles remis en stock." : "Commande annulée.";
        },
      });
    }
    case "capture":
      return runAdminAction(request, {
        redirectTo: back,
        confirmed: true,
        run: async () => (await capturePayment(admin, id, paymentId), "Paiement encaissé."),
      });
    case "void":
      return runAdminAction(request, {
        redirectTo: back,
        confirmed: fields.confirmed === "1",
        confirm: { question: "Annuler l'autorisation de paiement ? Le client ne sera pas débité.", fields: { intent: "void", paymentId } },
        run: async () => (await voidPayment(admin, id, paymentId), "Autorisation de paiement annulée."),
      });
    case "mark-paid":
      return runAdminAction(request, {
        redirectTo: back,
        confirmed: true,
        run: async () => (await markAsPaid(admin, id), "Commande marquée comme payée."),
      });
  }
  return adminRefusal(request, back, "Action inconnue.");
}

const dateFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Paris" });

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const confirm = useActionData<typeof action>();
  const authorized = order.payment?.status === "AUTHORIZED";
  const payOnDelivery = order.paymentStatus === "NOT_PAID" && order.status !== "CANCELED";
  return (
    <div className="admin-order">
      <h1>Commande n° {order.number}</h1>
      {confirm && "confirm" in confirm ? (
        <ConfirmPanel confirm={confirm.confirm} cancelTo={`/admin/orders/${encodeURIComponent(order.id)}`} />
      ) : null}
      <Facts
        className="admin-facts"
        facts={[
          ["Client", order.email ?? "—"],
          ["Statut", order.statusLabel],
          [
            "Paiement",
            authorized ? "Autorisé, à encaisser" : order.payment?.status === "VOIDED" ? "Autorisation annulée" : order.paymentStatusLabel,
          ],
          ["Expédition", order.fulfillmentLabel],
          ["Étiquettes", order.tags.length ? order.tags.join(", ") : "Aucune"],
        ]}
      />
      <section className="admin-actions" aria-label="Actions sur la commande">
        {authorized && order.payment ? (
          <>
            <Form method="post">
              <FormKey />
              <input type="hidden" name="paymentId" value={order.payment.id} />
              <button type="submit" name="intent" value="capture" className="button">
                Encaisser
              </button>
            </Form>
            <Form method="post">
              <FormKey />
              <input type="hidden" name="paymentId" value={order.payment.id} />
              <button type="submit" name="intent" value="void" className="button">
                Annuler l'autorisation
              </button>
            </Form>
          </>
        ) : null}
        {payOnDelivery ? (
          <Form method="post">
            <FormKey />
            <button type="submit" name="intent" value="mark-paid" className="button">
              Marquer comme payée
            </button>
          </Form>
        ) : null}
        {order.status !== "CANCELED" ? (
          <Form method="post" className="admin-cancel">
            <FormKey />
            <label>
              <input type="checkbox" name="restock" defaultChecked /> Remettre les articles en stock
            </label>
            <label>
              <input type="checkbox" name="notify" defaultChecked /> Prévenir le client par e-mail
            </label>
            <button type="submit" name="intent" value="cancel" className="button danger">
              Annuler la commande
            </button>
          </Form>
        ) : null}
      </section>
      <OrderDetails order={order} />
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
