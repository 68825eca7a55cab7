import { Link } from "react-router";
import { StackTable, type StackColumn } from "~/components/StackTable";
import type { AdminOrderRow } from "~/models/admin";

const dateFormat = new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium", timeZone: "Europe/Paris" });

const COLUMNS: StackColumn<AdminOrderRow>[] = [
  { header: "Commande", title: true, cell: (o) => <Link to={`/admin/orders/${encodeURIComponent(o.id)}`}>N° {o.number}</Link> },
  { header: "Date", cell: (o) => (o.createdDate ? dateFormat.format(new Date(o.createdDate)) : "") },
  { header: "Client", cell: (o) => (o.email ? <Link to={`/admin/customers/${encodeURIComponent(o.email)}`}>{o.buyer}</Link> : o.buyer) },
  { header: "Total", cell: (o) => o.total },
  { header: "Statut", cell: (o) => o.statusLabel },
  { header: "Paiement", cell: (o) => o.paymentLabel },
  { header: "Expédition", cell: (o) => o.fulfillmentLabel },
  { header: "Étiquettes", cell: (o) => o.tags.join(", ") },
];

/** Orders as rows (cards under 600 px); `select` adds a checkbox tied to the bulk form of that id. */
export function AdminOrdersTable({ orders, caption, select }: { orders: AdminOrderRow[]; caption: string; select?: string }) {
  const selection: StackColumn<AdminOrderRow> = {
    header: "Sélection",
    cell: (o) => <input type="checkbox" name="orderId" value={o.id} form={select} aria-label={`Sélectionner la commande n° ${o.number}`} />,
  };
  return <StackTable className="admin-table" caption={caption} columns={select ? [selection, ...COLUMNS] : COLUMNS} rows={orders} />;
}
