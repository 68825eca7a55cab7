import { Facts } from "~/components/Facts";
import { ShipmentList } from "~/components/OrderProgress";
import { Section } from "~/components/Section";
import { CreditNoteList } from "~/components/CreditNoteList";
import type { MemberOrder } from "~/models/order";

const dateFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Paris" });

/**
 * Where an order stands, for its buyer: when it was placed, its status, payment and shipping, its parcels or pickup
 * with their tracking, its invoice and the credit notes of its refunds. The member's order page and a guest's follow page (`/commande/suivi`) show it
 * alike; the lines and totals follow it (OrderDetails).
 */
export function OrderFollowUp({ order }: { order: MemberOrder }) {
  return (
    <>
      <Facts
        className="order-statuses"
        facts={[
          ["Passée le", order.createdDate ? dateFormat.format(new Date(order.createdDate)) : null],
          ["Statut", order.statusLabel],
          ["Paiement", order.paymentStatusLabel],
          ["Remboursé", order.refunded ? order.refunded.formatted : null],
          // Trainings and audits are not shipped: nothing to say about it.
          ["Expédition", order.digitalOnly ? null : order.fulfillmentStatusLabel],
        ]}
      />
      {order.shipments?.length ? (
        <Section id="order-shipments" title={order.pickup ? "Retrait" : "Suivi de livraison"}>
          <ShipmentList shipments={order.shipments} />
        </Section>
      ) : null}
      {order.invoiceHref ? (
        <p>
          <a href={order.invoiceHref} className="button button-ghost">
            Télécharger la facture (PDF)
          </a>
        </p>
      ) : null}
      <CreditNoteList notes={order.creditNotes} />
    </>
  );
}
