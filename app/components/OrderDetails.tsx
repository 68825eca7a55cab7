import { Link } from "react-router";
import type { OrderAddress, OrderView } from "~/models/order";
import { TotalsList } from "./TotalsList";
import { ResponsiveImg } from "./ResponsiveImg";

/** An order's lines, totals and addresses: the thank-you page and the account's order page show the same. */
export function OrderDetails({ order }: { order: OrderView }) {
  return (
    <div className="order-details">
      <table className="order-lines stack-table">
        <caption className="visually-hidden">Articles de la commande n° {order.number}</caption>
        <thead>
          <tr>
            <th scope="col">Article</th>
            <th scope="col">Quantité</th>
            <th scope="col">Prix unitaire</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td>
                <div className="order-line-item">
                  {line.image ? <ResponsiveImg image={line.image} alt="" loading="lazy" /> : null}
                  <div>
                    {line.url ? <Link to={line.url}>{line.name}</Link> : line.name}
                    {line.options.length > 0 ? (
                      <p className="order-line-options">{line.options.map((o) => `${o.name} : ${o.value}`).join(" · ")}</p>
                    ) : null}
                    {line.download ? (
                      <p className="order-line-download">
                        {/* A plain link: the file is served by the platform, not a route. */}
                        <a href={line.download.url} download>
                          Télécharger le fichier<span className="visually-hidden"> de « {line.name} »</span>
                        </a>
                      </p>
                    ) : null}
                  </div>
                </div>
              </td>
              <td data-label="Quantité">{line.quantity}</td>
              <td data-label="Prix unitaire">{line.unitPrice.formatted}</td>
              <td data-label="Total">{line.total.formatted}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <TotalsList
        prefix="order-totals"
        className="order-totals"
        rows={{ ...order, shipping: order.digitalOnly ? null : { title: order.shippingTitle, value: order.shipping.formatted } }}
      />
      <div className="order-addresses">
        {order.pickup && order.pickupPlace ? (
          // Where and when to collect it: Wix's pickup address and instructions.
          <AddressBlock
            title="Retrait"
            address={{ lines: [order.pickupPlace.address, order.pickupPlace.instructions].filter((l): l is string => !!l) }}
          />
        ) : order.shippingAddress && !order.digitalOnly ? (
          <AddressBlock title={order.pickup ? "Retrait" : "Livraison"} address={order.shippingAddress} />
        ) : null}
        {order.billingAddress ? <AddressBlock title="Facturation" address={order.billingAddress} /> : null}
      </div>
    </div>
  );
}

/** An address under the page's h1 (an h2: the thank-you and order pages have no level between). */
function AddressBlock({ title, address }: { title: string; address: OrderAddress }) {
  return (
    <section aria-label={title}>
      <h2 className="order-address-title">{title}</h2>
      <address>
        {[address.name, ...address.lines].filter(Boolean).map((line) => (
          <span key={line}>
            {line}
            <br />
          </span>
        ))}
      </address>
    </section>
  );
}
