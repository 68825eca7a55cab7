import { Link } from "react-router";
import type { Route } from "./+types/admin._index";
import { searchOrders } from "~/.server/admin-orders.server";
import { membersAwaitingApproval } from "~/.server/admin-members.server";
import { commerceOf } from "~/.server/commerce.server";
import { requireOwner } from "~/.server/owner.server";
import { routeMeta } from "~/lib/meta";
import { AdminOrdersTable } from "~/components/admin/AdminOrdersTable";

export const meta: Route.MetaFunction = ({ matches, location }) => routeMeta({ matches, location }, { title: "Administration" });

export async function loader({ context, url }: Route.LoaderArgs) {
  const admin = await requireOwner(commerceOf(context), url);
  const [toCapture, toFulfil, latest, pending] = await Promise.all([
    searchOrders(admin, { paymentStatus: "PENDING", status: "APPROVED" }, undefined, 10),
    searchOrders(admin, { fulfillmentStatus: "NOT_FULFILLED", status: "APPROVED" }, undefined, 10),
    searchOrders(admin, {}, undefined, 5),
    membersAwaitingApproval(admin),
  ]);
  return { toCapture: toCapture.orders, toFulfil: toFulfil.orders, latest: latest.orders, pending };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { toCapture, toFulfil, latest, pending } = loaderData;
  return (
    <div className="admin-home">
      <h1>Administration</h1>
      <section aria-labelledby="to-capture">
        <h2 id="to-capture">Paiements à encaisser ({toCapture.length})</h2>
        {toCapture.length ? (
          <AdminOrdersTable orders={toCapture} caption="Commandes dont le paiement est autorisé" />
        ) : (
          <p>Aucun paiement en attente.</p>
        )}
      </section>
      <section aria-labelledby="to-fulfil">
        <h2 id="to-fulfil">Commandes à expédier ({toFulfil.length})</h2>
        {toFulfil.length ? <AdminOrdersTable orders={toFulfil} caption="Commandes non expédiées" /> : <p>Aucune commande à expédier.</p>}
      </section>
      <section aria-labelledby="pending-members">
        <h2 id="pending-members">Inscriptions à approuver ({pending.length})</h2>
        {pending.length ? (
          <ul>
            {pending.map((m) => (
              <li key={m.id}>
                {m.name} ({m.email})
              </li>
            ))}
          </ul>
        ) : (
          <p>Aucune inscription en attente.</p>
        )}
        <p>
          <Link to="/admin/members?status=PENDING">Gérer les inscriptions</Link>
        </p>
      </section>
      <section aria-labelledby="latest">
        <h2 id="latest">Dernières commandes</h2>
        <AdminOrdersTable orders={latest} caption="Les cinq dernières commandes" />
        <p>
          <Link to="/admin/orders">Toutes les commandes</Link>
        </p>
      </section>
    </div>
  );
}
