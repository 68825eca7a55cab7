import type { RefundView, ShipmentView } from "~/models/order-life";
import { parisLongDate } from "~/lib/dates";

const when = (iso?: string) => (iso ? parisLongDate.format(new Date(iso)) : "");
const itemsText = (lines: Array<{ name: string; quantity: number }>) => lines.map((l) => `${l.quantity} × ${l.name}`).join(", ");

/** An order's parcels or pickup, with the carrier's tracking link: the customer's order page and the owner's. */
export function ShipmentList({ shipments }: { shipments: ShipmentView[] }) {
  return (
    <ul className="order-shipments">
      {shipments.map((s) => (
        <li key={s.id}>
          <strong>{s.label}</strong>
          {s.date ? ` le ${when(s.date)}` : ""} : {itemsText(s.lines)}
          {s.trackingNumber ? (
            <>
              {" "}
              · {s.carrier ?? "Transporteur"}, n° de suivi <span className="tracking-number">{s.trackingNumber}</span>
              {s.trackingLink ? (
                <>
                  {" "}
                  ·{" "}
                  <a href={s.trackingLink} rel="noopener noreferrer" target="_blank">
                    Suivre le colis<span className="visually-hidden"> {s.trackingNumber} (nouvel onglet)</span>
                  </a>
                </>
              ) : null}
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** An order's refunds: amount, status, what they cover. */
export function RefundList({ refunds }: { refunds: RefundView[] }) {
  return (
    <ul className="order-refunds">
      {refunds.map((r) => (
        <li key={r.id}>
          <strong>{r.amount.formatted}</strong> — {r.statusLabel}
          {r.date ? `, le ${when(r.date)}` : ""}
          {r.external ? " (versé hors ligne)" : ""}
          {r.lines.length || r.shipping ? (
            <> · {[itemsText(r.lines), r.shipping ? `livraison ${r.shipping.formatted}` : ""].filter(Boolean).join(", ")}</>
          ) : null}
          {r.reason ? <> · Motif : {r.reason}</> : null}
        </li>
      ))}
    </ul>
  );
}
