import { Link } from "react-router";
import type { AdminOrderRow } from "~/models/admin";

const dateFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium", timeZone: "Europe/Paris" });

/** Orders as rows (cards under 600 px: `stack-table`); `select` adds a checkbox tied to the bulk form. */
export function AdminOrdersTable({ orders, caption, select }: { orders: AdminOrderRow[]; caption: string; select?: string }) {
  return (
    <table className="admin-table stack-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {select ? <th scope="col">Sélection</th> : null}
          <th scope="col">Commande</th>
          <th scope="col">Date</th>
          <th scope="col">Client</th>
          <th scope="col">Total</th>
          <th scope="col">Statut</th>
          <th scope="col">Paiement</th>
          <th scope="col">Expédition</th>
          <th scope="col">Étiquettes</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.id}>
            {select ? (
              <td data-label="Sélection">
                <input type="checkbox" name="orderId" value={o.id} form={select} aria-label={`Sélectionner la commande n° ${o.number}`} />
              </td>
            ) : null}
            <td>
              <Link to={`/admin/orders/${encodeURIComponent(o.id)}`}>N° {o.number}</Link>
            </td>
            <td data-label="Date">{o.createdDate ? dateFormat.format(new Date(o.createdDate)) : ""}</td>
            <td data-label="Client">{o.buyer}</td>
            <td data-label="Total">{o.total}</td>
            <td data-label="Statut">{o.statusLabel}</td>
            <td data-label="Paiement">{o.paymentLabel}</td>
            <td data-label="Expédition">{o.fulfillmentLabel}</td>
            <td data-label="Étiquettes">{o.tags.join(", ")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
